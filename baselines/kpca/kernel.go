package kpca

import (
	"fmt"
	"math"
	"strconv"

	"gonum.org/v1/gonum/blas"
	"gonum.org/v1/gonum/blas/blas64"

	"github.com/gsbench/gsbench/internal/par"
)

// KernelName names a kernel.
type KernelName string

// The kernels (scikit-learn's names).
const (
	KernelLinear KernelName = "linear" // k(x, y) = x.y
	KernelPoly   KernelName = "poly"   // k(x, y) = (gamma x.y + coef0)^degree
	KernelRBF    KernelName = "rbf"    // k(x, y) = exp(-gamma ||x - y||^2)
)

// Choices lists the kernels.
func (KernelName) Choices() []string {
	return []string{string(KernelLinear), string(KernelPoly), string(KernelRBF)}
}

// Kernel is a positive semidefinite kernel with scikit-learn's
// parameterization (sklearn.metrics.pairwise: linear_kernel,
// polynomial_kernel, rbf_kernel). A zero Gamma means 1/d, d the number of
// features, as KernelPCA's gamma=None. Its fields are the kernel parameters
// of KernelPCA.
type Kernel struct {
	Name   KernelName `param:"kernel" doc:"linear, poly or rbf (scikit-learn's default: linear; the paper used poly with the degree of GFR's family)"`
	Degree int        `param:"degree" doc:"degree of the poly kernel"`
	Gamma  float64    `param:"gamma" auto:"1/n_features, as scikit-learn's gamma=None" doc:"coefficient of the poly and rbf kernels (> 0); 0: automatic"`
	Coef0  float64    `param:"coef0" doc:"independent term of the poly kernel"`
}

// Linear returns the linear kernel x.y (kernel PCA with it is PCA).
func Linear() Kernel { return Kernel{Name: KernelLinear} }

// Poly returns the polynomial kernel (gamma x.y + coef0)^degree;
// scikit-learn's defaults are degree 3, gamma 1/d (pass 0) and coef0 1.
func Poly(degree int, gamma, coef0 float64) Kernel {
	return Kernel{Name: KernelPoly, Degree: degree, Gamma: gamma, Coef0: coef0}
}

// RBF returns the Gaussian kernel exp(-gamma ||x - y||^2); gamma 0 means 1/d.
func RBF(gamma float64) Kernel { return Kernel{Name: KernelRBF, Gamma: gamma} }

// String describes the kernel, e.g. "poly(degree=3, gamma=1/d, coef0=1)".
func (k Kernel) String() string {
	g := "1/d"
	if k.Gamma != 0 {
		g = strconv.FormatFloat(k.Gamma, 'g', -1, 64)
	}
	switch k.Name {
	case KernelPoly:
		return fmt.Sprintf("poly(degree=%d, gamma=%s, coef0=%g)", k.Degree, g, k.Coef0)
	case KernelRBF:
		return fmt.Sprintf("rbf(gamma=%s)", g)
	}
	return string(k.Name)
}

// Validate checks the kernel's name and parameters.
func (k Kernel) Validate() error {
	switch k.Name {
	case KernelLinear, KernelRBF:
	case KernelPoly:
		if k.Degree < 1 {
			return fmt.Errorf("degree = %d: the poly kernel needs degree >= 1", k.Degree)
		}
	case "":
		return fmt.Errorf("no kernel given: set kernel to linear, poly or rbf")
	default:
		return fmt.Errorf("unknown kernel %q: use linear, poly or rbf", k.Name)
	}
	switch {
	case k.Gamma < 0 || math.IsNaN(k.Gamma) || math.IsInf(k.Gamma, 0):
		return fmt.Errorf("gamma = %v: want a positive finite number, or 0 for 1/n_features", k.Gamma)
	case math.IsNaN(k.Coef0) || math.IsInf(k.Coef0, 0):
		return fmt.Errorf("coef0 = %v: want a finite number", k.Coef0)
	}
	return nil
}

// resolved returns the kernel with Gamma set (1/d when zero).
func (k Kernel) resolved(d int) Kernel {
	if k.Gamma == 0 {
		k.Gamma = 1 / float64(d) // scikit-learn: gamma=None means 1/n_features
	}
	return k
}

// applyRow replaces each inner product row[j] = x.y_j by k(x, y_j), given
// sx = ||x||^2 and sy[j] = ||y_j||^2 (rbf only). The kernel is chosen once
// per row, outside the loop.
func (k Kernel) applyRow(row []float64, sx float64, sy []float64) {
	switch k.Name {
	case KernelPoly:
		g, c := k.Gamma, k.Coef0
		switch k.Degree {
		case 1:
			for j, v := range row {
				row[j] = g*v + c
			}
		case 2:
			for j, v := range row {
				t := g*v + c
				row[j] = t * t
			}
		case 3:
			for j, v := range row {
				t := g*v + c
				row[j] = t * t * t
			}
		default:
			for j, v := range row {
				row[j] = ipow(g*v+c, k.Degree)
			}
		}
	case KernelRBF:
		g := k.Gamma
		sy = sy[:len(row)]
		for j, v := range row {
			row[j] = math.Exp(-g * math.Max(sx+sy[j]-2*v, 0)) // squared distance, clipped at 0 against rounding
		}
	}
}

// ipow returns x^e for e >= 1 by repeated squaring.
func ipow(x float64, e int) float64 {
	r := 1.0
	for e > 0 {
		if e&1 == 1 {
			r *= x
		}
		x *= x
		e >>= 1
	}
	return r
}

// sqNorms returns the squared norm of every row of the row-major r x d
// matrix x.
func sqNorms(x []float64, r, d, stride int) []float64 {
	s := make([]float64, r)
	for i := range s {
		for _, v := range x[i*stride : i*stride+d] {
			s[i] += v * v
		}
	}
	return s
}

// trainingKernel fills the n x n row-major matrix a (full, both triangles)
// with the kernel between the rows of the n x d matrix x.
func trainingKernel(a []float64, x blas64.General, k Kernel) {
	n := x.Rows
	// Gram matrix (upper triangle) in one BLAS-3 product.
	blas64.Implementation().Dsyrk(blas.Upper, blas.NoTrans, n, x.Cols, 1, x.Data, x.Stride, 0, a, n)
	sq := make([]float64, n)
	for i := range sq {
		sq[i] = a[i*n+i]
	}
	par.Chunks(n, 64, 0, func(_, lo, hi int) {
		for i := lo; i < hi; i++ {
			k.applyRow(a[i*n+i:(i+1)*n], sq[i], sq[i:])
		}
	})
	mirrorUpper(a, n)
}

// mirrorUpper copies the upper triangle of the n x n row-major matrix a to
// its lower triangle, tile by tile for cache locality.
func mirrorUpper(a []float64, n int) {
	const t = 64
	par.Chunks((n+t-1)/t, 1, 0, func(_, lo, hi int) {
		for bi := lo * t; bi < min(hi*t, n); bi += t {
			for bj := 0; bj <= bi; bj += t {
				for i := bi; i < min(bi+t, n); i++ {
					for j := bj; j < min(bj+t, i); j++ {
						a[i*n+j] = a[j*n+i]
					}
				}
			}
		}
	})
}

// center centers the full symmetric n x n kernel matrix a in feature space,
// K~ = K - 1K - K1 + 1K1 with 1 the matrix of entries 1/n (journal
// Appendix E), and returns the row means of K and its grand mean, which
// Transform needs for new points.
func center(a []float64, n int) (rowMean []float64, all float64) {
	rowMean = make([]float64, n)
	par.Chunks(n, 64, 0, func(_, lo, hi int) {
		for i := lo; i < hi; i++ {
			s := 0.0
			for _, v := range a[i*n : (i+1)*n] {
				s += v
			}
			rowMean[i] = s / float64(n)
		}
	})
	for _, m := range rowMean {
		all += m
	}
	all /= float64(n)
	par.Chunks(n, 64, 0, func(_, lo, hi int) {
		for i := lo; i < hi; i++ {
			row := a[i*n : (i+1)*n]
			ri := rowMean[i]
			for j := range row {
				row[j] -= (ri + rowMean[j]) - all // bitwise symmetric
			}
		}
	})
	return rowMean, all
}
