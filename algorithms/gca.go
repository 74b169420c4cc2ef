package algorithms

import (
	"fmt"
	"math"

	"gonum.org/v1/gonum/floats"
	"gonum.org/v1/gonum/mat"

	"github.com/gsbench/gsbench/internal/linalg"
	"github.com/gsbench/gsbench/internal/memory"
)

// GCA is Gram-Schmidt Component Analysis (journal Algorithm 3; algebraic
// form Algorithm 8): GFA run in the basis of the principal directions
// rho_1, ..., rho_d (by decreasing eigenvalue of the population covariance).
// It keeps the principal components that are not (epsilon-)redundant
// functions of the more variant ones; the output is their indices and
// directions.
//
// Start from NewGCA, which holds the defaults.
type GCA struct {
	Family Family    `param:"family" doc:"function family F(z): multilinear:k, multilinear:k+squares, poly:k, hermite:k, fourier:k or monomials:z1,z1*z2,... (gsbench list families)"`
	Eps    float64   `param:"eps" doc:"a component is explained when its residual variance is < eps (Alg. 3; used when k = 0)"`
	K      int       `param:"k" doc:"when > 0, keep exactly k components instead of using the threshold"`
	Argmax Argmax    `param:"argmax" doc:"initial (Alg. 5: largest initial variance) or current (Alg. 10: largest residual variance)"`
	Tol    float64   `param:"tol" doc:"relative residual norm below which a function counts as dependent on the kept ones"`
	Basis  Precision `param:"basis" key:"omitdefault" doc:"storage of the orthonormal functions: float64, or float32 for half the memory (products and variances still accumulated in float64; the dependence tolerance is then at least 1e-5, Float32Tol)"`

	mean       []float64
	rho        *mat.Dense // d x d principal directions
	eigen      []float64  // their variances, decreasing
	kept       []int
	components *mat.Dense
	trace      []float64
	stop       Stop
	stats      Stats
}

// NewGCA returns GCA with the defaults of NewGFA.
func NewGCA() *GCA {
	return &GCA{Family: Multilinear(2), Eps: 1e-4, Argmax: ArgmaxInitial, Tol: DefaultTol}
}

// Validate checks the parameters.
func (g *GCA) Validate() error {
	_, err := analysis("gca", g.Family, g.Eps, g.K, g.Argmax, g.Tol, g.Basis)
	return err
}

// Fit runs GCA on the n x d matrix X. y is ignored.
func (g *GCA) Fit(X *mat.Dense, _ []int) error {
	r, err := analysis("gca", g.Family, g.Eps, g.K, g.Argmax, g.Tol, g.Basis)
	if err != nil {
		return err
	}
	n, d := X.Dims()
	if n < 2 || d < 1 {
		return fmt.Errorf("gca: need at least 2 samples and 1 feature, got %d x %d", n, d)
	}
	g.mean = columnMeans(X)
	xc := mat.NewDense(n, d, nil)
	for i := 0; i < n; i++ {
		for j := 0; j < d; j++ {
			xc.Set(i, j, X.At(i, j)-g.mean[j])
		}
	}
	if !allFinite(xc.RawMatrix().Data) {
		return fmt.Errorf("gca: X holds a NaN or Inf value")
	}
	for j, m := range g.mean {
		col := mat.Col(nil, j, xc)
		if v := floats.Dot(col, col); math.IsInf(v, 0) {
			return fmt.Errorf("gca: column %d (mean %g): its variance overflows float64; rescale the data", j, m)
		}
	}
	if g.rho, g.eigen, err = principalDirections(xc); err != nil {
		return err
	}
	// Y = X rho: the principal components Z_i = rho_i^T X on the samples.
	var y mat.Dense
	y.Mul(xc, g.rho)
	// The engine runs on Y while the centered data, Y and rho are held.
	sel, err := runSelection(&y, selection{method: "gca", family: g.Family, eps: g.Eps, k: g.K, tol: g.Tol, basis: g.Basis, rule: r,
		extra: 2*memory.Dense(n, d) + memory.Dense(d, d)})
	if err != nil {
		return fmt.Errorf("gca: %w", err)
	}
	g.kept, g.trace, g.stop, g.stats = sel.selected, sel.trace, sel.stop, sel.stats
	cols := make([][]float64, len(g.kept))
	for i, k := range g.kept {
		cols[i] = mat.Col(nil, k, g.rho)
	}
	g.components = columnsMatrix(d, cols)
	return nil
}

// principalDirections returns the principal directions of the centered
// matrix xc (the eigenvectors of its population covariance) as columns, by
// decreasing variance, with linalg.FlipSign's sign convention, and the d
// variances. With n >= d they come from the d x d covariance through
// LAPACK's symmetric eigensolver (linalg.EigenSym); with n < d from the thin
// SVD of xc, whose r = n right singular vectors span every direction of
// non-zero variance: rho then has r columns and the other d - r variances
// are zero (a 62 x 2000 gene-expression matrix needs a 62 x 2000 SVD, not a
// 2000 x 2000 eigendecomposition).
func principalDirections(xc *mat.Dense) (*mat.Dense, []float64, error) {
	n, d := xc.Dims()
	eig := make([]float64, d)
	if n < d {
		if err := memory.Check(fmt.Sprintf("gca: the SVD of the %d x %d centered data", n, d), 3*memory.Dense(n, d)); err != nil {
			return nil, nil, err
		}
		s, _, V, err := linalg.SVD(xc)
		if err != nil {
			return nil, nil, fmt.Errorf("gca: %w", err)
		}
		v := make([]float64, d)
		for j, sv := range s {
			eig[j] = sv * sv / float64(n)
			mat.Col(v, j, V)
			if linalg.FlipSign(v) {
				V.SetCol(j, v)
			}
		}
		return V, eig, nil
	}
	if err := memory.Check(fmt.Sprintf("gca: the eigendecomposition of the %d x %d covariance", d, d), 4*memory.Dense(d, d)); err != nil {
		return nil, nil, err
	}
	cov := mat.NewSymDense(d, nil)
	cov.SymOuterK(1/float64(n), xc.T())
	vals, rho, err := linalg.EigenSym(cov, d, true)
	if err != nil {
		return nil, nil, fmt.Errorf("gca: %w", err)
	}
	v := make([]float64, d)
	for j := range vals {
		eig[j] = max(vals[j], 0)
		mat.Col(v, j, rho)
		if linalg.FlipSign(v) {
			rho.SetCol(j, v)
		}
	}
	return rho, eig, nil
}

// Kept returns the indices (0-based, by decreasing variance) of the kept
// principal components, in selection order.
func (g *GCA) Kept() []int { return g.kept }

// Components returns the d x m matrix of the kept principal directions.
func (g *GCA) Components() *mat.Dense { return g.components }

// PrincipalVariances returns the variances of all d principal components
// (zero beyond the rank when n < d).
func (g *GCA) PrincipalVariances() []float64 { return g.eigen }

// Trace returns the largest residual variance of the principal components
// before every selection, and the final one.
func (g *GCA) Trace() []float64 { return g.trace }

// Transform projects the rows of X, centered with the training means, on the
// kept principal directions.
func (g *GCA) Transform(X *mat.Dense) (*mat.Dense, error) {
	return project(X, g.mean, g.components, "gca")
}

// Report returns why GCA stopped and what the orthogonalization did.
func (g *GCA) Report() map[string]any { return report(g.stop, g.stats, g.Basis) }
