package par

import (
	"slices"
	"sync/atomic"
	"testing"
)

func TestFor(t *testing.T) {
	for _, tc := range []struct{ n, size, workers int }{{0, 4, 2}, {1, 4, 3}, {10, 3, 1}, {10, 3, 4}, {100, 7, 0}} {
		var hits atomic.Int64
		seen := make([]int, tc.n)
		chunks := make([][2]int, NumChunks(tc.n, tc.size))
		For(tc.n, tc.size, tc.workers, func(c, lo, hi int) {
			chunks[c] = [2]int{lo, hi}
			for i := lo; i < hi; i++ {
				seen[i]++
				hits.Add(1)
			}
		})
		if int(hits.Load()) != tc.n || slices.ContainsFunc(seen, func(v int) bool { return v != 1 }) {
			t.Errorf("%+v: indices visited %v", tc, seen)
		}
		for c, ch := range chunks {
			if ch != [2]int{c * tc.size, min(tc.n, (c+1)*tc.size)} {
				t.Errorf("%+v: chunk %d = %v", tc, c, ch)
			}
		}
	}
}
