package relieff

import (
	"math"
	"slices"
	"strings"
	"testing"

	"gonum.org/v1/gonum/mat"

	"github.com/gsbench/gsbench/internal/testutil"
	"github.com/gsbench/gsbench/internal/testutil/realdata"
	"github.com/gsbench/gsbench/preprocess"
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
		NNeighbors int `json:"n_neighbors"`
		Scores     []float64
		Ranking    []int
		X          [][]float64
		Y          []int
	}
}

// TestScikitFeature compares scores and rankings with scikit-feature's
// reliefF and feature_ranking on raw Wine (3 classes), Sonar (2), Isolet
// (26 classes, 617 features) and a synthetic set with distance ties, a class
// smaller than k + 1 and a constant column.
func TestScikitFeature(t *testing.T) {
	var ref reference
	testutil.ReadJSON(t, "testdata/reference.json", &ref)
	var worst float64
	for _, tc := range ref.Cases {
		t.Run(tc.Name, func(t *testing.T) {
			X, y := realdata.Case(t, tc.Data, tc.X, tc.Y)
			before := mat.DenseCopyOf(X)
			m := New()
			m.NNeighbors = tc.NNeighbors
			if err := m.Fit(X, y); err != nil {
				t.Fatal(err)
			}
			if !mat.Equal(X, before) {
				t.Error("Fit modified X")
			}
			scale := 0.0
			for _, v := range tc.Scores {
				scale = math.Max(scale, math.Abs(v))
			}
			for f, want := range tc.Scores {
				got := m.Scores()[f]
				diff := math.Abs(got - want)
				worst = math.Max(worst, diff/scale)
				if diff > 1e-12*scale {
					t.Errorf("score[%d] = %.17g, want %.17g", f, got, want)
				}
			}
			if !slices.Equal(m.Selected(), tc.Ranking) {
				t.Errorf("ranking %v\nwant    %v", m.Selected(), tc.Ranking)
			}
		})
	}
	t.Logf("largest score difference: %.3g of the largest |score|", worst)
}

func TestTopKAndDeterminism(t *testing.T) {
	ds := realdata.Load(t, "wine", preprocess.Standardize)
	all := New()
	if err := all.Fit(ds.X, ds.Y); err != nil {
		t.Fatal(err)
	}
	for _, workers := range []int{1, 3} {
		m := New()
		m.K, m.Workers = 4, workers
		if err := m.Fit(ds.X, ds.Y); err != nil {
			t.Fatal(err)
		}
		if !slices.Equal(m.Selected(), all.Selected()[:4]) {
			t.Errorf("workers=%d: top 4 %v, want %v", workers, m.Selected(), all.Selected()[:4])
		}
		if !slices.Equal(m.Scores(), all.Scores()) {
			t.Errorf("workers=%d: scores differ", workers)
		}
	}
}

func TestDegenerate(t *testing.T) {
	// Duplicated columns score alike; a constant column scores 0.
	X := mat.NewDense(8, 4, []float64{
		0, 5, 1, 0,
		1, 5, 2, 1,
		0, 5, 1, 0,
		2, 5, 0, 2,
		5, 5, 7, 5,
		6, 5, 6, 6,
		7, 5, 8, 7,
		6, 5, 5, 6,
	})
	y := []int{0, 0, 0, 0, 1, 1, 1, 1}
	m := New()
	m.NNeighbors = 2
	if err := m.Fit(X, y); err != nil {
		t.Fatal(err)
	}
	s := m.Scores()
	if s[0] != s[3] || s[1] != 0 || !(s[0] > 0) {
		t.Errorf("scores %v: want s[0] = s[3] > 0 and s[1] = 0", s)
	}
	// Equal scores keep the smaller index first.
	if p0, p3 := slices.Index(m.Selected(), 0), slices.Index(m.Selected(), 3); p3 != p0+1 {
		t.Errorf("ranking %v: want the duplicated columns 0 and 3 next to each other, 0 first", m.Selected())
	}
	// Two samples of two classes: every sample is its own only hit.
	tiny := New()
	if err := tiny.Fit(mat.NewDense(2, 2, []float64{0, 1, 1, 1}), []int{0, 1}); err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(tiny.Scores(), []float64{2.0 / 5, 0}) {
		t.Errorf("tiny: scores %v, want [0.4 0]", tiny.Scores())
	}
	for _, tc := range []struct {
		m    *ReliefF
		X    *mat.Dense
		y    []int
		want string
	}{
		{New(), X, nil, "supervised"},
		{New(), X, []int{0, 0, 0, 0, 0, 0, 0, 0}, "at least two"},
		{New(), X, []int{0, 1}, "2 labels for 8 rows"},
		{&ReliefF{NNeighbors: 0}, X, y, "n_neighbors = 0"},
		{&ReliefF{K: 5, NNeighbors: 5}, X, y, "k = 5"},
		{New(), mat.NewDense(2, 1, []float64{math.NaN(), 0}), []int{0, 1}, "NaN"},
	} {
		err := tc.m.Fit(tc.X, tc.y)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("error %v, want %q", err, tc.want)
		}
	}
}
