package par

import (
	"runtime"
	"sync"
)

// Workers returns w when it is positive, else GOMAXPROCS.
func Workers(w int) int {
	if w > 0 {
		return w
	}
	return runtime.GOMAXPROCS(0)
}

// NumChunks returns the number of chunks of at most size indices that cover
// [0, n).
func NumChunks(n, size int) int {
	if n <= 0 {
		return 0
	}
	return (n + size - 1) / size
}

// For calls fn(c, lo, hi) for every chunk c = [lo, hi) of [0, n) with
// hi - lo <= size, on at most workers goroutines (GOMAXPROCS when workers
// <= 0), and returns when all calls have returned. Chunk c always covers
// [c*size, min(n, (c+1)*size)).
func For(n, size, workers int, fn func(c, lo, hi int)) {
	if size < 1 {
		size = 1
	}
	chunks := NumChunks(n, size)
	w := min(Workers(workers), chunks)
	if w <= 1 {
		for c := 0; c < chunks; c++ {
			fn(c, c*size, min(n, (c+1)*size))
		}
		return
	}
	var wg sync.WaitGroup
	var mu sync.Mutex
	next := 0
	for g := 0; g < w; g++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				mu.Lock()
				c := next
				next++
				mu.Unlock()
				if c >= chunks {
					return
				}
				fn(c, c*size, min(n, (c+1)*size))
			}
		}()
	}
	wg.Wait()
}
