package traceratio

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"gonum.org/v1/gonum/mat"

	"github.com/gsbench/gsbench/baselines/fisher"
	"github.com/gsbench/gsbench/internal/testutil/realdata"
	"github.com/gsbench/gsbench/preprocess"
)

// bestSubset enumerates every subset of size k and returns the best trace
// ratio.
func bestSubset(b, w []float64, k int) float64 {
	d := len(b)
	best := math.Inf(-1)
	for mask := 0; mask < 1<<d; mask++ {
		if popcount(mask) != k {
			continue
		}
		var sb, sw float64
		for r := 0; r < d; r++ {
			if mask>>r&1 == 1 {
				sb += b[r]
				sw += w[r]
			}
		}
		best = math.Max(best, sb/sw)
	}
	return best
}

func popcount(x int) int {
	c := 0
	for ; x > 0; x &= x - 1 {
		c++
	}
	return c
}

func TestGlobalOptimum(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 1))
	for trial := 0; trial < 20; trial++ {
		n, d := 60, 10
		X := mat.NewDense(n, d, nil)
		y := make([]int, n)
		for i := range y {
			y[i] = i % 3
			for j := 0; j < d; j++ {
				// Features with very different scales and separations.
				scale := math.Exp(3 * rng.NormFloat64())
				X.Set(i, j, scale*(rng.NormFloat64()+rng.Float64()*float64(y[i])))
			}
		}
		b, w, err := fisher.Scatter(X, y)
		if err != nil {
			t.Fatal(err)
		}
		for _, k := range []int{1, 3, 6} {
			m := with(func(m *TraceRatio) { m.K = k })
			if err := m.Fit(X, y); err != nil {
				t.Fatal(err)
			}
			want := bestSubset(b, w, k)
			if got := m.SubsetScore(); math.Abs(got-want) > 1e-12*want {
				t.Errorf("trial %d k=%d: subset score %v, optimum %v", trial, k, got, want)
			}
			obj := m.Report()["objective"].([]float64)
			for i := 1; i < len(obj); i++ {
				if obj[i] <= obj[i-1] {
					t.Errorf("subset scores not increasing: %v", obj)
				}
			}
			if len(m.Selected()) != k || !m.Report()["converged"].(bool) {
				t.Errorf("selected %v, report %v", m.Selected(), m.Report())
			}
		}
	}
}

// A case where the K features of best ratio (scikit-feature's subset) are
// not the best subset: a feature with a huge scatter beats one with a better
// ratio but tiny scatter.
func TestBeatsRatioSubset(t *testing.T) {
	b := []float64{1, 900, 0.85}
	w := []float64{0.01, 10, 0.01}
	// Ratios 100, 90, 85: the best two by ratio are {0, 1} with 901/10.01 = 90.0,
	// but {0, 2} has 1.85/0.02 = 92.5.
	X, y := fromScatter(b, w)
	m := with(func(m *TraceRatio) { m.K = 2 })
	if err := m.Fit(X, y); err != nil {
		t.Fatal(err)
	}
	if got := slices.Sorted(slices.Values(m.Selected())); !slices.Equal(got, []int{0, 2}) {
		t.Errorf("selected %v (subset score %v), want {0, 2}", m.Selected(), m.SubsetScore())
	}
}

// fromScatter builds two-class data whose features have the given between-
// and within-class scatters.
func fromScatter(b, w []float64) (*mat.Dense, []int) {
	// Class 0: mu - s, mu + s (n = 2); class 1: mu' - s, mu' + s.
	// Within = 4 s^2; between = 4 (delta/2)^2 = delta^2 with delta the mean gap.
	X := mat.NewDense(4, len(b), nil)
	for r := range b {
		s := math.Sqrt(w[r] / 4)
		delta := math.Sqrt(b[r])
		X.SetCol(r, []float64{-s, s, delta - s, delta + s})
	}
	return X, []int{0, 0, 1, 1}
}

func TestWine(t *testing.T) {
	ds := realdata.Load(t, "wine", preprocess.Standardize)
	X := ds.X
	b, w, _ := fisher.Scatter(X, ds.Y)
	for _, k := range []int{1, 4, 8} {
		m := with(func(m *TraceRatio) { m.K = k })
		if err := m.Fit(X, ds.Y); err != nil {
			t.Fatal(err)
		}
		if want := bestSubset(b, w, k); math.Abs(m.SubsetScore()-want) > 1e-12*want {
			t.Errorf("k=%d: %v, optimum %v", k, m.SubsetScore(), want)
		}
		// With standardized features (equal total scatter) the best subset
		// is the top of the Fisher score.
		fs := &fisher.FisherScore{K: k}
		_ = fs.Fit(X, ds.Y)
		if !slices.Equal(slices.Sorted(slices.Values(m.Selected())), slices.Sorted(slices.Values(fs.Selected()))) {
			t.Errorf("k=%d: %v, Fisher top %v", k, m.Selected(), fs.Selected())
		}
	}
}

func TestErrors(t *testing.T) {
	X := mat.NewDense(4, 2, []float64{1, 2, 3, 4, 5, 6, 7, 9})
	for _, tc := range []struct {
		m *TraceRatio
		y []int
	}{
		{New(), []int{0, 0, 1, 1}},
		{with(func(m *TraceRatio) { m.K = 1 }), nil},
		{with(func(m *TraceRatio) { m.K = 3 }), []int{0, 0, 1, 1}},
		{with(func(m *TraceRatio) { m.K, m.MaxIter = 1, -1 }), []int{0, 0, 1, 1}},
	} {
		if err := tc.m.Fit(X, tc.y); err == nil {
			t.Errorf("%+v with %v accepted", tc.m, tc.y)
		}
	}
}

// with returns TraceRatio with its defaults changed by set.
func with(set func(*TraceRatio)) *TraceRatio {
	m := New()
	set(m)
	return m
}
