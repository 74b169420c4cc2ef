package svdentropy

import (
	"testing"

	"github.com/gsbench/gsbench/datasets"
	"github.com/gsbench/gsbench/internal/testutil"
	"github.com/gsbench/gsbench/preprocess"
)

// BenchmarkCOIL20 scores the 1024 pixels of COIL-20: one 1440 x 1024 SVD
// and 1024 secular downdates of size 1024.
func BenchmarkCOIL20(b *testing.B) {
	ds, err := datasets.Load("coil20", datasets.Options{DataDir: testutil.DataDir(b)})
	if err != nil {
		b.Fatal(err)
	}
	X, _, err := preprocess.Apply(preprocess.Standardize, ds.X)
	if err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		if err := (&SVDEntropy{K: 100}).Fit(X, nil); err != nil {
			b.Fatal(err)
		}
	}
}
