package svdentropy

import (
	"testing"

	"github.com/gsbench/gsbench/internal/testutil/realdata"
	"github.com/gsbench/gsbench/preprocess"
)

// BenchmarkCOIL20 scores the 1024 pixels of COIL-20: one 1440 x 1024 SVD
// and 1024 secular downdates of size 1024.
func BenchmarkCOIL20(b *testing.B) {
	X := realdata.Load(b, "coil20", preprocess.Standardize).X
	for b.Loop() {
		if err := (&SVDEntropy{K: 100}).Fit(X, nil); err != nil {
			b.Fatal(err)
		}
	}
}
