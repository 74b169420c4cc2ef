package rfs

import (
	"context"
	"math"
	"slices"
	"strings"
	"testing"

	"gonum.org/v1/gonum/mat"

	"github.com/gsbench/gsbench/internal/memory"
	"github.com/gsbench/gsbench/internal/testutil"
	"github.com/gsbench/gsbench/internal/testutil/realdata"
)

// reference is testdata/reference.json, written by testdata/make_reference.py:
//
//	GSBENCH_DATA=/work/shared/datasets /usr/bin/python3 \
//	    testdata/make_reference.py SKF > testdata/reference.json
//
// with SKF a checkout of jundongl/scikit-feature at 48cffad4e88f.
type reference struct {
	Cases []struct {
		Name       string
		Data       string
		Gamma      float64
		Scores     []float64
		Ranking    []int
		Iterations int
		Rows       int
		X          [][]float64
		Y          []int
	}
}

// TestScikitFeature compares ||w_i||, the ranking and the number of
// iterations with scikit-feature's rfs on raw Wine (3 classes; d x d
// systems), Sonar (2), the first 150 rows of Isolet (5 classes, 617
// features: n x n systems) and a synthetic set of 4 classes with a constant
// and a duplicated column.
func TestScikitFeature(t *testing.T) {
	var ref reference
	testutil.ReadJSON(t, "testdata/reference.json", &ref)
	var worst float64
	for _, tc := range ref.Cases {
		t.Run(tc.Name, func(t *testing.T) {
			X, y := realdata.Case(t, strings.TrimSuffix(tc.Data, "150"), tc.X, tc.Y)
			if tc.X == nil && tc.Rows > 0 {
				_, d := X.Dims()
				X, y = X.Slice(0, tc.Rows, 0, d).(*mat.Dense), y[:tc.Rows]
			}
			before := mat.DenseCopyOf(X)
			m := New()
			m.Gamma = tc.Gamma
			if err := m.Fit(X, y); err != nil {
				t.Fatal(err)
			}
			if !mat.Equal(X, before) {
				t.Error("Fit modified X")
			}
			if it := m.Report()["iterations"]; it != tc.Iterations {
				t.Errorf("%v iterations, scikit-feature %d", it, tc.Iterations)
			}
			top := slices.Max(tc.Scores)
			var caseWorst float64
			defer func() { t.Logf("largest difference %.3g of the largest ||w_i||", caseWorst) }()
			for f, want := range tc.Scores {
				got := m.Scores()[f]
				diff := math.Abs(got - want)
				worst = math.Max(worst, diff/top)
				caseWorst = math.Max(caseWorst, diff/top)
				// Raw Wine makes scikit-feature's n x n matrix A D^-1 A' + 1e-6 I
				// (condition ~1e12) cost it about 8 digits.
				if diff > 5e-8*top {
					t.Errorf("||w_%d|| = %.12g, want %.12g", f, got, want)
				}
			}
			// Features whose weights vanish (below 1e-9 of the largest)
			// tie up to rounding: compare the ranking above them.
			n := 0
			for _, f := range tc.Ranking {
				if tc.Scores[f] < 1e-9*top {
					break
				}
				n++
			}
			if !equalUpToTies(m.Selected()[:n], tc.Ranking[:n], tc.Scores) {
				t.Errorf("ranking %v\nwant    %v", m.Selected()[:n], tc.Ranking[:n])
			}
			t.Logf("%d features ranked before the vanishing weights; %v", n, m.Report()["system"])
		})
	}
	t.Logf("largest difference of ||w_i||: %.3g of the largest", worst)
}

// equalUpToTies reports whether two rankings agree, where features whose
// reference scores agree to 1e-12 (duplicated columns) may come in any
// order.
func equalUpToTies(got, want []int, score []float64) bool {
	if len(got) != len(want) {
		return false
	}
	for i := 0; i < len(want); {
		j := i + 1
		for j < len(want) && math.Abs(score[want[j]]-score[want[i]]) <= 1e-12*math.Abs(score[want[i]]) {
			j++
		}
		a, b := slices.Clone(got[i:j]), slices.Clone(want[i:j])
		slices.Sort(a)
		slices.Sort(b)
		if !slices.Equal(a, b) {
			return false
		}
		i = j
	}
	return true
}

func TestDegenerate(t *testing.T) {
	// Column 1 is constant, column 3 duplicates column 0.
	X := mat.NewDense(8, 4, []float64{
		0.1, 2, 1.0, 0.1,
		0.4, 2, 0.2, 0.4,
		-0.3, 2, 0.9, -0.3,
		0.2, 2, 0.1, 0.2,
		1.9, 2, 0.3, 1.9,
		2.3, 2, 1.1, 2.3,
		2.0, 2, 0.4, 2.0,
		2.2, 2, 0.8, 2.2,
	})
	y := []int{0, 0, 0, 0, 1, 1, 1, 1}
	m := New()
	if err := m.Fit(X, y); err != nil {
		t.Fatal(err)
	}
	s := m.Scores()
	// The split of the weight between duplicates is not unique (any split
	// along one direction has the same objective): rounding may move it a
	// little from the symmetric start.
	if math.Abs(s[0]-s[3]) > 1e-6*s[0] || !(s[0] > s[2]) {
		t.Errorf("scores %v: want the duplicated columns 0 and 3 equal and ahead of column 2", s)
	}
	for _, v := range s {
		if math.IsNaN(v) || math.IsInf(v, 0) {
			t.Errorf("scores %v", s)
		}
	}
	again := New()
	if err := again.Fit(X, y); err != nil || !slices.Equal(again.Scores(), s) {
		t.Errorf("a second fit gave %v (%v), want the same bytes %v", again.Scores(), err, s)
	}
	// More features than samples: the n x n form.
	tiny := New()
	if err := tiny.Fit(mat.NewDense(2, 3, []float64{1, 0, 2, 0, 1, 2}), []int{0, 1}); err != nil {
		t.Fatal(err)
	}
	if ts := tiny.Scores(); !(ts[0] > 0) || math.Abs(ts[0]-ts[1]) > 1e-12 || tiny.Report()["system"] != "n x n (A D^-1 A')" {
		t.Errorf("tiny: scores %v, report %v: want w_0 = w_1 > 0 from the n x n form", ts, tiny.Report())
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if err := New().FitContext(ctx, X, y); err != context.Canceled {
		t.Errorf("cancelled: error %v", err)
	}
	defer func(old int64) { memory.Limit = old }(memory.Limit)
	memory.Limit = 1 << 10
	if err := New().Fit(X, y); err == nil || !strings.Contains(err.Error(), "memory") {
		t.Errorf("1 KiB of memory: error %v", err)
	}
	memory.Limit = 0
	for _, tc := range []struct {
		m    *RFS
		y    []int
		want string
	}{
		{New(), nil, "supervised"},
		{New(), make([]int, 8), "1 class"},
		{&RFS{Gamma: 0, MaxIter: 10, Tol: 1e-3}, y, "gamma = 0"},
		{&RFS{Gamma: 1, MaxIter: 0, Tol: 1e-3}, y, "max_iter = 0"},
		{&RFS{Gamma: 1, MaxIter: 10, Tol: -1}, y, "tol = -1"},
		{&RFS{K: 5, Gamma: 1, MaxIter: 10}, y, "k = 5"},
	} {
		err := tc.m.Fit(X, tc.y)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("error %v, want %q", err, tc.want)
		}
	}
}
