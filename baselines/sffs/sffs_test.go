package sffs

import (
	"context"
	"errors"
	"math"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"gonum.org/v1/gonum/mat"

	"github.com/gsbench/gsbench/baselines/uffs"
	"github.com/gsbench/gsbench/internal/memory"
)

// randomData draws n x d data whose label depends on the first features
// through products, with c classes; kind "binary" gives +-1 features (many
// exact ties between subsets), "normal" Gaussian ones.
func randomData(seed uint64, n, d, c int, kind string) (*mat.Dense, []int) {
	r := rand.New(rand.NewPCG(seed, 1))
	X := mat.NewDense(n, d, nil)
	y := make([]int, n)
	for i := range n {
		for j := range d {
			v := r.NormFloat64()
			if kind == "binary" {
				v = float64(2*r.IntN(2) - 1)
			}
			X.Set(i, j, v+float64(j%3)) // non-zero means
		}
		s := X.At(i, 0) + X.At(i, 1)*X.At(i, 2) + 0.5*r.NormFloat64()
		y[i] = int(math.Floor(math.Abs(s))) % c
	}
	return X, y
}

func TestAgainstOracle(t *testing.T) {
	for _, tc := range []struct {
		name       string
		n, d, c    int
		kind       string
		depth, k   int
		constantAt int // column made constant; -1 none
	}{
		{"binary t=1", 60, 7, 2, "normal", 1, 0, -1},
		{"binary t=2", 60, 7, 2, "normal", 2, 0, -1},
		{"binary t=3 k=4", 60, 8, 2, "normal", 3, 4, -1},
		{"binary t=4", 40, 6, 2, "normal", 4, 0, -1},
		{"3 classes t=2", 80, 9, 3, "normal", 2, 0, -1},
		{"5 classes t=3", 90, 8, 5, "normal", 3, 5, -1},
		{"+-1 features t=2", 50, 8, 2, "binary", 2, 0, -1},
		{"+-1 features t=3", 50, 7, 3, "binary", 3, 0, -1},
		{"constant column", 50, 6, 2, "normal", 2, 0, 2},
		{"depth > d", 30, 3, 2, "normal", 5, 0, -1},
		{"many rows per block", 70, 150, 2, "normal", 2, 40, -1},
	} {
		X, y := randomData(uint64(len(tc.name)), tc.n, tc.d, tc.c, tc.kind)
		if tc.constantAt >= 0 {
			for i := range tc.n {
				X.Set(i, tc.constantAt, 3)
			}
		}
		want, wantScores := oracleDepth(X, y, tc.depth, tc.k)
		for _, workers := range []int{1, 3} {
			m := New()
			m.Depth, m.K, m.Workers = tc.depth, tc.k, workers
			if err := m.Fit(X, y); err != nil {
				t.Fatalf("%s: %v", tc.name, err)
			}
			if !slices.Equal(m.Selected(), want) {
				t.Errorf("%s, %d workers: selected %v, want %v", tc.name, workers, m.Selected(), want)
			}
			for j, s := range m.Scores() {
				if math.Abs(s-wantScores[j]) > 1e-12*math.Max(1, wantScores[j]) {
					t.Errorf("%s: score[%d] = %v, want %v", tc.name, j, s, wantScores[j])
				}
			}
		}
	}
}

func TestGreedyAgainstOracle(t *testing.T) {
	for _, tc := range []struct {
		name       string
		n, d, c, k int
		kind       string
	}{
		{"binary", 60, 7, 2, 5, "normal"},
		{"4 classes", 70, 8, 4, 6, "normal"},
		{"+-1 features", 50, 9, 2, 6, "binary"},
		{"all features", 40, 6, 3, 0, "normal"},
	} {
		X, y := randomData(uint64(len(tc.name))+7, tc.n, tc.d, tc.c, tc.kind)
		k := tc.k
		if k == 0 {
			k = tc.d
		}
		want, path := oracleGreedy(X, y, k)
		for _, workers := range []int{1, 2} {
			m := New()
			m.Search, m.K, m.Workers = Greedy, tc.k, workers
			if err := m.Fit(X, y); err != nil {
				t.Fatal(err)
			}
			if !slices.Equal(m.Selected(), want) {
				t.Errorf("%s: selected %v, want %v", tc.name, m.Selected(), want)
			}
			got := m.Report()["measure"].([]float64)
			for i := range path {
				if math.Abs(got[i]-path[i]) > 1e-10*path[i] {
					t.Errorf("%s: measure after step %d = %v, want %v", tc.name, i+1, got[i], path[i])
				}
			}
			if m.Scores() != nil {
				t.Errorf("%s: greedy scores %v, want nil", tc.name, m.Scores())
			}
		}
	}
}

// The measure does not depend on how the classes are numbered, and for two
// classes it is the paper's with labels +-1 whichever class is +1.
func TestLabelInvariance(t *testing.T) {
	X, y := randomData(5, 80, 8, 3, "normal")
	fit := func(y []int) ([]int, []float64) {
		m := New()
		m.Depth = 3
		if err := m.Fit(X, y); err != nil {
			t.Fatal(err)
		}
		return m.Selected(), m.Scores()
	}
	sel, sc := fit(y)
	relabelled := make([]int, len(y))
	for i, v := range y {
		relabelled[i] = []int{4, 0, 2}[v] // classes renumbered, one label unused
	}
	sel2, sc2 := fit(relabelled)
	if !slices.Equal(sel, sel2) {
		t.Errorf("renumbered classes: %v, want %v", sel2, sel)
	}
	for j := range sc {
		if math.Abs(sc[j]-sc2[j]) > 1e-12*sc[j] {
			t.Errorf("renumbered classes: score[%d] %v, want %v", j, sc2[j], sc[j])
		}
	}
	// Binary: the +-1 label's M(J) = sum_S f_S^2.
	yb := make([]int, len(y))
	for i, v := range y {
		yb[i] = min(v, 1)
	}
	m := New()
	m.Depth = 1
	if err := m.Fit(X, yb); err != nil {
		t.Fatal(err)
	}
	z, _ := oracleZ(X, yb)
	for j := range 8 {
		var f float64
		for i, v := range yb {
			f += float64(2*v-1) * z[j][i]
		}
		f /= float64(len(yb))
		if got := m.Scores()[j]; math.Abs(got-f*f) > 1e-13 {
			t.Errorf("binary t=1: score[%d] = %v, want f_j^2 = %v", j, got, f*f)
		}
	}
}

func TestDoesNotModifyX(t *testing.T) {
	X, y := randomData(3, 40, 6, 2, "normal")
	orig := mat.DenseCopyOf(X)
	for _, s := range []Search{Depth, Greedy} {
		m := New()
		m.Search, m.K = s, 3
		if err := m.Fit(X, y); err != nil {
			t.Fatal(err)
		}
		if !mat.Equal(X, orig) {
			t.Fatalf("%s: Fit modified X", s)
		}
	}
}

func TestErrors(t *testing.T) {
	X, y := randomData(3, 30, 5, 2, "normal")
	nan := mat.DenseCopyOf(X)
	nan.Set(2, 3, math.NaN())
	for _, tc := range []struct {
		name string
		set  func(*SFFS)
		X    *mat.Dense
		y    []int
		want string
	}{
		{"nil y", nil, X, nil, "supervised"},
		{"one class", nil, X, make([]int, 30), "at least two"},
		{"short y", nil, X, y[:10], "10 labels for 30 rows"},
		{"negative label", nil, X, append([]int{-1}, y[1:]...), "labels must be 0..c-1"},
		{"k > d", func(m *SFFS) { m.K = 6 }, X, y, "k = 6 features to select, but the data has 5"},
		{"negative k", func(m *SFFS) { m.K = -1 }, X, y, "k = -1"},
		{"depth 0", func(m *SFFS) { m.Depth = 0 }, X, y, "depth = 0"},
		{"unknown search", func(m *SFFS) { m.Search = "exhaustive" }, X, y, "use depth or greedy"},
		{"NaN", nil, nan, y, "NaN"},
		{"empty", nil, &mat.Dense{}, nil, "empty"},
		{"one row", nil, mat.NewDense(1, 3, []float64{1, 2, 3}), []int{0}, "at least two"},
		{"prefilter lengths", func(m *SFFS) { m.Prefilter, m.PrefilterDepth = true, 2 }, X, y, "one value per UFFS round"},
		{"prefilter threshold", func(m *SFFS) { m.Prefilter, m.PrefilterThresholds[1] = true, 1.5 }, X, y, "prefilter_thresholds[1]"},
		{"prefilter eps", func(m *SFFS) { m.Prefilter, m.PrefilterEps[0] = true, 0 }, X, y, "prefilter_eps[0]"},
		{"prefilter cluster", func(m *SFFS) { m.Prefilter, m.PrefilterClusterSizes[2] = true, -1 }, X, y, "prefilter_cluster_sizes[2]"},
		{"prefilter keeps too few", func(m *SFFS) { m.Prefilter, m.K, m.PrefilterThresholds = true, 5, []float64{0.3, 0.3, 0.3} }, X, y, "pre-filter kept only"},
	} {
		m := New()
		if tc.set != nil {
			tc.set(m)
		}
		err := m.Fit(tc.X, tc.y)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: error %v, want one containing %q", tc.name, err, tc.want)
		}
	}
}

// A depth whose subsets do not fit in memory is refused before anything is
// allocated, with the predicted size.
func TestMemoryRefused(t *testing.T) {
	defer func(old int64) { memory.Limit = old }(memory.Limit)
	memory.Limit = 32 << 20
	X, y := randomData(3, 20, 300, 2, "normal")
	m := New()
	m.Depth = 3 // C(300, 3) = 4.5 million subsets: about 54 MB
	err := m.Fit(X, y)
	if err == nil || !strings.Contains(err.Error(), "the 4500250 subsets of at most 3 of 300 features would need about 52.8 MiB") ||
		!strings.Contains(err.Error(), "but only 32.0 MiB is available") || !strings.Contains(err.Error(), "lower the depth") {
		t.Fatalf("error %v, want the predicted size", err)
	}
	// More subsets than int32 ids (sum_{s <= t} C(300, s), Python's
	// math.comb): 1.16e50 at depth 40, beyond 8 EiB.
	m.Depth = 40
	if err := m.Fit(X, y); err == nil || !strings.Contains(err.Error(), "the 1.16e+50 subsets of at most 40 of 300 features would need more than 8 EiB") ||
		!strings.Contains(err.Error(), "lower the depth") {
		t.Errorf("depth 40: error %v", err)
	}
	m.Depth = 5 // 1.99e10 subsets of 20 bytes: 371.0 GiB
	if err := m.Fit(X, y); err == nil || !strings.Contains(err.Error(), "the 1.99e+10 subsets of at most 5 of 300 features would need about 371.0 GiB") {
		t.Errorf("depth 5: error %v", err)
	}
	m.Depth, m.Search = 2, Greedy
	memory.Limit = 1 << 10
	if err := m.Fit(X, y); err == nil || !strings.Contains(err.Error(), "greedy search") {
		t.Errorf("greedy: error %v", err)
	}
}

func TestCancel(t *testing.T) {
	X, y := randomData(3, 40, 30, 2, "normal")
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	for _, s := range []Search{Depth, Greedy} {
		m := New()
		m.Search, m.K = s, 3
		if err := m.FitContext(ctx, X, y); !errors.Is(err, context.Canceled) {
			t.Errorf("%s: error %v, want context.Canceled", s, err)
		}
	}
}

func TestReport(t *testing.T) {
	X, y := randomData(3, 40, 10, 3, "normal")
	for i := range 40 {
		X.Set(i, 4, 1)
	}
	m := New()
	m.K = 3
	if err := m.Fit(X, y); err != nil {
		t.Fatal(err)
	}
	r := m.Report()
	// 9 searched features at depth 2: 9 + 36 subsets.
	if r["subsets"] != 45 || r["depth"] != 2 || r["classes"] != 3 || r["features_searched"] != 9 ||
		!slices.Equal(r["constant_columns"].([]int), []int{4}) || r["subsets_used"].(int) < 2 {
		t.Errorf("report %v", r)
	}
	// Constant columns come last when every feature is ranked.
	m.K = 0
	if err := m.Fit(X, y); err != nil {
		t.Fatal(err)
	}
	if sel := m.Selected(); len(sel) != 10 || sel[9] != 4 || m.Scores()[4] != 0 {
		t.Errorf("selected %v, scores %v", sel, m.Scores())
	}
}

// The same bytes whatever the number of goroutines (and OpenBLAS threads).
func TestWorkersSameBytes(t *testing.T) {
	X, y := randomData(9, 300, 140, 4, "normal")
	var ref []float64
	var refSel []int
	for _, w := range []int{1, 2, 5} {
		m := New()
		m.Depth, m.Workers = 3, w
		if err := m.Fit(X, y); err != nil {
			t.Fatal(err)
		}
		if ref == nil {
			ref, refSel = m.Scores(), m.Selected()
			continue
		}
		if !slices.Equal(m.Scores(), ref) || !slices.Equal(m.Selected(), refSel) {
			t.Errorf("%d workers: scores or selection differ from 1 worker", w)
		}
	}
}

func TestGreedyWorkersSameBytes(t *testing.T) {
	X, y := randomData(9, 300, 70, 3, "normal")
	var ref []float64
	for _, w := range []int{1, 2, 4} {
		m := New()
		m.Search, m.K, m.Workers = Greedy, 6, w
		if err := m.Fit(X, y); err != nil {
			t.Fatal(err)
		}
		got := m.Report()["measure"].([]float64)
		if ref == nil {
			ref = got
		} else if !slices.Equal(got, ref) {
			t.Errorf("%d workers: measures %v, 1 worker %v", w, got, ref)
		}
	}
}

// The pre-filter's feature order: with fewer samples than features the
// column order keeps the first columns; prefilter_order random keeps what
// UFFS keeps in the random order drawn from prefilter_seed (the same seed,
// the same features), and an unknown order is an error.
func TestPrefilterOrder(t *testing.T) {
	X, y := randomData(5, 20, 60, 2, "normal")
	kept := func(order uffs.Order, seed uint64) []int {
		m := New()
		m.Depth, m.Prefilter, m.PrefilterOrder, m.PrefilterSeed = 1, true, order, seed
		m.PrefilterDepth, m.PrefilterClusterSizes, m.PrefilterThresholds, m.PrefilterEps = 1, []int{0}, []float64{0.9}, []float64{0.001}
		if err := m.Fit(X, y); err != nil {
			t.Fatal(err)
		}
		return slices.Sorted(slices.Values(m.Selected()))
	}
	given, random := kept(uffs.Given, 0), kept(uffs.Random, 7)
	if len(given) == 0 || given[len(given)-1] >= 20 {
		t.Errorf("given order kept %v: want the first columns (20 samples)", given)
	}
	u := uffs.New()
	u.Depth, u.Sequential, u.Mode, u.Ranking, u.Order, u.Seed = 1, true, uffs.Cumulative, uffs.PerGroup, uffs.Random, 7
	u.ClusterSize, u.SelectionThreshold, u.Eps = []int{0}, []float64{0.9}, []float64{0.001}
	if err := u.Fit(X, nil); err != nil {
		t.Fatal(err)
	}
	if want := slices.Sorted(slices.Values(u.Selected())); !slices.Equal(random, want) || slices.Equal(random, given) {
		t.Errorf("random order kept %v; UFFS in that order keeps %v (the given order %v)", random, want, given)
	}
	if again := kept(uffs.Random, 7); !slices.Equal(again, random) {
		t.Errorf("same seed: %v, then %v", random, again)
	}
	m := New()
	m.Prefilter, m.PrefilterOrder = true, "shuffled"
	if err := m.Fit(X, y); err == nil || !strings.Contains(err.Error(), `prefilter_order "shuffled": use given or random`) {
		t.Errorf("unknown order: error %v", err)
	}
}
