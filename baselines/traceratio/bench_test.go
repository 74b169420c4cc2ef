package traceratio

import (
	"testing"

	"github.com/gsbench/gsbench/internal/testutil/realdata"
	"github.com/gsbench/gsbench/preprocess"
)

func BenchmarkCOIL20(b *testing.B) {
	ds := realdata.Load(b, "coil20", preprocess.Standardize)
	X := ds.X
	for b.Loop() {
		if err := with(func(m *TraceRatio) { m.K = 100 }).Fit(X, ds.Y); err != nil {
			b.Fatal(err)
		}
	}
}
