package sffs

import (
	"context"
	"fmt"
	"runtime"
	"syscall"
	"testing"
	"time"

	"gonum.org/v1/gonum/mat"

	"github.com/gsbench/gsbench/evaluate"
	"github.com/gsbench/gsbench/fastblas"
	"github.com/gsbench/gsbench/internal/testutil/realdata"
	"github.com/gsbench/gsbench/learn/svm"
	"github.com/gsbench/gsbench/preprocess"
)

// benchFit fits SFFS at depth t with k = 50, on one goroutine with a
// single-threaded OpenBLAS (as the authors' code runs) and on every core.
func benchFit(b *testing.B, X *mat.Dense, y []int, t int) {
	old := fastblas.Threads()
	defer fastblas.SetThreads(old)
	for _, threads := range []int{1, runtime.GOMAXPROCS(0)} {
		b.Run(fmt.Sprintf("t=%d/threads=%d", t, threads), func(b *testing.B) {
			fastblas.SetThreads(threads)
			var m *SFFS
			c0, runs := cpuTime(), 0
			for b.Loop() {
				m = New()
				m.Depth, m.K, m.Workers = t, 50, threads
				if err := m.Fit(X, y); err != nil {
					b.Fatal(err)
				}
				runs++
			}
			// Process CPU time (all threads, OpenBLAS's included): steadier
			// than wall time on a shared machine.
			b.ReportMetric((cpuTime()-c0).Seconds()*1e3/float64(runs), "cpu-ms/op")
			b.ReportMetric(float64(m.Report()["subsets"].(int)), "subsets")
		})
	}
}

// standardizedFold returns the standardized (ddof 0) data of 4/5 of the rows
// of a registered data set (everyFifth: the rows i with i % 5 != 4).
func standardizedFold(b *testing.B, name string) (*mat.Dense, []int) {
	ds := realdata.Load(b, name, preprocess.None)
	X, y := everyFifth(ds.X, ds.Y)
	X, _, err := preprocess.Apply(preprocess.Standardize, X)
	if err != nil {
		b.Fatal(err)
	}
	return X, y
}

// BenchmarkIsolet: SFFS t = 2, k = 50 on 4/5 of Isolet (1248 x 617, 26
// classes; the paper's Table III: 74 s for the 5-fold evaluation on 48
// CPUs). rows=6240 stacks that fold five times with a small perturbation,
// the size of 4/5 of the full UCI Isolet (7797 rows).
//
// On the 2-core development machine (shared, so CPU time is the steady
// figure): about 45 ms of CPU per fit, against 2.3 s for the authors' fit
// on the same input with the class numbers as labels (one pass of their
// Cython loop; testdata/time_reference.py) and 59 s with the class codes
// used here (one pass per class); COIL-20 (BenchmarkCOIL20): about 90 ms
// against 6.2 s and 95 s.
func BenchmarkIsolet(b *testing.B) {
	X, y := standardizedFold(b, "isolet")
	benchFit(b, X, y, 2)
	n, d := X.Dims()
	big := mat.NewDense(5*n, d, nil)
	var yb []int
	for r := range 5 {
		for i := range n {
			row := big.RawRowView(r*n + i)
			copy(row, X.RawRowView(i))
			for j := range row {
				row[j] += 1e-3 * float64((7*i+13*j+r)%11-5)
			}
			yb = append(yb, y[i])
		}
	}
	b.Run("rows=6240", func(b *testing.B) { benchFit(b, big, yb, 2) })
}

// BenchmarkCOIL20: SFFS t = 2, k = 50 on 4/5 of COIL-20 (1152 x 1024, 20
// classes; Table III: 65 s on 48 CPUs).
func BenchmarkCOIL20(b *testing.B) {
	X, y := standardizedFold(b, "coil20")
	benchFit(b, X, y, 2)
}

// BenchmarkGreedy: the greedy variant, k = 20, on 4/5 of Isolet.
func BenchmarkGreedy(b *testing.B) {
	X, y := standardizedFold(b, "isolet")
	for b.Loop() {
		m := New()
		m.Search, m.K = Greedy, 20
		if err := m.Fit(X, y); err != nil {
			b.Fatal(err)
		}
	}
}

// cpuTime is the CPU time (user + system) of the process so far.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// BenchmarkPipeline is the speed target of issue 18: SFFS t = 2 with the
// 5-fold pipeline evaluation of UFFS Figure 1 (configs/paper/
// uffs-figure01-accuracy-vs-k.yaml) on all of Isolet (1560 x 617, 26
// classes) and COIL-20 (1440 x 1024, 20 classes): in each of 5 shuffled
// stratified folds SFFS is fitted on the training rows and their labels,
// then an RBF SVM (C = 1, standardized in the fold, gamma = 1/k,
// one-vs-one) is trained on its k features and scored on the test fold.
// The paper's Table III gives 74.35 s (Isolet) and 65 s (COIL-20) for
// SFFS t = 2's 5-fold cross-validation on a 48-CPU workstation; the target
// is a tenth of that (7.4 s, 6.5 s). "prefilter" runs the UFFS pre-filter
// of the authors' configs for these sets first, as Figure 1 does (the
// authors' times include it: their t = 1 and t = 2 times are nearly equal).
func BenchmarkPipeline(b *testing.B) {
	for _, name := range []string{"isolet", "coil20"} {
		ds := realdata.Load(b, name, preprocess.None)
		for _, k := range []int{50, 100} {
			for _, pre := range []bool{false, true} {
				label := map[bool]string{false: "all", true: "prefilter"}[pre]
				newSFFS := func() *SFFS {
					m := New()
					m.Depth, m.K, m.Prefilter = 2, k, pre
					if name == "coil20" { // the authors' COIL20.yml; Isolet.yml is New's (their README's)
						m.PrefilterThresholds, m.PrefilterEps = []float64{0.95, 0.995, 0.9999}, []float64{0.001, 0.001, 0.001}
					}
					return m
				}
				b.Run(fmt.Sprintf("%s/k=%d/%s", name, k, label), func(b *testing.B) {
					opt := evaluate.CVOptions{
						SVM:   svm.Params{Gamma: "auto", Multiclass: svm.OneVsOne},
						Folds: 5, Shuffle: true, Seed: 1, Preprocess: preprocess.Standardize,
						Features: func(ctx context.Context, train *mat.Dense, y []int, test *mat.Dense) (*mat.Dense, *mat.Dense, error) {
							m := newSFFS()
							if err := m.FitContext(ctx, train, y); err != nil {
								return nil, nil, err
							}
							return columns(train, m.Selected()), columns(test, m.Selected()), nil
						},
					}
					var s evaluate.Score
					var err error
					var fit float64
					c0 := cpuTime()
					for b.Loop() {
						if s, err = evaluate.CVAccuracy(context.Background(), ds.X, ds.Y, opt); err != nil {
							b.Fatal(err)
						}
						fit += s.FeatureSeconds
					}
					b.ReportMetric(b.Elapsed().Seconds()/float64(b.N), "s/cv")
					b.ReportMetric((cpuTime()-c0).Seconds()/float64(b.N), "cpu-s/cv")
					b.ReportMetric(fit/float64(b.N), "fit-s/cv")
					b.ReportMetric(s.Mean, "accuracy")
				})
			}
		}
	}
}

// columns copies the columns cols of X (the package methods, which does
// this for the harness, imports this package).
func columns(X *mat.Dense, cols []int) *mat.Dense {
	n, _ := X.Dims()
	Z := mat.NewDense(n, len(cols), nil)
	for i := range n {
		row, src := Z.RawRowView(i), X.RawRowView(i)
		for c, j := range cols {
			row[c] = src[j]
		}
	}
	return Z
}
