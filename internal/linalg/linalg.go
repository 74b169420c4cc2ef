// Package linalg provides the decompositions gsbench's methods share: a
// dense symmetric eigendecomposition that can return only the k largest
// eigenpairs (EigenSym), a thin SVD, and a thick-restart block Lanczos
// method (TopEigen) for the k largest eigenpairs of a large symmetric
// operator known only through its products with blocks of vectors. When
// OpenBLAS (with its LAPACK) is loaded by internal/fastblas the dense ones
// run in LAPACK's dsyevr (MRRR) and dgesdd (divide and conquer); otherwise in
// gonum's pure-Go code, with the same results up to rounding. Signs are
// normalized so that results do not depend on the backend: the entry of
// largest magnitude of each eigenvector, and of each left singular vector,
// is positive (scikit-learn's svd_flip convention; FlipSign).
package linalg

import (
	"fmt"
	"math"
	"slices"

	"gonum.org/v1/gonum/floats"
	"gonum.org/v1/gonum/mat"

	"github.com/gsbench/gsbench/internal/fastblas"
)

// EigenSym returns the k largest eigenvalues of the symmetric matrix S in
// decreasing order (all of them when k <= 0 or k >= d) and, when vectors is
// true, the d x k matrix whose columns are corresponding unit eigenvectors.
func EigenSym(S *mat.SymDense, k int, vectors bool) ([]float64, *mat.Dense, error) {
	d := S.SymmetricDim()
	if k <= 0 || k > d {
		k = d
	}
	return eigenSym(S, selection{k: k}, vectors)
}

// EigenSymAbove returns the eigenvalues of the symmetric matrix S greater
// than vl, in decreasing order, and, when vectors is true, the d x m matrix
// of corresponding unit eigenvectors (nil when there are none). It costs one
// factorization however many eigenvalues lie above vl (PCA up to a variance
// threshold).
func EigenSymAbove(S *mat.SymDense, vl float64, vectors bool) ([]float64, *mat.Dense, error) {
	return eigenSym(S, selection{above: true, vl: vl}, vectors)
}

// selection names the eigenpairs wanted: the k largest, or every one above vl.
type selection struct {
	k     int
	above bool
	vl    float64
}

func eigenSym(S *mat.SymDense, sel selection, vectors bool) ([]float64, *mat.Dense, error) {
	d := S.SymmetricDim()
	if d == 0 {
		return nil, nil, fmt.Errorf("linalg: empty matrix")
	}
	raw := S.RawSymmetric()
	for i := 0; i < d; i++ {
		for _, v := range raw.Data[i*raw.Stride+i : i*raw.Stride+d] {
			if math.IsNaN(v) || math.IsInf(v, 0) {
				return nil, nil, fmt.Errorf("linalg: matrix holds a NaN or Inf value")
			}
		}
	}
	if sel.above && (math.IsNaN(sel.vl) || math.IsInf(sel.vl, 0)) {
		return nil, nil, fmt.Errorf("linalg: eigenvalue bound %v is not finite", sel.vl)
	}
	var vals []float64
	var vecs *mat.Dense
	var err error
	if fastblas.HasLAPACK() {
		vals, vecs, err = eigenLAPACK(S, sel, vectors)
	} else {
		vals, vecs, err = eigenGonum(S, sel, vectors)
	}
	if err != nil {
		return nil, nil, err
	}
	return vals, vecs, nil
}

// FlipSign negates v when its entry of largest magnitude (the first one, on
// ties, up to a relative 1e-12) is negative, and reports whether it did: the
// sign convention of gsbench's eigenvectors, singular vectors and
// directions.
func FlipSign(v []float64) bool {
	best := 0
	for i, x := range v {
		if math.Abs(x) > math.Abs(v[best])*(1+1e-12) {
			best = i
		}
	}
	if v[best] < 0 {
		floats.Scale(-1, v)
		return true
	}
	return false
}

func eigenGonum(S *mat.SymDense, sel selection, vectors bool) ([]float64, *mat.Dense, error) {
	d := S.SymmetricDim()
	var es mat.EigenSym
	if !es.Factorize(S, vectors) {
		return nil, nil, fmt.Errorf("linalg: symmetric eigendecomposition did not converge")
	}
	all := es.Values(nil) // increasing
	k := sel.k
	if sel.above {
		k = 0
		for k < d && all[d-1-k] > sel.vl {
			k++
		}
	}
	vals := make([]float64, k)
	for j := 0; j < k; j++ {
		vals[j] = all[d-1-j]
	}
	if !vectors || k == 0 {
		return vals, nil, nil
	}
	var ev mat.Dense
	es.VectorsTo(&ev)
	vecs := mat.NewDense(d, k, nil)
	col := make([]float64, d)
	for j := 0; j < k; j++ {
		mat.Col(col, d-1-j, &ev)
		FlipSign(col)
		vecs.SetCol(j, col)
	}
	return vals, vecs, nil
}

func eigenLAPACK(S *mat.SymDense, sel selection, vectors bool) ([]float64, *mat.Dense, error) {
	d := S.SymmetricDim()
	raw := S.RawSymmetric()
	// The row-major upper triangle is the column-major lower triangle.
	a := make([]float64, d*d)
	for i := 0; i < d; i++ {
		copy(a[i*d+i:(i+1)*d], raw.Data[i*raw.Stride+i:i*raw.Stride+d])
	}
	jobz, rng := byte('N'), byte('A')
	if vectors {
		jobz = 'V'
	}
	k := sel.k // columns of z: the number wanted, or a bound on it
	il, iu := 1, d
	vl, vu := 0.0, 0.0
	switch {
	case sel.above:
		// dsyevr's range 'V' is the half-open interval (vl, vu]; vu is
		// Gershgorin's bound on the largest eigenvalue.
		rng, vl, vu, k = 'V', sel.vl, gershgorin(a, d), d
		if vu <= vl {
			return nil, nil, nil
		}
	case k < d:
		rng, il = 'I', d-k+1
	}
	w := make([]float64, d)
	var z []float64
	if vectors {
		z = make([]float64, d*k)
	}
	isuppz := make([]int32, 2*max(1, k))
	work := make([]float64, 1)
	iwork := make([]int32, 1)
	if _, info := fastblas.Dsyevr(jobz, rng, 'L', d, a, d, vl, vu, il, iu, 0, w, z, d, isuppz, work, -1, iwork, -1); info != 0 {
		return nil, nil, fmt.Errorf("linalg: dsyevr workspace query failed (info %d)", info)
	}
	work = make([]float64, int(work[0]))
	iwork = make([]int32, iwork[0])
	m, info := fastblas.Dsyevr(jobz, rng, 'L', d, a, d, vl, vu, il, iu, 0, w, z, d, isuppz, work, len(work), iwork, len(iwork))
	if info == 0 && m != k && rng == 'I' {
		// With an index range, dsyevr can return fewer eigenvalues than asked
		// on a tight cluster at the boundary; compute them all instead.
		vals, vecs, err := eigenLAPACK(S, selection{k: d}, vectors)
		if err != nil {
			return nil, nil, err
		}
		if vecs != nil {
			vecs = mat.DenseCopyOf(vecs.Slice(0, d, 0, k))
		}
		return vals[:k], vecs, nil
	}
	if rng == 'V' {
		k = m
	}
	if info != 0 || m != k {
		return nil, nil, fmt.Errorf("linalg: dsyevr failed (info %d, %d of %d eigenvalues)", info, m, k)
	}
	vals := slices.Clone(w[:k])
	slices.Reverse(vals)
	if !vectors || k == 0 {
		return vals, nil, nil
	}
	// Column-major z holds eigenvector j contiguously, in increasing order of
	// the eigenvalues: flip its sign there, then write it as column k-1-j.
	vecs := mat.NewDense(d, k, nil)
	out := vecs.RawMatrix().Data
	for j := 0; j < k; j++ {
		FlipSign(z[j*d : (j+1)*d])
	}
	const tile = 64
	for i0 := 0; i0 < d; i0 += tile {
		for j := 0; j < k; j++ {
			col := z[j*d : (j+1)*d]
			for i := i0; i < min(i0+tile, d); i++ {
				out[i*k+k-1-j] = col[i]
			}
		}
	}
	return vals, vecs, nil
}

// gershgorin returns an upper bound on the eigenvalues of the symmetric d x d
// matrix whose lower triangle a holds (column-major): the largest Gershgorin
// disc edge max_i (a_ii + sum_{j != i} |a_ij|), enlarged by a relative 1e-8
// (and an absolute 1e-300) so that rounding cannot exclude the top eigenvalue.
func gershgorin(a []float64, d int) float64 {
	radius := make([]float64, d)
	for j := 0; j < d; j++ {
		for i := j + 1; i < d; i++ {
			v := math.Abs(a[j*d+i])
			radius[i] += v
			radius[j] += v
		}
	}
	bound := math.Inf(-1)
	for i := 0; i < d; i++ {
		bound = math.Max(bound, a[i*d+i]+radius[i])
	}
	return bound + 1e-8*math.Abs(bound) + 1e-300
}

// SVD returns the thin singular value decomposition A = U diag(s) V^T of the
// m x n matrix A, with r = min(m, n) singular values in decreasing order,
// U m x r and V n x r. The entry of largest magnitude in each column of U is
// positive.
func SVD(A mat.Matrix) (s []float64, U, V *mat.Dense, err error) {
	m, n := A.Dims()
	if m == 0 || n == 0 {
		return nil, nil, nil, fmt.Errorf("linalg: empty matrix")
	}
	r := min(m, n)
	a := make([]float64, m*n)
	for i := 0; i < m; i++ {
		for j := 0; j < n; j++ {
			v := A.At(i, j)
			if math.IsNaN(v) || math.IsInf(v, 0) {
				return nil, nil, nil, fmt.Errorf("linalg: matrix holds a NaN or Inf value")
			}
			a[i*n+j] = v
		}
	}
	if fastblas.HasLAPACK() {
		s, U, V, err = svdLAPACK(a, m, n)
	} else {
		s, U, V, err = svdGonum(mat.NewDense(m, n, a))
	}
	if err != nil {
		return nil, nil, nil, err
	}
	u := make([]float64, m)
	v := make([]float64, n)
	for k := 0; k < r; k++ {
		mat.Col(u, k, U)
		if FlipSign(u) {
			U.SetCol(k, u)
			mat.Col(v, k, V)
			floats.Scale(-1, v)
			V.SetCol(k, v)
		}
	}
	return s, U, V, nil
}

func svdGonum(A *mat.Dense) ([]float64, *mat.Dense, *mat.Dense, error) {
	var svd mat.SVD
	if !svd.Factorize(A, mat.SVDThin) {
		return nil, nil, nil, fmt.Errorf("linalg: SVD did not converge")
	}
	var U, V mat.Dense
	svd.UTo(&U)
	svd.VTo(&V)
	return svd.Values(nil), &U, &V, nil
}

// svdLAPACK factors the row-major m x n matrix a, which LAPACK sees as the
// column-major n x m matrix B = A^T = U_B S V_B^T; hence A = V_B S U_B^T.
func svdLAPACK(a []float64, m, n int) ([]float64, *mat.Dense, *mat.Dense, error) {
	r := min(m, n)
	s := make([]float64, r)
	ub := make([]float64, n*r)  // n x r column-major: V of A, transposed layout
	vtb := make([]float64, r*m) // r x m column-major: row-major m x r U of A
	iwork := make([]int32, 8*r)
	work := make([]float64, 1)
	if info := fastblas.Dgesdd('S', n, m, a, n, s, ub, n, vtb, r, work, -1, iwork); info != 0 {
		return nil, nil, nil, fmt.Errorf("linalg: dgesdd workspace query failed (info %d)", info)
	}
	work = make([]float64, int(work[0]))
	if info := fastblas.Dgesdd('S', n, m, a, n, s, ub, n, vtb, r, work, len(work), iwork); info != 0 {
		return nil, nil, nil, fmt.Errorf("linalg: dgesdd failed (info %d)", info)
	}
	U := mat.NewDense(m, r, vtb)
	V := mat.NewDense(n, r, nil)
	for k := 0; k < r; k++ {
		V.SetCol(k, ub[k*n:(k+1)*n])
	}
	return s, U, V, nil
}
