package traceratio

import (
	"testing"

	"github.com/gsbench/gsbench/datasets"
	"github.com/gsbench/gsbench/internal/testutil"
	"github.com/gsbench/gsbench/preprocess"
)

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
		if err := (&TraceRatio{K: 100}).Fit(X, ds.Y); err != nil {
			b.Fatal(err)
		}
	}
}
