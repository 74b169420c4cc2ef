// Package linalg provides the decompositions gsbench's methods share: a
// dense symmetric eigendecomposition that can return only the k largest
// eigenpairs (EigenSym), a thin SVD, and a thick-restart block Lanczos
// method (TopEigen) for the k largest eigenpairs of a large symmetric
// operator known only through its products with blocks of vectors. When
// OpenBLAS (with its LAPACK) is loaded by fastblas the dense ones
// run in LAPACK (dsyevr for d < 128; above, dsytrd, then dstedc or dstemr on
// the tridiagonal matrix, then dormtr; dgesdd for the SVD); otherwise in
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

	"github.com/gsbench/gsbench/fastblas"
)

// RelativeNoise is the relative level below which gsbench treats a computed
// quantity (a residual norm, a pivot, a spread, a scatter) as rounding noise
// of its reference scale: about 4500 unit roundoffs (u = 1.1e-16), what a
// backward-stable computation accumulates over a few thousand operations.
// The methods that use it say what the reference scale is.
const RelativeNoise = 1e-12

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

// EigenSymDownTo returns the eigenvalues of the symmetric matrix S in
// decreasing order down to the first one at or below vl: every eigenvalue
// greater than vl, then the largest one at or below vl when there is one.
// When vectors is true it also returns the d x m matrix of corresponding unit
// eigenvectors. It costs one factorization however many eigenvalues lie above
// vl (PCA up to a variance threshold, with the value that stops it).
func EigenSymDownTo(S *mat.SymDense, vl float64, vectors bool) ([]float64, *mat.Dense, error) {
	return eigenSym(S, selection{above: true, vl: vl}, vectors)
}

// selection names the eigenpairs wanted: the k largest, or (above) every one
// greater than vl and the next one.
type selection struct {
	k     int
	above bool
	vl    float64
}

// downTo returns how many of the decreasing values vals an above selection
// keeps: those greater than vl and the next one.
func (sel selection) downTo(vals []float64) int {
	m := 0
	for m < len(vals) && vals[m] > sel.vl {
		m++
	}
	return min(m+1, len(vals))
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
// ties, up to RelativeNoise) is negative, and reports whether it did: the
// sign convention of gsbench's eigenvectors, singular vectors and
// directions.
func FlipSign(v []float64) bool {
	best := 0
	for i, x := range v {
		if math.Abs(x) > math.Abs(v[best])*(1+RelativeNoise) {
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
	vals := slices.Clone(all)
	slices.Reverse(vals)
	k := sel.k
	if sel.above {
		k = sel.downTo(vals)
	}
	vals = vals[:k]
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
	tridiagonal := vectors && d >= tridiagonalMin
	switch {
	case sel.above && tridiagonal:
		// dstemr's range 'V' is the half-open interval (vl, vu]; vu is
		// Gershgorin's bound on the largest eigenvalue. tridiagonalEigen
		// extends it by the next eigenvalue.
		rng, vl, vu = 'V', sel.vl, gershgorin(a, d)
		if vu <= vl {
			return eigenLAPACK(S, selection{k: 1}, vectors)
		}
	case sel.above:
		k = d // small: all of them, then the selection
	case k < d:
		rng, il = 'I', d-k+1
	}
	if d < tridiagonalMin {
		// Small problems run faster on one thread: OpenBLAS would otherwise
		// split each of dsyevr's many small BLAS-2 calls (d = 48: 0.26 ms
		// threaded, 0.15 ms serial).
		defer fastblas.Serial()()
	}
	var m, info int
	var w, z []float64
	if tridiagonal {
		w, z, m, info = tridiagonalEigen(a, d, rng, vl, vu, il, iu)
	} else {
		w = make([]float64, d)
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
		m, info = fastblas.Dsyevr(jobz, rng, 'L', d, a, d, vl, vu, il, iu, 0, w, z, d, isuppz, work, len(work), iwork, len(iwork))
	}
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
		return nil, nil, fmt.Errorf("linalg: LAPACK eigensolver failed (info %d, %d of %d eigenvalues)", info, m, k)
	}
	if sel.above && !tridiagonal {
		// Keep the top ones: the last columns of z.
		desc := slices.Clone(w[:k])
		slices.Reverse(desc)
		keep := sel.downTo(desc)
		if z != nil {
			z = z[(k-keep)*d : k*d]
		}
		w, k = w[k-keep:k], keep
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

// tridiagonalMin is the order from which eigenvectors are computed by
// tridiagonalEigen rather than dsyevr.
const tridiagonalMin = 128

// tridiagonalEigen computes the eigenpairs of the symmetric d x d matrix
// whose lower triangle a holds (column-major; a is overwritten) that range
// rng selects ('A', 'V' for (vl, vu] and the next one below, 'I' for il..iu),
// in increasing order: the values w[:m] and the column-major d x m vectors z.
// It makes the steps of dsyevr itself: the reduction to tridiagonal form
// Q^T A Q = T (dsytrd), the eigenpairs of T, and z <- Q z (dormtr). For the
// eigenpairs of T, dsyevr uses MRRR for all of them but bisection and inverse
// iteration for a subset; here a subset of more than an eighth comes from
// divide and conquer on all of T (dstedc) and a smaller one from MRRR
// (dstemr, about 0.4 ms a vector at d = 1024). On COIL-20's covariance (d =
// 1024, the 183 eigenpairs from 0.01 down) dsyevr took about 0.20 s, this
// 0.14 s (dsytrd 0.06, dstedc 0.06, dormtr 0.02).
// info is LAPACK's, from the first step that failed.
func tridiagonalEigen(a []float64, d int, rng byte, vl, vu float64, il, iu int) (w, z []float64, m, info int) {
	diag := make([]float64, d)
	off := make([]float64, d) // dstemr wants length d
	tau := make([]float64, max(1, d-1))
	query := make([]float64, 1)
	iquery := make([]int32, 1)
	if info = fastblas.Dsytrd('L', d, a, d, diag, off, tau, query, -1); info != 0 {
		return nil, nil, 0, info
	}
	work := make([]float64, max(1, int(query[0])))
	if info = fastblas.Dsytrd('L', d, a, d, diag, off, tau, work, len(work)); info != 0 {
		return nil, nil, 0, info
	}
	w = make([]float64, d)
	isuppz := make([]int32, 2*d)
	switch rng {
	case 'A':
		il, iu = 1, d
	case 'V':
		// The number of eigenvalues in (vl, vu] (a query, nzc = -1), then
		// the index range that adds the next one below.
		count := make([]float64, 1)
		if _, info = fastblas.Dstemr('V', 'V', d, diag, off, vl, vu, 1, d, w, count, d, -1, isuppz, true, query, -1, iquery, -1); info != 0 {
			return nil, nil, 0, info
		}
		il, iu = max(1, d-int(count[0])), d
	}
	m = iu - il + 1
	z = make([]float64, d*m)
	divide := 8*m > d
	if !divide {
		// MRRR on the subset; should it come back short (a tight cluster at
		// the boundary of the range), divide and conquer on all of T.
		saved := slices.Concat(diag, off)
		if _, info = fastblas.Dstemr('V', 'I', d, diag, off, vl, vu, il, iu, w, z, d, m, isuppz, true, query, -1, iquery, -1); info != 0 {
			return nil, nil, 0, info
		}
		work = make([]float64, max(1, int(query[0])))
		iwork := make([]int32, max(1, int(iquery[0])))
		found, failed := fastblas.Dstemr('V', 'I', d, diag, off, vl, vu, il, iu, w, z, d, m, isuppz, true, work, len(work), iwork, len(iwork))
		if divide = failed != 0 || found != m; divide {
			copy(diag, saved[:d])
			copy(off, saved[d:])
		}
	}
	if divide {
		all := make([]float64, d*d)
		if info = fastblas.Dstedc('I', d, diag, off, all, d, query, -1, iquery, -1); info != 0 {
			return nil, nil, 0, info
		}
		work = make([]float64, max(1, int(query[0])))
		iwork := make([]int32, max(1, int(iquery[0])))
		if info = fastblas.Dstedc('I', d, diag, off, all, d, work, len(work), iwork, len(iwork)); info != 0 {
			return nil, nil, 0, info
		}
		copy(w, diag[il-1:iu])
		copy(z, all[(il-1)*d:iu*d])
	}
	if info = fastblas.Dormtr('L', 'L', 'N', d, m, a, d, tau, z, d, query, -1); info != 0 {
		return nil, nil, 0, info
	}
	// dormtr's query answers m x NB, but the blocked dormql/dormqr it calls
	// also keep their T factor in the workspace (65 x 64) and otherwise
	// shrink the block size (COIL-20, m = 183: 0.032 s against 0.018 s).
	work = make([]float64, max(int(query[0]), 64*m)+65*64)
	info = fastblas.Dormtr('L', 'L', 'N', d, m, a, d, tau, z, d, work, len(work))
	return w, z, m, info
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
