package cnafs

import (
	"testing"

	"github.com/gsbench/gsbench/internal/testutil/realdata"
	"github.com/gsbench/gsbench/preprocess"
)

// BenchmarkIsolet is a whole fit on Isolet (1560 x 617) with the QMR-FS
// authors' parameters: up to 499 iterations, each with products of 1560 x
// 1560 matrices. Run it with -benchtime 1x.
func BenchmarkIsolet(b *testing.B) {
	X := realdata.Load(b, "isolet", preprocess.None).X
	for b.Loop() {
		m := New()
		if err := m.Fit(X, nil); err != nil {
			b.Fatal(err)
		}
		b.ReportMetric(float64(m.Report()["iterations"].(int)), "iterations")
	}
}

// BenchmarkHeartStatlog is a whole fit on Heart-Statlog (270 x 13).
func BenchmarkHeartStatlog(b *testing.B) {
	X := realdata.Load(b, "heart-statlog", preprocess.None).X
	for b.Loop() {
		m := New()
		if err := m.Fit(X, nil); err != nil {
			b.Fatal(err)
		}
		b.ReportMetric(float64(m.Report()["iterations"].(int)), "iterations")
	}
}
