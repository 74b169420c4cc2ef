package lapscore

import (
	"testing"

	"github.com/gsbench/gsbench/internal/testutil/realdata"
	"github.com/gsbench/gsbench/preprocess"
)

// BenchmarkCOIL20 scores the 1024 pixels of COIL-20 (1440 images).
func BenchmarkCOIL20(b *testing.B) {
	X := realdata.Load(b, "coil20", preprocess.Standardize).X
	for b.Loop() {
		if err := withK(100).Fit(X, nil); err != nil {
			b.Fatal(err)
		}
	}
}
