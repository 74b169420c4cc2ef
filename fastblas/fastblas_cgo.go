//go:build cgo && !purego

package fastblas

/*
#cgo LDFLAGS: -ldl
#include <dlfcn.h>
#include <stddef.h>
#include <stdlib.h>

typedef void (*gemm_t)(int, int, int, int, int, int, double, const double*, int, const double*, int, double, double*, int);
typedef void (*sgemm_t)(int, int, int, int, int, int, float, const float*, int, const float*, int, float, float*, int);
typedef void (*syrk_t)(int, int, int, int, int, double, const double*, int, double, double*, int);
typedef void (*syr2k_t)(int, int, int, int, int, double, const double*, int, const double*, int, double, double*, int);
typedef void (*symm_t)(int, int, int, int, int, double, const double*, int, const double*, int, double, double*, int);
typedef void (*trxm_t)(int, int, int, int, int, int, int, double, const double*, int, double*, int);
typedef void (*gemv_t)(int, int, int, int, double, const double*, int, const double*, int, double, double*, int);
typedef void (*symv_t)(int, int, int, double, const double*, int, const double*, int, double, double*, int);
typedef void (*ger_t)(int, int, int, double, const double*, int, const double*, int, double*, int);
typedef void (*setthreads_t)(int);
// LAPACK, Fortran ABI (column-major, arguments by reference, 32-bit
// integers, hidden character lengths at the end).
typedef void (*syevr_t)(const char*, const char*, const char*, const int*, double*, const int*, const double*, const double*, const int*, const int*, const double*, int*, double*, double*, const int*, int*, double*, const int*, int*, const int*, int*, size_t, size_t, size_t);
typedef void (*gesdd_t)(const char*, const int*, const int*, double*, const int*, double*, double*, const int*, double*, const int*, double*, const int*, int*, int*, size_t);
typedef void (*sytrd_t)(const char*, const int*, double*, const int*, double*, double*, double*, double*, const int*, int*, size_t);
typedef void (*stemr_t)(const char*, const char*, const int*, double*, double*, const double*, const double*, const int*, const int*, int*, double*, double*, const int*, const int*, int*, int*, double*, const int*, int*, const int*, int*, size_t, size_t);
typedef void (*ormtr_t)(const char*, const char*, const char*, const int*, const int*, double*, const int*, double*, double*, const int*, double*, const int*, int*, size_t, size_t, size_t);
typedef void (*stedc_t)(const char*, const int*, double*, double*, double*, const int*, double*, const int*, int*, const int*, int*, size_t);
typedef int (*getthreads_t)(void);

static gemm_t p_gemm;
static sgemm_t p_sgemm;
static syrk_t p_syrk;
static syr2k_t p_syr2k;
static symm_t p_symm;
static trxm_t p_trmm, p_trsm;
static gemv_t p_gemv;
static symv_t p_symv;
static ger_t p_ger;
static setthreads_t p_setthreads;
static getthreads_t p_getthreads;
static syevr_t p_syevr;
static gesdd_t p_gesdd;
static sytrd_t p_sytrd;
static stemr_t p_stemr;
static ormtr_t p_ormtr;
static stedc_t p_stedc;

// fb_load opens lib and resolves every routine; it returns NULL on success
// and an error message otherwise (the library is then left unused).
static const char* fb_load(const char* lib) {
	void* h = dlopen(lib, RTLD_NOW | RTLD_LOCAL);
	if (h == NULL) return dlerror();
	p_gemm = (gemm_t)dlsym(h, "cblas_dgemm");
	p_sgemm = (sgemm_t)dlsym(h, "cblas_sgemm"); // optional: gonum's Sgemm without it
	p_syrk = (syrk_t)dlsym(h, "cblas_dsyrk");
	p_syr2k = (syr2k_t)dlsym(h, "cblas_dsyr2k");
	p_symm = (symm_t)dlsym(h, "cblas_dsymm");
	p_trmm = (trxm_t)dlsym(h, "cblas_dtrmm");
	p_trsm = (trxm_t)dlsym(h, "cblas_dtrsm");
	p_gemv = (gemv_t)dlsym(h, "cblas_dgemv");
	p_symv = (symv_t)dlsym(h, "cblas_dsymv");
	p_ger = (ger_t)dlsym(h, "cblas_dger");
	p_setthreads = (setthreads_t)dlsym(h, "openblas_set_num_threads");
	p_getthreads = (getthreads_t)dlsym(h, "openblas_get_num_threads");
	p_syevr = (syevr_t)dlsym(h, "dsyevr_");
	p_gesdd = (gesdd_t)dlsym(h, "dgesdd_");
	p_sytrd = (sytrd_t)dlsym(h, "dsytrd_");
	p_stemr = (stemr_t)dlsym(h, "dstemr_");
	p_ormtr = (ormtr_t)dlsym(h, "dormtr_");
	p_stedc = (stedc_t)dlsym(h, "dstedc_");
	if (!p_gemm || !p_syrk || !p_syr2k || !p_symm || !p_trmm || !p_trsm || !p_gemv || !p_symv || !p_ger) {
		dlclose(h);
		return "library lacks a CBLAS routine (cblas_dgemm ... cblas_dger)";
	}
	return NULL;
}

static void fb_gemm(int ta, int tb, int m, int n, int k, double alpha, const double* a, int lda, const double* b, int ldb, double beta, double* c, int ldc) {
	p_gemm(101, ta, tb, m, n, k, alpha, a, lda, b, ldb, beta, c, ldc);
}
static int fb_has_sgemm(void) { return p_sgemm != NULL; }
static void fb_sgemm(int ta, int tb, int m, int n, int k, float alpha, const float* a, int lda, const float* b, int ldb, float beta, float* c, int ldc) {
	p_sgemm(101, ta, tb, m, n, k, alpha, a, lda, b, ldb, beta, c, ldc);
}
static void fb_syrk(int ul, int t, int n, int k, double alpha, const double* a, int lda, double beta, double* c, int ldc) {
	p_syrk(101, ul, t, n, k, alpha, a, lda, beta, c, ldc);
}
static void fb_syr2k(int ul, int t, int n, int k, double alpha, const double* a, int lda, const double* b, int ldb, double beta, double* c, int ldc) {
	p_syr2k(101, ul, t, n, k, alpha, a, lda, b, ldb, beta, c, ldc);
}
static void fb_symm(int s, int ul, int m, int n, double alpha, const double* a, int lda, const double* b, int ldb, double beta, double* c, int ldc) {
	p_symm(101, s, ul, m, n, alpha, a, lda, b, ldb, beta, c, ldc);
}
static void fb_trmm(int s, int ul, int t, int d, int m, int n, double alpha, const double* a, int lda, double* b, int ldb) {
	p_trmm(101, s, ul, t, d, m, n, alpha, a, lda, b, ldb);
}
static void fb_trsm(int s, int ul, int t, int d, int m, int n, double alpha, const double* a, int lda, double* b, int ldb) {
	p_trsm(101, s, ul, t, d, m, n, alpha, a, lda, b, ldb);
}
static void fb_gemv(int t, int m, int n, double alpha, const double* a, int lda, const double* x, int incx, double beta, double* y, int incy) {
	p_gemv(101, t, m, n, alpha, a, lda, x, incx, beta, y, incy);
}
static void fb_symv(int ul, int n, double alpha, const double* a, int lda, const double* x, int incx, double beta, double* y, int incy) {
	p_symv(101, ul, n, alpha, a, lda, x, incx, beta, y, incy);
}
static void fb_ger(int m, int n, double alpha, const double* x, int incx, const double* y, int incy, double* a, int lda) {
	p_ger(101, m, n, alpha, x, incx, y, incy, a, lda);
}
static int fb_setthreads(int n) {
	if (!p_setthreads) return 0;
	p_setthreads(n);
	return 1;
}
static int fb_getthreads(void) { return p_getthreads ? p_getthreads() : 1; }
static int fb_has_lapack(void) { return p_syevr && p_gesdd && p_sytrd && p_stemr && p_ormtr && p_stedc; }
static int fb_syevr(char jobz, char range, char uplo, int n, double* a, int lda, double vl, double vu, int il, int iu, double abstol, int* m, double* w, double* z, int ldz, int* isuppz, double* work, int lwork, int* iwork, int liwork) {
	int info = 0;
	p_syevr(&jobz, &range, &uplo, &n, a, &lda, &vl, &vu, &il, &iu, &abstol, m, w, z, &ldz, isuppz, work, &lwork, iwork, &liwork, &info, 1, 1, 1);
	return info;
}
static int fb_gesdd(char jobz, int m, int n, double* a, int lda, double* s, double* u, int ldu, double* vt, int ldvt, double* work, int lwork, int* iwork) {
	int info = 0;
	p_gesdd(&jobz, &m, &n, a, &lda, s, u, &ldu, vt, &ldvt, work, &lwork, iwork, &info, 1);
	return info;
}
static int fb_sytrd(char uplo, int n, double* a, int lda, double* d, double* e, double* tau, double* work, int lwork) {
	int info = 0;
	p_sytrd(&uplo, &n, a, &lda, d, e, tau, work, &lwork, &info, 1);
	return info;
}
static int fb_stemr(char jobz, char range, int n, double* d, double* e, double vl, double vu, int il, int iu, int* m, double* w, double* z, int ldz, int nzc, int* isuppz, int* tryrac, double* work, int lwork, int* iwork, int liwork) {
	int info = 0;
	p_stemr(&jobz, &range, &n, d, e, &vl, &vu, &il, &iu, m, w, z, &ldz, &nzc, isuppz, tryrac, work, &lwork, iwork, &liwork, &info, 1, 1);
	return info;
}
static int fb_stedc(char compz, int n, double* d, double* e, double* z, int ldz, double* work, int lwork, int* iwork, int liwork) {
	int info = 0;
	p_stedc(&compz, &n, d, e, z, &ldz, work, &lwork, iwork, &liwork, &info, 1);
	return info;
}
static int fb_ormtr(char side, char uplo, char trans, int m, int n, double* a, int lda, double* tau, double* c, int ldc, double* work, int lwork) {
	int info = 0;
	p_ormtr(&side, &uplo, &trans, &m, &n, a, &lda, tau, c, &ldc, work, &lwork, &info, 1, 1, 1);
	return info;
}
*/
import "C"

import (
	"fmt"
	"os"
	"sync"
	"unsafe"

	"gonum.org/v1/gonum/blas"
	"gonum.org/v1/gonum/blas/blas32"
	"gonum.org/v1/gonum/blas/blas64"
	"gonum.org/v1/gonum/blas/gonum"
)

// Call-size thresholds below which gonum's pure-Go code is used: for small
// operations the cgo transition costs more than it saves.
const (
	minLevel3 = 24 * 24 * 24 // m*n*k
	minLevel2 = 48 * 48      // m*n
)

var loaded string // library path in use, "" for pure Go

var hasSgemm bool // the loaded library has cblas_sgemm

var enable sync.Once

// Enable loads the CBLAS library (see the package documentation for how it
// is chosen) and routes gonum's heavy BLAS calls to it, once; later calls
// return the first call's result. It returns an error, and leaves gonum's
// pure-Go BLAS in place, when no library could be loaded.
func Enable() error {
	enable.Do(func() {
		choice := os.Getenv("GSBENCH_BLAS")
		var candidates []string
		switch choice {
		case "gonum":
			loadErr = "disabled by GSBENCH_BLAS=gonum"
			return
		case "":
			candidates = []string{"libopenblas.so.0", "libopenblas.so", "libopenblas.dylib", "libblis.so.4", "libmkl_rt.so"}
		default:
			candidates = []string{choice}
		}
		for _, lib := range candidates {
			cs := C.CString(lib)
			msg := C.fb_load(cs)
			C.free(unsafe.Pointer(cs))
			if msg == nil {
				loaded = lib
				loadErr = ""
				hasSgemm = C.fb_has_sgemm() == 1
				blas64.Use(Implementation{})
				blas32.Use(Implementation{})
				return
			}
			loadErr = lib + ": " + C.GoString(msg)
		}
	})
	if loaded == "" {
		return fmt.Errorf("fastblas: %s", loadErr)
	}
	return nil
}

// Implementation is gonum's pure-Go BLAS with the heavy routines sent to the
// loaded CBLAS library.
type Implementation struct{ gonum.Implementation }

var (
	_ blas.Float64 = Implementation{}
	_ blas.Float32 = Implementation{}
)

func trans(t blas.Transpose) C.int {
	if t == blas.NoTrans {
		return 111
	}
	return 112 // Trans and ConjTrans are the same for real matrices
}

func uplo(u blas.Uplo) C.int {
	if u == blas.Upper {
		return 121
	}
	return 122
}

func diag(d blas.Diag) C.int {
	if d == blas.Unit {
		return 132
	}
	return 131
}

func side(s blas.Side) C.int {
	if s == blas.Left {
		return 141
	}
	return 142
}

func ptr(s []float64) *C.double {
	if len(s) == 0 {
		return nil
	}
	return (*C.double)(unsafe.Pointer(&s[0]))
}

func ptr32(s []float32) *C.float {
	if len(s) == 0 {
		return nil
	}
	return (*C.float)(unsafe.Pointer(&s[0]))
}

// fits reports whether a row-major r x c matrix with leading dimension ld is
// held by a slice of length n. Calls that fail a check go to gonum, which
// panics with its usual message instead of letting the C library abort.
func fits(r, c, ld, n int) bool {
	if r < 0 || c < 0 || ld < max(1, c) {
		return false
	}
	return r == 0 || c == 0 || n >= ld*(r-1)+c
}

func vecFits(n, inc, l int) bool {
	return inc > 0 && (n == 0 || l >= 1+(n-1)*inc)
}

func validTrans(t blas.Transpose) bool {
	return t == blas.NoTrans || t == blas.Trans || t == blas.ConjTrans
}

func validUplo(u blas.Uplo) bool { return u == blas.Upper || u == blas.Lower }

func (impl Implementation) Dgemm(tA, tB blas.Transpose, m, n, k int, alpha float64, a []float64, lda int, b []float64, ldb int, beta float64, c []float64, ldc int) {
	ar, ac := m, k
	if tA != blas.NoTrans {
		ar, ac = k, m
	}
	br, bc := k, n
	if tB != blas.NoTrans {
		br, bc = n, k
	}
	if loaded == "" || m*n*k < minLevel3 || !validTrans(tA) || !validTrans(tB) || !fits(ar, ac, lda, len(a)) || !fits(br, bc, ldb, len(b)) || !fits(m, n, ldc, len(c)) {
		impl.Implementation.Dgemm(tA, tB, m, n, k, alpha, a, lda, b, ldb, beta, c, ldc)
		return
	}
	C.fb_gemm(trans(tA), trans(tB), C.int(m), C.int(n), C.int(k), C.double(alpha), ptr(a), C.int(lda), ptr(b), C.int(ldb), C.double(beta), ptr(c), C.int(ldc))
}

// Sgemm is Dgemm in single precision (the float32 compute paths, e.g. the
// autoencoder's); gonum's pure-Go Sgemm when the library lacks cblas_sgemm.
func (impl Implementation) Sgemm(tA, tB blas.Transpose, m, n, k int, alpha float32, a []float32, lda int, b []float32, ldb int, beta float32, c []float32, ldc int) {
	ar, ac := m, k
	if tA != blas.NoTrans {
		ar, ac = k, m
	}
	br, bc := k, n
	if tB != blas.NoTrans {
		br, bc = n, k
	}
	if !hasSgemm || m*n*k < minLevel3 || !validTrans(tA) || !validTrans(tB) || !fits(ar, ac, lda, len(a)) || !fits(br, bc, ldb, len(b)) || !fits(m, n, ldc, len(c)) {
		impl.Implementation.Sgemm(tA, tB, m, n, k, alpha, a, lda, b, ldb, beta, c, ldc)
		return
	}
	C.fb_sgemm(trans(tA), trans(tB), C.int(m), C.int(n), C.int(k), C.float(alpha), ptr32(a), C.int(lda), ptr32(b), C.int(ldb), C.float(beta), ptr32(c), C.int(ldc))
}

func (impl Implementation) Dsyrk(ul blas.Uplo, t blas.Transpose, n, k int, alpha float64, a []float64, lda int, beta float64, c []float64, ldc int) {
	ar, ac := n, k
	if t != blas.NoTrans {
		ar, ac = k, n
	}
	if loaded == "" || n*n*k < minLevel3 || !validUplo(ul) || !validTrans(t) || !fits(ar, ac, lda, len(a)) || !fits(n, n, ldc, len(c)) {
		impl.Implementation.Dsyrk(ul, t, n, k, alpha, a, lda, beta, c, ldc)
		return
	}
	C.fb_syrk(uplo(ul), trans(t), C.int(n), C.int(k), C.double(alpha), ptr(a), C.int(lda), C.double(beta), ptr(c), C.int(ldc))
}

func (impl Implementation) Dsyr2k(ul blas.Uplo, t blas.Transpose, n, k int, alpha float64, a []float64, lda int, b []float64, ldb int, beta float64, c []float64, ldc int) {
	ar, ac := n, k
	if t != blas.NoTrans {
		ar, ac = k, n
	}
	if loaded == "" || n*n*k < minLevel3 || !validUplo(ul) || !validTrans(t) || !fits(ar, ac, lda, len(a)) || !fits(ar, ac, ldb, len(b)) || !fits(n, n, ldc, len(c)) {
		impl.Implementation.Dsyr2k(ul, t, n, k, alpha, a, lda, b, ldb, beta, c, ldc)
		return
	}
	C.fb_syr2k(uplo(ul), trans(t), C.int(n), C.int(k), C.double(alpha), ptr(a), C.int(lda), ptr(b), C.int(ldb), C.double(beta), ptr(c), C.int(ldc))
}

func (impl Implementation) Dsymm(s blas.Side, ul blas.Uplo, m, n int, alpha float64, a []float64, lda int, b []float64, ldb int, beta float64, c []float64, ldc int) {
	na := m
	if s == blas.Right {
		na = n
	}
	if loaded == "" || m*n*na < minLevel3 || (s != blas.Left && s != blas.Right) || !validUplo(ul) || !fits(na, na, lda, len(a)) || !fits(m, n, ldb, len(b)) || !fits(m, n, ldc, len(c)) {
		impl.Implementation.Dsymm(s, ul, m, n, alpha, a, lda, b, ldb, beta, c, ldc)
		return
	}
	C.fb_symm(side(s), uplo(ul), C.int(m), C.int(n), C.double(alpha), ptr(a), C.int(lda), ptr(b), C.int(ldb), C.double(beta), ptr(c), C.int(ldc))
}

func validTri(s blas.Side, ul blas.Uplo, t blas.Transpose, d blas.Diag) bool {
	return (s == blas.Left || s == blas.Right) && validUplo(ul) && validTrans(t) && (d == blas.Unit || d == blas.NonUnit)
}

func (impl Implementation) Dtrmm(s blas.Side, ul blas.Uplo, t blas.Transpose, d blas.Diag, m, n int, alpha float64, a []float64, lda int, b []float64, ldb int) {
	na := m
	if s == blas.Right {
		na = n
	}
	if loaded == "" || m*n*na < minLevel3 || !validTri(s, ul, t, d) || !fits(na, na, lda, len(a)) || !fits(m, n, ldb, len(b)) {
		impl.Implementation.Dtrmm(s, ul, t, d, m, n, alpha, a, lda, b, ldb)
		return
	}
	C.fb_trmm(side(s), uplo(ul), trans(t), diag(d), C.int(m), C.int(n), C.double(alpha), ptr(a), C.int(lda), ptr(b), C.int(ldb))
}

func (impl Implementation) Dtrsm(s blas.Side, ul blas.Uplo, t blas.Transpose, d blas.Diag, m, n int, alpha float64, a []float64, lda int, b []float64, ldb int) {
	na := m
	if s == blas.Right {
		na = n
	}
	if loaded == "" || m*n*na < minLevel3 || !validTri(s, ul, t, d) || !fits(na, na, lda, len(a)) || !fits(m, n, ldb, len(b)) {
		impl.Implementation.Dtrsm(s, ul, t, d, m, n, alpha, a, lda, b, ldb)
		return
	}
	C.fb_trsm(side(s), uplo(ul), trans(t), diag(d), C.int(m), C.int(n), C.double(alpha), ptr(a), C.int(lda), ptr(b), C.int(ldb))
}

func (impl Implementation) Dgemv(t blas.Transpose, m, n int, alpha float64, a []float64, lda int, x []float64, incX int, beta float64, y []float64, incY int) {
	lx, ly := n, m
	if t != blas.NoTrans {
		lx, ly = m, n
	}
	if loaded == "" || m*n < minLevel2 || !validTrans(t) || !fits(m, n, lda, len(a)) || !vecFits(lx, incX, len(x)) || !vecFits(ly, incY, len(y)) {
		impl.Implementation.Dgemv(t, m, n, alpha, a, lda, x, incX, beta, y, incY)
		return
	}
	C.fb_gemv(trans(t), C.int(m), C.int(n), C.double(alpha), ptr(a), C.int(lda), ptr(x), C.int(incX), C.double(beta), ptr(y), C.int(incY))
}

func (impl Implementation) Dsymv(ul blas.Uplo, n int, alpha float64, a []float64, lda int, x []float64, incX int, beta float64, y []float64, incY int) {
	if loaded == "" || n*n < minLevel2 || !validUplo(ul) || !fits(n, n, lda, len(a)) || !vecFits(n, incX, len(x)) || !vecFits(n, incY, len(y)) {
		impl.Implementation.Dsymv(ul, n, alpha, a, lda, x, incX, beta, y, incY)
		return
	}
	C.fb_symv(uplo(ul), C.int(n), C.double(alpha), ptr(a), C.int(lda), ptr(x), C.int(incX), C.double(beta), ptr(y), C.int(incY))
}

func (impl Implementation) Dger(m, n int, alpha float64, x []float64, incX int, y []float64, incY int, a []float64, lda int) {
	if loaded == "" || m*n < minLevel2 || !fits(m, n, lda, len(a)) || !vecFits(m, incX, len(x)) || !vecFits(n, incY, len(y)) {
		impl.Implementation.Dger(m, n, alpha, x, incX, y, incY, a, lda)
		return
	}
	C.fb_ger(C.int(m), C.int(n), C.double(alpha), ptr(x), C.int(incX), ptr(y), C.int(incY), ptr(a), C.int(lda))
}

func hasLAPACK() bool { return loaded != "" && C.fb_has_lapack() == 1 }

func iptr(s []int32) *C.int {
	if len(s) == 0 {
		return nil
	}
	return (*C.int)(unsafe.Pointer(&s[0]))
}

func dsyevr(jobz, rng, uplo byte, n int, a []float64, lda int, vl, vu float64, il, iu int, abstol float64, w, z []float64, ldz int, isuppz []int32, work []float64, lwork int, iwork []int32, liwork int) (m, info int) {
	var cm C.int
	info = int(C.fb_syevr(C.char(jobz), C.char(rng), C.char(uplo), C.int(n), ptr(a), C.int(lda), C.double(vl), C.double(vu), C.int(il), C.int(iu), C.double(abstol), &cm, ptr(w), ptr(z), C.int(ldz), iptr(isuppz), ptr(work), C.int(lwork), iptr(iwork), C.int(liwork)))
	return int(cm), info
}

func dgesdd(jobz byte, m, n int, a []float64, lda int, s, u []float64, ldu int, vt []float64, ldvt int, work []float64, lwork int, iwork []int32) int {
	return int(C.fb_gesdd(C.char(jobz), C.int(m), C.int(n), ptr(a), C.int(lda), ptr(s), ptr(u), C.int(ldu), ptr(vt), C.int(ldvt), ptr(work), C.int(lwork), iptr(iwork)))
}

func dsytrd(uplo byte, n int, a []float64, lda int, d, e, tau, work []float64, lwork int) int {
	return int(C.fb_sytrd(C.char(uplo), C.int(n), ptr(a), C.int(lda), ptr(d), ptr(e), ptr(tau), ptr(work), C.int(lwork)))
}

func dstemr(jobz, rng byte, n int, d, e []float64, vl, vu float64, il, iu int, w, z []float64, ldz, nzc int, isuppz []int32, tryrac bool, work []float64, lwork int, iwork []int32, liwork int) (m, info int) {
	var cm C.int
	tr := C.int(0)
	if tryrac {
		tr = 1
	}
	info = int(C.fb_stemr(C.char(jobz), C.char(rng), C.int(n), ptr(d), ptr(e), C.double(vl), C.double(vu), C.int(il), C.int(iu), &cm, ptr(w), ptr(z), C.int(ldz), C.int(nzc), iptr(isuppz), &tr, ptr(work), C.int(lwork), iptr(iwork), C.int(liwork)))
	return int(cm), info
}

func dstedc(compz byte, n int, d, e, z []float64, ldz int, work []float64, lwork int, iwork []int32, liwork int) int {
	return int(C.fb_stedc(C.char(compz), C.int(n), ptr(d), ptr(e), ptr(z), C.int(ldz), ptr(work), C.int(lwork), iptr(iwork), C.int(liwork)))
}

func dormtr(side, uplo, trans byte, m, n int, a []float64, lda int, tau, c []float64, ldc int, work []float64, lwork int) int {
	return int(C.fb_ormtr(C.char(side), C.char(uplo), C.char(trans), C.int(m), C.int(n), ptr(a), C.int(lda), ptr(tau), ptr(c), C.int(ldc), ptr(work), C.int(lwork)))
}

func setThreads(n int) bool {
	if loaded == "" {
		return false
	}
	return C.fb_setthreads(C.int(n)) == 1
}

func threads() int {
	if loaded == "" {
		return 1
	}
	return int(C.fb_getthreads())
}
