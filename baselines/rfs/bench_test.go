package rfs

import (
	"testing"

	"github.com/gsbench/gsbench/internal/testutil/realdata"
	"github.com/gsbench/gsbench/preprocess"
)

// BenchmarkIsolet ranks the 617 features of Isolet (1560 samples, 26
// classes) with gamma = 0.1, the UFFS authors' setting (617 x 617 systems).
func BenchmarkIsolet(b *testing.B) {
	ds := realdata.Load(b, "isolet", preprocess.None)
	for b.Loop() {
		m := New()
		m.Gamma = 0.1
		if err := m.Fit(ds.X, ds.Y); err != nil {
			b.Fatal(err)
		}
	}
}
