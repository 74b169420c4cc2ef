package algorithms

import (
	"math"
	"slices"
	"testing"

	"gonum.org/v1/gonum/mat"

	"github.com/gsbench/gsbench/internal/testutil/realdata"
	"github.com/gsbench/gsbench/preprocess"
)

// wine returns UCI Wine standardized with the population std (ddof 0).
func wine(t testing.TB) *mat.Dense {
	t.Helper()
	ds := realdata.Load(t, "wine", preprocess.Standardize)
	if r, c := ds.Dims(); r != 178 || c != 13 {
		t.Fatalf("wine is %d x %d, want 178 x 13", r, c)
	}
	return ds.X
}

func round4(v []float64) []float64 {
	out := make([]float64, len(v))
	for i, x := range v {
		out[i] = math.Round(x*1e4) / 1e4
	}
	return out
}

func close4(got, want []float64) bool {
	if len(got) != len(want) {
		return false
	}
	for i := range got {
		if math.Abs(got[i]-want[i]) > 0.6e-4 {
			return false
		}
	}
	return true
}

// Reference values of issue 2, standardized Wine, eps^2 = 0.1.
func TestWineGFS(t *testing.T) {
	X := wine(t)
	for _, tc := range []struct {
		family string
		want   []int
		trace  []float64
	}{
		{"multilinear:1", []int{0, 10, 2, 8, 4, 7, 1, 3, 11, 12, 5, 9, 6}, nil},
		{"multilinear:2", []int{0, 10, 2, 8, 4, 7, 1, 3, 12, 5, 9, 11}, nil},
		{"multilinear:3", []int{0, 10, 2, 8, 4, 7, 1, 3, 11}, []float64{1.0, 0.9949, 0.9517, 0.8481, 0.7639, 0.582, 0.4469, 0.2766, 0.1495, 0.083}},
	} {
		fam, err := ParseFamily(tc.family)
		if err != nil {
			t.Fatal(err)
		}
		g := &GFS{Family: fam, Eps2: 0.1, Tol: DefaultTol}
		if err := g.Fit(X, nil); err != nil {
			t.Fatal(err)
		}
		if !slices.Equal(g.Selected(), tc.want) {
			t.Errorf("GFS %s selected %v, want %v", tc.family, g.Selected(), tc.want)
		}
		if tc.trace != nil && !close4(g.Trace(), tc.trace) {
			t.Errorf("GFS %s trace %v, want %v", tc.family, round4(g.Trace()), tc.trace)
		}
	}
}

func TestWineGFR(t *testing.T) {
	X := wine(t)
	for _, tc := range []struct {
		family string
		m      int
		trace  []float64
	}{
		{"multilinear:1", 13, []float64{4.7059, 2.497, 1.4461, 0.919, 0.8532, 0.6417, 0.551, 0.3485, 0.2889, 0.2509, 0.2258, 0.1688, 0.1034}},
		{"multilinear:2", 11, []float64{4.7059, 2.497, 1.4458, 0.8435, 0.7445, 0.5048, 0.3989, 0.2599, 0.2223, 0.1534, 0.1213, 0.0759}},
		{"multilinear:3", 9, []float64{4.7059, 2.497, 1.4458, 0.8305, 0.6706, 0.4025, 0.3352, 0.1987, 0.1409, 0.0376}},
	} {
		fam, _ := ParseFamily(tc.family)
		g := &GFR{Family: fam, Eps2: 0.1, Tol: DefaultTol}
		if err := g.Fit(X, nil); err != nil {
			t.Fatal(err)
		}
		if _, m := g.Components().Dims(); m != tc.m {
			t.Errorf("GFR %s: %d directions, want %d", tc.family, m, tc.m)
		}
		if !close4(g.Trace(), tc.trace) {
			t.Errorf("GFR %s trace %v, want %v", tc.family, round4(g.Trace()), tc.trace)
		}
	}
}
