package linalg

import (
	"context"
	"errors"
	"math"
	"math/rand/v2"
	"sort"
	"strings"
	"testing"

	"gonum.org/v1/gonum/blas"
	"gonum.org/v1/gonum/blas/blas64"
	"gonum.org/v1/gonum/mat"
)

// TopEigen on matrices Q diag(spectrum) Q^T with a random orthogonal Q:
// repeated eigenvalues, a gap of 1e-6, zero eigenvalues (low rank) and a
// slowly decaying spectrum.
func TestTopEigen(t *testing.T) {
	const n = 300
	Q := randomOrthogonal(n, rand.New(rand.NewPCG(4, 4)))
	spectra := map[string]func(i int) float64{
		"repeated":     func(i int) float64 { return []float64{10, 10, 10, 7, 7, 5}[min(i, 5)] / float64(1+max(0, i-5)) },
		"close pair":   func(i int) float64 { return []float64{3, 2 + 1e-6, 2, 1}[min(i, 3)] / float64(1+max(0, i-3)) },
		"rank 4":       func(i int) float64 { return float64(max(0, 4-i)) },
		"slow decay":   func(i int) float64 { return 1 / math.Sqrt(float64(i+1)) },
		"all the same": func(int) float64 { return 2 },
	}
	for name, f := range spectra {
		A, want, mul := spectrumOperator(Q, f)
		const k = 6
		vals, vecs, cycles, err := TopEigen(n, k, mul, LanczosOptions{Tol: 1e-10, MaxCycles: 100, Rand: rand.New(rand.NewPCG(1, 1))})
		if err != nil {
			t.Errorf("%s: %v", name, err)
			continue
		}
		for j := 0; j < k; j++ {
			if math.Abs(vals[j]-want[j]) > 1e-9*want[0] {
				t.Errorf("%s: eigenvalue %d = %.12g, want %.12g", name, j, vals[j], want[j])
			}
			v := mat.Col(nil, j, vecs)
			var r mat.VecDense
			r.MulVec(A, mat.NewVecDense(n, v))
			r.AddScaledVec(&r, -vals[j], mat.NewVecDense(n, v))
			if res := mat.Norm(&r, 2); res > 1e-9*want[0] {
				t.Errorf("%s: pair %d: residual %g", name, j, res)
			}
		}
		var vtv mat.Dense
		vtv.Mul(vecs.T(), vecs)
		for i := 0; i < k; i++ {
			vtv.Set(i, i, vtv.At(i, i)-1)
		}
		if e := mat.Norm(&vtv, 2); e > 1e-10 {
			t.Errorf("%s: eigenvectors not orthonormal (%g)", name, e)
		}
		t.Logf("%s: %d cycles", name, cycles)
	}
}

// randomOrthogonal returns the Q factor of an n x n Gaussian matrix.
func randomOrthogonal(n int, rng *rand.Rand) *mat.Dense {
	var qr mat.QR
	G := mat.NewDense(n, n, nil)
	for i := 0; i < n; i++ {
		for j := 0; j < n; j++ {
			G.Set(i, j, rng.NormFloat64())
		}
	}
	qr.Factorize(G)
	var Q mat.Dense
	qr.QTo(&Q)
	return &Q
}

// spectrumOperator returns A = Q diag(f(0), f(1), ...) Q^T, the diagonal
// and the product src A as TopEigen takes it.
func spectrumOperator(Q *mat.Dense, f func(i int) float64) (*mat.Dense, []float64, func(dst, src []float64, rows int)) {
	n, _ := Q.Dims()
	want := make([]float64, n)
	QD := mat.NewDense(n, n, nil)
	for j := 0; j < n; j++ {
		want[j] = f(j)
		for i := 0; i < n; i++ {
			QD.Set(i, j, Q.At(i, j)*want[j])
		}
	}
	var A mat.Dense
	A.Mul(QD, Q.T())
	a := A.RawMatrix().Data
	mul := func(dst, src []float64, rows int) {
		blas64.Implementation().Dgemm(blas.NoTrans, blas.NoTrans, rows, n, n, 1, src, n, a, n, 0, dst, n)
	}
	return &A, want, mul
}

// With the top two eigenvectors deflated, TopEigen finds the next ones,
// orthogonal to them, also with a block larger than the number wanted.
func TestTopEigenDeflate(t *testing.T) {
	const n, k = 200, 4
	Q := randomOrthogonal(n, rand.New(rand.NewPCG(5, 5)))
	A, want, mul := spectrumOperator(Q, func(i int) float64 { return 1 / float64(1+i) })
	Z := mat.DenseCopyOf(Q.Slice(0, n, 0, 2).T()) // rows: the top two eigenvectors
	for _, block := range []int{0, 9} {
		vals, vecs, _, err := TopEigen(n, k, mul, LanczosOptions{Block: block, Deflate: Z.RawMatrix().Data})
		if err != nil {
			t.Fatalf("block %d: %v", block, err)
		}
		for j := 0; j < k; j++ {
			if math.Abs(vals[j]-want[j+2]) > 1e-9 {
				t.Errorf("block %d: eigenvalue %d = %.12g, want %.12g", block, j, vals[j], want[j+2])
			}
			v := mat.NewVecDense(n, mat.Col(nil, j, vecs))
			var r mat.VecDense
			r.MulVec(A, v)
			r.AddScaledVec(&r, -vals[j], v)
			if res := mat.Norm(&r, 2); res > 1e-9 {
				t.Errorf("block %d: pair %d: residual %g", block, j, res)
			}
			for z := 0; z < 2; z++ {
				if p := mat.Dot(v, Z.RowView(z)); math.Abs(p) > 1e-12 {
					t.Errorf("block %d: eigenvector %d has component %g along deflated vector %d", block, j, p, z)
				}
			}
		}
	}
}

// Too few cycles: the error wraps ErrNotConverged and the Ritz pairs reached
// come with it; too small a problem is refused.
func TestTopEigenErrors(t *testing.T) {
	const n, k = 300, 5
	Q := randomOrthogonal(n, rand.New(rand.NewPCG(6, 6)))
	_, _, mul := spectrumOperator(Q, func(i int) float64 { return 1 / math.Sqrt(float64(i+1)) })
	vals, vecs, cycles, err := TopEigen(n, k, mul, LanczosOptions{Tol: 1e-14, MaxCycles: 1})
	if !errors.Is(err, ErrNotConverged) || cycles != 1 {
		t.Fatalf("MaxCycles 1: error %v after %d cycles, want ErrNotConverged after 1", err, cycles)
	}
	if len(vals) != k || vecs == nil || !sort.IsSorted(sort.Reverse(sort.Float64Slice(vals))) {
		t.Errorf("unconverged Ritz pairs: values %v, vectors %v", vals, vecs != nil)
	}
	if _, _, _, err := TopEigen(10, 4, mul, LanczosOptions{}); err == nil || !strings.Contains(err.Error(), "use the dense solver") {
		t.Errorf("10 x 10, 4 pairs: error %v", err)
	}
}

// A canceled context stops TopEigenContext before its next product with A,
// with ctx's error and no result.
func TestTopEigenContext(t *testing.T) {
	const n, k = 300, 5
	Q := randomOrthogonal(n, rand.New(rand.NewPCG(6, 6)))
	_, _, mul := spectrumOperator(Q, func(i int) float64 { return 1 / math.Sqrt(float64(i+1)) })
	for _, after := range []int{0, 1, 7} {
		ctx, cancel := context.WithCancel(context.Background())
		products := 0
		counted := func(dst, src []float64, rows int) {
			products++
			if products == after {
				cancel()
			}
			mul(dst, src, rows)
		}
		if after == 0 {
			cancel()
		}
		vals, vecs, _, err := TopEigenContext(ctx, n, k, counted, LanczosOptions{Tol: 1e-14, MaxCycles: 1000})
		if !errors.Is(err, context.Canceled) || vals != nil || vecs != nil {
			t.Errorf("canceled after %d products: error %v, %d values", after, err, len(vals))
		}
		if products != after {
			t.Errorf("canceled after %d products: %d products done", after, products)
		}
	}
}
