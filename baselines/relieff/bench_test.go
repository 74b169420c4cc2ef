package relieff

import (
	"testing"

	"github.com/gsbench/gsbench/internal/testutil/realdata"
	"github.com/gsbench/gsbench/preprocess"
)

// BenchmarkIsolet ranks the 617 features of Isolet (1560 samples, 26
// classes) with the default 5 neighbours.
func BenchmarkIsolet(b *testing.B) {
	ds := realdata.Load(b, "isolet", preprocess.None)
	for b.Loop() {
		if err := New().Fit(ds.X, ds.Y); err != nil {
			b.Fatal(err)
		}
	}
}
