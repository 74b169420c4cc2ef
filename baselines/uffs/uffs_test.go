package uffs

import (
	"cmp"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"gonum.org/v1/gonum/mat"

	"github.com/gsbench/gsbench/algorithms"
	"github.com/gsbench/gsbench/datasets"
)

// algorithm1 is UFFS Algorithm 1 written out literally, as a reference for
// the blocked implementation: standardize with ddof, list the subsets of
// size <= t in the order of Eq. (1) by recursion on the paper's rule, form B
// entry by entry and run lines 4-11 row by row on the full L x L matrix A.
// It returns norm({j}) for every column of X.
func algorithm1(X *mat.Dense, t int, eps float64, ddof int) []float64 {
	n, d := X.Dims()
	z := make([][]float64, d)
	for j := range z {
		col := mat.Col(nil, j, X)
		var mean, ss float64
		for _, v := range col {
			mean += v
		}
		mean /= float64(n)
		for _, v := range col {
			ss += (v - mean) * (v - mean)
		}
		sd := math.Sqrt(ss / float64(n-ddof))
		for i := range col {
			col[i] = (col[i] - mean) / sd
		}
		z[j] = col
	}
	// Eq. (1): the subsets of {0..i} are those of {0..i-1} followed by each
	// of them with i added.
	subsets := [][]int{{}}
	single := make([]int, d)
	for i := 0; i < d; i++ {
		for _, s := range slices.Clone(subsets) {
			if len(s) < t {
				if len(s) == 0 {
					single[i] = len(subsets)
				}
				subsets = append(subsets, append(slices.Clone(s), i))
			}
		}
	}
	L := len(subsets)
	phi := make([][]float64, L)
	for c, s := range subsets {
		phi[c] = make([]float64, n)
		for i := range phi[c] {
			phi[c][i] = 1
			for _, u := range s {
				phi[c][i] *= z[u][i]
			}
		}
	}
	B := make([][]float64, L)
	A := make([][]float64, L)
	for a := range B {
		B[a] = make([]float64, L)
		for b := range B[a] {
			for i := 0; i < n; i++ {
				B[a][b] += phi[a][i] * phi[b][i]
			}
			B[a][b] /= float64(n)
		}
		A[a] = slices.Clone(B[a])
	}
	norm := make([]float64, L)
	for j := 0; j < L; j++ {
		for l := 0; l < j; l++ { // line 6
			alj := A[l][j]
			for i := range A[j] {
				A[j][i] -= alj * A[l][i]
			}
		}
		s := B[j][j]
		for r := 0; r < j; r++ {
			s -= A[r][j] * A[r][j]
		}
		norm[j] = math.Sqrt(math.Max(0, s)) // line 7
		if norm[j] <= eps {                 // lines 8-9
			clear(A[j])
		} else { // line 11
			for i := range A[j] {
				A[j][i] /= norm[j]
			}
		}
	}
	out := make([]float64, d)
	for j := range out {
		out[j] = norm[single[j]]
	}
	return out
}

// redundantData returns n samples of nIndep independent N(0, v_i) features
// followed by products and linear combinations of them, and a few exact
// duplicates, in a seeded random column order.
func redundantData(n, nIndep, nProd, nLin int, seed uint64) *mat.Dense {
	rng := rand.New(rand.NewPCG(seed, 1))
	d := nIndep + nProd + nLin
	cols := make([][]float64, 0, d)
	for j := 0; j < nIndep; j++ {
		s := 0.5 + rng.Float64()
		c := make([]float64, n)
		for i := range c {
			c[i] = 1 + s*rng.NormFloat64()
		}
		cols = append(cols, c)
	}
	for j := 0; j < nProd; j++ {
		a, b := rng.IntN(nIndep), rng.IntN(nIndep)
		c := make([]float64, n)
		for i := range c {
			c[i] = cols[a][i] * cols[b][i]
		}
		cols = append(cols, c)
	}
	for j := 0; j < nLin; j++ {
		c := make([]float64, n)
		for k := 0; k < 3; k++ {
			w, src := rng.Float64(), cols[rng.IntN(nIndep)]
			for i := range c {
				c[i] += w * src[i]
			}
		}
		cols = append(cols, c)
	}
	perm := rng.Perm(d)
	X := mat.NewDense(n, d, nil)
	for j, p := range perm {
		X.SetCol(j, cols[p])
	}
	return X
}

func TestCharactersEq1Order(t *testing.T) {
	// UFFS Eq. (1), with features numbered from 0.
	ch, err := newCharacters(4, 3)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for c := 0; c < ch.len(); c++ {
		got = append(got, fmt.Sprint(ch.subset(c)))
	}
	want := "[] [0] [1] [0 1] [2] [0 2] [1 2] [0 1 2] [3] [0 3] [1 3] [0 1 3] [2 3] [0 2 3] [1 2 3]"
	if strings.Join(got, " ") != want {
		t.Errorf("order:\n got %s\nwant %s", strings.Join(got, " "), want)
	}
	if !slices.Equal(ch.singleton, []int{1, 2, 4, 8}) {
		t.Errorf("singleton positions %v", ch.singleton)
	}
	for _, tc := range []struct{ m, t, want int }{
		{30, 3, 4526}, // the count for Table XII: 1 + 30 + 435 + 4060
		{30, 1, 31},
		{50, 2, 1276},
		{3, 5, 8},
		{1000, 3, 166667501},
	} {
		if got := countCharacters(tc.m, tc.t, 1<<62); got != tc.want {
			t.Errorf("countCharacters(%d, %d) = %d, want %d", tc.m, tc.t, got, tc.want)
		}
	}
	if countCharacters(1000, 3, MaxCharacters) != -1 {
		t.Error("the limit is not enforced")
	}
}

// TestMatchesAlgorithm1 compares the blocked pass with the literal
// Algorithm 1, on both ways of obtaining B (stored when there are fewer
// characters than samples, evaluated lazily otherwise) and through the
// sample limit.
func TestMatchesAlgorithm1(t *testing.T) {
	for _, tc := range []struct {
		name                string
		n, indep, prod, lin int
		depth               int
		eps                 float64
		ddof                int
		tol                 float64
	}{
		{"depth1 stored", 300, 6, 3, 3, 1, 1e-3, 1, 1e-10},
		{"depth2 stored", 400, 6, 3, 3, 2, 1e-3, 1, 1e-9},
		{"depth3 stored", 500, 5, 3, 2, 3, 0.1, 0, 1e-9},
		{"depth2 lazy", 60, 6, 3, 3, 2, 1e-3, 1, 1e-7},
		{"depth3 lazy sample limit", 80, 6, 4, 2, 3, 0.05, 1, 1e-6},
		{"depth3 big eps", 200, 6, 3, 3, 3, 0.5, 1, 1e-9},
	} {
		t.Run(tc.name, func(t *testing.T) {
			X := redundantData(tc.n, tc.indep, tc.prod, tc.lin, 7)
			want := algorithm1(X, tc.depth, tc.eps, tc.ddof)
			u := &UFFS{Rounds: []Round{{Depth: tc.depth, Eps: tc.eps}}, PopulationStd: tc.ddof == 0}
			if err := u.Fit(X, nil); err != nil {
				t.Fatal(err)
			}
			got := u.Scores()
			for j := range want {
				// Beyond the sample limit the literal algorithm computes
				// rounding noise (<= eps, zeroed); the blocked pass exact zeros.
				if math.Abs(got[j]-want[j]) > tc.tol && !(got[j] == 0 && want[j] <= 1e-6) {
					t.Errorf("norm({%d}) = %.12g, Algorithm 1 gives %.12g", j, got[j], want[j])
				}
			}
			rep := u.RoundReports()[0]
			if strings.Contains(tc.name, "sample limit") && rep.SampleLimit != 1 {
				t.Errorf("expected the pass to reach the sample limit: %+v", rep)
			}
		})
	}
}

// TestCorollary4 checks journal Appendix C, Corollary 4: UFFS at depth t, run
// with GFS's selection order as its feature order, gives squared measures
// equal to GFS's trace (max sigma_j at each step) with the multilinear:t
// family, on the same standardized matrix.
func TestCorollary4(t *testing.T) {
	for _, tc := range []struct {
		name string
		X    *mat.Dense
		t    int
	}{
		{"independent t=2", redundantData(400, 8, 0, 0, 3), 2},
		{"independent t=3", redundantData(500, 8, 0, 0, 4), 3},
		{"redundant t=2", redundantData(600, 6, 4, 2, 5), 2},
		{"redundant t=3", redundantData(800, 6, 3, 2, 6), 3},
	} {
		t.Run(tc.name, func(t *testing.T) {
			// Standardize with ddof 1 (UFFS's own standardization then
			// leaves the matrix as it is).
			X := ddof1Standardized(tc.X)
			_, d := X.Dims()
			g := &algorithms.GFS{Family: algorithms.Multilinear(tc.t), K: d}
			if err := g.Fit(X, nil); err != nil {
				t.Fatal(err)
			}
			sel, trace := g.Selected(), g.Trace()
			// Complete GFS's order with the features it did not select (their
			// residual variance is numerically zero).
			order := slices.Clone(sel)
			for j := 0; j < d; j++ {
				if !slices.Contains(order, j) {
					order = append(order, j)
				}
			}
			u := &UFFS{Rounds: []Round{{Depth: tc.t, Eps: 1e-5}}, Order: order}
			if err := u.Fit(X, nil); err != nil {
				t.Fatal(err)
			}
			s := u.Scores()
			for i, j := range sel {
				if diff := math.Abs(s[j]*s[j] - trace[i]); diff > 1e-8 {
					t.Errorf("step %d (feature %d): UFFS norm^2 %.12g, GFS trace %.12g (diff %.2g)", i, j, s[j]*s[j], trace[i], diff)
				}
			}
			for _, j := range order[len(sel):] {
				if s[j] > 1e-5 {
					t.Errorf("feature %d, not selected by GFS, has UFFS norm %g", j, s[j])
				}
			}
		})
	}
}

func ddof1Standardized(X *mat.Dense) *mat.Dense {
	n, d := X.Dims()
	out := mat.NewDense(n, d, nil)
	for j := 0; j < d; j++ {
		col := mat.Col(nil, j, X)
		var mean, ss float64
		for _, v := range col {
			mean += v
		}
		mean /= float64(n)
		for _, v := range col {
			ss += (v - mean) * (v - mean)
		}
		sd := math.Sqrt(ss / float64(n-1))
		for i, v := range col {
			col[i] = (v - mean) / sd
		}
		out.SetCol(j, col)
	}
	return out
}

// TestPaperExample1 reproduces UFFS Example 1 (population values, checked on
// a large sample): with X3 = X1 X2 the third feature is redundant at depth
// 2, and with X3 = sign(X1 X2) it is not, psi~_3 = x3 - (2/pi) x1 x2 having
// norm sqrt(1 - 4/pi^2).
func TestPaperExample1(t *testing.T) {
	const n = 20000
	rng := rand.New(rand.NewPCG(11, 1))
	prod := mat.NewDense(n, 3, nil)
	sign := mat.NewDense(n, 3, nil)
	for i := 0; i < n; i++ {
		x1, x2 := rng.NormFloat64(), rng.NormFloat64()
		prod.SetRow(i, []float64{x1, x2, x1 * x2})
		sign.SetRow(i, []float64{x1, x2, math.Copysign(1, x1*x2)})
	}
	for _, tc := range []struct {
		name  string
		X     *mat.Dense
		depth int
		want  float64
		tol   float64
	}{
		{"x1x2 depth 2", prod, 2, 0, 1e-6},
		{"x1x2 depth 1", prod, 1, 1, 0.03}, // uncorrelated with x1 and x2
		{"sign depth 2", sign, 2, math.Sqrt(1 - 4/(math.Pi*math.Pi)), 0.03},
		{"sign depth 1", sign, 1, 1, 0.03},
	} {
		u := &UFFS{Rounds: []Round{{Depth: tc.depth, Eps: 1e-3}}}
		if err := u.Fit(tc.X, nil); err != nil {
			t.Fatal(err)
		}
		s := u.Scores()
		if math.Abs(s[2]-tc.want) > tc.tol {
			t.Errorf("%s: norm({3}) = %.4f, want %.4f", tc.name, s[2], tc.want)
		}
		for j := 0; j < 2; j++ {
			if math.Abs(s[j]-1) > 0.01 {
				t.Errorf("%s: independent feature %d has norm %.4f, want about 1", tc.name, j, s[j])
			}
		}
		wantSel := []int{0, 1, 2}
		if tc.want < 1e-3 {
			wantSel = []int{0, 1}
		}
		if got := slices.Sorted(slices.Values(u.Selected())); !slices.Equal(got, wantSel) {
			t.Errorf("%s: selected %v, want %v", tc.name, got, wantSel)
		}
	}
}

// TestOrderSensitivity reproduces the journal's Sec. VIII-F2 observation on
// its Table XII data: with the 15 independent features first, UFFS (one
// depth-3 round, eps^2 = 0.01) selects exactly them.
func TestOrderSensitivity(t *testing.T) {
	ds, err := datasets.Generate("journal-gfs-uffs", nil, 1)
	if err != nil {
		t.Fatal(err)
	}
	tr := ds.Truth
	order := append(slices.Clone(tr.NonRedundant), tr.Redundant...)
	for _, prep := range []string{"raw"} { // UFFS standardizes: the raw data suffices
		X := ds.X
		u := &UFFS{Rounds: Schedule(3, false, 0.1), Order: order}
		if err := u.Fit(X, nil); err != nil {
			t.Fatal(err)
		}
		got := slices.Sorted(slices.Values(u.Selected()))
		want := slices.Sorted(slices.Values(tr.NonRedundant))
		if !slices.Equal(got, want) {
			t.Errorf("%s: independent features first: selected %v, want %v", prep, got, want)
		}
	}
}

func TestCumulativeRule(t *testing.T) {
	// Squared norms 0.5, 0.25, 0.125, 0.125 (shares 0.5, 0.75, 0.875, 1).
	scores := []float64{math.Sqrt(0.125), math.Sqrt(0.5), math.Sqrt(0.125), 0.5}
	ranked := []int{1, 3, 0, 2}
	for _, tc := range []struct {
		thr  float64
		want int
	}{
		{0.4, 0}, {0.5, 0}, {0.6, 1}, {0.75, 1}, {0.8, 2}, {0.9, 3}, {0.999, 3}, {1, 3},
	} {
		if got := cumulativeCount(ranked, scores, tc.thr); got != tc.want {
			t.Errorf("threshold %g: %d features, want %d", tc.thr, got, tc.want)
		}
	}
	if cumulativeCount([]int{0, 1}, []float64{0, 0}, 0.9) != 0 {
		t.Error("an all-zero group must select nothing")
	}
}

func TestPartition(t *testing.T) {
	feats := []int{9, 8, 7, 6, 5, 4, 3, 2, 1, 0}
	for _, tc := range []struct {
		m     int
		part  Partition
		sizes []int
	}{
		{0, Contiguous, []int{10}},
		{-1, Contiguous, []int{10}},
		{10, Contiguous, []int{10}},
		{31, Contiguous, []int{10}},
		{4, Contiguous, []int{3, 3, 4}}, // numpy linspace(0, 10, 4).astype(int): 0, 3, 6, 10
		{3, Contiguous, []int{2, 3, 2, 3}},
		{4, RandomPartition, []int{3, 3, 4}},
	} {
		u := &UFFS{Partition: tc.part}
		groups := u.partition(feats, tc.m, rand.New(rand.NewPCG(1, 2)))
		var sizes []int
		var all []int
		for _, g := range groups {
			sizes = append(sizes, len(g))
			all = append(all, g...)
			// relative order kept inside a group
			if !slices.IsSortedFunc(g, func(a, b int) int { return b - a }) {
				t.Errorf("m=%d %s: group %v lost the feature order", tc.m, tc.part, g)
			}
		}
		if !slices.Equal(sizes, tc.sizes) {
			t.Errorf("m=%d %s: sizes %v, want %v", tc.m, tc.part, sizes, tc.sizes)
		}
		if tc.part == Contiguous && !slices.Equal(all, feats) {
			t.Errorf("m=%d: contiguous groups %v are not blocks of %v", tc.m, groups, feats)
		}
		slices.Sort(all)
		if !slices.Equal(all, []int{0, 1, 2, 3, 4, 5, 6, 7, 8, 9}) {
			t.Errorf("m=%d %s: groups %v do not partition the features", tc.m, tc.part, groups)
		}
	}
}

func TestModes(t *testing.T) {
	X := redundantData(500, 6, 4, 3, 9)
	_, d := X.Dims()
	one := &UFFS{Rounds: Schedule(2, false, 0.1)}
	if err := one.Fit(X, nil); err != nil {
		t.Fatal(err)
	}
	scores := one.Scores()
	ranked := make([]int, d)
	for j := range ranked {
		ranked[j] = j
	}
	slices.SortStableFunc(ranked, func(a, b int) int { // decreasing; no near-ties in this data
		return cmp.Compare(scores[b], scores[a])
	})
	var above []int
	for _, j := range ranked {
		if scores[j] > 0.1 {
			above = append(above, j)
		}
	}
	if !slices.Equal(one.Selected(), above) {
		t.Errorf("threshold: selected %v, want the features with norm > eps by decreasing norm %v", one.Selected(), above)
	}
	for _, k := range []int{1, 4, d} {
		u := &UFFS{Rounds: Schedule(2, false, 0.1), K: k}
		if err := u.Fit(X, nil); err != nil {
			t.Fatal(err)
		}
		if !slices.Equal(u.Selected(), ranked[:k]) {
			t.Errorf("top-%d: selected %v, want %v", k, u.Selected(), ranked[:k])
		}
	}
	c := &UFFS{Rounds: []Round{{Depth: 2, Eps: 0.1, SelectionThreshold: 0.9}}, Mode: Cumulative}
	if err := c.Fit(X, nil); err != nil {
		t.Fatal(err)
	}
	if want := ranked[:cumulativeCount(ranked, scores, 0.9)]; !slices.Equal(c.Selected(), want) {
		t.Errorf("cumulative: selected %v, want %v", c.Selected(), want)
	}
}

// TestSequential runs the authors' schedule (depths 1, 2, 3; README values)
// and checks that each round works on the previous round's survivors.
func TestSequential(t *testing.T) {
	ds, err := datasets.Generate("uffs-s1", nil, 3)
	if err != nil {
		t.Fatal(err)
	}
	rounds := Schedule(3, true, 0)
	for i, eps := range []float64{1e-3, 1e-3, 1e-4} {
		rounds[i].Eps = eps
	}
	rounds[1].ClusterSize, rounds[2].ClusterSize = 50, 31
	u := &UFFS{Rounds: rounds, Mode: Cumulative}
	if err := u.Fit(ds.X, nil); err != nil {
		t.Fatal(err)
	}
	reps := u.RoundReports()
	for i := 1; i < len(reps); i++ {
		if reps[i].Features != reps[i-1].Selected {
			t.Errorf("round %d starts with %d features, round %d selected %d", i+1, reps[i].Features, i, reps[i-1].Selected)
		}
	}
	if len(u.Selected()) != reps[2].Selected || reps[0].Features != 30 {
		t.Errorf("rounds %+v, selected %d", reps, len(u.Selected()))
	}
	// UFFS Table II reports 11 non-redundant features on S1 (10 informative).
	t.Logf("S1: selected %d features (UFFS Table II: 11): %+v", len(u.Selected()), reps)
}

func TestDegenerateInputs(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 5))
	base := mat.NewDense(50, 4, nil)
	for i := 0; i < 50; i++ {
		for j := 0; j < 4; j++ {
			base.Set(i, j, rng.NormFloat64())
		}
	}
	withConst := mat.NewDense(50, 5, nil)
	withDup := mat.NewDense(50, 5, nil)
	for i := 0; i < 50; i++ {
		withConst.SetRow(i, append(mat.Row(nil, i, base), 3))
		withDup.SetRow(i, append(mat.Row(nil, i, base), base.At(i, 1)))
	}
	for _, tc := range []struct {
		name   string
		X      *mat.Dense
		u      UFFS
		absent []int // columns that must not be selected
		err    string
	}{
		{"constant column", withConst, UFFS{Rounds: Schedule(2, false, 0.1)}, []int{4}, ""},
		{"duplicate column", withDup, UFFS{Rounds: Schedule(1, false, 0.1)}, []int{4}, ""},
		{"tiny", mat.NewDense(2, 2, []float64{1, 2, 3, 5}), UFFS{Rounds: Schedule(3, false, 0.1)}, []int{1}, ""},
		{"one sample", mat.NewDense(1, 2, []float64{1, 2}), UFFS{Rounds: Schedule(1, false, 0.1)}, nil, "at least 2 samples"},
		{"nan", mat.NewDense(2, 2, []float64{1, math.NaN(), 3, 5}), UFFS{Rounds: Schedule(1, false, 0.1)}, nil, "non-finite"},
		{"no rounds", base, UFFS{}, nil, "no rounds"},
		{"zero eps", base, UFFS{Rounds: Schedule(1, false, 0)}, nil, "eps"},
		{"bad depth", base, UFFS{Rounds: []Round{{Depth: 0, Eps: 0.1}}}, nil, "depth"},
		{"bad mode", base, UFFS{Rounds: Schedule(1, false, 0.1), Mode: "best"}, nil, "unknown mode"},
		{"k too large", base, UFFS{Rounds: Schedule(1, false, 0.1), K: 5}, nil, "only 4"},
		{"k with cumulative", base, UFFS{Rounds: Schedule(1, false, 0.1), K: 2, Mode: Cumulative}, nil, "top-k"},
		{"bad order", base, UFFS{Rounds: Schedule(1, false, 0.1), Order: []int{0, 1, 1, 3}}, nil, "permutation"},
		{"order and shuffle", base, UFFS{Rounds: Schedule(1, false, 0.1), Order: []int{0, 1, 2, 3}, Shuffle: true}, nil, "not both"},
		{"too many characters", mat.NewDense(3, 300, nil), UFFS{Rounds: Schedule(4, false, 0.1)}, nil, "cluster_size"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			before := mat.DenseCopyOf(tc.X)
			u := tc.u
			err := u.Fit(tc.X, nil)
			if !mat.EqualApprox(before, tc.X, 0) && tc.name != "nan" {
				t.Error("Fit modified X")
			}
			if tc.err != "" {
				if err == nil || !strings.Contains(err.Error(), tc.err) {
					t.Fatalf("error %v, want one containing %q", err, tc.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			for _, s := range u.Scores() {
				if math.IsNaN(s) || math.IsInf(s, 0) {
					t.Fatalf("scores %v", u.Scores())
				}
			}
			for _, j := range tc.absent {
				if slices.Contains(u.Selected(), j) {
					t.Errorf("column %d selected: %v (scores %v)", j, u.Selected(), u.Scores())
				}
			}
		})
	}
}

func TestShuffleIsSeeded(t *testing.T) {
	X := redundantData(300, 6, 4, 3, 2)
	run := func(seed uint64) []int {
		u := &UFFS{Rounds: Schedule(2, false, 0.1), Shuffle: true, Seed: seed}
		if err := u.Fit(X, nil); err != nil {
			t.Fatal(err)
		}
		return u.Selected()
	}
	if a, b := run(4), run(4); !slices.Equal(a, b) {
		t.Errorf("same seed, different selections %v and %v", a, b)
	}
}

// Survivors lists the last round's features group by group, each group by
// decreasing measure (the authors' order); Selected holds the same features
// by decreasing measure over all groups.
func TestSurvivors(t *testing.T) {
	ds, err := datasets.Generate("uffs-s1", nil, 3)
	if err != nil {
		t.Fatal(err)
	}
	for _, cluster := range []int{0, 7} {
		u := &UFFS{Rounds: []Round{{Depth: 1, Eps: 1e-3, ClusterSize: cluster, SelectionThreshold: 0.95}}, Mode: Cumulative}
		if err := u.Fit(ds.X, nil); err != nil {
			t.Fatal(err)
		}
		surv, sel, sc := u.Survivors(), u.Selected(), u.Scores()
		if !slices.Equal(slices.Sorted(slices.Values(surv)), slices.Sorted(slices.Values(sel))) {
			t.Fatalf("cluster %d: survivors %v and selected %v differ as sets", cluster, surv, sel)
		}
		all := make([]int, 30)
		for j := range all {
			all[j] = j
		}
		groups := u.partition(all, cluster, nil)
		pos := 0
		for _, g := range groups {
			var kept []int
			for _, j := range surv[pos:] {
				if !slices.Contains(g, j) {
					break
				}
				kept = append(kept, j)
			}
			pos += len(kept)
			if !slices.IsSortedFunc(kept, func(a, b int) int { return cmp.Compare(sc[b], sc[a]) }) {
				t.Errorf("cluster %d: group %v survivors %v not by decreasing measure", cluster, g, kept)
			}
		}
		if pos != len(surv) {
			t.Errorf("cluster %d: survivors %v are not grouped as %v", cluster, surv, groups)
		}
		if same := slices.Equal(surv, sel); same != (cluster == 0) {
			t.Errorf("cluster %d: survivors %v, selected %v", cluster, surv, sel)
		}
	}
}
