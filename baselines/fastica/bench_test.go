package fastica

import (
	"math"
	"math/rand/v2"
	"testing"

	"gonum.org/v1/gonum/mat"
)

// An MNIST-sized problem: 60000 samples, 100 features mixing 20 Laplace
// sources with Gaussian noise, 20 components.
func BenchmarkFit60000x100(b *testing.B) {
	rng := rand.New(rand.NewPCG(1, 1))
	const n, d, m = 60000, 100, 20
	S := mat.NewDense(n, d, nil)
	for i := 0; i < n; i++ {
		for j := 0; j < d; j++ {
			v := 0.1 * rng.NormFloat64()
			if j < m {
				v = rng.ExpFloat64() * math.Copysign(1, rng.Float64()-0.5)
			}
			S.Set(i, j, v)
		}
	}
	A := mat.NewDense(d, d, nil)
	for i := 0; i < d; i++ {
		for j := 0; j < d; j++ {
			A.Set(i, j, rng.NormFloat64())
		}
	}
	var X mat.Dense
	X.Mul(S, A.T())
	for _, alg := range []Algorithm{Parallel, Deflation} {
		b.Run(string(alg), func(b *testing.B) {
			for b.Loop() {
				f := New()
				f.K, f.Algorithm = m, alg
				if err := f.Fit(&X, nil); err != nil {
					b.Fatal(err)
				}
				b.ReportMetric(float64(f.iterations), "iterations")
			}
		})
	}
}
