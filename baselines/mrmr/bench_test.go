package mrmr

import (
	"testing"

	"github.com/gsbench/gsbench/internal/testutil/realdata"
	"github.com/gsbench/gsbench/preprocess"
)

// BenchmarkIsolet ranks all 617 features of Isolet (1560 samples, 26
// classes), discretized into 5 equal-width bins.
func BenchmarkIsolet(b *testing.B) {
	ds := realdata.Load(b, "isolet", preprocess.None)
	for b.Loop() {
		m := New()
		m.Discretize = EqualWidth
		if err := m.Fit(ds.X, ds.Y); err != nil {
			b.Fatal(err)
		}
	}
}
