package umap

import (
	"context"
	"runtime"
	"testing"

	"github.com/gsbench/gsbench/internal/testutil/realdata"
	"github.com/gsbench/gsbench/preprocess"
)

// BenchmarkFitDigits: the default 2-D embedding of the 1797 x 64 digits.
func BenchmarkFitDigits(b *testing.B) {
	X := realdata.Load(b, "digits", preprocess.None).X
	for b.Loop() {
		u := New()
		if err := u.Fit(X, nil); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkFitMNIST is issue 11's speed target: the 60000 x 784 MNIST
// training set to 20 dimensions with the defaults (exact neighbours,
// 200 epochs) in under 5 minutes.
func BenchmarkFitMNIST(b *testing.B) {
	ds := realdata.Load(b, "mnist", preprocess.None)
	for b.Loop() {
		u := New()
		u.K = 20
		if err := u.Fit(ds.X, nil); err != nil {
			b.Fatal(err)
		}
		b.ReportMetric(float64(u.Report()["edges"].(int)), "edges")
	}
}

// BenchmarkKNNMNIST compares the exact tiled search with NN-descent on
// MNIST (15 neighbours).
func BenchmarkKNNMNIST(b *testing.B) {
	ds := realdata.Load(b, "mnist", preprocess.None)
	b.Run("exact", func(b *testing.B) {
		for b.Loop() {
			exactKNN(context.Background(), ds.X, 15, runtime.GOMAXPROCS(0))
		}
	})
	b.Run("nndescent", func(b *testing.B) {
		for b.Loop() {
			nnDescent(context.Background(), ds.X, 15, 1, runtime.GOMAXPROCS(0))
		}
	})
}
