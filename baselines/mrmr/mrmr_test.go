package mrmr

import (
	"math"
	"slices"
	"strings"
	"testing"

	"gonum.org/v1/gonum/mat"

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
		Discretize Discretization
		K          int
		Bins       int
		Threshold  float64
		Selected   []int
		Criterion  []float64
		Relevance  []float64
		X          [][]float64
		Y          []int
	}
}

// TestScikitFeature compares the selection order, the criterion J of every
// step and the relevance I(f; y) of the selected features with
// scikit-feature's mrmr on Wine (truncated; equal-width), Sonar (z-score;
// rounded), Isolet (equal-width; truncated, the UFFS authors' setting) and
// a synthetic set of small integers with a constant and a duplicated column
// (as given; once with scikit-feature's stop at a negative criterion). The
// discretizations are applied in the reference script with NumPy and
// scikit-feature's data_discretization.
func TestScikitFeature(t *testing.T) {
	var ref reference
	testutil.ReadJSON(t, "testdata/reference.json", &ref)
	var worst float64
	for _, tc := range ref.Cases {
		t.Run(tc.Name, func(t *testing.T) {
			X, y := realdata.Case(t, tc.Data, tc.X, tc.Y)
			before := mat.DenseCopyOf(X)
			m := New()
			m.Discretize = tc.Discretize
			if tc.Bins > 0 {
				m.Bins = tc.Bins
			}
			if tc.Threshold > 0 {
				m.Threshold = tc.Threshold
			}
			if tc.K > 0 {
				m.K = tc.K
			}
			m.StopNegative = tc.K < 0
			if err := m.Fit(X, y); err != nil {
				t.Fatal(err)
			}
			if !mat.Equal(X, before) {
				t.Error("Fit modified X")
			}
			if !slices.Equal(m.Selected(), tc.Selected) {
				t.Fatalf("selected %v\nwant     %v", m.Selected(), tc.Selected)
			}
			crit := m.Report()["criterion"].([]float64)
			rel := m.Report()["relevance"].([]float64)
			for i, f := range tc.Selected {
				for _, p := range [][2]float64{{crit[i], tc.Criterion[i]}, {rel[f], tc.Relevance[i]}, {m.Scores()[f], tc.Criterion[i]}} {
					diff := math.Abs(p[0] - p[1])
					worst = math.Max(worst, diff)
					if diff > 1e-12 {
						t.Errorf("step %d (feature %d): %.17g, want %.17g", i, f, p[0], p[1])
					}
				}
			}
		})
	}
	t.Logf("largest difference of the criteria and relevances: %.3g bits", worst)
}

func TestDegenerate(t *testing.T) {
	// Column 1 is constant, column 3 duplicates column 0.
	X := mat.NewDense(8, 4, []float64{
		0, 5, 1, 0,
		0, 5, 0, 0,
		1, 5, 1, 1,
		0, 5, 0, 0,
		2, 5, 1, 2,
		2, 5, 0, 2,
		2, 5, 1, 2,
		1, 5, 0, 1,
	})
	y := []int{0, 0, 0, 0, 1, 1, 1, 1}
	var first []int
	for _, workers := range []int{1, 3} {
		m := New()
		m.Workers = workers
		if err := m.Fit(X, y); err != nil {
			t.Fatal(err)
		}
		rel := m.Report()["relevance"].([]float64)
		// H(y) = 1 bit; column 0 has states {0: 3/8 all class 0, 1: 2/8
		// split, 2: 3/8 all class 1}: I = 1 - (2/8) * 1 = 0.75 bit.
		if math.Abs(rel[0]-0.75) > 1e-15 || rel[1] != 0 || rel[0] != rel[3] {
			t.Errorf("relevance %v: want 0.75, 0, ., 0.75", rel)
		}
		// The duplicate is fully redundant: I(x0; x3) = H(x0) > I(x0; y),
		// so it comes after the constant column (criterion 0).
		if s := m.Selected(); s[0] != 0 || slices.Index(s, 3) < slices.Index(s, 1) {
			t.Errorf("selected %v: want column 0 first and its duplicate 3 after the constant 1", s)
		}
		if first == nil {
			first = m.Selected()
		} else if !slices.Equal(first, m.Selected()) {
			t.Errorf("workers %d: selected %v, with 1 worker %v", workers, m.Selected(), first)
		}
	}
	for _, tc := range []struct {
		m    *MRMR
		y    []int
		want string
	}{
		{New(), nil, "supervised"},
		{New(), make([]int, 8), "1 class"},
		{&MRMR{Discretize: "bins"}, y, `discretize = "bins"`},
		{&MRMR{Discretize: EqualWidth, Bins: 1}, y, "bins = 1"},
		{&MRMR{Discretize: ZScore, Threshold: -1}, y, "threshold = -1"},
		{&MRMR{K: 5, Discretize: Truncate}, y, "k = 5"},
	} {
		err := tc.m.Fit(X, tc.y)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("error %v, want %q", err, tc.want)
		}
	}
	// Two samples: both features carry the class (1 bit), the second is
	// fully redundant with the first.
	tiny := New()
	if err := tiny.Fit(mat.NewDense(2, 2, []float64{0, 3, 1, 4}), []int{0, 1}); err != nil {
		t.Fatal(err)
	}
	if c := tiny.Report()["criterion"].([]float64); !slices.Equal(tiny.Selected(), []int{0, 1}) || c[0] != 1 || c[1] != 0 {
		t.Errorf("tiny: selected %v, criteria %v; want [0 1], [1 0]", tiny.Selected(), c)
	}
	// Scores of the features left out: their criterion against the
	// selection, relevance minus mean redundancy.
	m := New()
	m.K = 1
	if err := m.Fit(X, y); err != nil {
		t.Fatal(err)
	}
	if s := m.Scores(); math.Abs(s[0]-0.75) > 1e-15 || s[1] != 0 || math.Abs(s[3]-(0.75-1.5612781244591327)) > 1e-12 {
		t.Errorf("k=1: scores %v, want [0.75 0 . 0.75-H(x0)]", s)
	}
}
