package ndfs

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"gonum.org/v1/gonum/mat"

	"github.com/gsbench/gsbench/internal/testutil"
	"github.com/gsbench/gsbench/internal/testutil/realdata"
	"github.com/gsbench/gsbench/preprocess"
)

func monotone(t *testing.T, name string, obj []float64) {
	t.Helper()
	for i := 1; i < len(obj); i++ {
		if obj[i] > obj[i-1]*(1+1e-12) {
			t.Errorf("%s: objective rises at iteration %d: %v -> %v", name, i, obj[i-1], obj[i])
		}
	}
}

// Issue 6: the objective decreases monotonically, and on 5 informative
// cluster-carrying features among 15 noise features the informative ones
// are ranked first.
func TestSynthetic(t *testing.T) {
	for seed := uint64(1); seed <= 5; seed++ {
		X := testutil.Clusters(seed)
		m := with(func(m *NDFS) { m.NClusters, m.Seed = 3, seed })
		if err := m.Fit(X, nil); err != nil {
			t.Fatal(err)
		}
		if got := slices.Sorted(slices.Values(m.Selected()[:5])); !slices.Equal(got, []int{0, 1, 2, 3, 4}) {
			t.Errorf("seed %d: ranking %v, want the informative features 0..4 first", seed, m.Selected())
		}
		r := m.Report()
		monotone(t, "synthetic", r["objective"].([]float64))
		if !r["converged"].(bool) {
			t.Errorf("seed %d: not converged in %d iterations", seed, r["iterations"])
		}
	}
}

func TestWine(t *testing.T) {
	X := realdata.Load(t, "wine", preprocess.Standardize).X
	for _, m := range []*NDFS{with(func(m *NDFS) { m.NClusters = 3 }), New(), with(func(m *NDFS) { m.Alpha, m.Beta, m.Gamma = 10, 0.1, 1e6 })} {
		if err := m.Fit(X, nil); err != nil {
			t.Fatal(err)
		}
		monotone(t, "wine", m.Report()["objective"].([]float64))
	}
	// Same seed, same ranking and scores; the seed matters through k-means.
	a, b := with(func(m *NDFS) { m.NClusters, m.Seed = 3, 7 }), with(func(m *NDFS) { m.NClusters, m.Seed = 3, 7 })
	_ = a.Fit(X, nil)
	_ = b.Fit(X, nil)
	if !slices.Equal(a.Selected(), b.Selected()) || !slices.Equal(a.Scores(), b.Scores()) {
		t.Error("same seed, different results")
	}
}

// The primal (d x d) and dual (n x n) forms of T X' apply the same operator.
func TestSolverForms(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 3))
	for _, dims := range [][2]int{{30, 12}, {12, 30}} {
		n, d := dims[0], dims[1]
		X := mat.NewDense(n, d, nil)
		F := mat.NewDense(n, 3, nil)
		for i := 0; i < n; i++ {
			for j := 0; j < d; j++ {
				X.Set(i, j, rng.NormFloat64())
			}
			for j := 0; j < 3; j++ {
				F.Set(i, j, rng.Float64())
			}
		}
		lambda := make([]float64, d)
		for i := range lambda {
			lambda[i] = 0.5 + rng.Float64()
		}
		var out [2]mat.Dense
		for f, dual := range []bool{false, true} {
			s := &solver{X: X, dual: dual}
			if !dual {
				s.XtX = mat.NewSymDense(d, nil)
				s.XtX.SymOuterK(1, X.T())
			}
			if err := s.factor(lambda); err != nil {
				t.Fatal(err)
			}
			var XW mat.Dense
			s.apply(&out[f], &XW, F)
		}
		if !mat.EqualApprox(&out[0], &out[1], 1e-10) {
			t.Errorf("%v: primal and dual W differ", dims)
		}
	}
}

func TestDegenerate(t *testing.T) {
	rng := rand.New(rand.NewPCG(4, 4))
	X := mat.NewDense(30, 5, nil)
	for i := 0; i < 30; i++ {
		a := rng.NormFloat64()
		X.SetRow(i, []float64{a, 3, a, rng.NormFloat64(), float64(i % 2)})
	}
	for _, lap := range []Laplacian{DMinusW, ScikitFeature} {
		m := with(func(m *NDFS) { m.NClusters, m.Laplacian = 2, lap })
		if lap == ScikitFeature {
			m.OrthNorm = Unsquared
		}
		if err := m.Fit(X, nil); err != nil {
			t.Fatal(err)
		}
		for _, v := range m.Scores() {
			if math.IsNaN(v) || math.IsInf(v, 0) {
				t.Fatalf("%s: scores %v", lap, m.Scores())
			}
		}
		if m.Selected()[4] != 1 {
			t.Errorf("%s: the constant column should rank last: %v", lap, m.Selected())
		}
	}
	for _, bad := range []*NDFS{with(func(m *NDFS) { m.NClusters = 31 }), with(func(m *NDFS) { m.Alpha = -1 }), with(func(m *NDFS) { m.MaxIter = -1 }), with(func(m *NDFS) { m.K = 6 }),
		with(func(m *NDFS) { m.Laplacian = "normalized" }), with(func(m *NDFS) { m.OrthNorm = "l1" }),
		with(func(m *NDFS) { m.NClusters, m.f0 = 2, mat.NewDense(30, 3, nil) })} {
		if err := bad.Fit(X, nil); err == nil {
			t.Errorf("%+v accepted", bad)
		}
	}
}

// with returns NDFS with its defaults changed by set.
func with(set func(*NDFS)) *NDFS {
	m := New()
	set(m)
	return m
}
