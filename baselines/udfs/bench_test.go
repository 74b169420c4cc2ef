package udfs

import (
	"testing"

	"github.com/gsbench/gsbench/internal/testutil/realdata"
	"github.com/gsbench/gsbench/preprocess"
)

// BenchmarkCOIL20 selects 100 of the 1024 pixels of COIL-20 with 20
// clusters; every iteration needs 20 eigenpairs of a 1024 x 1024 matrix.
func BenchmarkCOIL20(b *testing.B) {
	X := realdata.Load(b, "coil20", preprocess.Standardize).X
	for b.Loop() {
		m := with(func(m *UDFS) { m.K, m.NClusters = 100, 20 })
		if err := m.Fit(X, nil); err != nil {
			b.Fatal(err)
		}
		b.ReportMetric(float64(m.Report()["iterations"].(int)), "iterations")
	}
}
