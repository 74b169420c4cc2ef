package evaluate

import (
	"context"
	"fmt"
	"math"
	"slices"
	"sync"
	"sync/atomic"
	"time"

	"gonum.org/v1/gonum/mat"

	"github.com/gsbench/gsbench/evaluate/cv"
	"github.com/gsbench/gsbench/evaluate/metrics"
	"github.com/gsbench/gsbench/internal/par"
	"github.com/gsbench/gsbench/learn/svm"
	"github.com/gsbench/gsbench/preprocess"
)

// CVOptions configures CVAccuracy. Zero values select the defaults.
type CVOptions struct {
	// SVM configures the classifier (default: RBF kernel, C = 1,
	// gamma = scale, one-vs-rest).
	SVM svm.Params
	// Folds is the number of stratified folds; default 5.
	Folds int
	// Shuffle permutes each class's fold assignment with Seed (see package
	// cv); without it the folds equal scikit-learn's StratifiedKFold.
	Shuffle bool
	Seed    uint64
	// Repeats runs the cross-validation this many times with seeds Seed,
	// Seed+1, ... (the QMR-FS protocol: 5 folds x 5 seeds); default 1.
	// More than one repeat needs Shuffle.
	Repeats int
	// Preprocess is fitted on each training fold and applied to it and to
	// its test fold (in a pipeline, to the features); "" or none leaves the
	// data as given.
	Preprocess preprocess.Kind
	// Workers bounds the goroutines that train binary SVMs (of all folds,
	// scheduled together); 0 means GOMAXPROCS. Scores do not depend on it.
	Workers int
	// Features, when set, makes the cross-validation a pipeline (the UFFS
	// paper's supervised protocol, Sec. V-C): in each fold, after the
	// preprocessing, it is fitted on the training rows and labels only and
	// gives the features of the training and test rows the SVM is trained
	// and scored on. Nil scores the columns of X as they are.
	Features Featurizer
}

// Featurizer is the feature step of a pipeline: it fits a feature selection
// or extraction method on the training rows of a fold (with their labels)
// and returns the features of those rows and of the test rows. The test
// rows and their labels must play no part in the fit.
// methods.FoldFeatures makes one from any registered method.
type Featurizer func(ctx context.Context, train *mat.Dense, y []int, test *mat.Dense) (ztrain, ztest *mat.Dense, err error)

func (o CVOptions) defaults() CVOptions {
	if o.Folds == 0 {
		o.Folds = DefaultSVM().Folds
	}
	if o.Repeats == 0 {
		o.Repeats = DefaultSVM().Repeats
	}
	if o.Preprocess == "" {
		o.Preprocess = preprocess.None
	}
	o.Workers = par.Workers(o.Workers)
	return o
}

// CVAccuracy returns the stratified k-fold cross-validated accuracy of a
// C-SVC on the rows of X with class labels y (non-negative integers): one
// value per test fold, in fold order, repeat after repeat. It does not
// modify X.
//
// The binary SVMs of all folds are trained as one pool of tasks on
// opt.Workers goroutines, in fold order; a fold's kernel matrix and training
// copy are released as soon as its last SVM is trained and its test fold
// scored.
func CVAccuracy(ctx context.Context, X *mat.Dense, y []int, opt CVOptions) (Score, error) {
	opt = opt.defaults()
	if err := opt.SVM.Validate(); err != nil {
		return Score{}, err
	}
	if opt.Repeats < 1 {
		return Score{}, fmt.Errorf("evaluate: %d repeats; use at least 1", opt.Repeats)
	}
	if opt.Repeats > 1 && !opt.Shuffle {
		return Score{}, fmt.Errorf("evaluate: %d repeats without shuffling would repeat identical folds; set Shuffle", opt.Repeats)
	}
	if _, err := preprocess.Parse(string(opt.Preprocess)); err != nil {
		return Score{}, err
	}
	if err := checkData(X, y); err != nil {
		return Score{}, err
	}
	var notes []string
	notes = append(notes, cv.Check(y, opt.Folds)...)
	var folds []*foldRun
	for r := range opt.Repeats {
		splits, err := cv.StratifiedKFold(y, opt.Folds, opt.Shuffle, opt.Seed+uint64(r))
		if err != nil {
			return Score{}, fmt.Errorf("evaluate: %w", err)
		}
		for f, s := range splits {
			fr := &foldRun{repeat: r, fold: f, split: s}
			fr.problems = numProblems(y, s.Train, opt.SVM)
			folds = append(folds, fr)
		}
	}
	// One pool of tasks for all folds: preparing a fold (its training copy
	// and, when it fits the cache budget, its kernel matrix) and training
	// each of its binary SVMs. A fold is prepared one fold ahead, so that
	// one goroutine computes the next kernel matrix (BLAS-3) while the
	// others train SVMs; any task that finds its fold unprepared prepares it.
	const prepare = -1
	type task struct{ fold, problem int }
	var tasks []task
	for fi, fr := range folds {
		// The fold's tasks: its preparation and its problems; whichever
		// finishes last scores the fold and releases its memory.
		fr.left.Store(int64(fr.problems) + 1)
		if fi == 0 {
			tasks = append(tasks, task{0, prepare})
		}
		if fi+1 < len(folds) {
			tasks = append(tasks, task{fi + 1, prepare})
		}
		for p := range fr.problems {
			tasks = append(tasks, task{fi, p})
		}
	}
	svmParams := opt.SVM
	svmParams.Workers = opt.Workers
	err := par.Do(ctx, len(tasks), opt.Workers, func(i int) error {
		t := tasks[i]
		fr := folds[t.fold]
		f, err := fr.fitter(ctx, X, y, svmParams, opt)
		if err != nil {
			return fr.wrap(opt.Repeats, err)
		}
		if t.problem == prepare {
			err = f.Prepare(ctx)
		} else {
			err = f.Solve(ctx, t.problem)
		}
		if err != nil {
			return fr.wrap(opt.Repeats, err)
		}
		if fr.left.Add(-1) == 0 {
			return fr.wrap(opt.Repeats, fr.score(y))
		}
		return nil
	})
	if err != nil {
		return Score{}, err
	}
	values := make([]float64, len(folds))
	var featureSeconds float64
	for i, fr := range folds {
		values[i] = fr.accuracy
		notes = append(notes, fr.notes...)
		featureSeconds += fr.featureSeconds
	}
	s := newScore(values, notes)
	s.FeatureSeconds = featureSeconds
	return s, nil
}

// foldRun is one fold of one repeat while it is being trained.
type foldRun struct {
	repeat, fold int
	split        cv.Split
	problems     int
	left         atomic.Int64 // tasks not yet finished

	once           sync.Once
	fit            *svm.Fitter
	test           *mat.Dense // preprocessed test rows (their features in a pipeline)
	err            error
	notes          []string
	accuracy       float64
	featureSeconds float64 // the pipeline's feature step on this fold
}

func (fr *foldRun) wrap(repeats int, err error) error {
	if err == nil {
		return nil
	}
	if repeats > 1 {
		return fmt.Errorf("repeat %d, fold %d: %w", fr.repeat+1, fr.fold+1, err)
	}
	return fmt.Errorf("fold %d: %w", fr.fold+1, err)
}

// fitter prepares the fold's training data and Fitter on first use: the
// rows of the fold; in a pipeline, the features fitted on the training
// rows; the preprocessing of the classifier's inputs fitted on the training
// rows.
func (fr *foldRun) fitter(ctx context.Context, X *mat.Dense, y []int, p svm.Params, opt CVOptions) (*svm.Fitter, error) {
	fr.once.Do(func() {
		fr.fit, fr.test, fr.err = fr.prepare(ctx, X, y, p, opt)
	})
	return fr.fit, fr.err
}

func (fr *foldRun) prepare(ctx context.Context, X *mat.Dense, y []int, p svm.Params, opt CVOptions) (*svm.Fitter, *mat.Dense, error) {
	train := rows(X, fr.split.Train)
	test := rows(X, fr.split.Test)
	ytr := make([]int, len(fr.split.Train))
	for i, r := range fr.split.Train {
		ytr[i] = y[r]
	}
	if opt.Features != nil {
		t0 := time.Now()
		var err error
		train, test, err = opt.Features(ctx, train, slices.Clone(ytr), test)
		fr.featureSeconds = time.Since(t0).Seconds()
		if err == nil && (train.RawMatrix().Cols != test.RawMatrix().Cols || train.RawMatrix().Rows != len(fr.split.Train) || test.RawMatrix().Rows != len(fr.split.Test)) {
			err = fmt.Errorf("%d x %d training and %d x %d test features for %d and %d rows", train.RawMatrix().Rows, train.RawMatrix().Cols,
				test.RawMatrix().Rows, test.RawMatrix().Cols, len(fr.split.Train), len(fr.split.Test))
		}
		if err != nil {
			return nil, nil, fmt.Errorf("feature step: %w", err)
		}
	}
	if kind := opt.Preprocess; kind != preprocess.None {
		s, err := preprocess.Fit(kind, train)
		if err != nil {
			return nil, nil, err
		}
		if train, err = s.Transform(train); err != nil {
			return nil, nil, err
		}
		if test, err = s.Transform(test); err != nil {
			return nil, nil, err
		}
	}
	f, err := svm.NewFitter(train, ytr, p)
	return f, test, err
}

// score assembles the fold's model, scores its test rows and releases the
// training state.
func (fr *foldRun) score(y []int) error {
	fr.fit.Release()
	m, err := fr.fit.Model()
	if err != nil {
		return err
	}
	fr.fit = nil
	for k, b := range m.Binary() {
		if !b.Converged {
			fr.notes = append(fr.notes, fmt.Sprintf("repeat %d, fold %d: binary SVM %d stopped at the iteration limit", fr.repeat+1, fr.fold+1, k))
		}
	}
	pred, err := m.Predict(fr.test)
	if err != nil {
		return err
	}
	fr.test = nil
	truth := make([]int, len(fr.split.Test))
	for i, r := range fr.split.Test {
		truth[i] = y[r]
	}
	fr.accuracy, err = metrics.Accuracy(truth, pred)
	return err
}

// numProblems returns how many binary SVMs a fit on the rows train makes.
func numProblems(y []int, train []int, p svm.Params) int {
	seen := map[int]bool{}
	for _, r := range train {
		seen[y[r]] = true
	}
	c := len(seen)
	switch {
	case c <= 2:
		return 1 // a single class fails in NewFitter, with its message
	case p.Defaults().Multiclass == svm.OneVsOne:
		return c * (c - 1) / 2
	default:
		return c
	}
}

// rows returns a new matrix holding the rows idx of X.
func rows(X *mat.Dense, idx []int) *mat.Dense {
	_, d := X.Dims()
	out := mat.NewDense(len(idx), d, nil)
	for i, r := range idx {
		out.SetRow(i, X.RawRowView(r))
	}
	return out
}

// checkData validates a labelled data matrix.
func checkData(X *mat.Dense, y []int) error {
	if X == nil {
		return fmt.Errorf("evaluate: no data matrix")
	}
	n, d := X.Dims()
	if n == 0 || d == 0 {
		return fmt.Errorf("evaluate: empty data matrix (%d x %d)", n, d)
	}
	if len(y) != n {
		return fmt.Errorf("evaluate: %d labels for %d rows", len(y), n)
	}
	for i := range n {
		for j, v := range X.RawRowView(i) {
			if math.IsNaN(v) || math.IsInf(v, 0) {
				return fmt.Errorf("evaluate: X[%d][%d] = %v; remove or impute non-finite values first", i, j, v)
			}
		}
	}
	for i, l := range y {
		if l < 0 {
			return fmt.Errorf("evaluate: label y[%d] = %d; class labels must be non-negative", i, l)
		}
	}
	return nil
}
