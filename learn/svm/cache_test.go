package svm

import (
	"math/rand/v2"
	"testing"
)

// fakeSource has k(i, j) = 1 / (1 + |i - j|) + i j / 1000, distinct per pair.
type fakeSource struct{ calls int }

func (f *fakeSource) value(i, j int32) float32 {
	d := i - j
	if d < 0 {
		d = -d
	}
	return float32(1/(1+float64(d)) + float64(i*j)/1000)
}

func (f *fakeSource) fill(i int32, rows []int32, out []float32) {
	f.calls++
	for t, r := range rows {
		out[t] = f.value(i, r)
	}
}

func (f *fakeSource) diag(i int32) float64 { return float64(f.value(i, i)) }

// Columns served through the cache stay equal to freshly computed ones
// whatever the sequence of requests, swaps and evictions.
func TestColumnCacheConsistency(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 12))
	for _, budgetCols := range []int{2, 3, 7, 40} {
		const l = 40
		src := &fakeSource{}
		rows := make([]int32, l)
		y := make([]int8, l)
		for i := range rows {
			rows[i] = int32(i)
			y[i] = int8(1 - 2*rng.IntN(2))
		}
		q := &qMatrix{src: src, rows: rows, y: y, cache: newColCache(l, float64(budgetCols*l*4))}
		for step := range 5000 {
			if rng.IntN(4) == 0 {
				q.swap(rng.IntN(l), rng.IntN(l))
				continue
			}
			i, n := rng.IntN(l), 1+rng.IntN(l)
			col := q.column(i, n)
			for k := range n {
				want := src.value(q.rows[i], q.rows[k])
				if q.y[i] != q.y[k] {
					want = -want
				}
				if col[k] != want {
					t.Fatalf("budget %d, step %d: Q[%d][%d] = %g, want %g", budgetCols, step, i, k, col[k], want)
				}
			}
		}
		if budgetCols == l && src.calls > 5000*3/4 {
			t.Errorf("a cache holding every column refilled %d times", src.calls)
		}
	}
}
