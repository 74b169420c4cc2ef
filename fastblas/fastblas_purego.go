//go:build !cgo || purego

package fastblas

import "errors"

var loaded string

var hasSgemm bool // never: Sgemm is gonum's

func init() { loadErr = "built without cgo (or with -tags purego)" }

// Enable reports that no library can be loaded in this build.
func Enable() error { return errors.New("fastblas: " + loadErr) }

func setThreads(int) bool { return false }

func threads() int { return 1 }

func hasLAPACK() bool { return false }

func dsyevr(jobz, rng, uplo byte, n int, a []float64, lda int, vl, vu float64, il, iu int, abstol float64, w, z []float64, ldz int, isuppz []int32, work []float64, lwork int, iwork []int32, liwork int) (m, info int) {
	panic("fastblas: no LAPACK")
}

func dgesdd(jobz byte, m, n int, a []float64, lda int, s, u []float64, ldu int, vt []float64, ldvt int, work []float64, lwork int, iwork []int32) int {
	panic("fastblas: no LAPACK")
}

func dsytrd(uplo byte, n int, a []float64, lda int, d, e, tau, work []float64, lwork int) int {
	panic("fastblas: no LAPACK")
}

func dstemr(jobz, rng byte, n int, d, e []float64, vl, vu float64, il, iu int, w, z []float64, ldz, nzc int, isuppz []int32, tryrac bool, work []float64, lwork int, iwork []int32, liwork int) (m, info int) {
	panic("fastblas: no LAPACK")
}

func dormtr(side, uplo, trans byte, m, n int, a []float64, lda int, tau, c []float64, ldc int, work []float64, lwork int) int {
	panic("fastblas: no LAPACK")
}

func dstedc(compz byte, n int, d, e, z []float64, ldz int, work []float64, lwork int, iwork []int32, liwork int) int {
	panic("fastblas: no LAPACK")
}
