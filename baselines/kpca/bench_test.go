package kpca

import (
	"math/rand/v2"
	"testing"
)

// Issue 5: kernel PCA with 20 components on 10000 x 20 points under 10 s.
func BenchmarkFit10000x20(b *testing.B) {
	for _, k := range []Kernel{Poly(3, 0, 1), RBF(0)} {
		b.Run(string(k.Name), func(b *testing.B) {
			X := randDense(rand.New(rand.NewPCG(1, 1)), 10000, 20)
			for b.Loop() {
				kp := model(20, k, "")
				if err := kp.Fit(X, nil); err != nil {
					b.Fatal(err)
				}
				b.ReportMetric(float64(kp.cycles), "cycles")
			}
		})
	}
}

// The dense and the iterative solver around the size where SolverAuto
// switches between them.
func BenchmarkSolvers2000(b *testing.B) {
	X := randDense(rand.New(rand.NewPCG(2, 2)), 2000, 20)
	for _, solver := range []Solver{SolverDense, SolverIterative} {
		b.Run(string(solver), func(b *testing.B) {
			for b.Loop() {
				kp := model(20, RBF(0), solver)
				if err := kp.Fit(X, nil); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

func BenchmarkTransform(b *testing.B) {
	rng := rand.New(rand.NewPCG(3, 3))
	X := randDense(rng, 3000, 20)
	kp := model(20, Poly(3, 0, 1), "")
	if err := kp.Fit(X, nil); err != nil {
		b.Fatal(err)
	}
	Y := randDense(rng, 5000, 20)
	for b.Loop() {
		if _, err := kp.Transform(Y); err != nil {
			b.Fatal(err)
		}
	}
}
