package ccm

import (
	"testing"

	"gonum.org/v1/gonum/mat"

	"github.com/gsbench/gsbench/internal/testutil/realdata"
	"github.com/gsbench/gsbench/preprocess"
)

// BenchmarkIsolet runs CCM with its defaults (100 iterations, m = 100) on
// all of Isolet: 1560 samples, 617 features, 26 classes.
func BenchmarkIsolet(b *testing.B) {
	ds := realdata.Load(b, "isolet", preprocess.None)
	for b.Loop() {
		if err := New().Fit(ds.X, ds.Y); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkIsolet390 runs CCM on a quarter of Isolet (its first 390
// samples).
func BenchmarkIsolet390(b *testing.B) {
	ds := realdata.Load(b, "isolet", preprocess.None)
	_, d := ds.X.Dims()
	X := ds.X.Slice(0, 390, 0, d).(*mat.Dense)
	for b.Loop() {
		if err := New().Fit(X, ds.Y[:390]); err != nil {
			b.Fatal(err)
		}
	}
}
