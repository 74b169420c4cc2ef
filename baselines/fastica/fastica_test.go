package fastica

import (
	"math"
	"math/rand/v2"
	"strings"
	"testing"

	"gonum.org/v1/gonum/mat"
	"gonum.org/v1/gonum/stat"
)

// mixture returns n samples of three independent non-Gaussian sources
// (uniform, Laplace, sign of a sine) as the columns of S, and X = S A^T for
// a random 3 x 3 mixing matrix A, plus an offset.
func mixture(seed uint64, n int) (S, X *mat.Dense) {
	rng := rand.New(rand.NewPCG(seed, 1))
	S = mat.NewDense(n, 3, nil)
	for i := 0; i < n; i++ {
		u := rng.Float64()*2 - 1
		l := rng.ExpFloat64()
		if rng.IntN(2) == 0 {
			l = -l
		}
		sq := 1.0
		if math.Sin(float64(i)*0.37+0.5) < 0 {
			sq = -1
		}
		S.SetRow(i, []float64{u, l, sq})
	}
	A := mat.NewDense(3, 3, nil)
	for i := 0; i < 3; i++ {
		for j := 0; j < 3; j++ {
			A.Set(i, j, rng.Float64()*2-1)
		}
	}
	X = mat.NewDense(n, 3, nil)
	X.Mul(S, A.T())
	for i := 0; i < n; i++ {
		X.Set(i, 0, X.At(i, 0)+10)
	}
	return S, X
}

// Issue 5: on a mixture of 3 independent non-Gaussian sources every
// recovered source correlates with a true one at |r| > 0.99, with both
// algorithms, every contrast and several seeds.
func TestRecoversSources(t *testing.T) {
	S, X := mixture(11, 2000)
	for _, tc := range []struct {
		name string
		f    FastICA
	}{
		{"defaults", FastICA{}},
		{"seed 1", FastICA{Seed: 1}},
		{"deflation", FastICA{Seed: 2, Algorithm: Deflation}},
		{"exp", FastICA{Seed: 3, Fun: Exp}},
		{"cube", FastICA{Seed: 4, Fun: Cube}},
		{"alpha 1.5, k 3", FastICA{Seed: 5, Alpha: 1.5, K: 3}},
	} {
		f := tc.f
		if err := f.Fit(X, nil); err != nil {
			t.Fatal(err)
		}
		rep := f.Report()
		if rep["converged"] != true {
			t.Errorf("%s did not converge: %v", tc.name, rep)
		}
		Y, err := f.Transform(X)
		if err != nil {
			t.Fatal(err)
		}
		used := map[int]bool{}
		worst := 1.0
		for j := 0; j < 3; j++ {
			y := mat.Col(nil, j, Y)
			best, bi := 0.0, -1
			for i := 0; i < 3; i++ {
				if r := math.Abs(stat.Correlation(y, mat.Col(nil, i, S), nil)); r > best {
					best, bi = r, i
				}
			}
			if best <= 0.99 || used[bi] {
				t.Errorf("%s: recovered source %d: best |r| = %.4f with true source %d (already matched: %v)", tc.name, j, best, bi, used[bi])
			}
			worst = math.Min(worst, best)
			used[bi] = true
			// Unit variance (population), zero mean.
			if m, v := stat.PopMeanVariance(y, nil); math.Abs(m) > 1e-9 || math.Abs(v-1) > 1e-9 {
				t.Errorf("%s: source %d has mean %g and variance %g", tc.name, j, m, v)
			}
		}
		t.Logf("%s: smallest |r| %.5f, %v", tc.name, worst, rep)
	}
}

// Mixing is the pseudo-inverse of the unmixing matrix: X - mean = S A^T.
func TestMixingReconstructs(t *testing.T) {
	_, X := mixture(12, 500)
	f := &FastICA{Seed: 9}
	if err := f.Fit(X, nil); err != nil {
		t.Fatal(err)
	}
	S, err := f.Transform(X)
	if err != nil {
		t.Fatal(err)
	}
	var back mat.Dense
	back.Mul(S, f.Mixing().T())
	n, d := X.Dims()
	for i := 0; i < n; i++ {
		for j := 0; j < d; j++ {
			if e := math.Abs(back.At(i, j) + f.Mean()[j] - X.At(i, j)); e > 1e-9 {
				t.Fatalf("X[%d][%d] reconstructed with error %g", i, j, e)
			}
		}
	}
}

// Same seed, same bytes; another seed, another (valid) initial matrix.
func TestDeterministic(t *testing.T) {
	_, X := mixture(13, 800)
	a, b := &FastICA{Seed: 4}, &FastICA{Seed: 4}
	if err := a.Fit(X, nil); err != nil {
		t.Fatal(err)
	}
	if err := b.Fit(X, nil); err != nil {
		t.Fatal(err)
	}
	if !mat.Equal(a.Components(), b.Components()) {
		t.Error("two fits with the same seed differ")
	}
}

// Non-convergence is reported, not an error (scikit-learn warns); fewer
// components than features and more than the rank.
func TestReportAndErrors(t *testing.T) {
	_, X := mixture(14, 600)
	f := &FastICA{MaxIter: 1, Seed: 1}
	if err := f.Fit(X, nil); err != nil {
		t.Fatal(err)
	}
	if r := f.Report(); r["converged"] != false || r["iterations"] != 1 {
		t.Errorf("one iteration: report %v", r)
	}
	two := &FastICA{K: 2}
	if err := two.Fit(X, nil); err != nil {
		t.Fatal(err)
	}
	if r, c := two.Components().Dims(); r != 3 || c != 2 {
		t.Errorf("k = 2: components %d x %d", r, c)
	}
	// A duplicated column: rank 3 in 4 columns.
	X4 := mat.NewDense(600, 4, nil)
	for i := 0; i < 600; i++ {
		X4.SetRow(i, []float64{X.At(i, 0), X.At(i, 1), X.At(i, 2), X.At(i, 0)})
	}
	all := &FastICA{}
	if err := all.Fit(X4, nil); err != nil {
		t.Fatal(err)
	}
	if _, c := all.Components().Dims(); c != 3 {
		t.Errorf("k = 0 on rank-3 data: %d components, want 3", c)
	}
	nan := mat.DenseCopyOf(X)
	nan.Set(5, 1, math.NaN())
	for _, tc := range []struct {
		f    FastICA
		X    *mat.Dense
		want string
	}{
		{FastICA{K: 4}, X4, "rank 3"},
		{FastICA{K: -1}, X, "non-negative"},
		{FastICA{Algorithm: "symmetric"}, X, "unknown algorithm"},
		{FastICA{Fun: "tanh"}, X, "unknown fun"},
		{FastICA{Alpha: 3}, X, "alpha"},
		{FastICA{}, nan, "X[5][1]"},
		{FastICA{}, mat.NewDense(4, 2, []float64{1, 2, 1, 2, 1, 2, 1, 2}), "constant"},
		{FastICA{}, mat.NewDense(1, 2, []float64{1, 2}), "at least 2 samples"},
	} {
		f := tc.f
		if err := f.Fit(tc.X, nil); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%+v: error %v, want it to mention %q", tc.f, err, tc.want)
		}
	}
	if _, err := (&FastICA{}).Transform(X); err == nil {
		t.Error("Transform before Fit accepted")
	}
}
