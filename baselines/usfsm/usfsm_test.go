package usfsm

import (
	"context"
	"math"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"gonum.org/v1/gonum/mat"

	"github.com/gsbench/gsbench/internal/memory"
	"github.com/gsbench/gsbench/internal/testutil"
)

// TestGamma checks the spectral gap score against its formula written out
// by hand for C = 2 and C = 3.
func TestGamma(t *testing.T) {
	lam := []float64{0, 0.1, 0.3, 0.4, 0.8, 0.9}
	for _, tc := range []struct {
		c    int
		want float64
	}{
		// tau = lambda_3; one pair (3, 4).
		{2, math.Abs(0.3-0.4) / 0.3},
		// tau = lambda_3 + lambda_4; pairs (3,4), (3,5), (4,5).
		{3, (math.Abs(0.3-0.4) + math.Abs(0.3-0.8) + math.Abs(0.4-0.8)) / (0.3 + 0.4)},
	} {
		got, err := Gamma(lam, tc.c)
		if err != nil {
			t.Fatal(err)
		}
		if math.Abs(got-tc.want) > 1e-15 {
			t.Errorf("C = %d: gamma %v, want %v", tc.c, got, tc.want)
		}
	}
	if _, err := Gamma([]float64{0, 0, 0, 0, 0}, 2); err == nil || !strings.Contains(err.Error(), "components") {
		t.Errorf("a zero tau: error %v, want one about components", err)
	}
}

// denseScores recomputes every kernel from scratch and takes all the
// eigenvalues of each Laplacian: a transcription of the method without the
// kernel downdate.
func denseScores(X *mat.Dense, c int) []float64 {
	n, d := X.Dims()
	spectrumGamma := func(cols []int) float64 {
		W := mat.NewSymDense(n, nil)
		Xn := scaled(X)
		for a := 0; a < n; a++ {
			for b := a; b < n; b++ {
				var s float64
				for _, r := range cols {
					s += 1 - math.Abs(Xn.At(a, r)-Xn.At(b, r))
				}
				W.SetSym(a, b, s/float64(len(cols)))
			}
		}
		deg := make([]float64, n)
		for a := 0; a < n; a++ {
			for b := 0; b < n; b++ {
				deg[a] += W.At(a, b)
			}
		}
		L := mat.NewSymDense(n, nil)
		for a := 0; a < n; a++ {
			for b := a; b < n; b++ {
				v := -W.At(a, b) / math.Sqrt(deg[a]*deg[b])
				if a == b {
					v++
				}
				L.SetSym(a, b, v)
			}
		}
		var es mat.EigenSym
		if !es.Factorize(L, false) {
			panic("eigen")
		}
		g, err := Gamma(es.Values(nil), c)
		if err != nil {
			panic(err)
		}
		return g
	}
	all := make([]int, d)
	for r := range all {
		all[r] = r
	}
	g0 := spectrumGamma(all)
	out := make([]float64, d)
	for r := range out {
		out[r] = g0 - spectrumGamma(slices.Delete(slices.Clone(all), r, r+1))
	}
	return out
}

func TestDense(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	X := testutil.RandNormal(rng, 30, 5)
	for _, c := range []int{2, 4, 7} {
		m := New()
		m.NClusters = c
		if err := m.Fit(X, nil); err != nil {
			t.Fatal(err)
		}
		want := denseScores(X, c)
		for r, v := range want {
			if math.Abs(m.Scores()[r]-v) > 1e-12 {
				t.Errorf("C = %d: score %d = %v, dense transcription %v", c, r, m.Scores()[r], v)
			}
		}
	}
}

// TestClusters checks C's automatic value: k, else d, at most n - 2.
func TestClusters(t *testing.T) {
	for _, tc := range []struct {
		k, c, n, d, want int
	}{
		{5, 0, 100, 13, 5},
		{0, 0, 100, 13, 13},
		{0, 0, 10, 13, 8},
		{50, 0, 30, 60, 28},
		{5, 3, 100, 13, 3},
	} {
		m := &USFSM{K: tc.k, NClusters: tc.c}
		if got := m.Clusters(tc.n, tc.d); got != tc.want {
			t.Errorf("k %d, n_clusters %d, %d x %d: C = %d, want %d", tc.k, tc.c, tc.n, tc.d, got, tc.want)
		}
	}
}

func TestErrors(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	X := testutil.RandNormal(rng, 20, 4)
	for _, tc := range []struct {
		name string
		m    *USFSM
		X    *mat.Dense
		want string
	}{
		{"one feature", New(), testutil.RandNormal(rng, 20, 1), "at least 2 features"},
		{"C = 1 from k", &USFSM{K: 1}, X, "C >= 2"},
		{"C too large", &USFSM{NClusters: 19}, X, "n_clusters <= 18"},
		{"explicit 1", &USFSM{NClusters: 1}, X, "C >= 2"},
		{"negative budget", &USFSM{MaxSeconds: -1}, X, "max_seconds"},
		{"k too large", &USFSM{K: 5}, X, "k = 5"},
	} {
		err := tc.m.Fit(tc.X, nil)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: error %v, want one containing %q", tc.name, err, tc.want)
		}
	}
}

// TestGuards checks that USFSM refuses, with the figures, a run that does not
// fit in memory or in max_seconds.
func TestGuards(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	X := testutil.RandNormal(rng, 300, 6)

	memory.Limit = 1 << 20
	err := New().Fit(X, nil)
	memory.Limit = 0
	if err == nil || !strings.Contains(err.Error(), "memory") || !strings.Contains(err.Error(), "O(n^3 d)") {
		t.Errorf("1 MiB of memory: error %v, want a memory refusal", err)
	}

	// The prediction from the first eigenproblem: 7 problems of order 300
	// pass the bound before it (2.5e8 flops: 2.5 ms at 100 Gflop/s); the
	// first takes 2-4 ms (10-20 Gflop/s), so that the 6 others are
	// predicted to take 11-22 ms on one worker.
	m := New()
	m.MaxSeconds, m.Workers = 4e-3, 1
	if err := m.Fit(X, nil); err == nil || !strings.Contains(err.Error(), "would take about") || !strings.Contains(err.Error(), "max_seconds") {
		t.Errorf("max_seconds 4 ms: error %v, want a refusal with the predicted time", err)
	}

	// The bound before any eigenproblem: 2001 problems of order 3000 need
	// 7.2e13 flops, 360 s at 100 Gflop/s on each of 2 workers.
	big := mat.NewDense(3000, 2000, nil)
	m = New()
	m.MaxSeconds, m.Workers = 300, 2
	if err := m.Fit(big, nil); err == nil || !strings.Contains(err.Error(), "7.2e+13 flops") {
		t.Errorf("3000 x 2000: error %v, want a refusal before the first eigenproblem", err)
	}
}

// TestDeterministic checks that the number of workers does not change the
// scores, and that a canceled context stops the fit.
func TestDeterministic(t *testing.T) {
	X := testutil.Clusters(2)
	var first []float64
	for _, w := range []int{1, 2, 3} {
		m := New()
		m.K, m.Workers = 5, w
		if err := m.Fit(X, nil); err != nil {
			t.Fatal(err)
		}
		if first == nil {
			first = m.Scores()
		} else if !slices.Equal(first, m.Scores()) {
			t.Errorf("%d workers: scores differ from 1 worker's", w)
		}
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if err := New().FitContext(ctx, X, nil); err == nil {
		t.Error("a canceled context did not stop the fit")
	}
}

// TestConstant checks that a constant column is ranked last and that the
// scores stay finite.
func TestConstant(t *testing.T) {
	X := mat.DenseCopyOf(testutil.Clusters(1))
	n, _ := X.Dims()
	for i := 0; i < n; i++ {
		X.Set(i, 4, 2.5)
	}
	m := New()
	m.NClusters = 3
	if err := m.Fit(X, nil); err != nil {
		t.Fatal(err)
	}
	if sel := m.Selected(); sel[len(sel)-1] != 4 {
		t.Errorf("ranking %v: the constant column 4 is not last", sel)
	}
	for r, v := range m.Scores() {
		if math.IsNaN(v) || math.IsInf(v, 0) {
			t.Errorf("score %d = %v", r, v)
		}
	}
}
