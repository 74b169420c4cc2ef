package qmrfs

import (
	"iter"
	"math"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"gonum.org/v1/gonum/mat"
)

// planted returns n samples of nBase independent columns (random means and
// scales) and nComb exact linear combinations of 2-5 of them, in a seeded
// random column order, with the coefficient vector of every column over
// (constant, base columns).
func planted(n, nBase, nComb int, seed uint64) (*mat.Dense, [][]float64) {
	rng := rand.New(rand.NewPCG(seed, 3))
	d := nBase + nComb
	cols := make([][]float64, d)
	coef := make([][]float64, d)
	for j := 0; j < nBase; j++ {
		mean, sd := 4*rng.NormFloat64(), 0.1+3*rng.Float64()
		cols[j] = make([]float64, n)
		for i := range cols[j] {
			cols[j][i] = mean + sd*rng.NormFloat64()
		}
		coef[j] = make([]float64, nBase+1)
		coef[j][1+j] = 1
	}
	for j := nBase; j < d; j++ {
		cols[j] = make([]float64, n)
		coef[j] = make([]float64, nBase+1)
		for _, b := range rng.Perm(nBase)[:2+rng.IntN(4)] {
			w := 0.5 + 1.5*rng.Float64()
			coef[j][1+b] = w
			for i := range cols[j] {
				cols[j][i] += w * cols[b][i]
			}
		}
	}
	perm := rng.Perm(d)
	X := mat.NewDense(n, d, nil)
	c := make([][]float64, d)
	for j, p := range perm {
		X.SetCol(j, cols[p])
		c[j] = coef[p]
	}
	return X, c
}

// rank is the numerical rank of the rows of A (SVD, relative tolerance).
func rank(rows [][]float64) int {
	if len(rows) == 0 {
		return 0
	}
	A := mat.NewDense(len(rows), len(rows[0]), nil)
	for i, r := range rows {
		A.SetRow(i, r)
	}
	var svd mat.SVD
	svd.Factorize(A, mat.SVDNone)
	s := svd.Values(nil)
	r := 0
	for _, v := range s {
		if v > 1e-9*s[0] {
			r++
		}
	}
	return r
}

// residual is the relative least-squares residual of column j of X on the
// constant and the columns cols (gonum's QR solve, independent of the
// package's factorization).
func residual(X *mat.Dense, j int, cols []int) float64 {
	n, _ := X.Dims()
	A := mat.NewDense(n, len(cols)+1, nil)
	for i := 0; i < n; i++ {
		A.Set(i, 0, 1)
		for k, c := range cols {
			A.Set(i, k+1, X.At(i, c))
		}
	}
	x := mat.NewVecDense(n, mat.Col(nil, j, X))
	var qr mat.QR
	qr.Factorize(A)
	var beta mat.VecDense
	if err := qr.SolveVecTo(&beta, false, x); err != nil {
		panic(err)
	}
	var fit mat.VecDense
	fit.MulVec(A, &beta)
	fit.SubVec(x, &fit)
	return mat.Norm(&fit, 2) / mat.Norm(x, 2)
}

func TestPlantedDependencies(t *testing.T) {
	for _, seed := range []uint64{1, 2, 3} {
		X, coef := planted(500, 50, 30, seed)
		_, d := X.Dims()
		// Expected: the greedy independent set of the coefficient vectors,
		// starting from the constant (exact dependencies are exact there).
		basis := [][]float64{append([]float64{1}, make([]float64, 50)...)}
		var want []int
		for j := 0; j < d; j++ {
			if rank(append(slices.Clone(basis), coef[j])) > len(basis) {
				basis = append(basis, coef[j])
				want = append(want, j)
			}
		}
		q := with(func(m *QMRFS) { m.Theta = 1e-8 })
		if err := q.Fit(X, nil); err != nil {
			t.Fatal(err)
		}
		if !slices.Equal(q.Selected(), want) {
			t.Fatalf("seed %d: selected %v,\nwant the %d columns independent of the earlier ones %v", seed, q.Selected(), len(want), want)
		}
		if len(want) != 50 {
			t.Errorf("seed %d: %d independent columns, want 50", seed, len(want))
		}
		for j := 0; j < d; j++ {
			if !slices.Contains(want, j) {
				if r := residual(X, j, want); r > 1e-8 {
					t.Errorf("seed %d: dropped column %d is reconstructed with relative error %g > theta", seed, j, r)
				}
			}
		}
		if seed == 1 {
			// With every base column first, exactly the base columns are kept.
			var order []int
			for j := range coef {
				if slices.Max(coef[j]) == 1 && floatsSum(coef[j]) == 1 {
					order = append(order, j)
				}
			}
			base := slices.Clone(order)
			for j := range coef {
				if !slices.Contains(base, j) {
					order = append(order, j)
				}
			}
			p := with(func(m *QMRFS) { m.Theta, m.Permutation = 1e-8, order })
			if err := p.Fit(X, nil); err != nil {
				t.Fatal(err)
			}
			if !slices.Equal(p.Selected(), base) {
				t.Errorf("base columns first: selected %v, want %v", p.Selected(), base)
			}
		}
	}
}

func floatsSum(x []float64) float64 {
	s := 0.0
	for _, v := range x {
		s += v
	}
	return s
}

// TestToleranceRule checks the decision for every column against an
// independent least-squares computation, on noisy near-dependencies and a
// range of tolerances: a dropped column is reconstructed within theta by the
// columns retained before it, a retained column is not.
func TestToleranceRule(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 9))
	n, d := 300, 24
	X := mat.NewDense(n, d, nil)
	for j := 0; j < d; j++ {
		for i := 0; i < n; i++ {
			v := rng.NormFloat64() + 2
			if j >= 8 { // near-combination of two earlier columns plus noise of varying size
				a, b := j%8, (j+3)%8
				v = X.At(i, a) - 0.5*X.At(i, b) + math.Pow(10, -float64(j%5))*rng.NormFloat64()
			}
			X.Set(i, j, v)
		}
	}
	for _, theta := range []float64{0, 1e-6, 1e-3, 0.01, 0.05, 0.2, 0.5} {
		q := with(func(m *QMRFS) { m.Theta, m.ChunkRows = theta, 64 })
		if err := q.Fit(X, nil); err != nil {
			t.Fatal(err)
		}
		var before []int
		for j := 0; j < d; j++ {
			r := residual(X, j, before)
			if math.Abs(r-q.Scores()[j]) > 1e-9 {
				t.Errorf("theta %g, column %d: score %.12g, least squares %.12g", theta, j, q.Scores()[j], r)
			}
			kept := slices.Contains(q.Selected(), j)
			if kept != (r > theta) {
				t.Errorf("theta %g, column %d: relative residual %g, retained %v", theta, j, r, kept)
			}
			if kept {
				before = append(before, j)
			}
		}
	}
}

func chunksOf(X *mat.Dense, sizes []int) iter.Seq2[*mat.Dense, error] {
	return func(yield func(*mat.Dense, error) bool) {
		n, d := X.Dims()
		for i0, k := 0, 0; i0 < n; k++ {
			i1 := min(n, i0+sizes[k%len(sizes)])
			if !yield(mat.DenseCopyOf(X.Slice(i0, i1, 0, d)), nil) {
				return
			}
			i0 = i1
		}
	}
}

func TestStreamingIsChunkInvariant(t *testing.T) {
	X, _ := planted(1000, 20, 10, 4)
	_, d := X.Dims()
	ref := with(func(m *QMRFS) { m.Theta = 0.05 })
	if err := ref.Fit(X, nil); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name  string
		chunk int
		sizes []int
	}{
		{"rows 7", 7, nil},
		{"rows 1", 1, nil},
		{"rows 5000", 5000, nil},
		{"stream uneven", 100, []int{1, 33, 250, 2, 700}},
		{"stream fewer rows than columns first", 16, []int{3, 997}},
	} {
		q := with(func(m *QMRFS) { m.Theta, m.ChunkRows = 0.05, tc.chunk })
		var err error
		if tc.sizes == nil {
			err = q.Fit(X, nil)
		} else {
			err = q.FitStream(d, chunksOf(X, tc.sizes))
		}
		if err != nil {
			t.Fatal(err)
		}
		if !slices.Equal(q.Selected(), ref.Selected()) {
			t.Errorf("%s: selected %v, want %v", tc.name, q.Selected(), ref.Selected())
		}
		for j, s := range q.Scores() {
			if math.Abs(s-ref.Scores()[j]) > 1e-10 {
				t.Errorf("%s: score %d = %.14g, want %.14g", tc.name, j, s, ref.Scores()[j])
			}
		}
		if q.Report()["rows"] != 1000 {
			t.Errorf("%s: rows %v", tc.name, q.Report()["rows"])
		}
	}
}

func TestOrders(t *testing.T) {
	// Column 0 holds two values, column 1 three, column 2 is continuous,
	// column 3 repeats column 1 scaled (same entropy, so it stays after it).
	rng := rand.New(rand.NewPCG(2, 2))
	n := 60
	X := mat.NewDense(n, 4, nil)
	for i := 0; i < n; i++ {
		X.Set(i, 0, float64(i%2))
		X.Set(i, 1, float64(i%3))
		X.Set(i, 2, rng.NormFloat64())
		X.Set(i, 3, 2*float64(i%3))
	}
	if got := entropyOrder(X); !slices.Equal(got, []int{2, 1, 3, 0}) {
		t.Errorf("entropy order %v, want [2 1 3 0]", got)
	}
	for _, tc := range []struct {
		q    QMRFS
		want []int
	}{
		{*New(), []int{0, 1, 2}},
		{*with(func(m *QMRFS) { m.Permutation = []int{3, 2, 1, 0} }), []int{3, 2, 0}},
		{*with(func(m *QMRFS) { m.Order = Entropy }), []int{2, 1, 0}},
	} {
		q := tc.q
		if err := q.Fit(X, nil); err != nil {
			t.Fatal(err)
		}
		if !slices.Equal(q.Selected(), tc.want) {
			t.Errorf("%+v: selected %v, want %v", tc.q, q.Selected(), tc.want)
		}
	}
	a, b := with(func(m *QMRFS) { m.Order, m.Seed = Random, 5 }), with(func(m *QMRFS) { m.Order, m.Seed = Random, 5 })
	if err := a.Fit(X, nil); err != nil {
		t.Fatal(err)
	}
	if err := b.Fit(X, nil); err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(a.Selected(), b.Selected()) || len(a.Selected()) != 3 {
		t.Errorf("random order: %v and %v", a.Selected(), b.Selected())
	}
}

func TestDegenerateInputs(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 3))
	n := 40
	X := mat.NewDense(n, 5, nil)
	for i := 0; i < n; i++ {
		a, b := rng.NormFloat64(), rng.NormFloat64()
		X.SetRow(i, []float64{a, 7, b, 0, a}) // constant, zero and duplicate columns
	}
	for _, tc := range []struct {
		name string
		X    *mat.Dense
		q    QMRFS
		want []int
		err  string
	}{
		{"constant zero duplicate", X, *New(), []int{0, 2}, ""},
		{"theta 0.99", X, *with(func(m *QMRFS) { m.Theta = 0.99 }), []int{0}, ""}, // column 0 is nearly centered: relative residual about 0.99996
		{"one row", mat.NewDense(1, 3, []float64{1, 2, 3}), *New(), []int{}, ""},
		{"two rows", mat.NewDense(2, 3, []float64{1, 2, 3, 4, 4, 4}), *New(), []int{0}, ""},
		{"huge scale", mat.NewDense(3, 2, []float64{1e150, 1, 2e150, 5, -1e150, 2}), *New(), []int{0, 1}, ""},
		{"nan", mat.NewDense(2, 2, []float64{1, math.NaN(), 3, 4}), *New(), nil, "non-finite"},
		{"theta 1", X, *with(func(m *QMRFS) { m.Theta = 1 }), nil, "[0, 1)"},
		{"theta negative", X, *with(func(m *QMRFS) { m.Theta = -0.1 }), nil, "[0, 1)"},
		{"bad permutation", X, *with(func(m *QMRFS) { m.Permutation = []int{0, 1} }), nil, "permutation"},
		{"permutation with entropy", X, *with(func(m *QMRFS) { m.Order, m.Permutation = Entropy, []int{0, 1, 2, 3, 4} }), nil, "given order"},
		{"bad order", X, *with(func(m *QMRFS) { m.Order = "variance" }), nil, "use given, entropy or random"},
		{"empty", mat.NewDense(1, 1, nil).Slice(0, 1, 0, 0).(*mat.Dense), *New(), nil, "empty"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			before := mat.DenseCopyOf(tc.X)
			q := tc.q
			err := q.Fit(tc.X, nil)
			if tc.name != "nan" && !mat.Equal(before, tc.X) {
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
			if got := append([]int{}, q.Selected()...); !slices.Equal(got, tc.want) {
				t.Errorf("selected %v, want %v (scores %v)", got, tc.want, q.Scores())
			}
			for _, s := range q.Scores() {
				if math.IsNaN(s) || s < 0 || s > 1+1e-12 {
					t.Errorf("scores %v", q.Scores())
				}
			}
		})
	}
	q := with(func(m *QMRFS) { m.Order = Entropy })
	if err := q.FitStream(2, chunksOf(mat.NewDense(2, 2, []float64{1, 2, 3, 4}), []int{1})); err == nil || !strings.Contains(err.Error(), "whole matrix") {
		t.Errorf("entropy order on a stream: error %v", err)
	}
	if err := q.FitStream(0, nil); err == nil {
		t.Error("no features: no error")
	}
}

// with returns QMRFS with its defaults changed by set.
func with(set func(*QMRFS)) *QMRFS {
	m := New()
	set(m)
	return m
}
