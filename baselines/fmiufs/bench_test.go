package fmiufs

import (
	"syscall"
	"testing"
	"time"

	"github.com/gsbench/gsbench/internal/testutil/realdata"
	"github.com/gsbench/gsbench/preprocess"
)

// BenchmarkIsolet is a whole fit on Isolet (1560 x 617): the 190,653 joint
// entropies, each a sum over 1560^2 pairs of samples (4.6e11 min-adds). Run
// it with -benchtime 1x (minutes).
func BenchmarkIsolet(b *testing.B) {
	X := realdata.Load(b, "isolet", preprocess.None).X
	c0 := cpuTime()
	for b.Loop() {
		if err := New().Fit(X, nil); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric((cpuTime()-c0).Seconds()/float64(b.N), "cpu-s/op")
}

// BenchmarkHeartStatlog is a whole fit on Heart-Statlog (270 x 13).
func BenchmarkHeartStatlog(b *testing.B) {
	X := realdata.Load(b, "heart-statlog", preprocess.None).X
	for b.Loop() {
		if err := New().Fit(X, nil); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkMinSum is the inner kernel: sum_b min(x_b, y_b) over a tile of
// 512.
func BenchmarkMinSum(b *testing.B) {
	x := make([]float64, 512)
	y := make([]float64, 512)
	for i := range x {
		x[i] = float64(i%7) / 7
		y[i] = float64(i%5) / 5
	}
	var s float64
	for b.Loop() {
		s += minSum(x, y)
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/512, "ns/elem")
	_ = s
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
