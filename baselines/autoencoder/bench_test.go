package autoencoder

import (
	"context"
	"fmt"
	"testing"

	"github.com/gsbench/gsbench/internal/testutil/realdata"
	"github.com/gsbench/gsbench/preprocess"
)

// BenchmarkMNIST is issue 11's speed target: a 784-256-29-256-784 ReLU
// autoencoder trained for 20 epochs on the 60000 MNIST training images
// (min-max scaled) in under 5 minutes, with the default mini-batches of 32;
// and at batch 256 in both precisions. It logs the training loss of every
// epoch (go test -v).
func BenchmarkMNIST(b *testing.B) {
	X := realdata.Load(b, "mnist", preprocess.MinMax).X
	for _, tc := range []struct {
		bs   int
		prec Precision
	}{{32, Float64}, {256, Float64}, {256, Float32}} {
		b.Run(fmt.Sprintf("batch%d-%s", tc.bs, tc.prec), func(b *testing.B) {
			for b.Loop() {
				ae := New()
				ae.K, ae.Layers, ae.Epochs, ae.BatchSize, ae.Precision = 29, []int{256}, 20, tc.bs, tc.prec
				if err := ae.Fit(X, nil); err != nil {
					b.Fatal(err)
				}
				b.ReportMetric(ae.Report()["final_loss"].(float64), "loss")
				b.Logf("train_loss %v", ae.Report()["train_loss"])
			}
		})
	}
}

// BenchmarkEpochMNIST is issue 24's target: one epoch of the 784-256-29
// autoencoder on MNIST (min-max scaled) with mini-batches of 256, in each
// precision; the training alone, as scripts/peer_autoencoder_mnist.py times
// PyTorch's epochs (Fit adds the encoding of the 60000 rows). It reports the
// CPU time per epoch too (user and system, all threads).
func BenchmarkEpochMNIST(b *testing.B) {
	X := realdata.Load(b, "mnist", preprocess.MinMax).X
	for _, prec := range []Precision{Float64, Float32} {
		b.Run(string(prec), func(b *testing.B) {
			ae := New()
			ae.K, ae.Layers, ae.Epochs, ae.BatchSize, ae.Precision = 29, []int{256}, 1, 256, prec
			act, err := ae.validate()
			if err != nil {
				b.Fatal(err)
			}
			var rep map[string]any
			cpu := cpuTime()
			for b.Loop() {
				if prec == Float32 {
					_, rep, err = fitNetwork[float32](context.Background(), ae, X, act)
				} else {
					_, rep, err = fitNetwork[float64](context.Background(), ae, X, act)
				}
				if err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric((cpuTime()-cpu)/float64(b.N), "cpu-s/op")
			b.ReportMetric(rep["final_loss"].(float64), "loss")
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
