package linalg

import (
	"context"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"

	"gonum.org/v1/gonum/blas"
	"gonum.org/v1/gonum/blas/blas64"
	"gonum.org/v1/gonum/floats"
	"gonum.org/v1/gonum/mat"
)

// ErrNotConverged is wrapped by the error TopEigen returns when MaxCycles
// restart cycles were not enough; the Ritz pairs reached are returned with
// it.
var ErrNotConverged = errors.New("block Lanczos did not converge")

// LanczosOptions configures TopEigen; zero values select the defaults.
type LanczosOptions struct {
	// Block is the number of vectors the operator is applied to at a time
	// (0: k, the number of eigenpairs wanted).
	Block int
	// Basis is the largest basis, a multiple of Block (rounded down); it is
	// lowered to leave room for one more block in R^n. 0 means
	// Block * min(16, max(4, 400/Block)).
	Basis int
	// Tol is the convergence test: a Ritz pair (theta, u) has converged
	// when ||A u - theta u|| <= Tol |theta_1| (0: 1e-10). The eigenvalue
	// is then accurate to about Tol^2 |theta_1| / gap.
	Tol float64
	// MaxCycles bounds the restart cycles (0: 200).
	MaxCycles int
	// Deflate holds orthonormal vectors, the rows of a row-major matrix with
	// n columns, whose span is left out: TopEigen returns the largest
	// eigenpairs of A on their orthogonal complement, which A must leave
	// invariant (as when they are eigenvectors of A). The vectors returned
	// are orthogonal to them.
	Deflate []float64
	// Rand draws the random start block (nil: a fixed seed).
	Rand *rand.Rand
}

// TopEigen returns the k largest eigenvalues of the symmetric n x n matrix
// A, in decreasing order, and unit eigenvectors as the columns of an n x k
// matrix, with the sign convention of EigenSym (entry of largest magnitude
// positive). A is given only by mul, which sets dst = src A for a rows x n
// row-major src (each row a vector), so that A can be a dense or a sparse
// matrix, or any symmetric linear operator.
//
// The method is thick-restart block Lanczos (Y. Saad, "Numerical Methods
// for Large Eigenvalue Problems", 2nd ed., SIAM 2011, sections 6.3 and 7.2;
// K. Wu and H. Simon, SIAM J. Matrix Anal. Appl. 22(2), 2000) with full
// reorthogonalization and explicit Rayleigh-Ritz: the basis V grows by the
// block A V_last, orthonormalized against all of V, and after every block
// the Ritz pairs of T = V A V^T are tested. When V is full it restarts from
// its best Basis/2 Ritz vectors plus the next Krylov block, so that the
// space stays a Krylov space and nothing converged is lost. All products
// with the basis are BLAS-3.
//
// TopEigen also returns the number of restart cycles. It fails when n is
// too small for two blocks and one more (use EigenSym), and, with an error
// wrapping ErrNotConverged but the Ritz pairs reached, when MaxCycles were
// not enough. Results depend only on the arguments and opt.Rand's state.
func TopEigen(n, k int, mul func(dst, src []float64, rows int), opt LanczosOptions) ([]float64, *mat.Dense, int, error) {
	return TopEigenContext(context.Background(), n, k, mul, opt)
}

// TopEigenContext is TopEigen stopping with ctx's error (and no result) when
// ctx is canceled: it checks ctx before every block product with A.
func TopEigenContext(ctx context.Context, n, k int, mul func(dst, src []float64, rows int), opt LanczosOptions) ([]float64, *mat.Dense, int, error) {
	b := opt.Block
	if b <= 0 {
		b = k
	}
	p := opt.Basis
	if p <= 0 {
		p = b * min(16, max(4, 400/b))
	}
	tol, maxCycles, rng := opt.Tol, opt.MaxCycles, opt.Rand
	if tol <= 0 {
		tol = 1e-10
	}
	if maxCycles <= 0 {
		maxCycles = 200
	}
	if rng == nil {
		rng = rand.New(rand.NewPCG(1, 1))
	}
	z := len(opt.Deflate) / max(n, 1) // deflated directions
	if k < 1 || n < 1 || len(opt.Deflate) != z*n {
		return nil, nil, 0, fmt.Errorf("linalg: %d eigenpairs of an operator on R^%d with %d deflation entries", k, n, len(opt.Deflate))
	}
	p = min(p/b*b, ((n-z)/b-1)*b) // room for one more block beyond the basis
	if p < max(2*b, k+b) {
		return nil, nil, 0, fmt.Errorf("linalg: the iterative eigensolver needs n >= %d for %d eigenpairs (n = %d); use the dense solver", max(3*b, k+2*b)+z, k, n)
	}
	keep := max(k, (p/2)/b*b)
	bl := blas64.Implementation()
	// The deflated directions are the first z rows of the buffer, so that
	// orthonormalize keeps every basis vector orthogonal to them.
	buf := make([]float64, (z+p+b)*n)
	copy(buf, opt.Deflate)
	V := buf[z*n:] // basis, one vector a row, and room for a block
	AV := make([]float64, (p+b)*n)
	T := make([]float64, p*p) // V A V^T, row-major p x p
	U := make([]float64, keep*n)
	AU := make([]float64, keep*n)
	row := func(m []float64, i int) []float64 { return m[i*n : (i+1)*n] }

	// addRows computes A times rows c..c+r-1 of V and the matching rows and
	// columns of T.
	addRows := func(c, r int) error {
		if err := ctx.Err(); err != nil {
			return err
		}
		mul(AV[c*n:(c+r)*n], V[c*n:(c+r)*n], r)
		// T[c:c+r, 0:c+r] = V[c:c+r] AV[0:c+r]^T, mirrored to the columns.
		bl.Dgemm(blas.NoTrans, blas.Trans, r, c+r, n, 1, V[c*n:], n, AV, n, 0, T[c*p:], p)
		for i := c; i < c+r; i++ {
			for j := 0; j < i; j++ {
				T[j*p+i] = T[i*p+j]
			}
		}
		for i := c; i < c+r; i++ {
			for j := i + 1; j < c+r; j++ {
				v := 0.5 * (T[i*p+j] + T[j*p+i])
				T[i*p+j], T[j*p+i] = v, v
			}
		}
		return nil
	}
	// ritzVectors returns the first k Ritz pairs with EigenSym's signs.
	ritzVectors := func(theta []float64) ([]float64, *mat.Dense) {
		vecs := mat.NewDense(n, k, nil)
		for j := 0; j < k; j++ {
			FlipSign(row(U, j))
			vecs.SetCol(j, row(U, j))
		}
		return theta[:k], vecs
	}

	for i := range V[:b*n] {
		V[i] = rng.NormFloat64()
	}
	if err := orthonormalize(buf, z, b, n, rng); err != nil {
		return nil, nil, 0, err
	}
	if err := addRows(0, b); err != nil {
		return nil, nil, 0, err
	}
	c := b
	res := make([]float64, k)
	for cycle := 1; ; {
		// Rayleigh-Ritz on the c-dimensional basis.
		Tc := mat.NewSymDense(c, nil)
		for i := 0; i < c; i++ {
			copy(Tc.RawSymmetric().Data[i*c+i:(i+1)*c], T[i*p+i:i*p+c])
		}
		want := min(c, keep)
		theta, Y, err := EigenSym(Tc, want, true)
		if err != nil {
			return nil, nil, cycle, fmt.Errorf("Rayleigh-Ritz step: %w", err)
		}
		y := Y.RawMatrix()
		// Ritz vectors U = Y^T V and A U = Y^T AV: the first k to test,
		// all kept ones at a restart.
		r := min(k, want)
		restart := c+b > p
		if restart {
			r = want
		}
		bl.Dgemm(blas.Trans, blas.NoTrans, r, n, c, 1, y.Data, y.Stride, V, n, 0, U, n)
		bl.Dgemm(blas.Trans, blas.NoTrans, r, n, c, 1, y.Data, y.Stride, AV, n, 0, AU, n)
		scale := math.Max(math.Abs(theta[0]), math.SmallestNonzeroFloat64)
		worst := 0.0
		for j := 0; j < min(k, want); j++ {
			u, au := row(U, j), row(AU, j)
			s := 0.0
			for i, v := range au {
				d := v - theta[j]*u[i]
				s += d * d
			}
			res[j] = math.Sqrt(s)
			worst = math.Max(worst, res[j]/scale)
		}
		if worst <= tol && c >= k {
			vals, vecs := ritzVectors(theta)
			return vals, vecs, cycle, nil
		}
		// The next Krylov block: A times the last block, orthonormalized
		// against the whole basis.
		copy(V[c*n:(c+b)*n], AV[(c-b)*n:c*n])
		if err := orthonormalize(buf, z+c, b, n, rng); err != nil {
			return nil, nil, cycle, err
		}
		if !restart {
			if err := addRows(c, b); err != nil {
				return nil, nil, cycle, err
			}
			c += b
			continue
		}
		if cycle >= maxCycles {
			vals, vecs := ritzVectors(theta)
			return vals, vecs, cycle, fmt.Errorf("linalg: %w in %d restart cycles (largest relative residual %.2g, tolerance %.2g)", ErrNotConverged, cycle, worst, tol)
		}
		// Thick restart: V = [kept Ritz vectors; new block], T = diag(theta)
		// bordered by the new block's rows.
		cycle++
		copy(V[want*n:(want+b)*n], V[c*n:(c+b)*n])
		copy(V[:want*n], U[:want*n])
		copy(AV[:want*n], AU[:want*n])
		clear(T)
		for i := 0; i < want; i++ {
			T[i*p+i] = theta[i]
		}
		if err := addRows(want, b); err != nil {
			return nil, nil, cycle, err
		}
		c = want + b
	}
}

// orthonormalize makes rows c..c+b-1 of the row-major basis V (rows of
// length n) orthonormal and orthogonal to rows 0..c-1, which must already be
// orthonormal. Against the earlier rows it uses block classical
// Gram-Schmidt, repeated until no row loses more than half its norm in a
// pass ("twice is enough", Giraud, Langou, Rozloznik, Numer. Math. 101,
// 2005); inside the block, modified Gram-Schmidt with one reorthogonalization.
// Rows that are numerically in the span of the others (as when a low-rank
// matrix exhausts the Krylov space, or a Ritz vector has converged) are
// moved to the end of the block and replaced by random vectors, which are
// orthonormalized in turn: Rayleigh-Ritz only needs an orthonormal basis.
func orthonormalize(V []float64, c, b, n int, rng *rand.Rand) error {
	for attempt := 0; b > 0; attempt++ {
		if attempt == 4 {
			return fmt.Errorf("linalg: could not extend an orthonormal basis of dimension %d in R^%d", c, n)
		}
		a := orthonormalizeBlock(V, c, b, n)
		c, b = c+a, b-a
		for i := range V[c*n : (c+b)*n] {
			V[c*n+i] = rng.NormFloat64()
		}
	}
	return nil
}

// orthonormalizeBlock does one attempt of orthonormalize and returns the
// number a of rows accepted, which it leaves in rows c..c+a-1.
func orthonormalizeBlock(V []float64, c, b, n int) int {
	bl := blas64.Implementation()
	W := V[c*n : (c+b)*n]
	row := func(j int) []float64 { return W[j*n : (j+1)*n] }
	orig := make([]float64, b)
	for j := range orig {
		orig[j] = floats.Norm(row(j), 2)
	}
	dependent := make([]bool, b)
	mid := slices.Clone(orig)
	if c > 0 {
		H := make([]float64, b*c)
		for pass := 0; pass < 4; pass++ {
			// H = W Q^T; W -= H Q.
			bl.Dgemm(blas.NoTrans, blas.Trans, b, c, n, 1, W, n, V[:c*n], n, 0, H, c)
			bl.Dgemm(blas.NoTrans, blas.NoTrans, b, n, c, -1, H, c, V[:c*n], n, 1, W, n)
			again := false
			for j := range mid {
				after := floats.Norm(row(j), 2)
				if after <= 1e-10*orig[j] {
					dependent[j] = true
				} else if after < 0.5*mid[j] {
					again = true
				}
				mid[j] = after
			}
			if !again {
				break
			}
		}
	}
	a := 0 // accepted rows are moved to the front of the block
	for j := 0; j < b; j++ {
		w := row(j)
		if dependent[j] || mid[j] == 0 {
			continue
		}
		for pass := 0; pass < 2; pass++ {
			for i := 0; i < a; i++ {
				q := row(i)
				floats.AddScaled(w, -floats.Dot(q, w), q)
			}
		}
		norm := floats.Norm(w, 2)
		if norm < 1e-3*mid[j] || norm <= 1e-10*orig[j] {
			continue
		}
		floats.Scale(1/norm, w)
		if j != a {
			copy(row(a), w)
		}
		a++
	}
	return a
}
