package qmrfs

import (
	"iter"
	"math/rand/v2"
	"syscall"
	"testing"
	"time"

	"gonum.org/v1/gonum/mat"
)

// syntheticChunks yields n rows of d columns in chunks of rows rows, drawn
// on the fly (never held in memory at once): the first d - d/5 columns are
// independent normals, the last d/5 exact combinations of three of them.
func syntheticChunks(n, d, rows int, seed uint64) iter.Seq2[*mat.Dense, error] {
	return func(yield func(*mat.Dense, error) bool) {
		rng := rand.New(rand.NewPCG(seed, 7))
		indep := d - d/5
		parents := make([][3]int, d/5)
		for i := range parents {
			parents[i] = [3]int{rng.IntN(indep), rng.IntN(indep), rng.IntN(indep)}
		}
		chunk := mat.NewDense(rows, d, nil)
		for i0 := 0; i0 < n; i0 += rows {
			h := min(rows, n-i0)
			c := chunk.Slice(0, h, 0, d).(*mat.Dense)
			for i := 0; i < h; i++ {
				row := c.RawRowView(i)
				for j := 0; j < indep; j++ {
					row[j] = rng.NormFloat64()
				}
				for k, p := range parents {
					row[indep+k] = row[p[0]] - 0.5*row[p[1]] + 2*row[p[2]]
				}
			}
			if !yield(c, nil) {
				return
			}
		}
	}
}

// BenchmarkStream1e8 is the scale check: 1e8 elements (1e6 x 100)
// streamed in chunks of 8192 rows (the paper: 1e9 elements, KDD Cup
// 7.88M x 127, in 33.9 s on 16 vCPUs). "generate" times drawing the chunks
// alone, so the selection's own cost is the difference.
func BenchmarkStream1e8(b *testing.B) {
	const n, d, rows = 1_000_000, 100, 8192
	b.Run("generate", func(b *testing.B) {
		for b.Loop() {
			for _, err := range syntheticChunks(n, d, rows, 1) {
				if err != nil {
					b.Fatal(err)
				}
			}
		}
	})
	b.Run("qmrfs", func(b *testing.B) {
		var q *QMRFS
		c0 := cpuTime()
		for b.Loop() {
			q = with(func(m *QMRFS) { m.Theta, m.ChunkRows = 0.1, rows })
			if err := q.FitStream(d, syntheticChunks(n, d, rows, 1)); err != nil {
				b.Fatal(err)
			}
		}
		b.ReportMetric(float64(len(q.Selected())), "features")
		b.ReportMetric(float64(n*d)*float64(b.N)/b.Elapsed().Seconds()/1e6, "Melements/s")
		b.ReportMetric((cpuTime()-c0).Seconds()/float64(b.N), "cpu-s/op")
	})
}

// BenchmarkFit runs Fit on in-memory matrices of several shapes.
func BenchmarkFit(b *testing.B) {
	for _, tc := range []struct {
		name string
		n, d int
	}{
		{"100000x100", 100_000, 100},
		{"20000x500", 20_000, 500},
	} {
		X := mat.NewDense(tc.n, tc.d, nil)
		for c := range syntheticChunks(tc.n, tc.d, tc.n, 2) {
			X.Copy(c)
		}
		b.Run(tc.name, func(b *testing.B) {
			var q *QMRFS
			for b.Loop() {
				q = with(func(m *QMRFS) { m.Theta = 0.1 })
				if err := q.Fit(X, nil); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(len(q.Selected())), "features")
		})
	}
}

// cpuTime is the CPU time (user + system, all threads) of the process so far:
// on a shared machine a steadier measure than wall-clock time.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
