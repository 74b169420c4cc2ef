package svm

import (
	"context"
	"fmt"
	"math"
	"slices"
	"sync"

	"gonum.org/v1/gonum/mat"

	"github.com/gsbench/gsbench/internal/par"
	"github.com/gsbench/gsbench/internal/rowmajor"
)

// Fit trains a C-support vector classifier on the rows of X with class
// labels y (non-negative integers; at least two distinct classes). It does
// not modify X. The binary problems are solved in parallel on p.Workers
// goroutines; the model does not depend on their number.
func Fit(ctx context.Context, X mat.Matrix, y []int, p Params) (*Model, error) {
	f, err := NewFitter(X, y, p)
	if err != nil {
		return nil, err
	}
	err = par.Do(ctx, f.NumProblems(), f.params.Workers, func(k int) error { return f.Solve(ctx, k) })
	f.Release()
	if err != nil {
		return nil, err
	}
	return f.Model()
}

// Fitter is a fit split into its independent binary problems, for callers
// that schedule many fits on one pool of goroutines (cross-validation runs
// the problems of all folds this way). Fit is NewFitter, Solve for every
// problem, then Model. Solve may be called concurrently for different
// problems.
type Fitter struct {
	params   Params
	x        []float64 // n x d training matrix, row-major copy
	n, d     int
	classes  []int // distinct labels, increasing
	kern     kernel
	sq       []float64 // squared row norms
	problems []problem
	budget   float64 // kernel memory, bytes

	shared  bool // the whole n x n kernel matrix fits in the budget
	once    sync.Once
	gram    *denseSource
	gramErr error
}

// problem is one binary SVM. Its rows are ordered as libsvm groups them: the
// samples of the class the solver labels +1 first, each class in training
// order (libsvm's svm_group_classes, with scikit-learn's sorted labels).
type problem struct {
	pos, neg int     // public classes; neg = -1 for "all others"
	members  []int32 // training rows
	nPlus    int     // members[:nPlus] have solver label +1
	sign     float64 // public decision = sign * solver decision
	sol      solution
	solved   bool
}

// denseCacheBytes bounds the column cache of a problem whose kernel values
// are read from a precomputed matrix: refilling a column there is a gather,
// not a kernel evaluation, so a small cache suffices.
const denseCacheBytes = 32 << 20

// NewFitter validates the data and parameters and sets up the binary
// problems without solving them.
func NewFitter(X mat.Matrix, y []int, p Params) (*Fitter, error) {
	if err := p.Validate(); err != nil {
		return nil, err
	}
	p = p.Defaults()
	p.Workers = par.Workers(p.Workers)
	n, d := X.Dims()
	if n == 0 || d == 0 {
		return nil, fmt.Errorf("svm: empty training matrix (%d x %d)", n, d)
	}
	if len(y) != n {
		return nil, fmt.Errorf("svm: %d labels for %d training rows", len(y), n)
	}
	x, err := rowmajor.Copy(X, "svm")
	if err != nil {
		return nil, err
	}
	byClass := map[int][]int32{}
	for i, l := range y {
		if l < 0 {
			return nil, fmt.Errorf("svm: label y[%d] = %d; class labels must be non-negative", i, l)
		}
		byClass[l] = append(byClass[l], int32(i))
	}
	classes := make([]int, 0, len(byClass))
	for c := range byClass {
		classes = append(classes, c)
	}
	slices.Sort(classes)
	if len(classes) < 2 {
		return nil, fmt.Errorf("svm: the training labels hold a single class (%d); a classifier needs at least two", classes[0])
	}
	f := &Fitter{
		params:  p,
		x:       x,
		n:       n,
		d:       d,
		classes: classes,
		sq:      sqNorms(x, n, d),
		budget:  p.CacheMB * (1 << 20),
	}
	f.kern = kernel{kind: p.Kernel, gamma: resolveGamma(p.Gamma, x, n, d), degree: p.Degree, coef0: p.Coef0}
	f.shared = float64(n)*float64(n)*4 <= f.budget
	group := func(a, b []int32) []int32 { return append(slices.Clone(a), b...) }
	switch {
	case len(classes) == 2:
		a, b := byClass[classes[0]], byClass[classes[1]]
		f.problems = []problem{{pos: classes[1], neg: classes[0], members: group(a, b), nPlus: len(a), sign: -1}}
	case p.Multiclass == OneVsRest:
		// OneVsRestClassifier trains SVC on y == c coded 1, others 0; libsvm's
		// sorted labels make "others" the solver's +1 class.
		for _, c := range classes {
			var rest []int32
			for i, l := range y {
				if l != c {
					rest = append(rest, int32(i))
				}
			}
			f.problems = append(f.problems, problem{pos: c, neg: -1, members: group(rest, byClass[c]), nPlus: len(rest), sign: -1})
		}
	default:
		for i, ci := range classes {
			for _, cj := range classes[i+1:] {
				a, b := byClass[ci], byClass[cj]
				f.problems = append(f.problems, problem{pos: ci, neg: cj, members: group(a, b), nPlus: len(a), sign: 1})
			}
		}
	}
	return f, nil
}

// NumProblems returns the number of binary problems.
func (f *Fitter) NumProblems() int { return len(f.problems) }

// Gamma returns the resolved kernel coefficient.
func (f *Fitter) Gamma() float64 { return f.kern.gamma }

// sharedGram computes the kernel matrix of all training rows once.
func (f *Fitter) sharedGram(ctx context.Context) (*denseSource, error) {
	f.once.Do(func() {
		K, err := f.kern.gram(ctx, f.x, f.n, f.d, f.sq, f.params.Workers)
		if err != nil {
			f.gramErr = err
			return
		}
		f.gram = &denseSource{K: K, n: f.n, diag64: f.diagonal(f.n, f.sq)}
	})
	return f.gram, f.gramErr
}

func (f *Fitter) diagonal(n int, sq []float64) []float64 {
	dg := make([]float64, n)
	for i := range dg {
		dg[i] = f.kern.fromDot(sq[i], sq[i], sq[i])
	}
	return dg
}

// Prepare computes the kernel matrix shared by the binary problems when it
// fits the cache budget (otherwise it does nothing). Solve calls it as
// needed; calling it first lets a scheduler overlap it with other work.
func (f *Fitter) Prepare(ctx context.Context) error {
	if !f.shared {
		return nil
	}
	_, err := f.sharedGram(ctx)
	return err
}

// Release returns the shared kernel matrix for reuse by later fits. Call it
// once every problem is solved and no Prepare or Solve is running; Fit does.
// Model still works afterwards.
func (f *Fitter) Release() {
	f.once.Do(func() {}) // a later Prepare must not compute it again
	if f.gram != nil {
		putGram(f.gram.K)
		f.gram = nil
		f.gramErr = fmt.Errorf("svm: Solve called after Release")
	}
}

// Solve trains binary problem k.
func (f *Fitter) Solve(ctx context.Context, k int) error {
	if k < 0 || k >= len(f.problems) {
		return fmt.Errorf("svm: problem %d of %d", k, len(f.problems))
	}
	pr := &f.problems[k]
	l := len(pr.members)
	var (
		src        source
		rows       []int32
		cacheBytes = f.budget
	)
	switch {
	case f.shared:
		g, err := f.sharedGram(ctx)
		if err != nil {
			return err
		}
		src, rows, cacheBytes = g, slices.Clone(pr.members), min(f.budget, denseCacheBytes)
	case float64(l)*float64(l)*4 <= f.budget:
		// The problem's own kernel matrix fits: compute it with BLAS-3.
		d := f.d
		sub := make([]float64, l*d)
		sq := make([]float64, l)
		for t, r := range pr.members {
			copy(sub[t*d:t*d+d], f.x[int(r)*d:int(r)*d+d])
			sq[t] = f.sq[r]
		}
		K, err := f.kern.gram(ctx, sub, l, d, sq, 1)
		if err != nil {
			return err
		}
		defer putGram(K)
		src = &denseSource{K: K, n: l, diag64: f.diagonal(l, sq)}
		rows = make([]int32, l)
		for t := range rows {
			rows[t] = int32(t)
		}
		cacheBytes = min(f.budget, denseCacheBytes)
	default:
		src = &dataSource{k: f.kern, x: f.x, d: f.d, sq: f.sq}
		rows = slices.Clone(pr.members)
	}
	y := make([]int8, l)
	for t := range y {
		y[t] = -1
		if t < pr.nPlus {
			y[t] = 1
		}
	}
	QD := make([]float64, l)
	for t, r := range rows {
		QD[t] = src.diag(r)
	}
	q := &qMatrix{src: src, rows: rows, y: slices.Clone(y), cache: newColCache(l, cacheBytes)}
	sol, err := solve(ctx, q, y, QD, f.params.C, f.params.Tol, !f.params.NoShrinking, f.params.MaxIter)
	if err != nil {
		return err
	}
	// Signed coefficients y_i alpha_i, in members order.
	for t := range sol.alpha {
		if t >= pr.nPlus {
			sol.alpha[t] = -sol.alpha[t]
		}
	}
	pr.sol, pr.solved = sol, true
	return nil
}

// Model assembles the trained classifier once every problem is solved.
func (f *Fitter) Model() (*Model, error) {
	P := len(f.problems)
	isSV := make([]bool, f.n)
	for k := range f.problems {
		pr := &f.problems[k]
		if !pr.solved {
			return nil, fmt.Errorf("svm: binary problem %d has not been solved", k)
		}
		for t, a := range pr.sol.alpha {
			if a != 0 {
				isSV[pr.members[t]] = true
			}
		}
	}
	m := &Model{
		classes:    f.classes,
		multiclass: f.params.Multiclass,
		breakTies:  f.params.BreakTies,
		kern:       f.kern,
		d:          f.d,
		rho:        make([]float64, P),
		info:       make([]BinaryInfo, P),
	}
	pos := make([]int, f.n)
	for i, s := range isSV {
		if s {
			pos[i] = len(m.svIndex)
			m.svIndex = append(m.svIndex, i)
			m.sv = append(m.sv, f.x[i*f.d:i*f.d+f.d]...)
			m.sqsv = append(m.sqsv, f.sq[i])
		}
	}
	m.coef = make([]float64, len(m.svIndex)*P)
	for k := range f.problems {
		pr := &f.problems[k]
		info := BinaryInfo{
			Positive:   pr.pos,
			Negative:   pr.neg,
			Rho:        pr.sign * pr.sol.rho,
			Objective:  pr.sol.obj,
			Iterations: pr.sol.iter,
			Converged:  pr.sol.converged,
		}
		type sv struct {
			row  int
			coef float64
		}
		var svs []sv
		for t, a := range pr.sol.alpha {
			if a == 0 {
				continue
			}
			row := int(pr.members[t])
			c := pr.sign * a
			svs = append(svs, sv{row, c})
			m.coef[pos[row]*P+k] = c
			if math.Abs(a) >= f.params.C {
				info.BoundedSV++
			}
		}
		slices.SortFunc(svs, func(a, b sv) int { return a.row - b.row })
		for _, s := range svs {
			info.SupportVectors = append(info.SupportVectors, s.row)
			info.DualCoef = append(info.DualCoef, s.coef)
		}
		m.rho[k] = info.Rho
		m.info[k] = info
	}
	return m, nil
}

// BinaryInfo describes one trained binary SVM of a Model. Its decision value
// is sum_i DualCoef[i] k(x_{SupportVectors[i]}, x) - Rho; positive means
// Positive.
type BinaryInfo struct {
	// Positive and Negative are the classes separated; Negative is -1 for
	// one-vs-rest problems (every class but Positive). With two classes the
	// single problem has Positive = the larger label, as scikit-learn's
	// binary decision_function.
	Positive, Negative int
	SupportVectors     []int     // training-row indices, increasing
	DualCoef           []float64 // y_i alpha_i, signed for Positive
	Rho                float64
	// Objective is the dual objective 1/2 a'Qa - e'a at the solution
	// (libsvm's "obj").
	Objective  float64
	Iterations int
	Converged  bool // false when MaxIter stopped the solver
	BoundedSV  int  // support vectors with alpha_i = C
}

// Model is a trained C-support vector classifier.
type Model struct {
	classes    []int
	multiclass Multiclass
	breakTies  bool
	kern       kernel
	d          int
	sv         []float64 // support vectors (union over problems), row-major
	svIndex    []int
	sqsv       []float64
	coef       []float64 // len(svIndex) x P
	rho        []float64
	info       []BinaryInfo
}

// Classes returns the class labels seen in training, increasing.
func (m *Model) Classes() []int { return slices.Clone(m.classes) }

// Gamma returns the kernel coefficient used (resolved from "scale"/"auto").
func (m *Model) Gamma() float64 { return m.kern.gamma }

// Binary returns the binary SVMs: one per class for one-vs-rest, one per
// pair (i < j, in increasing label order) for one-vs-one, a single one for
// two classes. Decision values come in the same order.
func (m *Model) Binary() []BinaryInfo { return slices.Clone(m.info) }

// SupportVectors returns the training rows that are support vectors of at
// least one binary problem, increasing.
func (m *Model) SupportVectors() []int { return slices.Clone(m.svIndex) }

// DecisionFunction returns the n x P decision values of the rows of X, one
// column per binary problem (see Binary).
func (m *Model) DecisionFunction(X mat.Matrix) (*mat.Dense, error) {
	return m.decision(context.Background(), X)
}

func (m *Model) decision(ctx context.Context, X mat.Matrix) (*mat.Dense, error) {
	n, d := X.Dims()
	if d != m.d {
		return nil, fmt.Errorf("svm: X has %d columns, the model was trained on %d", d, m.d)
	}
	if n == 0 {
		return nil, fmt.Errorf("svm: no rows to predict")
	}
	x, err := rowmajor.Copy(X, "svm")
	if err != nil {
		return nil, err
	}
	P := len(m.rho)
	out := make([]float64, n*P)
	if len(m.svIndex) > 0 {
		if err := m.kern.apply(ctx, x, n, m.sv, len(m.svIndex), d, m.sqsv, m.coef, P, out); err != nil {
			return nil, err
		}
	}
	for i := range n {
		for k := range P {
			out[i*P+k] -= m.rho[k]
		}
	}
	return mat.NewDense(n, P, out), nil
}

// Predict returns the predicted class of every row of X.
//
//   - one-vs-rest: the class whose SVM has the largest decision value (the
//     last one on exact ties, as scikit-learn's OneVsRestClassifier);
//   - one-vs-one: libsvm's vote, each pair voting for its first class when
//     its decision value is positive and for its second otherwise, ties going
//     to the lowest class; with BreakTies, the argmax of scikit-learn's
//     one-vs-rest shaped decision function instead;
//   - two classes: Positive when the decision value is >= 0, as libsvm.
func (m *Model) Predict(X mat.Matrix) ([]int, error) {
	return m.predict(context.Background(), X)
}

func (m *Model) predict(ctx context.Context, X mat.Matrix) ([]int, error) {
	dec, err := m.decision(ctx, X)
	if err != nil {
		return nil, err
	}
	n, P := dec.Dims()
	pred := make([]int, n)
	c := len(m.classes)
	votes := make([]float64, c)
	for i := range n {
		row := dec.RawRowView(i)
		switch {
		case c == 2:
			pred[i] = m.classes[0]
			if row[0] >= 0 { // libsvm: solver decision > 0 votes for the first class
				pred[i] = m.classes[1]
			}
		case m.multiclass == OneVsRest:
			best := 0
			for k := 1; k < P; k++ {
				if row[k] >= row[best] {
					best = k
				}
			}
			pred[i] = m.classes[best]
		default:
			clear(votes)
			var conf []float64
			if m.breakTies {
				conf = make([]float64, c)
			}
			k := 0
			for a := range c {
				for b := a + 1; b < c; b++ {
					// libsvm votes for a when the decision is > 0; scikit-learn's
					// tie-breaking decision function counts >= 0.
					if row[k] > 0 || (conf != nil && row[k] == 0) {
						votes[a]++
					} else {
						votes[b]++
					}
					if conf != nil {
						conf[a] += row[k]
						conf[b] -= row[k]
					}
					k++
				}
			}
			if conf != nil {
				// scikit-learn's _ovr_decision_function: votes plus
				// confidences squashed into (-1/3, 1/3).
				for a := range c {
					votes[a] += conf[a] / (3 * (math.Abs(conf[a]) + 1))
				}
			}
			best := 0
			for a := 1; a < c; a++ {
				if votes[a] > votes[best] {
					best = a
				}
			}
			pred[i] = m.classes[best]
		}
	}
	return pred, nil
}
