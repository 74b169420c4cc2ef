package par

import (
	"context"
	"runtime"
	"sync"
	"sync/atomic"

	"github.com/gsbench/gsbench/fastblas"
)

// Workers resolves a requested number of goroutines: w <= 0 means one per
// available CPU (GOMAXPROCS).
func Workers(w int) int {
	if w <= 0 {
		return runtime.GOMAXPROCS(0)
	}
	return w
}

// Do calls f(i) for every i in [0, n) on at most workers goroutines
// (workers <= 0: GOMAXPROCS), handing tasks out in index order. It stops
// handing out tasks after the first failure or when ctx is cancelled, and
// returns the error of the failed task with the lowest index (ctx.Err() if
// cancellation stopped it first), so the error reported does not depend on
// scheduling.
func Do(ctx context.Context, n, workers int, f func(i int) error) error {
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
		defer fastblas.Serial()()
		var wg sync.WaitGroup
		for w := 0; w < workers; w++ {
			wg.Go(run)
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

// NumChunks returns the number of chunks of at most size indices that cover
// [0, n).
func NumChunks(n, size int) int {
	if n <= 0 {
		return 0
	}
	return (n + size - 1) / size
}

// Chunks calls fn(c, lo, hi) for every chunk c = [lo, hi) of [0, n) with
// hi - lo <= size, on at most workers goroutines (GOMAXPROCS when workers
// <= 0), and returns when all calls have returned. Chunk c always covers
// [c*size, min(n, (c+1)*size)).
func Chunks(n, size, workers int, fn func(c, lo, hi int)) {
	size = max(size, 1)
	chunks := NumChunks(n, size)
	w := min(Workers(workers), chunks)
	if w <= 1 {
		for c := 0; c < chunks; c++ {
			fn(c, c*size, min(n, (c+1)*size))
		}
		return
	}
	defer fastblas.Serial()()
	var next atomic.Int64
	var wg sync.WaitGroup
	for g := 0; g < w; g++ {
		wg.Go(func() {
			for {
				c := int(next.Add(1) - 1)
				if c >= chunks {
					return
				}
				fn(c, c*size, min(n, (c+1)*size))
			}
		})
	}
	wg.Wait()
}
