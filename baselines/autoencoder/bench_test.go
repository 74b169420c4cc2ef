package autoencoder

import (
	"testing"

	"github.com/gsbench/gsbench/internal/testutil/realdata"
	"github.com/gsbench/gsbench/preprocess"
)

// BenchmarkMNIST is issue 11's speed target: a 784-256-29-256-784 ReLU
// autoencoder trained for 20 epochs on the 60000 MNIST training images
// (min-max scaled) in under 5 minutes, with the default mini-batches of 32.
func BenchmarkMNIST(b *testing.B) {
	X := realdata.Load(b, "mnist", preprocess.MinMax).X
	for _, bs := range []int{32, 256} {
		b.Run(map[int]string{32: "batch32", 256: "batch256"}[bs], func(b *testing.B) {
			for b.Loop() {
				ae := New()
				ae.K, ae.Layers, ae.Epochs, ae.BatchSize = 29, []int{256}, 20, bs
				if err := ae.Fit(X, nil); err != nil {
					b.Fatal(err)
				}
				b.ReportMetric(ae.Report()["final_loss"].(float64), "loss")
			}
		})
	}
}

// BenchmarkEpochDigits: one epoch of the default 64-256-64-2 network on the
// 1797 digits.
func BenchmarkEpochDigits(b *testing.B) {
	X := realdata.Load(b, "digits", preprocess.None).X
	for b.Loop() {
		ae := New()
		ae.Epochs = 1
		if err := ae.Fit(X, nil); err != nil {
			b.Fatal(err)
		}
	}
}
