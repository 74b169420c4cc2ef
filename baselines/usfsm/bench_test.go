package usfsm

import (
	"syscall"
	"testing"
	"time"

	"github.com/gsbench/gsbench/fastblas"
	"github.com/gsbench/gsbench/internal/testutil/realdata"
	"github.com/gsbench/gsbench/preprocess"
)

// BenchmarkEigen times one eigenproblem of USFSM on Isolet (n = 1560): the
// 52 smallest eigenvalues (C = 50) of a 1560 x 1560 normalized Laplacian,
// on one BLAS thread as in a fit, which solves d + 1 = 618 of them.
func BenchmarkEigen(b *testing.B) {
	X := realdata.Load(b, "isolet", preprocess.None).X
	_, d := X.Dims()
	Xn := scaled(X)
	sum := kernelSum(Xn, 0)
	n, _ := X.Dims()
	l := newLaplacian(n)
	defer fastblas.Serial()() // as in a fit
	c0 := cpuTime()
	for b.Loop() {
		l.set(sum, Xn, 3, float64(d-1))
		if _, err := l.smallest(52); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric((cpuTime()-c0).Seconds()/float64(b.N), "cpu-s/op")
}

// BenchmarkIsolet is a whole fit on Isolet (1560 x 617) with C = 50, the
// QMR-FS paper's setting for 50 kept features: 618 eigenproblems of order
// 1560. Run it with -benchtime 1x (minutes).
func BenchmarkIsolet(b *testing.B) {
	X := realdata.Load(b, "isolet", preprocess.None).X
	c0 := cpuTime()
	for b.Loop() {
		m := New()
		m.K, m.MaxSeconds = 50, 0
		if err := m.Fit(X, nil); err != nil {
			b.Fatal(err)
		}
		b.ReportMetric(m.Report()["predicted_seconds"].(float64), "predicted-s")
	}
	b.ReportMetric((cpuTime()-c0).Seconds()/float64(b.N), "cpu-s/op")
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
