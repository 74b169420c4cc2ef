package udfs

import (
	"math"
	"math/rand/v2"
	"slices"
	"sort"
	"testing"

	"gonum.org/v1/gonum/mat"

	"github.com/gsbench/gsbench/internal/testutil"
	"github.com/gsbench/gsbench/internal/testutil/realdata"
	"github.com/gsbench/gsbench/preprocess"
)

// denseM transcribes the paper's M with dense selection matrices S_i.
func denseM(X *mat.Dense, k int, lambda float64) *mat.Dense {
	n, _ := X.Dims()
	m := k + 1
	H := centering(m)
	L := mat.NewDense(n, n, nil)
	for i := 0; i < n; i++ {
		type cand struct {
			j int
			d float64
		}
		var cs []cand
		for j := 0; j < n; j++ {
			if j != i {
				var s float64
				for c := range X.RawRowView(i) {
					e := X.At(i, c) - X.At(j, c)
					s += e * e
				}
				cs = append(cs, cand{j, s})
			}
		}
		sort.SliceStable(cs, func(a, b int) bool { return cs[a].d < cs[b].d })
		S := mat.NewDense(n, m, nil)
		S.Set(i, 0, 1)
		for q := 1; q < m; q++ {
			S.Set(cs[q-1].j, q, 1)
		}
		var Xi, Xt, G, B, T, T2, U, U2 mat.Dense
		Xi.Mul(S.T(), X) // the m rows of N_i
		Xt.Mul(H, &Xi)
		G.Mul(&Xt, Xt.T())
		for a := 0; a < m; a++ {
			G.Set(a, a, G.At(a, a)+lambda)
		}
		if err := B.Inverse(&G); err != nil {
			panic(err)
		}
		T.Mul(H, &B)
		T2.Mul(&T, H)
		U.Mul(S, &T2)
		U2.Mul(&U, S.T())
		L.Add(L, &U2)
	}
	var XL, M mat.Dense
	XL.Mul(X.T(), L)
	M.Mul(&XL, X)
	return &M
}

func TestLocalScatter(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 1))
	X := mat.NewDense(40, 6, nil)
	for i := 0; i < 40; i++ {
		for j := 0; j < 6; j++ {
			X.Set(i, j, rng.NormFloat64()*float64(j+1))
		}
	}
	for _, tc := range []struct {
		k      int
		lambda float64
	}{{5, 0.1}, {3, 1000}, {1, 1}} {
		M, err := LocalScatter(X, tc.k, tc.lambda, 0)
		if err != nil {
			t.Fatal(err)
		}
		want := denseM(X, tc.k, tc.lambda)
		if !mat.EqualApprox(M, want, 1e-10*mat.Norm(want, math.Inf(1))) {
			t.Errorf("k=%d lambda=%v: M differs from the dense transcription", tc.k, tc.lambda)
		}
	}
}

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
		m := with(func(m *UDFS) { m.NClusters = 3 })
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

func TestWineObjective(t *testing.T) {
	X := realdata.Load(t, "wine", preprocess.Standardize).X
	for _, tc := range []*UDFS{with(func(m *UDFS) { m.NClusters = 3 }), New(), with(func(m *UDFS) { m.Lambda, m.Tol = 1000, 1e-9 }), with(func(m *UDFS) { m.Gamma, m.NClusters = 10, 2 })} {
		if err := tc.Fit(X, nil); err != nil {
			t.Fatal(err)
		}
		monotone(t, "wine", tc.Report()["objective"].([]float64))
		if len(tc.Selected()) != 13 {
			t.Errorf("selected %v", tc.Selected())
		}
	}
}

func TestDegenerate(t *testing.T) {
	rng := rand.New(rand.NewPCG(2, 2))
	X := mat.NewDense(30, 5, nil)
	for i := 0; i < 30; i++ {
		a := rng.NormFloat64()
		X.SetRow(i, []float64{a, 4, a, rng.NormFloat64(), float64(i % 2)})
	}
	m := with(func(m *UDFS) { m.NClusters = 2 })
	if err := m.Fit(X, nil); err != nil {
		t.Fatal(err)
	}
	for _, v := range m.Scores() {
		if math.IsNaN(v) || math.IsInf(v, 0) {
			t.Fatalf("scores %v", m.Scores())
		}
	}
	if m.Selected()[4] != 1 {
		t.Errorf("the constant column should rank last: %v", m.Selected())
	}
	for _, bad := range []*UDFS{with(func(m *UDFS) { m.NClusters = 6 }), with(func(m *UDFS) { m.Neighbors = 30 }), with(func(m *UDFS) { m.Gamma = -1 }), with(func(m *UDFS) { m.MaxIter = -2 }), with(func(m *UDFS) { m.K = 6 })} {
		if err := bad.Fit(X, nil); err == nil {
			t.Errorf("%+v accepted", bad)
		}
	}
}

// with returns UDFS with its defaults changed by set.
func with(set func(*UDFS)) *UDFS {
	m := New()
	set(m)
	return m
}
