package mcfs

import (
	"testing"

	"github.com/gsbench/gsbench/internal/testutil/realdata"
	"github.com/gsbench/gsbench/preprocess"
)

// BenchmarkCOIL20 selects 100 of the 1024 pixels of COIL-20 with 20
// clusters (its number of objects).
func BenchmarkCOIL20(b *testing.B) {
	X := realdata.Load(b, "coil20", preprocess.Standardize).X
	for _, tc := range []struct {
		name string
		t    float64
		lars LARS
	}{
		{"t=1", 1, Textbook},    // the weights underflow: W is nearly the identity
		{"auto-t", 0, Textbook}, // t = 0: the mean distance to the neighbours
		{"auto-t/sklearn", 0, SKLearn},
	} {
		b.Run(tc.name, func(b *testing.B) {
			for b.Loop() {
				if err := with(func(m *MCFS) { m.K, m.NClusters, m.Graph.T, m.LARS = 100, 20, tc.t, tc.lars }).Fit(X, nil); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
