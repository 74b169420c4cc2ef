package fastica

import (
	"context"
	"errors"
	"math"
	"math/rand/v2"
	"strings"
	"testing"

	"gonum.org/v1/gonum/mat"
	"gonum.org/v1/gonum/stat"
)

// model returns New() changed by set.
func model(set func(f *FastICA)) *FastICA {
	f := New()
	set(f)
	return f
}

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
		f    *FastICA
	}{
		{"defaults", New()},
		{"seed 1", model(func(f *FastICA) { f.Seed = 1 })},
		{"deflation", model(func(f *FastICA) { f.Seed = 2; f.Algorithm = Deflation })},
		{"exp", model(func(f *FastICA) { f.Seed = 3; f.Fun = Exp })},
		{"cube", model(func(f *FastICA) { f.Seed = 4; f.Fun = Cube })},
		{"alpha 1.5, k 3", model(func(f *FastICA) { f.Seed = 5; f.Alpha = 1.5; f.K = 3 })},
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
	f := model(func(f *FastICA) { f.Seed = 9 })
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
	a, b := model(func(f *FastICA) { f.Seed = 4 }), model(func(f *FastICA) { f.Seed = 4 })
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
	f := model(func(f *FastICA) { f.MaxIter = 1; f.Seed = 1 })
	if err := f.Fit(X, nil); err != nil {
		t.Fatal(err)
	}
	if r := f.Report(); r["converged"] != false || r["iterations"] != 1 {
		t.Errorf("one iteration: report %v", r)
	}
	two := model(func(f *FastICA) { f.K = 2 })
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
	all := New()
	if err := all.Fit(X4, nil); err != nil {
		t.Fatal(err)
	}
	if _, c := all.Components().Dims(); c != 3 {
		t.Errorf("k = 0 on rank-3 data: %d components, want 3", c)
	}
	nan := mat.DenseCopyOf(X)
	nan.Set(5, 1, math.NaN())
	for _, tc := range []struct {
		f    *FastICA
		X    *mat.Dense
		want string
	}{
		{model(func(f *FastICA) { f.K = 4 }), X4, "rank 3"},
		{model(func(f *FastICA) { f.K = -1 }), X, "non-negative"},
		{model(func(f *FastICA) { f.Algorithm = "symmetric" }), X, "unknown algorithm"},
		{model(func(f *FastICA) { f.Fun = "tanh" }), X, "unknown fun"},
		{model(func(f *FastICA) { f.Alpha = 3 }), X, "alpha"},
		{New(), nan, "X[5][1]"},
		{New(), mat.NewDense(4, 2, []float64{1, 2, 1, 2, 1, 2, 1, 2}), "constant"},
		{New(), mat.NewDense(1, 2, []float64{1, 2}), "at least 2 samples"},
		{model(func(f *FastICA) { f.MaxIter = 0 }), X, "max_iter = 0"},
		{model(func(f *FastICA) { f.Tol = -1 }), X, "tol = -1"},
		{&FastICA{Seed: 1}, X, `unknown algorithm ""`}, // a literal must set every parameter
	} {
		f := tc.f
		if err := f.Fit(tc.X, nil); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%+v: error %v, want it to mention %q", tc.f, err, tc.want)
		}
	}
	if _, err := New().Transform(X); err == nil {
		t.Error("Transform before Fit accepted")
	}
}

// tol 0 is used as given (scikit-learn allows it): the iteration never
// meets it and runs max_iter steps, reported as not converged.
func TestTolZero(t *testing.T) {
	_, X := mixture(15, 300)
	for _, alg := range []Algorithm{Parallel, Deflation} {
		f := model(func(f *FastICA) { f.Tol, f.MaxIter, f.Algorithm = 0, 7, alg })
		if err := f.Fit(X, nil); err != nil {
			t.Fatal(err)
		}
		if r := f.Report(); r["converged"] != false || r["iterations"] != 7 {
			t.Errorf("%s, tol 0, max_iter 7: report %v", alg, r)
		}
	}
}

// countdown is a context whose Err reports context.Canceled from its
// (n+1)-th call on, and counts the calls: a deterministic cancellation at
// any check of FitContext.
type countdown struct {
	context.Context
	n, calls int
}

func (c *countdown) Err() error {
	c.calls++
	if c.calls > c.n {
		return context.Canceled
	}
	return nil
}

// A canceled context stops FitContext at its next check (before the
// whitening, before every fixed-point iteration) with ctx's error, and the
// estimator keeps its previous fit (or stays unfitted).
func TestFitContextCanceled(t *testing.T) {
	_, X := mixture(16, 500)
	for _, alg := range []Algorithm{Parallel, Deflation} {
		full := &countdown{Context: context.Background(), n: math.MaxInt}
		ref := model(func(f *FastICA) { f.Algorithm, f.Tol = alg, 1e-8 })
		if err := ref.FitContext(full, X, nil); err != nil {
			t.Fatal(err)
		}
		if want := ref.Report()["iterations"].(int); full.calls <= want {
			t.Fatalf("%s: %d context checks for %d iterations", alg, full.calls, want)
		}
		prev := model(func(f *FastICA) { f.K = 2 })
		if err := prev.Fit(X, nil); err != nil {
			t.Fatal(err)
		}
		want := mat.DenseCopyOf(prev.Components())
		for _, n := range []int{0, 1, 2, full.calls / 2, full.calls - 1} {
			fresh := model(func(f *FastICA) { f.Algorithm, f.Tol = alg, 1e-8 })
			ctx := &countdown{Context: context.Background(), n: n}
			if err := fresh.FitContext(ctx, X, nil); !errors.Is(err, context.Canceled) {
				t.Fatalf("%s canceled at check %d: error %v", alg, n+1, err)
			}
			if ctx.calls != n+1 {
				t.Errorf("%s canceled at check %d: %d checks", alg, n+1, ctx.calls)
			}
			if fresh.Components() != nil || fresh.Mixing() != nil || fresh.Trace() != nil {
				t.Errorf("%s canceled at check %d: a half-fitted model", alg, n+1)
			}
			if _, err := fresh.Transform(X); err == nil {
				t.Errorf("%s canceled at check %d: Transform accepted", alg, n+1)
			}
			prev.K, prev.Algorithm, prev.Tol = 0, alg, 1e-8
			if err := prev.FitContext(&countdown{Context: context.Background(), n: n}, X, nil); !errors.Is(err, context.Canceled) {
				t.Fatalf("%s refit canceled at check %d: error %v", alg, n+1, err)
			}
			if !mat.Equal(prev.Components(), want) {
				t.Errorf("%s refit canceled at check %d: the previous fit was changed", alg, n+1)
			}
		}
	}
}
