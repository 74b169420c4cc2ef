package evaluate

import (
	"context"
	"math"
	"slices"
	"testing"

	"gonum.org/v1/gonum/mat"

	"github.com/gsbench/gsbench/learn/svm"
	"github.com/gsbench/gsbench/preprocess"
)

// Per-fold accuracies of scikit-learn 1.2.1: cross_val_score(SVC() or
// OneVsRestClassifier(SVC()), StandardScaler().fit_transform(X), y,
// cv=StratifiedKFold(5)). Scaling inside the folds gives the same folds'
// accuracies on these two sets.
func TestCVAccuracyMatchesScikitLearn(t *testing.T) {
	for _, tc := range []struct {
		file  string
		folds []float64
		mean  float64
	}{
		{"Wine/wine_data.csv", []float64{1, 35.0 / 36, 34.0 / 36, 1, 1}, 0.983333},
		{"BreastCancer/breast_cancer.csv", []float64{0.97368421, 0.95614035, 1, 0.96491228, 0.97345133}, 0.973638},
	} {
		X, y := loadCSV(t, tc.file)
		Xs, _, err := preprocess.Apply(preprocess.Standardize, X)
		if err != nil {
			t.Fatal(err)
		}
		for _, mc := range []svm.Multiclass{svm.OneVsRest, svm.OneVsOne} {
			for _, perFold := range []bool{false, true} {
				opt := CVOptions{SVM: svm.Params{Multiclass: mc}}
				data := Xs
				if perFold {
					opt.Preprocess, data = preprocess.Standardize, X
				}
				s, err := CVAccuracy(context.Background(), data, y, opt)
				if err != nil {
					t.Fatal(err)
				}
				for i, want := range tc.folds {
					if math.Abs(s.Values[i]-want) > 1e-6 {
						t.Errorf("%s %s perFold=%v: fold %d accuracy %.8f, scikit-learn %.8f", tc.file, mc, perFold, i, s.Values[i], want)
					}
				}
				if math.Abs(s.Mean-tc.mean) > 1e-6 {
					t.Errorf("%s %s: mean %.6f, scikit-learn %.6f", tc.file, mc, s.Mean, tc.mean)
				}
			}
		}
	}
}

// scikit-learn 1.2.1 per-fold accuracies on standardized USPS (7291 x 256,
// 10 classes): cross_val_score(SVC() / OneVsRestClassifier(SVC()),
// StandardScaler().fit_transform(X), y, cv=StratifiedKFold(5)).
var uspsFolds = map[svm.Multiclass][]float64{
	svm.OneVsOne:  {0.9732693625771076, 0.9684499314128944, 0.967764060356653, 0.9684499314128944, 0.9732510288065843},
	svm.OneVsRest: {0.973954763536669, 0.9636488340192044, 0.9718792866941015, 0.96639231824417, 0.9739368998628258},
}

func TestUSPSFoldsMatchScikitLearn(t *testing.T) {
	X, y := loadUSPS(t)
	Xs, _, err := preprocess.Apply(preprocess.Standardize, X)
	if err != nil {
		t.Fatal(err)
	}
	for _, mc := range []svm.Multiclass{svm.OneVsOne, svm.OneVsRest} {
		s, err := CVAccuracy(context.Background(), Xs, y, CVOptions{SVM: svm.Params{Multiclass: mc}})
		if err != nil {
			t.Fatal(err)
		}
		for i, want := range uspsFolds[mc] {
			if math.Abs(s.Values[i]-want) > 1e-9 {
				t.Errorf("%s fold %d: accuracy %.10f, scikit-learn %.10f", mc, i, s.Values[i], want)
			}
		}
	}
}

func TestCVOptionsAndDegenerateData(t *testing.T) {
	ctx := context.Background()
	X, y := loadCSV(t, "Wine/wine_data.csv")
	base := CVOptions{Preprocess: preprocess.Standardize}

	// Repeated shuffled CV: repeats x folds values, reproducible, and a
	// different split from the unshuffled one.
	rep := base
	rep.Shuffle, rep.Repeats, rep.Seed = true, 3, 7
	a, err := CVAccuracy(ctx, X, y, rep)
	if err != nil {
		t.Fatal(err)
	}
	b, _ := CVAccuracy(ctx, X, y, rep)
	if len(a.Values) != 15 || !slices.Equal(a.Values, b.Values) {
		t.Errorf("repeated CV: %d values, reproducible %v", len(a.Values), slices.Equal(a.Values, b.Values))
	}
	if a.Mean < 0.95 {
		t.Errorf("shuffled CV accuracy %.4f", a.Mean)
	}
	// Results do not depend on the number of goroutines.
	one := base
	one.Workers = 1
	many := base
	many.Workers = 5
	s1, _ := CVAccuracy(ctx, X, y, one)
	s5, _ := CVAccuracy(ctx, X, y, many)
	if !slices.Equal(s1.Values, s5.Values) {
		t.Errorf("1 goroutine %v, 5 goroutines %v", s1.Values, s5.Values)
	}

	// A class with fewer members than folds: scored, with a note.
	small := slices.Clone(y)
	small[0], small[1], small[2] = 3, 3, 3 // class 3 has 3 members
	s, err := CVAccuracy(ctx, X, small, base)
	if err != nil || len(s.Notes) == 0 {
		t.Errorf("small class: %v, notes %v", err, s.Notes)
	}
	// One feature; constant features; all features constant.
	oneCol := mat.DenseCopyOf(X.Slice(0, 178, 6, 7))
	if s, err := CVAccuracy(ctx, oneCol, y, base); err != nil || s.Mean < 0.5 {
		t.Errorf("one feature: %v (accuracy %.3f)", err, s.Mean)
	}
	withConst := mat.NewDense(178, 2, nil)
	for i := range 178 {
		withConst.Set(i, 0, X.At(i, 6))
		withConst.Set(i, 1, 4.2)
	}
	if _, err := CVAccuracy(ctx, withConst, y, base); err != nil {
		t.Errorf("constant feature: %v", err)
	}
	if s, err := CVAccuracy(ctx, mat.NewDense(178, 3, nil), y, base); err != nil || math.IsNaN(s.Mean) {
		t.Errorf("all-constant data: %v, %v", err, s.Mean)
	}

	// Errors.
	nan := mat.DenseCopyOf(X)
	nan.Set(5, 5, math.NaN())
	cancelled, cancel := context.WithCancel(ctx)
	cancel()
	for _, tc := range []struct {
		name string
		run  func() error
	}{
		{"NaN", func() error { _, err := CVAccuracy(ctx, nan, y, base); return err }},
		{"single class", func() error { _, err := CVAccuracy(ctx, X, make([]int, 178), base); return err }},
		{"label count", func() error { _, err := CVAccuracy(ctx, X, y[:10], base); return err }},
		{"one fold", func() error { o := base; o.Folds = 1; _, err := CVAccuracy(ctx, X, y, o); return err }},
		{"repeats without shuffle", func() error { o := base; o.Repeats = 2; _, err := CVAccuracy(ctx, X, y, o); return err }},
		{"bad preprocessing", func() error { o := base; o.Preprocess = "zscore"; _, err := CVAccuracy(ctx, X, y, o); return err }},
		{"bad SVM", func() error { o := base; o.SVM.C = -1; _, err := CVAccuracy(ctx, X, y, o); return err }},
		{"cancelled", func() error { _, err := CVAccuracy(cancelled, X, y, base); return err }},
		{"cluster NaN", func() error { _, err := ClusterNMI(ctx, nan, y, ClusterOptions{}); return err }},
		{"cluster k", func() error { _, err := ClusterNMI(ctx, X, y, ClusterOptions{K: 500}); return err }},
		{"cluster cancelled", func() error { _, err := ClusterNMI(cancelled, X, y, ClusterOptions{}); return err }},
	} {
		if err := tc.run(); err == nil {
			t.Errorf("%s accepted", tc.name)
		}
	}
}
