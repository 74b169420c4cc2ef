package cnafs

import (
	"syscall"
	"testing"
	"time"

	"github.com/gsbench/gsbench/internal/testutil/realdata"
	"github.com/gsbench/gsbench/preprocess"
)

// BenchmarkIsolet is a whole fit on Isolet (1560 x 617) with the QMR-FS
// authors' parameters: up to 499 iterations, each with products of 1560 x
// 1560 matrices. Run it with -benchtime 1x.
func BenchmarkIsolet(b *testing.B) {
	X := realdata.Load(b, "isolet", preprocess.None).X
	c0 := cpuTime()
	for b.Loop() {
		m := New()
		if err := m.Fit(X, nil); err != nil {
			b.Fatal(err)
		}
		b.ReportMetric(float64(m.Report()["iterations"].(int)), "iterations")
	}
	b.ReportMetric((cpuTime()-c0).Seconds()/float64(b.N), "cpu-s/op")
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

// cpuTime is the CPU time (user + system, all threads) of the process so
// far: on a shared machine a steadier measure than wall-clock time.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
