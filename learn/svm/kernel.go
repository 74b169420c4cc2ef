package svm

import (
	"context"
	"math"
	"sync"

	"gonum.org/v1/gonum/blas"
	"gonum.org/v1/gonum/blas/blas64"
	"gonum.org/v1/gonum/floats"

	"github.com/gsbench/gsbench/internal/par"
)

// kernel is a resolved kernel function.
type kernel struct {
	kind   KernelKind
	gamma  float64
	degree int
	coef0  float64
}

// fromDot returns k(a, b) given a . b and the squared norms of a and b. The
// RBF kernel uses ||a - b||^2 = ||a||^2 - 2 a.b + ||b||^2 (libsvm's
// kernel_rbf), clamped at zero against cancellation.
func (k kernel) fromDot(dot, sqa, sqb float64) float64 {
	switch k.kind {
	case Linear:
		return dot
	case Poly:
		return powi(k.gamma*dot+k.coef0, k.degree)
	default:
		d := sqa + sqb - 2*dot
		if d < 0 {
			d = 0
		}
		return math.Exp(-k.gamma * d)
	}
}

// powi is x^n by repeated squaring (libsvm's powi).
func powi(x float64, n int) float64 {
	r := 1.0
	for ; n > 0; n >>= 1 {
		if n&1 == 1 {
			r *= x
		}
		x *= x
	}
	return r
}

// sqNorms returns the squared Euclidean norm of every row of the n x d
// row-major matrix x.
func sqNorms(x []float64, n, d int) []float64 {
	sq := make([]float64, n)
	for i := range sq {
		r := x[i*d : i*d+d]
		sq[i] = floats.Dot(r, r)
	}
	return sq
}

// gramBlock is the number of rows whose dot products one Dgemm computes.
const gramBlock = 256

// value32 returns k(a, b) rounded to float32, given a . b and the squared
// norms; RBF values use expFast.
func (k kernel) value32(dot, sqa, sqb float64) float32 {
	if k.kind != RBF {
		return float32(k.fromDot(dot, sqa, sqb))
	}
	d := sqa + sqb - 2*dot
	if d < 0 {
		d = 0
	}
	return float32(expFast(-k.gamma * d))
}

// gram returns the n x n kernel matrix of the rows of the row-major n x d
// matrix x, in float32 (libsvm keeps kernel values as float). Each block of
// gramBlock rows gets its dot products with the rows below it from one Dgemm
// (the upper triangle only), which workers goroutines turn into kernel
// values row by row; the lower triangle is then copied in tiles.
func (k kernel) gram(ctx context.Context, x []float64, n, d int, sq []float64, workers int) ([]float32, error) {
	K := getGram(n * n)
	buf := make([]float64, gramBlock*n)
	impl := blas64.Implementation()
	for r0 := 0; r0 < n; r0 += gramBlock {
		if err := ctx.Err(); err != nil {
			putGram(K)
			return nil, err
		}
		r1 := min(n, r0+gramBlock)
		m, w := r1-r0, n-r0
		// buf[0:m, 0:w] = x[r0:r1] x[r0:n]^T
		impl.Dgemm(blas.NoTrans, blas.Trans, m, w, d, 1, x[r0*d:], d, x[r0*d:], d, 0, buf, w)
		err := par.Do(ctx, m, workers, func(i int) error {
			gi := r0 + i
			out := K[gi*n+gi : gi*n+n]
			row := buf[i*w+i : i*w+w]
			if k.kind == RBF {
				rbfRow(out, row, sq[gi], sq[gi:], k.gamma)
				return nil
			}
			for j := range out {
				out[j] = k.value32(row[j], sq[gi], sq[gi+j])
			}
			return nil
		})
		if err != nil {
			putGram(K)
			return nil, err
		}
	}
	// Mirror the upper triangle in tiles, so that reads and writes both stay
	// within a few pages; task ib writes columns ib..ib+tile of the lower
	// triangle, which no other task reads or writes.
	const tile = 64
	err := par.Do(ctx, (n+tile-1)/tile, workers, func(b int) error {
		ib := b * tile
		for jb := ib; jb < n; jb += tile {
			for i := ib; i < min(ib+tile, n); i++ {
				for j := max(jb, i+1); j < min(jb+tile, n); j++ {
					K[j*n+i] = K[i*n+j]
				}
			}
		}
		return nil
	})
	if err != nil {
		putGram(K)
		return nil, err
	}
	return K, nil
}

// gramPool recycles kernel matrices between fits (cross-validation folds have
// nearly equal sizes), saving the page faults of fresh memory.
var gramPool sync.Pool // of *[]float32

// getGram returns a slice of length n, uninitialized when recycled.
func getGram(n int) []float32 {
	if p, ok := gramPool.Get().(*[]float32); ok && cap(*p) >= n && cap(*p) <= n+n/4 {
		return (*p)[:n]
	}
	return make([]float32, n)
}

func putGram(K []float32) {
	if K != nil {
		gramPool.Put(&K)
	}
}

// crossBlock is the number of rows of a whose kernel values against b are
// held at once by cross.
const crossBlock = 256

// apply computes out = K(a, b) coef for the rows of a (ma x d) and b (nb x
// d), with coef nb x p and out ma x p (all row-major), through Dgemm in
// blocks of rows of a.
func (k kernel) apply(ctx context.Context, a []float64, ma int, b []float64, nb, d int, sqb []float64, coef []float64, p int, out []float64) error {
	buf := make([]float64, crossBlock*nb)
	impl := blas64.Implementation()
	for r0 := 0; r0 < ma; r0 += crossBlock {
		if err := ctx.Err(); err != nil {
			return err
		}
		m := min(ma, r0+crossBlock) - r0
		impl.Dgemm(blas.NoTrans, blas.Trans, m, nb, d, 1, a[r0*d:], d, b, d, 0, buf, nb)
		for i := range m {
			ra := a[(r0+i)*d : (r0+i)*d+d]
			sqa := floats.Dot(ra, ra)
			row := buf[i*nb : i*nb+nb]
			for j := range row {
				row[j] = k.fromDot(row[j], sqa, sqb[j])
			}
		}
		impl.Dgemm(blas.NoTrans, blas.NoTrans, m, p, nb, 1, buf, nb, coef, p, 0, out[r0*p:], p)
	}
	return nil
}

// source gives kernel values between rows identified by int32 ids.
type source interface {
	// fill sets out[t] = k(i, rows[t]).
	fill(i int32, rows []int32, out []float32)
	// diag returns k(i, i) in double precision.
	diag(i int32) float64
}

// denseSource reads a precomputed n x n kernel matrix.
type denseSource struct {
	K      []float32
	n      int
	diag64 []float64
}

func (s *denseSource) fill(i int32, rows []int32, out []float32) {
	row := s.K[int(i)*s.n : int(i)*s.n+s.n]
	for t, r := range rows {
		out[t] = row[r]
	}
}

func (s *denseSource) diag(i int32) float64 { return s.diag64[i] }

// dataSource computes kernel values from the rows of a row-major n x d matrix.
type dataSource struct {
	k  kernel
	x  []float64
	d  int
	sq []float64
}

func (s *dataSource) fill(i int32, rows []int32, out []float32) {
	d := s.d
	xi := s.x[int(i)*d : int(i)*d+d]
	sqi := s.sq[i]
	for t, r := range rows {
		out[t] = s.k.value32(floats.Dot(xi, s.x[int(r)*d:int(r)*d+d]), sqi, s.sq[r])
	}
}

func (s *dataSource) diag(i int32) float64 {
	xi := s.x[int(i)*s.d : int(i)*s.d+s.d]
	return s.k.fromDot(floats.Dot(xi, xi), s.sq[i], s.sq[i])
}
