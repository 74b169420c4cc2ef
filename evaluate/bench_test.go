package evaluate

import (
	"context"
	"fmt"
	"math"
	"syscall"
	"testing"

	"github.com/gsbench/gsbench/fastblas"
	"github.com/gsbench/gsbench/learn/svm"
	"github.com/gsbench/gsbench/preprocess"
)

// BenchmarkUSPSCV is the speed check of issue 4: 5-fold stratified CV of an
// RBF SVC (C = 1, gamma = scale) on standardized USPS (7291 x 256, 10
// classes). scikit-learn 1.2.1 (single-threaded libsvm) needs 7.6 s (ovo)
// and 20.9 s (ovr) on the 2-core reference machine, reaching per-fold mean
// accuracies 0.9702 and 0.9700.
func BenchmarkUSPSCV(b *testing.B) {
	X, y := loadUSPS(b)
	Xs, _, err := preprocess.Apply(preprocess.Standardize, X)
	if err != nil {
		b.Fatal(err)
	}
	for _, tc := range []struct {
		mc      svm.Multiclass
		want    float64
		threads int
	}{{svm.OneVsOne, 0.9702, 1}, {svm.OneVsRest, 0.9700, 1}, {svm.OneVsOne, 0.9702, 2}, {svm.OneVsRest, 0.9700, 2}} {
		b.Run(fmt.Sprintf("%s/blas%d", tc.mc, tc.threads), func(b *testing.B) {
			old := fastblas.Threads()
			fastblas.SetThreads(tc.threads)
			defer fastblas.SetThreads(old)
			var s Score
			cpu0 := cpuSeconds()
			for b.Loop() {
				s, err = CVAccuracy(context.Background(), Xs, y, CVOptions{SVM: svm.Params{Multiclass: tc.mc}})
				if err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(s.Mean, "accuracy")
			b.ReportMetric(b.Elapsed().Seconds()/float64(b.N), "s/cv")
			b.ReportMetric((cpuSeconds()-cpu0)/float64(b.N), "cpu-s/cv")
			if math.Abs(s.Mean-tc.want) > 0.003 {
				b.Errorf("accuracy %.4f, scikit-learn %.4f", s.Mean, tc.want)
			}
			b.Logf("folds %v", s.Values)
		})
	}
}

// cpuSeconds returns the user and system CPU time of the process so far: on
// a shared machine it shows the work done, which wall time under contention
// does not.
func cpuSeconds() float64 {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return float64(ru.Utime.Nano()+ru.Stime.Nano()) / 1e9
}
