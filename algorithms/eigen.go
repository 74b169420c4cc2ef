package algorithms

import (
	"math"
	"math/rand/v2"
	"slices"

	"gonum.org/v1/gonum/blas"
	"gonum.org/v1/gonum/blas/blas64"
	"gonum.org/v1/gonum/floats"
	"gonum.org/v1/gonum/mat"

	"github.com/gsbench/gsbench/internal/linalg"
)

// denseEigenLimit is the dimension up to which the top eigenpair is taken
// from a direct (LAPACK or gonum) symmetric eigensolver; above it, the block
// Krylov solver is used.
var denseEigenLimit = 64

// Subspace parameters of the iterative solver: the largest basis, and how
// many Ritz vectors a restart keeps.
const (
	davidsonMax  = 48
	davidsonKeep = 16
)

// topEigen finds the largest eigenpair of the successive residual
// covariances Sigma_1, Sigma_2, ... of GFR. Between steps Sigma changes by
// -C C^T (Lemma 2(a)), so the search subspace of one step is carried to the
// next: with V the orthonormal basis (rows) and W = V Sigma, deflate updates
// W <- W - (V C) C^T without any product with Sigma. Rayleigh-Ritz on the
// carried basis starts each search close to the answer; the basis then grows
// by the residual of the top Ritz pair (Davidson's method without a
// preconditioner, which builds the same space as Lanczos) and restarts from
// the best Ritz vectors when it is full. Each search also adds one random
// direction, so that it cannot stay inside an invariant subspace that misses
// the top eigenvector.
type topEigen struct {
	V, W []float64 // m x d each, rows
	H    []float64 // m x m, H = V W^T, kept up to date
	rng  *rand.Rand
}

func newTopEigen() *topEigen { return &topEigen{rng: rand.New(rand.NewPCG(0x6773, 0x626e))} }

// top returns the largest eigenvalue of the symmetric positive semidefinite
// matrix S (upper triangle referenced) and a unit eigenvector with linalg.FlipSign's
// sign convention. scale bounds S's spectral norm and sets the convergence
// test ||S x - theta x|| <= 1e-9 scale. Results are deterministic.
func (t *topEigen) top(S *mat.SymDense, scale float64) (float64, []float64) {
	d := S.SymmetricDim()
	if d <= denseEigenLimit {
		return denseTop(S)
	}
	theta, x, ok := t.solve(S, 1e-9*scale)
	if !ok {
		// No convergence (a cluster of nearly equal top eigenvalues): use
		// the direct solver and start the next search afresh.
		t.V, t.W, t.H = nil, nil, nil
		return denseTop(S)
	}
	linalg.FlipSign(x)
	return math.Max(theta, 0), x
}

func denseTop(S *mat.SymDense) (float64, []float64) {
	vals, vecs, err := linalg.EigenSym(S, 1, true)
	if err != nil { // only for non-finite input, which the engine rules out
		v := make([]float64, S.SymmetricDim())
		v[0] = 1
		return 0, v
	}
	return math.Max(vals[0], 0), mat.Col(nil, 0, vecs)
}

// deflate records that S became S - C C^T, with C the d x a row-major
// matrix of Lemma 2(a) (len(C) = d a).
func (t *topEigen) deflate(C []float64, a int) {
	if a == 0 || len(t.V) == 0 {
		return
	}
	d := len(C) / a
	m := len(t.V) / d
	impl := blas64.Implementation()
	p := make([]float64, m*a)
	impl.Dgemm(blas.NoTrans, blas.NoTrans, m, a, d, 1, t.V, d, C, a, 0, p, a)
	impl.Dgemm(blas.NoTrans, blas.Trans, m, d, a, -1, p, a, C, a, 1, t.W, d)
	// H = V W^T changes by -(V C)(V C)^T.
	impl.Dgemm(blas.NoTrans, blas.Trans, m, m, a, -1, p, a, p, a, 1, t.H, m)
}

// ritz returns the k best Ritz pairs of span(V): values (decreasing) and the
// k x m coefficient rows y_j, so that the Ritz vectors are y_j V.
func (t *topEigen) ritz(d, k int) ([]float64, []float64, error) {
	m := len(t.V) / d
	H := mat.NewSymDense(m, nil)
	for i := 0; i < m; i++ {
		for j := i; j < m; j++ {
			H.SetSym(i, j, (t.H[i*m+j]+t.H[j*m+i])/2) // symmetrize rounding
		}
	}
	vals, Y, err := linalg.EigenSym(H, k, true)
	if err != nil {
		return nil, nil, err
	}
	return vals, mat.DenseCopyOf(Y.T()).RawMatrix().Data, nil
}

// add orthonormalizes v against the basis and, unless it is dependent,
// appends it with its product S v. It reports whether v was added.
func (t *topEigen) add(S *mat.SymDense, v []float64) bool {
	d := len(v)
	if orthonormalizeBlock(v, t.V, d, nil) == 0 {
		return false
	}
	sd := S.RawSymmetric()
	impl := blas64.Implementation()
	w := make([]float64, d)
	impl.Dsymv(sd.Uplo, d, 1, sd.Data, sd.Stride, v, 1, 0, w, 1)
	m := len(t.V) / d
	// New row and column of H: V w and v.w.
	h := make([]float64, m+1)
	if m > 0 {
		impl.Dgemv(blas.NoTrans, m, d, 1, t.V, d, w, 1, 0, h[:m], 1)
	}
	h[m] = floats.Dot(v, w)
	H := make([]float64, (m+1)*(m+1))
	for i := 0; i < m; i++ {
		copy(H[i*(m+1):i*(m+1)+m], t.H[i*m:(i+1)*m])
		H[i*(m+1)+m] = h[i]
	}
	copy(H[m*(m+1):], h)
	t.V = append(t.V, v...)
	t.W = append(t.W, w...)
	t.H = H
	return true
}

func (t *topEigen) solve(S *mat.SymDense, tol float64) (float64, []float64, bool) {
	d := S.SymmetricDim()
	impl := blas64.Implementation()
	v := make([]float64, d)
	for i := range v {
		v[i] = t.rng.NormFloat64()
	}
	t.add(S, v)
	x := make([]float64, d)
	r := make([]float64, d)
	for iter := 0; iter < 2000; iter++ {
		m := len(t.V) / d
		vals, yt, err := t.ritz(d, 1)
		if err != nil {
			return 0, nil, false
		}
		theta := vals[0]
		impl.Dgemv(blas.Trans, m, d, 1, t.V, d, yt, 1, 0, x, 1)
		impl.Dgemv(blas.Trans, m, d, 1, t.W, d, yt, 1, 0, r, 1)
		floats.AddScaled(r, -theta, x)
		if floats.Norm(r, 2) <= tol || m >= d {
			return theta, x, true
		}
		if m >= min(davidsonMax, d) {
			// Restart from the best Ritz vectors (W follows linearly).
			k := min(davidsonKeep, m)
			_, yk, err := t.ritz(d, k)
			if err != nil {
				return 0, nil, false
			}
			V := make([]float64, k*d)
			W := make([]float64, k*d)
			impl.Dgemm(blas.NoTrans, blas.NoTrans, k, d, m, 1, yk, m, t.V, d, 0, V, d)
			impl.Dgemm(blas.NoTrans, blas.NoTrans, k, d, m, 1, yk, m, t.W, d, 0, W, d)
			t.V, t.W = V, W
			t.H = make([]float64, k*k)
			impl.Dgemm(blas.NoTrans, blas.Trans, k, k, d, 1, V, d, W, d, 0, t.H, k)
		}
		if !t.add(S, slices.Clone(r)) {
			// The residual lies in the basis: span(V) is invariant under S
			// and its Ritz pairs are exact.
			return theta, x, true
		}
	}
	return 0, nil, false
}

// orthonormalizeBlock orthonormalizes the rows of block against the
// orthonormal rows of V and against each other (two passes), compacting the
// independent ones to the front, and returns their number. A row that keeps
// at most 1e-10 of its norm is dependent.
func orthonormalizeBlock(block, V []float64, d int, coef []float64) int {
	impl := blas64.Implementation()
	m := len(V) / d
	nb := len(block) / d
	norm0 := make([]float64, nb)
	for i := range norm0 {
		norm0[i] = floats.Norm(block[i*d:(i+1)*d], 2)
	}
	if m > 0 {
		if len(coef) < nb*m {
			coef = make([]float64, nb*m)
		}
		coef = coef[:nb*m]
		for pass := 0; pass < 2; pass++ {
			impl.Dgemm(blas.NoTrans, blas.Trans, nb, m, d, 1, block, d, V, d, 0, coef, m)
			impl.Dgemm(blas.NoTrans, blas.NoTrans, nb, d, m, -1, coef, m, V, d, 1, block, d)
		}
	}
	kept := 0
	for i := 0; i < nb; i++ {
		row := block[i*d : (i+1)*d]
		for pass := 0; pass < 2; pass++ {
			for k := 0; k < kept; k++ {
				q := block[k*d : (k+1)*d]
				floats.AddScaled(row, -floats.Dot(q, row), q)
			}
		}
		if nrm := floats.Norm(row, 2); nrm > 1e-10*norm0[i] && nrm > 0 {
			floats.Scale(1/nrm, row)
			copy(block[kept*d:(kept+1)*d], row)
			kept++
		}
	}
	return kept
}

// argmaxTie returns the index of the largest v[i] among the indices allowed
// (all when allowed is nil) and that largest value. Entries within
// 1e-9 x max of the maximum tie, and the lowest index wins, so that equal
// variances (e.g. standardized data) do not make the choice depend on
// rounding noise. It returns -1 when no index is allowed.
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
