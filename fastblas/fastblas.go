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
// routines Dsyevr, Dgesdd, Dsytrd, Dstemr, Dstedc and Dormtr (OpenBLAS does).
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

// Dsytrd calls LAPACK's dsytrd, the reduction of a symmetric matrix to
// tridiagonal form Q^T A Q = T (column-major; d and e receive T's diagonal
// and off-diagonal, tau and a the reflectors of Q). It returns info; lwork =
// -1 is a workspace query. It panics when HasLAPACK is false.
func Dsytrd(uplo byte, n int, a []float64, lda int, d, e, tau, work []float64, lwork int) int {
	return dsytrd(uplo, n, a, lda, d, e, tau, work, lwork)
}

// Dstemr calls LAPACK's dstemr, the MRRR eigensolver of a symmetric
// tridiagonal matrix (range 'A', 'V' for (vl, vu] or 'I' for il..iu,
// 1-based). len(e) must be n. It returns the number of eigenvalues found and
// info; lwork = -1 or liwork = -1 is a workspace query, nzc = -1 a query of
// the number of eigenvectors (returned in z[0]). It panics when HasLAPACK is
// false.
func Dstemr(jobz, rng byte, n int, d, e []float64, vl, vu float64, il, iu int, w, z []float64, ldz, nzc int, isuppz []int32, tryrac bool, work []float64, lwork int, iwork []int32, liwork int) (m, info int) {
	return dstemr(jobz, rng, n, d, e, vl, vu, il, iu, w, z, ldz, nzc, isuppz, tryrac, work, lwork, iwork, liwork)
}

// Dstedc calls LAPACK's dstedc, the divide-and-conquer eigensolver of a
// symmetric tridiagonal matrix (compz 'N', 'I' or 'V'; len(e) >= n-1). It
// returns info; lwork = -1 or liwork = -1 is a workspace query. It panics
// when HasLAPACK is false.
func Dstedc(compz byte, n int, d, e, z []float64, ldz int, work []float64, lwork int, iwork []int32, liwork int) int {
	return dstedc(compz, n, d, e, z, ldz, work, lwork, iwork, liwork)
}

// Dormtr calls LAPACK's dormtr: it multiplies c by the orthogonal matrix Q
// of a Dsytrd reduction (column-major). It returns info; lwork = -1 is a
// workspace query. It panics when HasLAPACK is false.
func Dormtr(side, uplo, trans byte, m, n int, a []float64, lda int, tau, c []float64, ldc int, work []float64, lwork int) int {
	return dormtr(side, uplo, trans, m, n, a, lda, tau, c, ldc, work, lwork)
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
