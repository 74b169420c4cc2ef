package algorithms

import (
	"fmt"
	"math"
	"sort"

	"gonum.org/v1/gonum/floats"
	"gonum.org/v1/gonum/mat"

	"github.com/gsbench/gsbench/internal/linalg"
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
	Family Family  `param:"family" doc:"function family F(z): multilinear:k, multilinear:k+squares, poly:k, hermite:k, fourier:k or monomials:z1,z1*z2,... (gsbench list families)"`
	Eps    float64 `param:"eps" doc:"a component is explained when its residual variance is < eps (Alg. 3; used when k = 0)"`
	K      int     `param:"k" doc:"when > 0, keep exactly k components instead of using the threshold"`
	Argmax Argmax  `param:"argmax" doc:"initial (Alg. 5: largest initial variance) or current (Alg. 10: largest residual variance)"`
	Tol    float64 `param:"tol" doc:"relative residual norm below which a function counts as dependent on the kept ones"`

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
	_, err := analysis("gca", g.Family, g.Eps, g.K, g.Argmax, g.Tol)
	return err
}

// Fit runs GCA on the n x d matrix X. y is ignored.
func (g *GCA) Fit(X *mat.Dense, _ []int) error {
	r, err := analysis("gca", g.Family, g.Eps, g.K, g.Argmax, g.Tol)
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
	g.rho, g.eigen = principalDirections(xc)
	// Y = X rho: the principal components Z_i = rho_i^T X on the samples.
	var y mat.Dense
	y.Mul(xc, g.rho)
	sel, err := runSelection(&y, selection{family: g.Family, eps: g.Eps, k: g.K, tol: g.Tol, rule: r})
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

// principalDirections returns the eigenvectors of the population covariance
// of the centered matrix xc as columns, by decreasing eigenvalue, with
// linalg.FlipSign's sign convention, and the eigenvalues.
func principalDirections(xc *mat.Dense) (*mat.Dense, []float64) {
	n, d := xc.Dims()
	cov := mat.NewSymDense(d, nil)
	cov.SymOuterK(1/float64(n), xc.T())
	var es mat.EigenSym
	es.Factorize(cov, true)
	vals := es.Values(nil)
	var vecs mat.Dense
	es.VectorsTo(&vecs)
	order := make([]int, d)
	for i := range order {
		order[i] = d - 1 - i
	}
	sort.SliceStable(order, func(a, b int) bool { return vals[order[a]] > vals[order[b]] })
	rho := mat.NewDense(d, d, nil)
	eig := make([]float64, d)
	for j, k := range order {
		v := mat.Col(nil, k, &vecs)
		linalg.FlipSign(v)
		rho.SetCol(j, v)
		eig[j] = max(vals[k], 0)
	}
	return rho, eig
}

// Kept returns the indices (0-based, by decreasing variance) of the kept
// principal components, in selection order.
func (g *GCA) Kept() []int { return g.kept }

// Components returns the d x m matrix of the kept principal directions.
func (g *GCA) Components() *mat.Dense { return g.components }

// PrincipalVariances returns the variances of all d principal components.
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
func (g *GCA) Report() map[string]any { return report(g.stop, g.stats) }
