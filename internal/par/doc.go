// Package par runs independent work on a bounded number of goroutines, so
// that results never depend on how many run:
//
//   - Do runs indexed tasks that each write only their own outputs, with
//     errors and cancellation; the error reported is that of the failed task
//     of lowest index.
//   - Chunks runs a loop over [0, n) in chunks whose boundaries do not depend
//     on the number of goroutines, so that reductions done chunk by chunk
//     give the same bytes however many cores run them.
//
// While more than one goroutine runs, both hold a fastblas.Serial section:
// OpenBLAS's own thread pool is reduced to one thread, so that parallel BLAS
// calls do not oversubscribe the cores.
package par
