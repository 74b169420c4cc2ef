package spec

import (
	"testing"

	"github.com/gsbench/gsbench/internal/testutil/realdata"
	"github.com/gsbench/gsbench/preprocess"
)

// BenchmarkCOIL20 runs the default SPEC (dense RBF kernel, style 0) on the
// 1440 x 1024 COIL-20.
func BenchmarkCOIL20(b *testing.B) {
	X := realdata.Load(b, "coil20", preprocess.Standardize).X
	for b.Loop() {
		if err := with(func(m *SPEC) { m.K = 100 }).Fit(X, nil); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkCOIL20Style20 needs the 20 smallest eigenpairs of the 1440 x 1440
// normalized Laplacian.
func BenchmarkCOIL20Style20(b *testing.B) {
	X := realdata.Load(b, "coil20", preprocess.Standardize).X
	for b.Loop() {
		if err := with(func(m *SPEC) { m.K, m.Style = 100, 20 }).Fit(X, nil); err != nil {
			b.Fatal(err)
		}
	}
}
