package preprocess

import (
	"math/rand/v2"
	"testing"

	"gonum.org/v1/gonum/mat"
)

// mnistLike returns a 60000 x 784 matrix (MNIST's training set) of 8-bit
// pixel values, about 80 % of them zero as in MNIST, with some constant
// (all-zero) border columns.
func mnistLike() *mat.Dense {
	const n, d = 60000, 784
	r := rand.New(rand.NewPCG(1, 2))
	data := make([]float64, n*d)
	for i := range n {
		for j := range d {
			if j%28 < 2 || j%28 >= 26 || r.Float64() < 0.8 {
				continue
			}
			data[i*d+j] = float64(r.IntN(256))
		}
	}
	return mat.NewDense(n, d, data)
}

// BenchmarkApply fits and applies each scaling to an MNIST-sized matrix
// (60000 x 784), as gsbench select/extract do before a method sees the data.
func BenchmarkApply(b *testing.B) {
	X := mnistLike()
	for _, kind := range []Kind{None, Center, Standardize, MinMax} {
		b.Run(string(kind), func(b *testing.B) {
			for b.Loop() {
				if _, _, err := Apply(kind, X); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
