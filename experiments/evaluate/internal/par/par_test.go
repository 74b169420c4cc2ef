package par

import (
	"context"
	"errors"
	"fmt"
	"sync/atomic"
	"testing"
)

func TestFor(t *testing.T) {
	ctx := context.Background()
	for _, w := range []int{0, 1, 3, 50} {
		out := make([]int, 100)
		if err := For(ctx, len(out), w, func(i int) error { out[i] = i * i; return nil }); err != nil {
			t.Fatal(err)
		}
		for i, v := range out {
			if v != i*i {
				t.Fatalf("workers %d: out[%d] = %d", w, i, v)
			}
		}
		// The reported error is the failing task of lowest index.
		err := For(ctx, 100, w, func(i int) error {
			if i%10 == 7 {
				return fmt.Errorf("task %d", i)
			}
			return nil
		})
		if err == nil || err.Error() != "task 7" {
			t.Errorf("workers %d: error %v, want task 7", w, err)
		}
	}
	if err := For(ctx, 0, 2, func(int) error { return errors.New("ran") }); err != nil {
		t.Errorf("no tasks: %v", err)
	}
	cancelled, cancel := context.WithCancel(ctx)
	cancel()
	var ran atomic.Int32
	if err := For(cancelled, 10, 2, func(int) error { ran.Add(1); return nil }); !errors.Is(err, context.Canceled) || ran.Load() != 0 {
		t.Errorf("cancelled: %v after %d tasks", err, ran.Load())
	}
}
