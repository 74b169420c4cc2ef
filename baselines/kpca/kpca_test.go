package kpca

import (
	"context"
	"errors"
	"math"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"testing"

	"gonum.org/v1/gonum/mat"

	"github.com/gsbench/gsbench/baselines/pca"
	"github.com/gsbench/gsbench/internal/memory"
	"github.com/gsbench/gsbench/internal/testutil/realdata"
	"github.com/gsbench/gsbench/preprocess"
)

// model returns New() with k components, the kernel and, unless empty, the
// solver.
func model(k int, kern Kernel, solver Solver) *KernelPCA {
	kp := New()
	kp.K, kp.Kernel = k, kern
	if solver != "" {
		kp.Solver = solver
	}
	return kp
}

func randDense(rng *rand.Rand, n, d int) *mat.Dense {
	X := mat.NewDense(n, d, nil)
	for i := 0; i < n; i++ {
		for j := 0; j < d; j++ {
			X.Set(i, j, rng.NormFloat64()*(1+float64(j%3)))
		}
	}
	return X
}

// Issue 5: scikit-learn 1.2.1 KernelPCA(kernel='poly', degree=3,
// n_components=3).eigenvalues_ on the standardized data sets (gamma 1/d,
// coef0 1), to the printed digits.
func TestEigenvaluesReference(t *testing.T) {
	for _, tc := range []struct {
		data string
		want []string
	}{
		{"wine", []string{"265.4371", "158.2789", "96.4003"}},
		{"breast-cancer", []string{"6501.0418", "2981.1617", "1663.9038"}},
	} {
		X := realdata.Load(t, tc.data, preprocess.Standardize).X
		for _, solver := range []Solver{SolverDense, SolverIterative} {
			kp := model(3, Poly(3, 0, 1), solver)
			if err := kp.Fit(X, nil); err != nil {
				t.Fatalf("%s %s: %v", tc.data, solver, err)
			}
			for j, w := range tc.want {
				want, _ := strconv.ParseFloat(w, 64)
				if got := kp.Eigenvalues()[j]; math.Abs(got-want) > 0.5e-4*(1+1e-9) {
					t.Errorf("%s %s: eigenvalue %d = %.6f, scikit-learn prints %s", tc.data, solver, j, got, w)
				}
			}
		}
	}
}

// The dense and the iterative eigensolver agree on kernels with different
// spectra, and the pairs are eigenpairs of the centered kernel matrix.
func TestSolversAgree(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 7))
	X := randDense(rng, 500, 6)
	X2 := mat.NewDense(500, 12, nil) // rank-deficient features: x and 2x
	for i := 0; i < 500; i++ {
		for j := 0; j < 6; j++ {
			X2.Set(i, j, X.At(i, j))
			X2.Set(i, 6+j, 2*X.At(i, j))
		}
	}
	for _, tc := range []struct {
		name string
		X    *mat.Dense
		k    Kernel
		m    int
	}{
		{"poly3", X, Poly(3, 0, 1), 12},
		{"rbf", X, RBF(0.5), 20},
		{"linear rank 6", X2, Linear(), 6},
		{"poly2 duplicated features", X2, Poly(2, 0.1, 1), 15},
	} {
		dense := model(tc.m, tc.k, SolverDense)
		iter := model(tc.m, tc.k, SolverIterative)
		iter.Seed = 3
		if err := dense.Fit(tc.X, nil); err != nil {
			t.Fatalf("%s dense: %v", tc.name, err)
		}
		if err := iter.Fit(tc.X, nil); err != nil {
			t.Fatalf("%s iterative: %v", tc.name, err)
		}
		dv, iv := dense.Eigenvalues(), iter.Eigenvalues()
		for j := range dv {
			if math.Abs(dv[j]-iv[j]) > 1e-9*dv[0] {
				t.Errorf("%s: eigenvalue %d: dense %.12g, iterative %.12g", tc.name, j, dv[j], iv[j])
			}
		}
		if a, b := dense.Trace(), iter.Trace(); len(a) != tc.m+1 || len(b) != tc.m+1 || math.Abs(a[tc.m]-b[tc.m]) > 1e-9*a[0] {
			t.Errorf("%s: traces %v and %v", tc.name, a, b)
		}
		// Eigenvectors: same up to rounding where the eigenvalue is simple.
		for j := 0; j < tc.m; j++ {
			gap := math.Inf(1)
			if j > 0 {
				gap = dv[j-1] - dv[j]
			}
			if j+1 < len(dv) {
				gap = math.Min(gap, dv[j]-dv[j+1])
			}
			if gap < 1e-6*dv[0] {
				continue
			}
			c := mat.Dot(dense.Eigenvectors().ColView(j), iter.Eigenvectors().ColView(j))
			if math.Abs(c-1) > 1e-7 {
				t.Errorf("%s: eigenvector %d: cos(dense, iterative) = %.12f", tc.name, j, c)
			}
		}
		t.Logf("%s: %v", tc.name, iter.Report())
	}
}

// Transform of the training rows reproduces the embedding (the centered
// kernel vector route of Figure 7 equals the eigenvector route of Figure 6).
func TestTransformTraining(t *testing.T) {
	X := realdata.Load(t, "wine", preprocess.Standardize).X
	for _, k := range []Kernel{Poly(3, 0, 1), RBF(0), Linear(), Poly(2, 0.5, 0)} {
		kp := model(5, k, "")
		if _, err := kp.Transform(X); err == nil {
			t.Error("Transform before Fit accepted")
		}
		before := mat.DenseCopyOf(X)
		if err := kp.Fit(X, nil); err != nil {
			t.Fatal(err)
		}
		if !mat.Equal(X, before) {
			t.Fatal("Fit modified X")
		}
		Z, err := kp.Transform(X)
		if err != nil {
			t.Fatal(err)
		}
		E := kp.Embedding()
		scale := math.Sqrt(kp.Eigenvalues()[0])
		if !mat.EqualApprox(Z, E, 1e-9*scale) {
			t.Errorf("%s: Transform(X) differs from the embedding", k)
		}
		// The embedding's columns are centered with variance lambda_j / N.
		n, _ := E.Dims()
		for j, v := range kp.Trace()[:5] {
			col := mat.Col(nil, j, E)
			var s, ss float64
			for _, z := range col {
				s += z
				ss += z * z
			}
			if math.Abs(s) > 1e-9*scale*float64(n) || math.Abs(ss/float64(n)-v) > 1e-9*v {
				t.Errorf("%s: feature %d: sum %g, variance %g, trace %g", k, j, s, ss/float64(n), v)
			}
		}
	}
}

// Kernel PCA with the linear kernel is PCA: lambda_j = (N-1) x the PCA
// variance (ddof 1) and the embedding is the PCA scores up to sign.
func TestLinearIsPCA(t *testing.T) {
	X := realdata.Load(t, "breast-cancer", preprocess.Standardize).X
	n, _ := X.Dims()
	kp := model(4, Linear(), "")
	p := &pca.PCA{K: 4, Ddof: 1}
	if err := kp.Fit(X, nil); err != nil {
		t.Fatal(err)
	}
	if err := p.Fit(X, nil); err != nil {
		t.Fatal(err)
	}
	S, err := p.Transform(X)
	if err != nil {
		t.Fatal(err)
	}
	for j, v := range p.ExplainedVariance() {
		if got := kp.Eigenvalues()[j]; math.Abs(got-float64(n-1)*v) > 1e-9*got {
			t.Errorf("eigenvalue %d = %g, (N-1) x PCA variance = %g", j, got, float64(n-1)*v)
		}
		a, b := mat.Col(nil, j, kp.Embedding()), mat.Col(nil, j, S)
		c := mat.Dot(mat.NewVecDense(n, a), mat.NewVecDense(n, b)) / (mat.Norm(mat.NewVecDense(n, a), 2) * mat.Norm(mat.NewVecDense(n, b), 2))
		if math.Abs(math.Abs(c)-1) > 1e-9 {
			t.Errorf("feature %d: |cos(kernel PCA, PCA scores)| = %.12f", j, math.Abs(c))
		}
	}
}

func TestErrors(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 9))
	X := randDense(rng, 40, 3)
	same := mat.NewDense(5, 2, []float64{1, 2, 1, 2, 1, 2, 1, 2, 1, 2})
	nan := mat.DenseCopyOf(X)
	nan.Set(3, 2, math.NaN())
	for _, tc := range []struct {
		name string
		kp   *KernelPCA
		X    *mat.Dense
		want string
	}{
		{"no k", model(0, Linear(), ""), X, "give k"},
		{"no kernel", model(2, Kernel{}, ""), X, "no kernel"},
		{"bad kernel", model(2, Kernel{Name: "sigmoid"}, ""), X, "unknown kernel"},
		{"degree 0", model(2, Poly(0, 0, 1), ""), X, "degree >= 1"},
		{"negative gamma", model(2, RBF(-1), ""), X, "gamma"},
		{"bad solver", model(2, Linear(), "arpack"), X, "unknown solver"},
		{"k above rank", model(4, Linear(), ""), X, "rank 3"},
		{"k above rank, iterative", model(4, Linear(), SolverIterative), X, "rank 3"},
		{"k above n-1", model(40, RBF(0), ""), X, "at most 39"},
		{"identical samples", model(1, RBF(0), ""), same, "zero"},
		{"nan", model(1, RBF(0), ""), nan, "X[3][2]"},
		{"one sample", model(1, Linear(), ""), mat.NewDense(1, 2, []float64{1, 2}), "at least 2 samples"},
		{"iterative too small", model(20, RBF(0), SolverIterative), X, "solver dense"},
		{"overflow", model(1, Poly(300, 1, 1), ""), mat.NewDense(3, 1, []float64{1e3, 2e3, 3e3}), "overflows"},
		{"tol 0", func() *KernelPCA { kp := model(2, Linear(), ""); kp.Tol = 0; return kp }(), X, "tol = 0"},
		{"max_cycles 0", func() *KernelPCA { kp := model(2, Linear(), ""); kp.MaxCycles = 0; return kp }(), X, "max_cycles = 0"},
		{"literal without solver", &KernelPCA{K: 2, Kernel: Linear(), Tol: 1e-10, MaxCycles: 10}, X, `unknown solver ""`},
	} {
		err := tc.kp.Fit(tc.X, nil)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: error %v, want it to mention %q", tc.name, err, tc.want)
		}
	}
	kp := model(2, RBF(0), "")
	if err := kp.Fit(X, nil); err != nil {
		t.Fatal(err)
	}
	if _, err := kp.Transform(mat.NewDense(2, 4, nil)); err == nil || !strings.Contains(err.Error(), "fitted on 3") {
		t.Errorf("wrong width: %v", err)
	}
}

// Issue 5: a kernel matrix that does not fit is refused before allocation,
// with an estimate of the memory and the largest feasible sample size.
func TestMemoryRefused(t *testing.T) {
	defer func(old int64) { memory.Limit = old }(memory.Limit)
	memory.Limit = 1 << 30 // a 1 GiB machine
	kp := model(20, Poly(3, 0, 1), "")
	// 60000 x 1 rows of zeros: only the shape matters, Fit must stop before
	// building anything.
	X := mat.NewDense(60000, 1, nil)
	err := kp.Fit(X, nil)
	if err == nil {
		t.Fatal("a 26.8 GiB kernel matrix was accepted on a 1 GiB machine")
	}
	for _, want := range []string{"60000 x 60000", "26.8 GiB", "1.0 GiB", "at most about 11"} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("error %q should mention %q", err, want)
		}
	}
	t.Log(err)
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
// kernel matrix, before the eigensolver, before every block product of the
// iterative solver) with ctx's error, and the estimator keeps its previous
// fit (or stays unfitted).
func TestFitContextCanceled(t *testing.T) {
	X := randDense(rand.New(rand.NewPCG(8, 8)), 400, 5)
	full := &countdown{Context: context.Background(), n: math.MaxInt}
	ref := model(6, RBF(0), SolverIterative)
	if err := ref.FitContext(full, X, nil); err != nil {
		t.Fatal(err)
	}
	if full.calls < 5 {
		t.Fatalf("only %d context checks in a fit of %d cycles", full.calls, ref.Report()["cycles"])
	}
	prev := model(2, Linear(), SolverIterative)
	if err := prev.Fit(X, nil); err != nil {
		t.Fatal(err)
	}
	want := slices.Clone(prev.Eigenvalues())
	for _, n := range []int{0, 1, 2, 3, full.calls / 2, full.calls - 1} {
		fresh := model(6, RBF(0), SolverIterative)
		ctx := &countdown{Context: context.Background(), n: n}
		if err := fresh.FitContext(ctx, X, nil); !errors.Is(err, context.Canceled) {
			t.Fatalf("canceled at check %d: error %v", n+1, err)
		}
		if ctx.calls != n+1 {
			t.Errorf("canceled at check %d: %d checks, want it to stop at the first canceled one", n+1, ctx.calls)
		}
		if fresh.Eigenvalues() != nil || fresh.Embedding() != nil || fresh.Trace() != nil {
			t.Errorf("canceled at check %d: a half-fitted model", n+1)
		}
		if _, err := fresh.Transform(X); err == nil {
			t.Errorf("canceled at check %d: Transform accepted", n+1)
		}
		prev.Kernel, prev.K = RBF(0), 6
		if err := prev.FitContext(&countdown{Context: context.Background(), n: n}, X, nil); !errors.Is(err, context.Canceled) {
			t.Fatalf("refit canceled at check %d: error %v", n+1, err)
		}
		if !slices.Equal(prev.Eigenvalues(), want) || prev.Report()["kernel"] != "linear" {
			t.Errorf("refit canceled at check %d: the previous fit was changed", n+1)
		}
	}
}
