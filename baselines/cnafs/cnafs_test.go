package cnafs

import (
	"context"
	"math"
	"slices"
	"strings"
	"testing"

	"gonum.org/v1/gonum/mat"

	"github.com/gsbench/gsbench/internal/memory"
	"github.com/gsbench/gsbench/internal/testutil"
)

func with(set func(*CNAFS)) *CNAFS {
	m := New()
	set(m)
	return m
}

// nonNegClusters is testutil.Clusters shifted to non-negative values: 5
// cluster-carrying features (0..4) among 20.
func nonNegClusters(seed uint64) *mat.Dense {
	X := mat.DenseCopyOf(testutil.Clusters(seed))
	lo := mat.Min(X)
	n, d := X.Dims()
	for i := 0; i < n; i++ {
		for j := 0; j < d; j++ {
			X.Set(i, j, X.At(i, j)-lo)
		}
	}
	return X
}

// TestSynthetic checks that the cluster-carrying features are ranked ahead
// of the noise on average. CNAFS is no sharp filter here: after its 499
// iterations it puts 3 (seed 1) and 4 (seed 2) of the 5 among the first 5;
// after 100 iterations fewer.
func TestSynthetic(t *testing.T) {
	for seed := uint64(1); seed <= 2; seed++ {
		m := with(func(m *CNAFS) { m.NClusters, m.Seed = 3, seed })
		if err := m.Fit(nonNegClusters(seed), nil); err != nil {
			t.Fatal(err)
		}
		var informative, noise float64
		for pos, j := range m.Selected() {
			if j < 5 {
				informative += float64(pos) / 5
			} else {
				noise += float64(pos) / 15
			}
		}
		if !(informative < noise) {
			t.Errorf("seed %d: ranking %v: mean position of the informative features 0..4 %.1f, of the noise %.1f", seed, m.Selected(), informative, noise)
		}
	}
}

// TestDeterministic checks that the seed fixes the result whatever the
// number of workers, that another seed changes the scores, and that a
// canceled context stops the fit.
func TestDeterministic(t *testing.T) {
	X := nonNegClusters(4)
	var first []float64
	for _, w := range []int{1, 2, 3} {
		m := with(func(m *CNAFS) { m.Seed, m.Workers, m.MaxIter = 9, w, 20 })
		if err := m.Fit(X, nil); err != nil {
			t.Fatal(err)
		}
		if first == nil {
			first = m.Scores()
		} else if !slices.Equal(first, m.Scores()) {
			t.Errorf("%d workers: scores differ from 1 worker's", w)
		}
	}
	m := with(func(m *CNAFS) { m.Seed, m.MaxIter = 10, 20 })
	if err := m.Fit(X, nil); err != nil {
		t.Fatal(err)
	}
	if slices.Equal(first, m.Scores()) {
		t.Error("seeds 9 and 10 give the same scores")
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if err := New().FitContext(ctx, X, nil); err == nil {
		t.Error("a canceled context did not stop the fit")
	}
}

// TestStops checks the two stopping rules: max_iter caps the iterations, and
// a tolerance of 1 or more stops after the first (CNAFS.m's diff starts at
// 1 and is first updated after the second).
func TestStops(t *testing.T) {
	X := nonNegClusters(5)
	m := with(func(m *CNAFS) { m.MaxIter = 3 })
	if err := m.Fit(X, nil); err != nil {
		t.Fatal(err)
	}
	if r := m.Report(); r["iterations"] != 3 || r["converged"] != false {
		t.Errorf("max_iter 3: %v iterations, converged %v", r["iterations"], r["converged"])
	}
	m = with(func(m *CNAFS) { m.Tol = math.MaxFloat64 })
	if err := m.Fit(X, nil); err != nil {
		t.Fatal(err)
	}
	if r := m.Report(); r["iterations"] != 1 || r["converged"] != true {
		t.Errorf("tol huge: %v iterations, converged %v", r["iterations"], r["converged"])
	}
}

func TestErrors(t *testing.T) {
	X := nonNegClusters(1)
	small := mat.NewDense(4, 3, []float64{1, 2, 3, 4, 5, 6, 7, 8, 9, 1, 3, 2})
	for _, tc := range []struct {
		name string
		m    *CNAFS
		X    *mat.Dense
		want string
	}{
		{"alpha 0", with(func(m *CNAFS) { m.Alpha = 0 }), X, "alpha"},
		{"negative gamma", with(func(m *CNAFS) { m.Gamma = -1 }), X, "gamma"},
		{"no clusters", with(func(m *CNAFS) { m.NClusters = 0 }), X, "n_clusters"},
		{"more clusters than samples", New(), small, "exceeds the 4 samples"},
		{"nmf_k 0", with(func(m *CNAFS) { m.NMFK = 0 }), X, "nmf_k"},
		{"max_iter 0", with(func(m *CNAFS) { m.MaxIter = 0 }), X, "max_iter"},
		{"k too large", with(func(m *CNAFS) { m.K = 21 }), X, "k = 21"},
	} {
		err := tc.m.Fit(tc.X, nil)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: error %v, want one containing %q", tc.name, err, tc.want)
		}
	}
	memory.Limit = 1 << 16
	err := New().Fit(X, nil)
	memory.Limit = 0
	if err == nil || !strings.Contains(err.Error(), "memory") {
		t.Errorf("64 KiB of memory: error %v, want a memory refusal", err)
	}
}
