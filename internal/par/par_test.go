package par

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"sync/atomic"
	"testing"
)

func TestDo(t *testing.T) {
	ctx := context.Background()
	for _, w := range []int{0, 1, 3, 50} {
		out := make([]int, 100)
		if err := Do(ctx, len(out), w, func(i int) error { out[i] = i * i; return nil }); err != nil {
			t.Fatal(err)
		}
		for i, v := range out {
			if v != i*i {
				t.Fatalf("workers %d: out[%d] = %d", w, i, v)
			}
		}
		// The reported error is the failing task of lowest index.
		err := Do(ctx, 100, w, func(i int) error {
			if i%10 == 7 {
				return fmt.Errorf("task %d", i)
			}
			return nil
		})
		if err == nil || err.Error() != "task 7" {
			t.Errorf("workers %d: error %v, want task 7", w, err)
		}
	}
	if err := Do(ctx, 0, 2, func(int) error { return errors.New("ran") }); err != nil {
		t.Errorf("no tasks: %v", err)
	}
	cancelled, cancel := context.WithCancel(ctx)
	cancel()
	var ran atomic.Int32
	if err := Do(cancelled, 10, 2, func(int) error { ran.Add(1); return nil }); !errors.Is(err, context.Canceled) || ran.Load() != 0 {
		t.Errorf("cancelled: %v after %d tasks", err, ran.Load())
	}
}
func TestChunks(t *testing.T) {
	for _, tc := range []struct{ n, size, workers int }{{0, 4, 2}, {1, 4, 3}, {10, 3, 1}, {10, 3, 4}, {100, 7, 0}} {
		var hits atomic.Int64
		seen := make([]int, tc.n)
		chunks := make([][2]int, NumChunks(tc.n, tc.size))
		Chunks(tc.n, tc.size, tc.workers, func(c, lo, hi int) {
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
