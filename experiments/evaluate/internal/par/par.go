package par

import (
	"context"
	"runtime"
	"sync"
	"sync/atomic"
)

// Workers resolves a requested number of goroutines: w <= 0 means one per
// available CPU (GOMAXPROCS).
func Workers(w int) int {
	if w <= 0 {
		return runtime.GOMAXPROCS(0)
	}
	return w
}

// For calls f(i) for every i in [0, n) on at most workers goroutines
// (workers <= 0: GOMAXPROCS). It stops handing out tasks after the first
// failure or when ctx is cancelled, and returns the error of the failed task
// with the lowest index (ctx.Err() if cancellation stopped it first), so the
// error reported does not depend on scheduling.
func For(ctx context.Context, n, workers int, f func(i int) error) error {
	if n <= 0 {
		return ctx.Err()
	}
	workers = min(Workers(workers), n)
	errs := make([]error, n)
	var next atomic.Int64
	var failed atomic.Bool
	run := func() {
		for !failed.Load() {
			i := int(next.Add(1) - 1)
			if i >= n {
				return
			}
			if err := ctx.Err(); err != nil {
				errs[i] = err
				failed.Store(true)
				return
			}
			if err := f(i); err != nil {
				errs[i] = err
				failed.Store(true)
				return
			}
		}
	}
	if workers == 1 {
		run()
	} else {
		var wg sync.WaitGroup
		for w := 0; w < workers; w++ {
			wg.Add(1)
			go func() { defer wg.Done(); run() }()
		}
		wg.Wait()
	}
	for _, err := range errs {
		if err != nil {
			return err
		}
	}
	return nil
}
