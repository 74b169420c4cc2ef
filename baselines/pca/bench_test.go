package pca

import (
	"math/rand/v2"
	"testing"

	"github.com/gsbench/gsbench/internal/testutil/realdata"
	"github.com/gsbench/gsbench/preprocess"
)

// Issue 5: PCA on MNIST (60000 x 784, standardized) under 5 s. The threshold
// rule needs every eigenvalue, the most expensive case (Table II, eps2 0.1).
func BenchmarkFitMNIST(b *testing.B) {
	X := realdata.Load(b, "mnist", preprocess.Standardize).X
	for b.Loop() {
		p := &PCA{Eps2: 0.1, Ddof: 0}
		if err := p.Fit(X, nil); err != nil {
			b.Fatal(err)
		}
		b.ReportMetric(float64(len(p.ExplainedVariance())), "components")
	}
}

func BenchmarkFit5000x200(b *testing.B) {
	rng := rand.New(rand.NewPCG(5, 5))
	X := randDense(rng, 5000, 200, func(_, j int, z float64) float64 { return z * float64(1+j%7) })
	for b.Loop() {
		p := &PCA{K: 20, Ddof: 1}
		if err := p.Fit(X, nil); err != nil {
			b.Fatal(err)
		}
	}
}
