package lars

import (
	"math"
	"slices"
	"testing"

	"gonum.org/v1/gonum/mat"

	"github.com/gsbench/gsbench/datasets"
	"github.com/gsbench/gsbench/internal/testutil"
)

// skCase is one case of testdata/sklearn_lars.json, written by
// testdata/make_reference.py:
//
//	GSBENCH_DATA=/work/shared/datasets /usr/bin/python3 \
//	    baselines/internal/lars/testdata/make_reference.py \
//	    > baselines/internal/lars/testdata/sklearn_lars.json
//
// (scikit-learn 1.2.1 of Debian's python3-sklearn).
type skCase struct {
	Name        string      `json:"name"`
	K           int         `json:"k"`
	X           [][]float64 `json:"X"`    // synthetic inputs, stored whole
	File        string      `json:"file"` // or a data file under GSBENCH_DATA
	Cols        [2]int      `json:"cols"` // and its columns [lo, hi)
	Y           []float64   `json:"y"`
	Active      []int       `json:"active"`
	Path        [][]float64 `json:"path"` // lars_path's coefs, one row per step
	SignChanges int         `json:"sign_changes"`
}

func loadSKCases(t *testing.T) []skCase {
	t.Helper()
	var f struct{ Cases []skCase }
	testutil.ReadJSON(t, "testdata/sklearn_lars.json", &f)
	return f.Cases
}

// matrix returns the case's X: stored, or the columns of a data file.
func (c skCase) matrix(t *testing.T) *mat.Dense {
	t.Helper()
	if c.File == "" {
		X := mat.NewDense(len(c.X), len(c.X[0]), nil)
		for i, row := range c.X {
			X.SetRow(i, row)
		}
		return X
	}
	ds, err := datasets.Load(testutil.File(t, c.File), datasets.Options{})
	if err != nil {
		t.Fatal(err)
	}
	n, _ := ds.X.Dims()
	return mat.DenseCopyOf(ds.X.Slice(0, n, c.Cols[0], c.Cols[1]))
}

// TestSKLearn compares FitSKLearn's coefficient path, step by step, with
// scikit-learn's lars_path(method="lar") on inputs with sign changes of
// active coefficients (tall: Gram path; wide: columns of X; ALLAML genes
// 0..324 regressed on MCFS embedding vectors), without them, and with
// degenerate (duplicated, constant) columns.
func TestSKLearn(t *testing.T) {
	for _, c := range loadSKCases(t) {
		t.Run(c.Name, func(t *testing.T) {
			X := c.matrix(t)
			res, err := NewProblem(X).FitSKLearn(c.Y, c.K, true)
			if err != nil {
				t.Fatal(err)
			}
			if !slices.Equal(res.Active, c.Active) {
				t.Errorf("active %v, scikit-learn %v", res.Active, c.Active)
			}
			if len(res.Path) != len(c.Path) {
				t.Fatalf("%d steps, scikit-learn %d", len(res.Path)-1, len(c.Path)-1)
			}
			var scale, worst float64
			for _, row := range c.Path {
				for _, v := range row {
					scale = math.Max(scale, math.Abs(v))
				}
			}
			for s, row := range c.Path {
				for j, v := range row {
					worst = math.Max(worst, math.Abs(res.Path[s][j]-v))
				}
			}
			if worst > 1e-9*scale {
				t.Errorf("path differs from scikit-learn's by %.3g (coefficients up to %.3g)", worst, scale)
			}
			// Every zero crossing in scikit-learn's path is a step where a
			// sign was flipped (only the first coefficient to reach zero in
			// a step is flipped, so events <= crossings).
			if (len(res.SignChanges) > 0) != (c.SignChanges > 0) || len(res.SignChanges) > c.SignChanges {
				t.Errorf("%d sign changes %v, scikit-learn's path crosses zero %d times", len(res.SignChanges), res.SignChanges, c.SignChanges)
			}
			t.Logf("%d steps, %d active, %d sign changes, dropped %v: max |diff| %.2g of %.3g", res.Steps, len(res.Active), len(res.SignChanges), res.Dropped, worst, scale)

			// Textbook LAR agrees where no coefficient changes sign and no
			// variable is degenerate, and differs where a sign changes
			// before the last step (a flip in the last step changes no
			// coefficient).
			early := false
			for s := 1; s < len(c.Path)-1; s++ {
				for j, v := range c.Path[s] {
					early = early || v*c.Path[s-1][j] < 0
				}
			}
			tb, err := NewProblem(X).Fit(c.Y, c.K)
			if err != nil {
				t.Fatal(err)
			}
			last := c.Path[len(c.Path)-1]
			var gap float64
			for j, v := range last {
				gap = math.Max(gap, math.Abs(tb.Coef[j]-v))
			}
			t.Logf("textbook LAR: max |diff| %.3g (sign change before the last step: %v)", gap, early)
			switch {
			case c.SignChanges == 0 && len(res.Dropped) == 0 && gap > 1e-9*scale:
				t.Errorf("no sign change, yet textbook LAR differs by %.3g", gap)
			case early && gap < 1e-6*scale:
				t.Errorf("textbook LAR matches scikit-learn's path through a sign change (gap %.3g)", gap)
			}
		})
	}
}

// TestSKLearnForms checks that the Gram and the column forms of FitSKLearn
// agree, and its degenerate inputs.
func TestSKLearnForms(t *testing.T) {
	for _, c := range loadSKCases(t) {
		if c.File != "" {
			continue
		}
		X := c.matrix(t)
		if n, d := X.Dims(); n <= d {
			continue
		}
		withGram := NewProblem(X)
		direct := NewProblem(X)
		direct.gram = nil
		a, err := withGram.FitSKLearn(c.Y, c.K, false)
		if err != nil {
			t.Fatal(err)
		}
		b, err := direct.FitSKLearn(c.Y, c.K, false)
		if err != nil {
			t.Fatal(err)
		}
		var gap float64
		for j := range a.Coef {
			gap = math.Max(gap, math.Abs(a.Coef[j]-b.Coef[j]))
		}
		if len(a.Dropped) > 0 {
			continue // degenerate pivots are decided by rounding errors
		}
		if !slices.Equal(a.Active, b.Active) || gap > 1e-12 || a.Path != nil {
			t.Errorf("%s: Gram %v, direct %v, max |diff| %g", c.Name, a.Active, b.Active, gap)
		}
	}
	X := mat.NewDense(5, 3, []float64{1, 2, 3, 2, 1, 0, 0, 1, 1, 3, 3, 2, 1, 0, 5})
	res, err := NewProblem(X).FitSKLearn([]float64{4, 4, 4, 4, 4}, 2, true)
	if err != nil || res.Steps != 0 || len(res.Path) != 1 {
		t.Errorf("constant response: %+v, %v", res, err)
	}
	if _, err := NewProblem(X).FitSKLearn([]float64{1, 2}, 2, false); err == nil {
		t.Error("short y accepted")
	}
	// maxIter <= 0: as many steps as the data allow (min(d, n-1)).
	res, err = NewProblem(X).FitSKLearn([]float64{1, -2, 0.5, 3, 1}, 0, false)
	if err != nil || res.Steps > 3 || len(res.Active) == 0 {
		t.Errorf("maxIter 0: %+v, %v", res, err)
	}
	for _, v := range res.Coef {
		if math.IsNaN(v) || math.IsInf(v, 0) {
			t.Fatalf("coefficients %v", res.Coef)
		}
	}
}
