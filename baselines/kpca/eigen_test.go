package kpca

import (
	"math"
	"math/rand/v2"
	"testing"

	"gonum.org/v1/gonum/blas"
	"gonum.org/v1/gonum/blas/blas64"
	"gonum.org/v1/gonum/mat"
)

// topEigen on matrices Q diag(spectrum) Q^T with a random orthogonal Q:
// repeated eigenvalues, a gap of 1e-6, zero eigenvalues (low rank) and a
// slowly decaying spectrum.
func TestTopEigen(t *testing.T) {
	const n = 300
	rng := rand.New(rand.NewPCG(4, 4))
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
	spectra := map[string]func(i int) float64{
		"repeated":     func(i int) float64 { return []float64{10, 10, 10, 7, 7, 5}[min(i, 5)] / float64(1+max(0, i-5)) },
		"close pair":   func(i int) float64 { return []float64{3, 2 + 1e-6, 2, 1}[min(i, 3)] / float64(1+max(0, i-3)) },
		"rank 4":       func(i int) float64 { return float64(max(0, 4-i)) },
		"slow decay":   func(i int) float64 { return 1 / math.Sqrt(float64(i+1)) },
		"all the same": func(int) float64 { return 2 },
	}
	for name, f := range spectra {
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
		const k = 6
		vals, vecs, cycles, err := topEigen(n, k, mul, 1e-10, 100, rand.New(rand.NewPCG(1, 1)))
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
			r.MulVec(&A, mat.NewVecDense(n, v))
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
