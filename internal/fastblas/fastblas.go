package fastblas

import "sync"

// loadErr says why no library is in use, "" when one is.
var loadErr string

// Name returns the CBLAS library in use, or "gonum (pure Go): REASON" when
// gonum's own implementation is used.
func Name() string {
	if loaded != "" {
		return loaded
	}
	return "gonum (pure Go): " + loadErr
}

// Enabled reports whether an optimised library is in use.
func Enabled() bool { return loaded != "" }

// SetThreads sets the size of the library's thread pool and reports whether
// it could. With pure-Go gonum it does nothing and returns false.
func SetThreads(n int) bool { return setThreads(max(1, n)) }

// Threads returns the size of the library's thread pool (1 for pure Go).
func Threads() int { return threads() }

// HasLAPACK reports whether the loaded library also provides the LAPACK
// routines Dsyevr and Dgesdd (OpenBLAS does).
func HasLAPACK() bool { return hasLAPACK() }

// Dsyevr calls LAPACK's dsyevr (column-major, Fortran conventions: jobz 'N'
// or 'V', range 'A', 'V' or 'I', uplo 'U' or 'L', 1-based il..iu). It returns
// the number of eigenvalues found and LAPACK's info. A call with lwork = -1
// or liwork = -1 is a workspace query. It panics when HasLAPACK is false.
func Dsyevr(jobz, rng, uplo byte, n int, a []float64, lda int, vl, vu float64, il, iu int, abstol float64, w, z []float64, ldz int, isuppz []int32, work []float64, lwork int, iwork []int32, liwork int) (m, info int) {
	return dsyevr(jobz, rng, uplo, n, a, lda, vl, vu, il, iu, abstol, w, z, ldz, isuppz, work, lwork, iwork, liwork)
}

// Dgesdd calls LAPACK's dgesdd (column-major, Fortran conventions) and
// returns info. lwork = -1 is a workspace query. It panics when HasLAPACK is
// false.
func Dgesdd(jobz byte, m, n int, a []float64, lda int, s, u []float64, ldu int, vt []float64, ldvt int, work []float64, lwork int, iwork []int32) int {
	return dgesdd(jobz, m, n, a, lda, s, u, ldu, vt, ldvt, work, lwork, iwork)
}

var serial struct {
	sync.Mutex
	depth int // open Serial sections
	saved int // thread count before the first one
}

// Serial makes the library single-threaded until the returned release
// function is called, so that goroutines calling BLAS in parallel do not
// oversubscribe the cores with the library's own threads. Sections may nest
// and overlap across goroutines; the thread count in force before the first
// one is restored when the last one is released. release may be called more
// than once.
func Serial() (release func()) {
	serial.Lock()
	if serial.depth == 0 {
		serial.saved = Threads()
		SetThreads(1)
	}
	serial.depth++
	serial.Unlock()
	var once sync.Once
	return func() {
		once.Do(func() {
			serial.Lock()
			serial.depth--
			if serial.depth == 0 {
				SetThreads(serial.saved)
			}
			serial.Unlock()
		})
	}
}
