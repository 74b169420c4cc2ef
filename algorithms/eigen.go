package algorithms

import (
	"math"
	"math/rand/v2"

	"gonum.org/v1/gonum/blas"
	"gonum.org/v1/gonum/blas/blas64"
	"gonum.org/v1/gonum/floats"
	"gonum.org/v1/gonum/mat"
)

// denseEigenLimit is the dimension up to which the top eigenpair is taken
// from a full symmetric eigendecomposition; above it, Lanczos is used.
var denseEigenLimit = 64

// topEigen returns the largest eigenvalue of the symmetric positive
// semidefinite matrix S and a unit eigenvector with the sign convention of
// fixSign. scale is an upper bound of S's spectral norm (the first
// covariance's largest eigenvalue) used for the convergence test. The start
// vectors are drawn from a fixed seed, so results are deterministic.
func topEigen(S *mat.SymDense, scale float64, step int) (float64, []float64) {
	d := S.SymmetricDim()
	if d <= denseEigenLimit {
		return denseTop(S)
	}
	rng := rand.New(rand.NewPCG(0x6773, uint64(step)))
	v := make([]float64, d)
	for i := range v {
		v[i] = rng.NormFloat64()
	}
	tol := 1e-11 * scale
	const restarts = 30
	for range restarts {
		theta, x, res := lanczos(S, v, min(d, 64))
		if res <= tol || theta <= tol {
			fixSign(x)
			return math.Max(theta, 0), x
		}
		v = x
	}
	// Lanczos did not settle (a cluster of nearly equal top eigenvalues):
	// fall back to the dense decomposition.
	return denseTop(S)
}

func denseTop(S *mat.SymDense) (float64, []float64) {
	d := S.SymmetricDim()
	var es mat.EigenSym
	if !es.Factorize(S, true) {
		// Cannot happen for finite symmetric input; keep a defined result.
		v := make([]float64, d)
		v[0] = 1
		return 0, v
	}
	vals := es.Values(nil)
	var vecs mat.Dense
	es.VectorsTo(&vecs)
	// Values are ascending; among equal top values take the first column.
	top := d - 1
	for top > 0 && vals[top-1] >= vals[d-1]-1e-15*math.Abs(vals[d-1]) {
		top--
	}
	v := mat.Col(nil, top, &vecs)
	fixSign(v)
	return math.Max(vals[d-1], 0), v
}

// lanczos runs k steps of the Lanczos process with full re-orthogonalization
// from v and returns the largest Ritz value, its unit Ritz vector and the
// residual norm ||S x - theta x||.
func lanczos(S *mat.SymDense, v []float64, k int) (theta float64, x []float64, res float64) {
	d := S.SymmetricDim()
	sd := S.RawSymmetric()
	impl := blas64.Implementation()
	V := make([]float64, 0, k*d) // Lanczos vectors as rows
	alpha := make([]float64, 0, k)
	beta := make([]float64, 0, k)
	q := make([]float64, d)
	copy(q, v)
	floats.Scale(1/floats.Norm(q, 2), q)
	w := make([]float64, d)
	coef := make([]float64, k)
	var s []float64
	for j := 0; j < k; j++ {
		V = append(V, q...)
		impl.Dsymv(sd.Uplo, d, 1, sd.Data, sd.Stride, q, 1, 0, w, 1)
		a := floats.Dot(q, w)
		alpha = append(alpha, a)
		// Full re-orthogonalization against every Lanczos vector, twice.
		m := j + 1
		for pass := 0; pass < 2; pass++ {
			impl.Dgemv(blas.NoTrans, m, d, 1, V, d, w, 1, 0, coef[:m], 1)
			impl.Dgemv(blas.Trans, m, d, -1, V, d, coef[:m], 1, 1, w, 1)
		}
		b := floats.Norm(w, 2)
		if j == k-1 || b <= 1e-14*math.Abs(a) || b == 0 || j%8 == 7 {
			theta, s = tridiagTop(alpha, beta)
			res = b * math.Abs(s[j])
			if j == k-1 || b == 0 || res <= 1e-13*math.Max(theta, 1e-300) || b <= 1e-14*math.Abs(a) {
				break
			}
		}
		beta = append(beta, b)
		q = make([]float64, d)
		copy(q, w)
		floats.Scale(1/b, q)
	}
	m := len(alpha)
	x = make([]float64, d)
	impl.Dgemv(blas.Trans, m, d, 1, V, d, s, 1, 0, x, 1)
	floats.Scale(1/floats.Norm(x, 2), x)
	return theta, x, res
}

// tridiagTop returns the largest eigenvalue of the symmetric tridiagonal
// matrix with diagonal alpha and off-diagonal beta, and its unit eigenvector.
func tridiagTop(alpha, beta []float64) (float64, []float64) {
	m := len(alpha)
	T := mat.NewSymDense(m, nil)
	for i := 0; i < m; i++ {
		T.SetSym(i, i, alpha[i])
		if i+1 < m {
			T.SetSym(i, i+1, beta[i])
		}
	}
	var es mat.EigenSym
	es.Factorize(T, true)
	vals := es.Values(nil)
	var vecs mat.Dense
	es.VectorsTo(&vecs)
	return vals[m-1], mat.Col(nil, m-1, &vecs)
}

// fixSign makes the entry of largest magnitude positive (the first such
// entry on ties), so that directions are reproducible.
func fixSign(v []float64) {
	best := 0
	for i, x := range v {
		if math.Abs(x) > math.Abs(v[best])*(1+1e-12) {
			best = i
		}
	}
	if v[best] < 0 {
		floats.Scale(-1, v)
	}
}

// argmaxTie returns the index of the largest v[i] among the indices allowed
// (all when allowed is nil). Entries within 1e-9 x max of the maximum tie,
// and the lowest index wins, so that equal variances (e.g. standardized
// data) do not make the choice depend on rounding noise. It returns -1 when
// no index is allowed.
func argmaxTie(v []float64, allowed func(int) bool) (int, float64) {
	best, bestV := -1, math.Inf(-1)
	for i, x := range v {
		if (allowed == nil || allowed(i)) && x > bestV {
			best, bestV = i, x
		}
	}
	if best < 0 {
		return -1, 0
	}
	cut := bestV - 1e-9*math.Abs(bestV)
	for i, x := range v {
		if (allowed == nil || allowed(i)) && x >= cut {
			return i, bestV
		}
	}
	return best, bestV
}
