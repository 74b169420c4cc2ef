package umap

import (
	"context"
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"gonum.org/v1/gonum/floats"
	"gonum.org/v1/gonum/mat"

	"github.com/gsbench/gsbench/baselines/graph"
	"github.com/gsbench/gsbench/internal/rowmajor"
)

// TestFindAB checks the reference values for the defaults and, for
// other settings, that the Levenberg-Marquardt fit reaches the least-squares
// minimum found independently by a derivative-free pattern search.
func TestFindAB(t *testing.T) {
	a, b, err := FindAB(1, 0.1)
	if err != nil {
		t.Fatal(err)
	}
	// Issue 11: "about 1.577 and 0.895" (umap-learn 0.5 prints 1.5769, 0.8951).
	if math.Abs(a-1.577) > 5e-4 || math.Abs(b-0.895) > 5e-4 {
		t.Errorf("min_dist 0.1, spread 1: a, b = %.6f, %.6f, want 1.577, 0.895", a, b)
	}
	for _, tc := range []struct{ spread, minDist float64 }{
		{1, 0.1}, {1, 0}, {1, 0.001}, {1, 0.5}, {1, 0.99}, {2, 0.1}, {0.5, 0.25}, {3, 1},
	} {
		a, b, err := FindAB(tc.spread, tc.minDist)
		if err != nil {
			t.Fatalf("%+v: %v", tc, err)
		}
		cost := abCost(tc.spread, tc.minDist)
		pa, pb := patternSearch(func(a, b float64) float64 { return cost(a, b) }, 1, 1)
		if c, pc := cost(a, b), cost(pa, pb); c > pc*(1+1e-9)+1e-15 {
			t.Errorf("%+v: LM cost %.12g (a %.6f b %.6f) above pattern search %.12g (a %.6f b %.6f)", tc, c, a, b, pc, pa, pb)
		}
		if math.Abs(a-pa) > 1e-4*(1+pa) || math.Abs(b-pb) > 1e-4*(1+pb) {
			t.Errorf("%+v: LM (%.6f, %.6f), pattern search (%.6f, %.6f)", tc, a, b, pa, pb)
		}
	}
	for _, bad := range []struct{ spread, minDist float64 }{{0, 0}, {1, -0.1}, {1, 2}, {math.NaN(), 0.1}, {1, math.NaN()}} {
		if _, _, err := FindAB(bad.spread, bad.minDist); err == nil {
			t.Errorf("FindAB(%v, %v) should fail", bad.spread, bad.minDist)
		}
	}
}

func abCost(spread, minDist float64) func(a, b float64) float64 {
	return func(a, b float64) float64 {
		s := 0.0
		for t := 0; t < 300; t++ {
			x := 3 * spread * float64(t) / 299
			y := 1.0
			if x >= minDist {
				y = math.Exp(-(x - minDist) / spread)
			}
			r := 1/(1+a*math.Pow(x, 2*b)) - y
			s += r * r
		}
		return s
	}
}

// patternSearch is a compass search (Kolda, Lewis & Torczon 2003) with
// step halving; slow but independent of any derivative.
func patternSearch(f func(a, b float64) float64, a, b float64) (float64, float64) {
	best := f(a, b)
	for step := 0.5; step > 1e-10; {
		moved := false
		for _, d := range [][2]float64{{1, 0}, {-1, 0}, {0, 1}, {0, -1}, {1, 1}, {-1, -1}, {1, -1}, {-1, 1}} {
			na, nb := a+step*d[0], b+step*d[1]
			if na <= 0 || nb <= 0 {
				continue
			}
			if v := f(na, nb); v < best {
				a, b, best, moved = na, nb, v, true
				break
			}
		}
		if !moved {
			step /= 2
		}
	}
	return a, b
}

// TestExactKNN compares the tiled BLAS-3 search with brute force, across
// tile boundaries and with duplicated points, and checks that the worker
// count does not change the result.
func TestExactKNN(t *testing.T) {
	X, _ := blobs(3, 450, 5, 4, 1) // 1350 points: several tiles of graph.KNN
	// duplicates: rows 10 and 11 equal row 5
	for _, i := range []int{10, 11} {
		X.SetRow(i, X.RawRowView(5))
	}
	const k = 12
	want := bruteKNN(X, k-1)
	var first *graph.Neighbors
	for _, workers := range []int{1, 2, 5} {
		nb := knnTable(t, X, k, workers)
		for i := 0; i < nb.N; i++ {
			idx, dist := nb.Row(i)
			if idx[0] != i || dist[0] != 0 {
				t.Fatalf("row %d does not start with itself: %v %v", i, idx[0], dist[0])
			}
			for t2, j := range idx[1:] {
				if j != want[i][t2] {
					t.Fatalf("workers %d, row %d: neighbours %v, brute force %v", workers, i, idx[1:], want[i])
				}
				if e := math.Sqrt(rowmajor.SqDist(X.RawRowView(i), X.RawRowView(j))); dist[t2+1] != e {
					t.Fatalf("row %d: distance %v, exact %v", i, dist[t2+1], e)
				}
			}
		}
		if first == nil {
			first = nb
		} else if !slices.Equal(first.Index, nb.Index) || !slices.Equal(first.Dist, nb.Dist) {
			t.Fatalf("workers %d changed the neighbour table", workers)
		}
	}
	// The table is graph.KNN's search with the points themselves prepended.
	ref, err := graph.KNN(X, k-1, graph.KNNOptions{})
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; i < first.N; i++ {
		idx, dist := first.Row(i)
		gi, gd := ref.Row(i)
		for t2 := range gi {
			if idx[t2+1] != gi[t2] || math.Abs(dist[t2+1]-gd[t2]) > 1e-14*gd[t2] {
				t.Fatalf("row %d: %v %v, graph.KNN %v %v", i, idx[1:], dist[1:], gi, gd)
			}
		}
	}
}

// checkTable fails unless every row of nb starts with the point itself at
// distance 0, followed by distinct other points at the exact distances
// sqrt(rowmajor.SqDist), in ascending order.
func checkTable(t *testing.T, name string, X *mat.Dense, nb *graph.Neighbors) {
	t.Helper()
	for i := 0; i < nb.N; i++ {
		idx, dist := nb.Row(i)
		if idx[0] != i || dist[0] != 0 {
			t.Fatalf("%s: row %d does not start with itself: %v %v", name, i, idx, dist)
		}
		seen := map[int]bool{}
		for t2, j := range idx {
			if seen[j] {
				t.Fatalf("%s: row %d holds %d twice: %v", name, i, j, idx)
			}
			seen[j] = true
			if t2 == 0 {
				continue
			}
			if e := math.Sqrt(rowmajor.SqDist(X.RawRowView(i), X.RawRowView(j))); dist[t2] != e {
				t.Fatalf("%s: row %d: distance to %d is %v, exactly %v", name, i, j, dist[t2], e)
			}
			if dist[t2] < dist[t2-1] {
				t.Fatalf("%s: row %d not sorted: %v", name, i, dist)
			}
		}
	}
}

// recallOf returns the fraction of the exact table's neighbours (the point
// itself excluded) that approx holds.
func recallOf(exact, approx *graph.Neighbors) float64 {
	hits := 0
	for i := 0; i < exact.N; i++ {
		e, _ := exact.Row(i)
		a, _ := approx.Row(i)
		for _, j := range e[1:] {
			if slices.Contains(a[1:], j) {
				hits++
			}
		}
	}
	return float64(hits) / float64(exact.N*(exact.K-1))
}

// TestNNDescent checks the recall of nearest-neighbour descent against the
// exact search, also on data far from the origin or of extreme magnitude
// (the float32 copy is centered and scaled by a power of two: without that
// 1e100 would be +Inf in float32 and an offset of 1e9 would round the
// differences away), and that the graph does not depend on the number of
// workers.
func TestNNDescent(t *testing.T) {
	base, _ := blobs(10, 400, 12, 3, 3)
	const k = 15
	exact := knnTable(t, base, k, 2)
	for _, tc := range []struct {
		name          string
		scale, offset float64
	}{{"blobs", 1, 0}, {"offset 1e9", 1, 1e9}, {"scale 1e100", 1e100, 0}, {"scale 1e-100", 1e-100, 0}} {
		X := mat.DenseCopyOf(base)
		for i, v := range X.RawMatrix().Data {
			X.RawMatrix().Data[i] = v*tc.scale + tc.offset
		}
		approx, iters, err := nnDescent(context.Background(), X, k, 7, 1)
		if err != nil {
			t.Fatal(err)
		}
		approx2, _, err := nnDescent(context.Background(), X, k, 7, 3)
		if err != nil {
			t.Fatal(err)
		}
		if !slices.Equal(approx.Index, approx2.Index) || !slices.Equal(approx.Dist, approx2.Dist) {
			t.Fatalf("%s: NN-descent result depends on the worker count", tc.name)
		}
		checkTable(t, tc.name, X, approx)
		recall := recallOf(exact, approx)
		t.Logf("%s: NN-descent recall %.4f after %d iterations", tc.name, recall, iters)
		if recall < 0.95 {
			t.Errorf("%s: NN-descent recall %.4f < 0.95", tc.name, recall)
		}
	}
}

// TestNNDescentDegenerate: identical points, many duplicates and as few
// points as neighbours give well-formed tables (every point's k-1 distinct
// nearest others).
func TestNNDescentDegenerate(t *testing.T) {
	dup, _ := blobs(3, 700, 4, 2, 13)
	for i := 700; i < 2100; i++ {
		dup.SetRow(i, dup.RawRowView(i%7)) // two thirds of the rows copy 7 points
	}
	few, _ := blobs(1, 15, 3, 1, 14)
	for _, tc := range []struct {
		name string
		X    *mat.Dense
	}{{"constant", mat.NewDense(1500, 3, nil)}, {"duplicates", dup}, {"n = k", few}} {
		nb, _, err := nnDescent(context.Background(), tc.X, 15, 1, 2)
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		checkTable(t, tc.name, tc.X, nb)
		if tc.name == "duplicates" {
			// A copy of one of the 7 points has more than 14 copies at
			// distance 0: its neighbours are all at distance 0.
			for i := 700; i < 2100; i++ {
				if _, d := nb.Row(i); d[14] != 0 {
					t.Fatalf("duplicate %d: neighbours %v, want 14 at distance 0", i, d)
				}
			}
		}
	}
}

// TestRPForest: the leaves of every tree partition the points into sets of
// at most leaf_size, the trees do not depend on the number of workers, leaves
// hold points near each other (mean distance within leaves below a third of
// that between random points), and identical points, which no hyperplane
// separates, are split at random down to leaf_size.
func TestRPForest(t *testing.T) {
	X, _ := blobs(8, 400, 10, 4, 15) // 3200 points: joint passes, then depth first
	same := mat.NewDense(3000, 4, nil)
	for _, tc := range []struct {
		name string
		X    *mat.Dense
	}{{"blobs", X}, {"identical", same}} {
		n, _ := tc.X.Dims()
		v := newVectors32(tc.X, 2)
		trees, err := rpForest(context.Background(), v, 6, 15, 9, 1)
		if err != nil {
			t.Fatal(err)
		}
		trees3, _ := rpForest(context.Background(), v, 6, 15, 9, 3)
		within, count := 0.0, 0
		for ti, tr := range trees {
			if !slices.Equal(tr.perm, trees3[ti].perm) || !slices.Equal(tr.bounds, trees3[ti].bounds) {
				t.Fatalf("%s: tree %d depends on the worker count", tc.name, ti)
			}
			for i, p := range slices.Sorted(slices.Values(tr.perm)) {
				if p != int32(i) || len(tr.perm) != n {
					t.Fatalf("%s: tree %d: perm is not a permutation of the points", tc.name, ti)
				}
			}
			if tr.bounds[0] != 0 || tr.bounds[len(tr.bounds)-1] != int32(n) {
				t.Fatalf("%s: tree %d: bounds %v do not cover the points", tc.name, ti, tr.bounds)
			}
			for l := 0; l+1 < len(tr.bounds); l++ {
				size := tr.bounds[l+1] - tr.bounds[l]
				if size < 1 || size > 15 {
					t.Fatalf("%s: tree %d, leaf %d has %d points", tc.name, ti, l, size)
				}
				pts := tr.perm[tr.bounds[l]:tr.bounds[l+1]]
				for a, p := range pts {
					for _, q := range pts[a+1:] {
						within += math.Sqrt(rowmajor.SqDist(tc.X.RawRowView(int(p)), tc.X.RawRowView(int(q))))
						count++
					}
				}
			}
		}
		if tc.name != "blobs" {
			continue
		}
		r := rand.New(rand.NewPCG(1, 1))
		random := 0.0
		for range 10000 {
			random += math.Sqrt(rowmajor.SqDist(tc.X.RawRowView(r.IntN(n)), tc.X.RawRowView(r.IntN(n))))
		}
		within, random = within/float64(count), random/10000
		t.Logf("mean distance within leaves %.3f, between random points %.3f", within, random)
		if within > random/3 {
			t.Errorf("leaves are not local: mean distance %.3f within, %.3f between random points", within, random)
		}
	}
}

// TestSmoothKNN checks the calibration of every point: rho_i is the
// distance to the nearest distinct neighbour and sigma_i makes the
// memberships of the k-1 other neighbours sum to log2(k) (McInnes et al.
// 2018, Sec. 3.1), except where sigma is clamped at 1e-3 of the mean
// distance.
func TestSmoothKNN(t *testing.T) {
	X, _ := blobs(4, 100, 6, 3, 4)
	X.SetRow(1, X.RawRowView(0)) // a duplicate: rho must skip the zero distance
	for _, k := range []int{5, 15, 40} {
		nb := knnTable(t, X, k, 2)
		sigma, rho := smoothKNN(nb, 1, 2)
		target := math.Log2(float64(k))
		for i := 0; i < nb.N; i++ {
			_, dist := nb.Row(i)
			nearest := 0.0
			for _, d := range dist {
				if d > 0 {
					nearest = d
					break
				}
			}
			if rho[i] != nearest {
				t.Fatalf("k %d, point %d: rho %v, nearest distinct neighbour %v", k, i, rho[i], nearest)
			}
			sum := 0.0
			for _, d := range dist[1:] {
				sum += math.Exp(-math.Max(0, d-rho[i]) / sigma[i])
			}
			if math.Abs(sum-target) > 1e-4 {
				t.Errorf("k %d, point %d: sum of memberships %.6f, want log2(k) = %.6f", k, i, sum, target)
			}
		}
	}
	// All points equal: every distance is 0, sigma falls to its floor (0)
	// and every membership is 1.
	C := mat.NewDense(20, 3, nil)
	nb := knnTable(t, C, 5, 1)
	sigma, rho := smoothKNN(nb, 1, 1)
	w := memberships(nb, sigma, rho, true)
	for i := 0; i < 20; i++ {
		for t2 := 0; t2 < 5; t2++ {
			want := 1.0
			if t2 == 0 {
				want = 0 // the point itself
			}
			if w[i*5+t2] != want {
				t.Fatalf("constant data: membership %v at (%d, %d)", w[i*5+t2], i, t2)
			}
		}
	}
}

// TestFuzzyUnion checks the symmetric graph against a dense computation of
// A + A^T - A o A^T.
func TestFuzzyUnion(t *testing.T) {
	X, _ := blobs(3, 60, 4, 2, 5)
	n := 180
	nb := knnTable(t, X, 10, 1)
	sigma, rho := smoothKNN(nb, 1, 1)
	w := memberships(nb, sigma, rho, true)
	g := fuzzyUnion(nb, w)
	A := mat.NewDense(n, n, nil)
	for i := 0; i < n; i++ {
		idx, _ := nb.Row(i)
		for t2, j := range idx {
			A.Set(i, int(j), w[i*10+t2])
		}
	}
	G := mat.NewDense(n, n, nil)
	for i := 0; i < n; i++ {
		if !slices.IsSorted(g.Col[g.RowPtr[i]:g.RowPtr[i+1]]) {
			t.Fatalf("row %d columns not sorted", i)
		}
		for p := g.RowPtr[i]; p < g.RowPtr[i+1]; p++ {
			if g.Val[p] <= 0 || g.Val[p] > 1 {
				t.Fatalf("entry (%d, %d) = %v outside (0, 1]", i, g.Col[p], g.Val[p])
			}
			G.Set(i, g.Col[p], g.Val[p])
		}
	}
	for i := 0; i < n; i++ {
		for j := 0; j < n; j++ {
			a, b := A.At(i, j), A.At(j, i)
			if want := a + b - a*b; math.Abs(G.At(i, j)-want) > 1e-15 {
				t.Fatalf("W[%d, %d] = %v, want %v", i, j, G.At(i, j), want)
			}
			if G.At(i, j) != G.At(j, i) {
				t.Fatalf("W not symmetric at (%d, %d)", i, j)
			}
		}
	}
}

// TestSparseEigen compares the block Lanczos solver, run to a residual of
// 1e-9, with the dense LAPACK eigenvectors on the same normalized graph: the
// subspaces must coincide (all cosines of the principal angles near 1).
func TestSparseEigen(t *testing.T) {
	X, _ := blobs(6, 150, 8, 1, 6)
	nb := knnTable(t, X, 15, 2)
	sigma, rho := smoothKNN(nb, 1, 2)
	g := prune(fuzzyUnion(nb, memberships(nb, sigma, rho, true)), 200, 200)
	if _, nc := connectedComponents(g); nc != 1 {
		t.Fatalf("test graph has %d components", nc)
	}
	M, v0 := normalizedAdjacency(g)
	n := g.N
	for _, dim := range []int{2, 5, 20} {
		dense, err := denseTopEigen(M, dim)
		if err != nil {
			t.Fatal(err)
		}
		sparse, cycles, conv, err := sparseTopEigen(context.Background(), M, dim, v0, 1, 1e-9)
		if err != nil {
			t.Fatal(err)
		}
		if !conv {
			t.Errorf("dim %d: sparse solver did not converge in %d cycles", dim, cycles)
		}
		D := mat.NewDense(n, dim, dense)
		S := mat.NewDense(n, dim, sparse)
		var C mat.Dense
		C.Mul(D.T(), S)
		var svd mat.SVD
		svd.Factorize(&C, mat.SVDNone)
		cos := svd.Values(nil)
		if slices.Min(cos) < 1-1e-8 {
			t.Errorf("dim %d: principal angle cosines %v: sparse and dense eigenvectors span different subspaces", dim, cos)
		}
		// Both are orthogonal to the known top eigenvector sqrt(D).
		for c := 0; c < dim; c++ {
			if p := floats.Dot(v0, mat.Col(nil, c, S)); math.Abs(p) > 1e-10 {
				t.Errorf("dim %d: sparse eigenvector %d has component %.3g along sqrt(D)", dim, c, p)
			}
		}
		t.Logf("dim %d: %d cycles", dim, cycles)
	}
}

// TestComponents lays out a graph with two far-apart clusters: each gets its
// own spectral layout, and the components end up apart.
func TestComponents(t *testing.T) {
	X, y := blobs(2, 100, 5, 1000, 7)
	u := New()
	u.NNeighbors = 10
	u.NEpochs = 50
	if err := u.Fit(X, nil); err != nil {
		t.Fatal(err)
	}
	rep := u.Report()
	if rep["components"] != 2 || rep["init"] != "spectral (per component)" {
		t.Fatalf("report %v: want 2 components laid out spectrally", rep)
	}
	E := u.Embedding()
	if tw := trustworthiness(X, E, 5); tw < 0.9 {
		t.Errorf("trustworthiness %.3f", tw)
	}
	// Every point is nearer its own cluster's centroid.
	var c [2][2]float64
	for i := 0; i < 200; i++ {
		c[y[i]][0] += E.At(i, 0) / 100
		c[y[i]][1] += E.At(i, 1) / 100
	}
	for i := 0; i < 200; i++ {
		p := E.RawRowView(i)
		if rowmajor.SqDist(p, c[y[i]][:]) >= rowmajor.SqDist(p, c[1-y[i]][:]) {
			t.Fatalf("point %d is nearer the other component", i)
		}
	}
}

// TestLayoutGradient checks that the attractive SGD step follows the
// gradient of the fuzzy cross entropy's attraction term -log(1/(1+a d^2b))
// (McInnes et al. 2018, Sec. 3.2 and Appendix): one unclipped step with
// learning rate alpha moves each end by -alpha times the derivative.
func TestLayoutGradient(t *testing.T) {
	a, b := 1.577, 0.895
	x := []float64{0.3, -0.2, 0.5}
	y := []float64{-0.1, 0.4, 0.2}
	head := append(slices.Clone(x), y...)
	l := &layout{head: head, tail: head, dim: 3, from: []int{0}, to: []int{1},
		epochsPerSample: []float64{1}, nTail: 2, a: a, b: b, gamma: 1, alpha: 0.01, negativeRate: 0, epochs: 2, moveOther: true}
	if err := l.run(context.Background(), rand.NewPCG(1, 1)); err != nil {
		t.Fatal(err)
	}
	loss := func(p []float64) float64 {
		d2 := rowmajor.SqDist(p[:3], p[3:])
		return math.Log(1 + a*math.Pow(d2, b))
	}
	p := append(slices.Clone(x), y...)
	for c := 0; c < 6; c++ {
		h := 1e-6
		pp, pm := slices.Clone(p), slices.Clone(p)
		pp[c] += h
		pm[c] -= h
		grad := (loss(pp) - loss(pm)) / (2 * h)
		if want := p[c] - 0.01*grad; math.Abs(head[c]-want) > 1e-8 {
			t.Errorf("coordinate %d after one step: %.10f, want %.10f", c, head[c], want)
		}
	}
}

// TestPowPos checks the fast power against math.Pow, also at the edges of
// its tables (mantissas near 1, 2 and the table centres).
func TestPowPos(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 1))
	worst := 0.0
	for i := 0; i < 200000; i++ {
		x := math.Exp(r.Float64()*80 - 40)
		if i%10 == 0 {
			x = math.Exp(r.Float64()*1400 - 700)
		}
		y := r.Float64()*4 - 2
		want := math.Pow(x, y)
		got := powPos(x, y)
		if want < 1e-300 || want > 1e300 { // subnormal or near overflow: left to math.Exp2
			continue
		}
		if rel := math.Abs(got-want) / want; rel > worst {
			worst = rel
		}
	}
	for _, x := range []float64{1, 2, 0.5, math.Sqrt2, math.Sqrt2 * (1 + 1e-16), 1e-310, 1e300, 3e300,
		math.Nextafter(2, 0), math.Nextafter(1, 2), 1 + 1.0/128, math.Nextafter(1+1.0/128, 0), 1 + 0.5/128, 1.5, 1e-300, math.Nextafter(1e300, 0)} {
		for _, y := range []float64{-1, -0.105, 0.895, 1.79, 2} {
			want := math.Pow(x, y)
			if got := powPos(x, y); math.Abs(got-want) > 1e-12*want {
				t.Errorf("powPos(%g, %g) = %g, want %g", x, y, got, want)
			}
		}
	}
	if worst > 1e-12 {
		t.Errorf("largest relative error %.3g > 1e-12", worst)
	}
	t.Logf("largest relative error %.3g", worst)
}
