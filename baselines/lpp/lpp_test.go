package lpp

import (
	"math"
	"math/rand/v2"
	"slices"
	"sort"
	"strings"
	"testing"

	"gonum.org/v1/gonum/mat"
)

// model returns New() changed by set.
func model(set func(l *LPP)) *LPP {
	l := New()
	set(l)
	return l
}

// clusters returns two Gaussian clusters of n points each in 10 dimensions
// (unit variance), their centres 8 apart along a random direction, and the
// labels.
func clusters(seed uint64, n int) (*mat.Dense, []int) {
	rng := rand.New(rand.NewPCG(seed, 1))
	const d = 10
	dir := make([]float64, d)
	norm := 0.0
	for j := range dir {
		dir[j] = rng.NormFloat64()
		norm += dir[j] * dir[j]
	}
	X := mat.NewDense(2*n, d, nil)
	y := make([]int, 2*n)
	for i := 0; i < 2*n; i++ {
		y[i] = i % 2
		for j := 0; j < d; j++ {
			X.Set(i, j, rng.NormFloat64()+float64(y[i])*8*dir[j]/math.Sqrt(norm)+3)
		}
	}
	return X, y
}

// twoMeans1D returns the optimal 1-D 2-means labelling of z (the best
// threshold between consecutive sorted values).
func twoMeans1D(z []float64) []int {
	idx := make([]int, len(z))
	for i := range idx {
		idx[i] = i
	}
	sort.Slice(idx, func(a, b int) bool { return z[idx[a]] < z[idx[b]] })
	n := len(z)
	prefix := make([]float64, n+1)
	prefix2 := make([]float64, n+1)
	for i, k := range idx {
		prefix[i+1] = prefix[i] + z[k]
		prefix2[i+1] = prefix2[i] + z[k]*z[k]
	}
	sse := func(a, b int) float64 { // sum of squares of sorted values a..b-1 about their mean
		s, s2, m := prefix[b]-prefix[a], prefix2[b]-prefix2[a], float64(b-a)
		return s2 - s*s/m
	}
	best, cut := math.Inf(1), 1
	for c := 1; c < n; c++ {
		if v := sse(0, c) + sse(c, n); v < best {
			best, cut = v, c
		}
	}
	lab := make([]int, n)
	for i, k := range idx {
		if i >= cut {
			lab[k] = 1
		}
	}
	return lab
}

// Issue 5: on two well-separated Gaussian clusters in 10 dimensions the
// first LPP direction separates them: 1-D 2-means on the projection is
// 100 % correct.
func TestSeparatesClusters(t *testing.T) {
	for _, set := range []func(l *LPP){
		func(l *LPP) { l.K = 1 },
		func(l *LPP) { l.K, l.Weight, l.WeightWidth = 2, Heat, 3 },
		func(l *LPP) { l.K, l.NNeighbors = 3, 10 },
	} {
		for seed := uint64(1); seed <= 3; seed++ {
			X, y := clusters(seed, 150)
			l := model(set)
			if err := l.Fit(X, nil); err != nil {
				t.Fatal(err)
			}
			Z, err := l.Transform(X)
			if err != nil {
				t.Fatal(err)
			}
			lab := twoMeans1D(mat.Col(nil, 0, Z))
			agree := 0
			for i := range y {
				if lab[i] == y[i] {
					agree++
				}
			}
			if agree != len(y) && agree != 0 {
				t.Errorf("%+v seed %d: 2-means on the first projection matches %d of %d labels", *l, seed, max(agree, len(y)-agree), len(y))
			}
		}
	}
}

// The reference problem, built densely and independently of Fit: lpproj's
// graph (n_neighbors nearest points, the point itself included, by brute
// force; weights 1 or exp(-d^2/width^2); maximum symmetrization), L = D - W,
// A = Xc^T L Xc and B = Xc^T D Xc.
func referenceProblem(X *mat.Dense, nb int, heat bool, width float64) (A, B *mat.Dense) {
	n, d := X.Dims()
	Xc := mat.DenseCopyOf(X)
	for j := 0; j < d; j++ {
		col := mat.Col(nil, j, X)
		m := 0.0
		for _, v := range col {
			m += v / float64(n)
		}
		for i := 0; i < n; i++ {
			Xc.Set(i, j, X.At(i, j)-m)
		}
	}
	W := mat.NewDense(n, n, nil)
	for i := 0; i < n; i++ {
		dist := make([]float64, n)
		order := make([]int, n)
		for j := 0; j < n; j++ {
			var s float64
			for t := 0; t < d; t++ {
				e := X.At(i, t) - X.At(j, t)
				s += e * e
			}
			dist[j], order[j] = s, j
		}
		sort.SliceStable(order, func(a, b int) bool { return dist[order[a]] < dist[order[b]] })
		for _, j := range order[:nb] {
			w := 1.0
			if heat {
				w = math.Exp(-dist[j] / (width * width))
			}
			W.Set(i, j, w)
		}
	}
	D := mat.NewDense(n, n, nil)
	L := mat.NewDense(n, n, nil)
	for i := 0; i < n; i++ {
		for j := 0; j < n; j++ {
			W.Set(i, j, math.Max(W.At(i, j), W.At(j, i)))
		}
	}
	for i := 0; i < n; i++ {
		s := 0.0
		for j := 0; j < n; j++ {
			s += W.At(i, j)
		}
		D.Set(i, i, s)
	}
	L.Sub(D, W)
	var LX, DX mat.Dense
	LX.Mul(L, Xc)
	DX.Mul(D, Xc)
	A, B = new(mat.Dense), new(mat.Dense)
	A.Mul(Xc.T(), &LX)
	B.Mul(Xc.T(), &DX)
	return A, B
}

// Issue 5: the generalized eigenproblem residual ||A a - lambda B a|| is
// below 1e-8 ||A|| for every returned pair, with A and B formed densely as
// lpproj does; and the eigenvalues are the smallest ones, checked against an
// independent solver (Cholesky reduction B = R^T R, eigenvalues of
// R^-T A R^-1).
func TestGeneralizedEigenproblem(t *testing.T) {
	X, _ := clusters(4, 100)
	for _, tc := range []struct {
		l     *LPP
		heat  bool
		width float64
		norm  float64 // tolerance on a^T B a = 1
	}{
		{model(func(l *LPP) { l.K = 4 }), false, 1, 1e-6},
		{model(func(l *LPP) { l.K, l.NNeighbors, l.Weight, l.WeightWidth = 10, 7, Heat, 4 }), true, 4, 1e-6},
		{model(func(l *LPP) { l.K, l.Ridge = 6, 0 }), false, 1, 1e-12}, // ridge 0: no ridge, exact normalization
	} {
		l := tc.l
		if err := l.Fit(X, nil); err != nil {
			t.Fatal(err)
		}
		A, B := referenceProblem(X, l.NNeighbors, tc.heat, tc.width)
		normA := mat.Norm(A, 2)
		C := l.Components()
		_, m := C.Dims()
		for j := 0; j < m; j++ {
			a := mat.NewVecDense(10, mat.Col(nil, j, C))
			lambda := l.Eigenvalues()[j]
			var Aa, Ba mat.VecDense
			Aa.MulVec(A, a)
			Ba.MulVec(B, a)
			var r mat.VecDense
			r.AddScaledVec(&Aa, -lambda, &Ba)
			if res := mat.Norm(&r, 2); res > 1e-8*normA {
				t.Errorf("%+v: pair %d: ||A a - lambda B a|| = %.3g > 1e-8 ||A|| = %.3g", *tc.l, j, res, 1e-8*normA)
			}
			if aba := mat.Dot(a, &Ba); math.Abs(aba-1) > tc.norm {
				t.Errorf("%+v: pair %d: a^T B a = %.9f, want 1", *tc.l, j, aba)
			}
		}
		// Independent route to the eigenvalues.
		var chol mat.Cholesky
		if !chol.Factorize(mat.NewSymDense(10, mat.DenseCopyOf(B).RawMatrix().Data)) {
			t.Fatal("B not positive definite")
		}
		var R, Ri mat.TriDense
		chol.UTo(&R)
		if err := Ri.InverseTri(&R); err != nil {
			t.Fatal(err)
		}
		var tmp, M mat.Dense
		tmp.Mul(A, &Ri)
		M.Mul(Ri.T(), &tmp)
		Ms := mat.NewSymDense(10, nil)
		for i := 0; i < 10; i++ {
			for k := i; k < 10; k++ {
				Ms.SetSym(i, k, (M.At(i, k)+M.At(k, i))/2)
			}
		}
		var es mat.EigenSym
		if !es.Factorize(Ms, false) {
			t.Fatal("eigen failed")
		}
		want := es.Values(nil) // increasing
		for j, got := range l.Eigenvalues() {
			if math.Abs(got-want[j]) > 1e-8*math.Max(want[9], 1e-300) {
				t.Errorf("%+v: eigenvalue %d = %.12g, Cholesky route gives %.12g", *tc.l, j, got, want[j])
			}
		}
		if !slices.IsSorted(l.Eigenvalues()) {
			t.Errorf("eigenvalues not increasing: %v", l.Eigenvalues())
		}
	}
}

func TestTransformAndDegenerate(t *testing.T) {
	X, _ := clusters(5, 60)
	before := mat.DenseCopyOf(X)
	l := model(func(l *LPP) { l.K = 3 })
	if _, err := l.Transform(X); err == nil {
		t.Error("Transform before Fit accepted")
	}
	if err := l.Fit(X, nil); err != nil {
		t.Fatal(err)
	}
	if !mat.Equal(X, before) {
		t.Fatal("Fit modified X")
	}
	Z, err := l.Transform(X)
	if err != nil {
		t.Fatal(err)
	}
	for j, v := range l.Trace() {
		z := mat.Col(nil, j, Z)
		s := 0.0
		for _, x := range z {
			s += x * x
		}
		if math.Abs(s/float64(len(z))-v) > 1e-12*v {
			t.Errorf("trace %d = %g, variance of the feature %g", j, v, s/float64(len(z)))
		}
	}
	// Rank 3 in 5 columns.
	low := mat.NewDense(40, 5, nil)
	rng := rand.New(rand.NewPCG(6, 6))
	for i := 0; i < 40; i++ {
		a, b, c := rng.NormFloat64(), rng.NormFloat64(), rng.NormFloat64()
		low.SetRow(i, []float64{a, b, c, a + b, 7})
	}
	ok := model(func(l *LPP) { l.K = 3 })
	if err := ok.Fit(low, nil); err != nil {
		t.Errorf("k = rank: %v", err)
	}
	nan := mat.DenseCopyOf(X)
	nan.Set(2, 4, math.Inf(-1))
	for _, tc := range []struct {
		l    *LPP
		X    *mat.Dense
		want string
	}{
		{model(func(l *LPP) { l.K = 4 }), low, "rank 3"},
		{model(func(l *LPP) { l.K = 0 }), X, "at least 1"},
		{model(func(l *LPP) { l.K = 11 }), X, "only 10 features"},
		{model(func(l *LPP) { l.K = 1; l.NNeighbors = 1 }), X, "at least 2"},
		{model(func(l *LPP) { l.K = 1; l.NNeighbors = 200 }), X, "only 120 samples"},
		{model(func(l *LPP) { l.K = 1; l.Weight = "cosine" }), X, "unknown weight"},
		{model(func(l *LPP) { l.K = 1; l.WeightWidth = -1 }), X, "weight_width"},
		{model(func(l *LPP) { l.K = 1; l.Weight = Heat; l.WeightWidth = 1e-3 }), X, "underflows"},
		{model(func(l *LPP) { l.K = 1 }), nan, "X[2][4]"},
		{model(func(l *LPP) { l.K = 1 }), mat.NewDense(6, 2, []float64{1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1}), "constant"},
		{model(func(l *LPP) { l.Ridge = -1 }), X, "ridge = -1"},
		{model(func(l *LPP) { l.Ridge = math.Inf(1) }), X, "ridge = +Inf"},
		{&LPP{K: 2, NNeighbors: 5, WeightWidth: 1}, X, `unknown weight ""`}, // a literal must set every parameter
	} {
		if err := tc.l.Fit(tc.X, nil); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%+v: error %v, want it to mention %q", *tc.l, err, tc.want)
		}
	}
}
