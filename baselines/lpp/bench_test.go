package lpp

import (
	"math/rand/v2"
	"testing"

	"gonum.org/v1/gonum/mat"
)

// A USPS-sized problem: 7291 x 256, 20 components; the exact neighbour
// graph (O(n^2 d)) dominates.
func BenchmarkFit7291x256(b *testing.B) {
	rng := rand.New(rand.NewPCG(1, 1))
	X := mat.NewDense(7291, 256, nil)
	for i := 0; i < 7291; i++ {
		c := float64(i % 10)
		for j := 0; j < 256; j++ {
			X.Set(i, j, rng.NormFloat64()+c*float64(j%5))
		}
	}
	for b.Loop() {
		l := New()
		l.K = 20
		if err := l.Fit(X, nil); err != nil {
			b.Fatal(err)
		}
	}
}
