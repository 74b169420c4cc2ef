package graph

import (
	"cmp"
	"math"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"gonum.org/v1/gonum/mat"

	"github.com/gsbench/gsbench/internal/testutil"
)

// bruteKNN is the reference: every distance computed directly, sorted by
// (distance, index).
func bruteKNN(ref, qry *mat.Dense, k int, self bool, metric Metric) ([]int, []float64) {
	nq, _ := qry.Dims()
	nr, _ := ref.Dims()
	idx := make([]int, 0, nq*k)
	dist := make([]float64, 0, nq*k)
	for i := 0; i < nq; i++ {
		type cand struct {
			j int
			d float64
		}
		var cs []cand
		for j := 0; j < nr; j++ {
			if self && i == j {
				continue
			}
			cs = append(cs, cand{j, refDist(qry.RawRowView(i), ref.RawRowView(j), metric)})
		}
		slices.SortStableFunc(cs, func(a, b cand) int { return cmp.Compare(a.d, b.d) })
		for _, c := range cs[:k] {
			idx = append(idx, c.j)
			dist = append(dist, c.d)
		}
	}
	return idx, dist
}

func refDist(x, y []float64, metric Metric) float64 {
	if metric == CosineDistance {
		var xy, xx, yy float64
		for c := range x {
			xy += x[c] * y[c]
			xx += x[c] * x[c]
			yy += y[c] * y[c]
		}
		return 1 - xy/(math.Max(1e-12, math.Sqrt(xx))*math.Max(1e-12, math.Sqrt(yy)))
	}
	var s float64
	for c := range x {
		s += (x[c] - y[c]) * (x[c] - y[c])
	}
	return math.Sqrt(s)
}

func TestKNN(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	defer func(r, c int) { tileRows, tileCols = r, c }(tileRows, tileCols)
	tileRows, tileCols = 16, 37
	for _, tc := range []struct {
		name   string
		n, d   int
		k      int
		metric Metric
	}{
		{"small", 10, 3, 3, Euclidean},
		{"one neighbour", 7, 2, 1, Euclidean},
		{"all neighbours", 9, 4, 8, Euclidean},
		{"many partial tiles", 203, 5, 6, Euclidean},
		{"wide", 40, 300, 5, Euclidean},
		{"cosine", 300, 7, 5, CosineDistance},
	} {
		X := testutil.RandNormal(rng, tc.n, tc.d)
		wantIdx, wantDist := bruteKNN(X, X, tc.k, true, tc.metric)
		for _, workers := range []int{1, 3} {
			nb, err := KNN(X, tc.k, KNNOptions{Metric: tc.metric, Workers: workers})
			if err != nil {
				t.Fatalf("%s: %v", tc.name, err)
			}
			if !slices.Equal(nb.Index, wantIdx) {
				t.Errorf("%s (%d workers): neighbours differ from brute force", tc.name, workers)
			}
			for p := range wantDist {
				if math.Abs(nb.Dist[p]-wantDist[p]) > 1e-12*(1+wantDist[p]) {
					t.Fatalf("%s: distance %d = %v, want %v", tc.name, p, nb.Dist[p], wantDist[p])
				}
			}
		}
	}
}

func TestKNNTiesAndDuplicates(t *testing.T) {
	// Points on a line at 0, 1, 2, 3 and a duplicate of 1: ties break by index
	// and duplicates are at distance exactly 0.
	X := mat.NewDense(5, 1, []float64{0, 1, 2, 3, 1})
	nb, err := KNN(X, 2, KNNOptions{})
	if err != nil {
		t.Fatal(err)
	}
	want := [][]int{{1, 4}, {4, 0}, {1, 3}, {2, 1}, {1, 0}}
	for i, w := range want {
		got, dist := nb.Row(i)
		if !slices.Equal(got, w) {
			t.Errorf("row %d: neighbours %v, want %v", i, got, w)
		}
		if i == 1 && dist[0] != 0 {
			t.Errorf("duplicate at distance %v, want exactly 0", dist[0])
		}
	}
	// A far-off offset makes the tiled formula cancel; the kept distances are
	// recomputed exactly.
	Y := mat.NewDense(3, 2, []float64{1e8, 1e8, 1e8 + 1, 1e8, 1e8, 1e8 + 2})
	nb, _ = KNN(Y, 1, KNNOptions{})
	if got, dist := nb.Row(0); got[0] != 1 || dist[0] != 1 {
		t.Errorf("offset points: neighbour %v at %v, want 1 at 1", got, dist)
	}
}

func TestKNNQuery(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	ref := testutil.RandNormal(rng, 500, 6)
	qry := testutil.RandNormal(rng, 70, 6)
	qry.SetRow(0, ref.RawRowView(17)) // a query equal to a reference point
	nb, err := KNNQuery(ref, qry, 4, KNNOptions{})
	if err != nil {
		t.Fatal(err)
	}
	wantIdx, _ := bruteKNN(ref, qry, 4, false, Euclidean)
	if !slices.Equal(nb.Index, wantIdx) {
		t.Error("query neighbours differ from brute force")
	}
	if idx, dist := nb.Row(0); idx[0] != 17 || dist[0] != 0 {
		t.Errorf("query equal to reference row 17: got %d at %v", idx[0], dist[0])
	}
	// Views with a stride larger than their width.
	view := ref.Slice(100, 300, 1, 5).(*mat.Dense)
	nb, err = KNN(view, 3, KNNOptions{})
	if err != nil {
		t.Fatal(err)
	}
	wantIdx, _ = bruteKNN(mat.DenseCopyOf(view), mat.DenseCopyOf(view), 3, true, Euclidean)
	if !slices.Equal(nb.Index, wantIdx) {
		t.Error("strided view: neighbours differ from brute force")
	}
}

func TestKNNErrors(t *testing.T) {
	X := mat.NewDense(4, 2, []float64{0, 0, 1, 0, 0, 1, math.NaN(), 1})
	ok := mat.NewDense(3, 2, nil)
	for _, tc := range []struct {
		err  error
		want string
	}{
		{second(KNN(X, 2, KNNOptions{})), "X[3][0] = NaN"},
		{second(KNN(ok, 3, KNNOptions{})), "need 1 <= k <= n-1 = 2"},
		{second(KNN(ok, 0, KNNOptions{})), "need 1 <= k"},
		{second(KNN(ok, 1, KNNOptions{Metric: "manhattan"})), "unknown metric"},
		{second(KNNQuery(ok, mat.NewDense(2, 3, nil), 1, KNNOptions{})), "query has 3 columns"},
		{second(Affinity(ok, Options{NNeighbors: 2, Weight: HeatKernel, Metric: CosineDistance})), "need the euclidean metric"},
		{second(Affinity(ok, Options{NNeighbors: 2, Weight: HeatKernel, T: -1})), "want a positive number"},
		{second(Affinity(ok, Options{NNeighbors: 2, Weight: "gauss"})), "unknown weight"},
		{second(Affinity(ok, Options{Weight: HeatKernel})), "n_neighbors = 0"},
	} {
		if tc.err == nil || !strings.Contains(tc.err.Error(), tc.want) {
			t.Errorf("error %v, want it to contain %q", tc.err, tc.want)
		}
	}
}

func second[T any](_ T, err error) error { return err }

// denseConstructW is an independent dense transcription of scikit-feature's
// construct_W in knn mode: the k+1 nearest points (self first), weights, and
// W = max(W, W') with absent entries 0.
func denseConstructW(X *mat.Dense, k int, weight Weight, tt float64, loops bool) *mat.Dense {
	n, _ := X.Dims()
	metric := Euclidean
	if weight == CosineSimilarity {
		metric = CosineDistance
	}
	W := mat.NewDense(n, n, nil)
	for i := 0; i < n; i++ {
		type cand struct {
			j int
			d float64
		}
		var cs []cand
		for j := 0; j < n; j++ {
			if j != i {
				cs = append(cs, cand{j, refDist(X.RawRowView(i), X.RawRowView(j), metric)})
			}
		}
		slices.SortStableFunc(cs, func(a, b cand) int { return cmp.Compare(a.d, b.d) })
		if loops {
			cs = append([]cand{{i, 0}}, cs...)
			k++
		}
		for _, c := range cs[:k] {
			var w float64
			switch weight {
			case Binary:
				w = 1
			case HeatKernel:
				w = math.Exp(-c.d * c.d / (2 * tt * tt))
			case CosineSimilarity:
				w = 1 - c.d
			}
			W.Set(i, c.j, w)
		}
		if loops {
			k--
		}
	}
	S := mat.NewDense(n, n, nil)
	for i := 0; i < n; i++ {
		for j := 0; j < n; j++ {
			S.Set(i, j, W.At(i, j))
			if W.At(j, i) > W.At(i, j) {
				S.Set(i, j, W.At(j, i))
			}
		}
	}
	return S
}

func TestAffinity(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	X := testutil.RandNormal(rng, 60, 4)
	for _, tc := range []struct {
		name string
		opt  Options
		k    int
		w    Weight
		t    float64
	}{
		{"defaults: heat kernel k=5 t=1", DefaultOptions(), 5, HeatKernel, 1},
		{"heat kernel t=2 k=3", Options{NNeighbors: 3, Weight: HeatKernel, T: 2, SelfLoops: true}, 3, HeatKernel, 2},
		{"binary", Options{Weight: Binary, NNeighbors: 4, SelfLoops: true}, 4, Binary, 1},
		{"cosine", Options{Weight: CosineSimilarity, NNeighbors: 5, SelfLoops: true}, 5, CosineSimilarity, 1},
		{"no self-loops", Options{NNeighbors: 5, Weight: HeatKernel, T: 1}, 5, HeatKernel, 1},
	} {
		W, err := Affinity(X, tc.opt)
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		want := denseConstructW(X, tc.k, tc.w, tc.t, tc.opt.SelfLoops)
		if !mat.EqualApprox(W.Dense(), want, 1e-12) {
			t.Errorf("%s: affinity differs from the dense construct_W transcription", tc.name)
		}
		if !W.IsSymmetric(0) {
			t.Errorf("%s: not symmetric", tc.name)
		}
		for i := 0; i < W.N; i++ {
			cols, _ := W.Row(i)
			if !slices.IsSorted(cols) || len(cols) < tc.k {
				t.Errorf("%s: row %d has columns %v", tc.name, i, cols)
			}
		}
	}
}

func TestAutoT(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 9))
	X := testutil.RandNormal(rng, 50, 200) // neighbours ~ 19 apart: t = 1 underflows
	W1, err := Affinity(X, DefaultOptions())
	if err != nil {
		t.Fatal(err)
	}
	if f := W1.OffDiagonalFraction(); f > 1e-30 {
		t.Errorf("t = 1: off-diagonal weight %v, expected underflow", f)
	}
	nb, _ := KNN(X, 5, KNNOptions{})
	var mean float64
	for _, v := range nb.Dist {
		mean += v / float64(len(nb.Dist))
	}
	opt := DefaultOptions()
	opt.T = 0 // auto
	auto, err := Affinity(X, opt)
	if err != nil {
		t.Fatal(err)
	}
	if want := denseConstructW(X, 5, HeatKernel, mean, true); !mat.EqualApprox(auto.Dense(), want, 1e-12) {
		t.Error("t = 0 (auto) should use t = mean neighbour distance")
	}
	if f := auto.OffDiagonalFraction(); f < 0.3 {
		t.Errorf("auto t: off-diagonal weight %v", f)
	}
}

func TestSparse(t *testing.T) {
	S, err := FromCOO(3, []int{0, 2, 0, 1, 0}, []int{1, 2, 1, 0, 0}, []float64{1, 5, 2, 3, 4})
	if err != nil {
		t.Fatal(err)
	}
	want := mat.NewDense(3, 3, []float64{4, 3, 0, 3, 0, 0, 0, 0, 5})
	if !mat.Equal(S, want) || S.NNZ() != 4 {
		t.Fatalf("FromCOO gave %v (nnz %d)", mat.Formatted(S), S.NNZ())
	}
	if !slices.Equal(S.Degrees(), []float64{7, 3, 5}) {
		t.Errorf("degrees %v", S.Degrees())
	}
	rng := rand.New(rand.NewPCG(7, 8))
	X := testutil.RandNormal(rng, 3, 4)
	var ref mat.Dense
	ref.Mul(want, X)
	if !mat.EqualApprox(S.MulDense(X, 2), &ref, 1e-14) {
		t.Error("MulDense differs from the dense product")
	}
	// f'(D - W)f for every column.
	forms := S.LaplacianForms(X, 2)
	deg := S.Degrees()
	for r := 0; r < 4; r++ {
		f := mat.Col(nil, r, X)
		var q float64
		for i := range f {
			q += deg[i] * f[i] * f[i]
			for j := range f {
				q -= want.At(i, j) * f[i] * f[j]
			}
		}
		if math.Abs(forms[r]-q) > 1e-12 {
			t.Errorf("column %d: LaplacianForms %v, want %v", r, forms[r], q)
		}
	}
	if _, err := FromCOO(2, []int{0}, []int{2}, []float64{1}); err == nil {
		t.Error("out-of-range entry accepted")
	}
}
