package spec

import (
	"testing"

	"gonum.org/v1/gonum/mat"

	"github.com/gsbench/gsbench/datasets"
	"github.com/gsbench/gsbench/internal/testutil"
	"github.com/gsbench/gsbench/preprocess"
)

func coil20(b *testing.B) *mat.Dense {
	ds, err := datasets.Load("coil20", datasets.Options{DataDir: testutil.DataDir(b)})
	if err != nil {
		b.Fatal(err)
	}
	X, _, err := preprocess.Apply(preprocess.Standardize, ds.X)
	if err != nil {
		b.Fatal(err)
	}
	return X
}

// BenchmarkCOIL20 runs the default SPEC (dense RBF kernel, style 0) on the
// 1440 x 1024 COIL-20.
func BenchmarkCOIL20(b *testing.B) {
	X := coil20(b)
	for b.Loop() {
		if err := (&SPEC{K: 100}).Fit(X, nil); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkCOIL20Style20 needs the 20 smallest eigenpairs of the 1440 x 1440
// normalized Laplacian.
func BenchmarkCOIL20Style20(b *testing.B) {
	X := coil20(b)
	for b.Loop() {
		if err := (&SPEC{K: 100, Style: 20}).Fit(X, nil); err != nil {
			b.Fatal(err)
		}
	}
}
