package mcfs

import (
	"testing"

	"github.com/gsbench/gsbench/baselines/graph"
	"github.com/gsbench/gsbench/internal/testutil/realdata"
	"github.com/gsbench/gsbench/preprocess"
)

// BenchmarkCOIL20 selects 100 of the 1024 pixels of COIL-20 with 20
// clusters (its number of objects).
func BenchmarkCOIL20(b *testing.B) {
	X := realdata.Load(b, "coil20", preprocess.Standardize).X
	for _, tc := range []struct {
		name string
		opt  graph.Options
	}{
		{"t=1", graph.Options{}}, // the weights underflow: W is nearly the identity
		{"auto-t", graph.Options{AutoT: true}},
	} {
		b.Run(tc.name, func(b *testing.B) {
			for b.Loop() {
				if err := (&MCFS{K: 100, NClusters: 20, Graph: tc.opt}).Fit(X, nil); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
