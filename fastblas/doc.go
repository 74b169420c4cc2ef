// Package fastblas makes gonum use an optimised CBLAS library (OpenBLAS) for
// the dense kernels that dominate gsbench's running time, when one is
// installed, and leaves gonum's pure-Go implementation in place otherwise.
//
// The library is found at run time with dlopen, so building gsbench never
// needs it: on a machine without OpenBLAS (or without cgo) every routine runs
// in pure Go and every result is still correct, only slower. Nothing happens
// on import: a program chooses to use the library by calling Enable once
// (the gsbench command does so at start-up), which loads it and calls
// blas64.Use and blas32.Use. A Go program that imports gsbench's packages
// without calling Enable keeps gonum's BLAS and its own global state;
// gsbench's dense decompositions (internal/linalg) then use gonum's LAPACK
// as well.
//
// Only the Level-3 routines (Dgemm, Dsyrk, Dsyr2k, Dsymm, Dtrmm, Dtrsm, and
// Sgemm in single precision for the float32 compute paths) and the large
// Level-2 ones (Dgemv, Dsymv, Dger) are redirected, and only when the
// operation is big enough for the cgo call overhead (about 0.1 µs) not to
// matter; everything else stays in gonum.
//
// The environment variable GSBENCH_BLAS selects the library:
//
//	unset or ""     try libopenblas.so.0, libopenblas.so, libblis.so.4, libmkl_rt.so
//	"gonum"         never load a library (pure Go)
//	"/path/lib.so"  load exactly this library (an error is reported by Name)
//
// OpenBLAS's own thread pool is used inside each call. It is one pool for
// the whole process: SetThreads changes its size, and gsbench's parallel
// sections (internal/par, the experiment runner when it runs cells side by
// side) hold a Serial section, one library thread while several goroutines
// call BLAS, restored when the last section ends. Without Enable these are
// no-ops: pure-Go BLAS has no pool.
package fastblas
