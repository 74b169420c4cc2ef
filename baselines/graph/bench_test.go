package graph

import (
	"math/rand/v2"
	"testing"
)

// BenchmarkKNN1440x1024 is the size of COIL-20.
func BenchmarkKNN1440x1024(b *testing.B) {
	X := randMatrix(rand.New(rand.NewPCG(1, 1)), 1440, 1024)
	for b.Loop() {
		if _, err := KNN(X, 5, KNNOptions{}); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkAffinity10000x50(b *testing.B) {
	X := randMatrix(rand.New(rand.NewPCG(2, 2)), 10000, 50)
	for b.Loop() {
		if _, err := Affinity(X, Options{}); err != nil {
			b.Fatal(err)
		}
	}
}
