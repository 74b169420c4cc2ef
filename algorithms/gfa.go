package algorithms

import (
	"fmt"
	"strings"

	"gonum.org/v1/gonum/mat"
)

// Argmax is the argmax rule of GFA and GCA.
type Argmax string

// The argmax rules.
const (
	// ArgmaxInitial picks, among the features not yet explained, the one of
	// largest initial variance sigma_1 (journal Algorithm 5 and the CDC
	// paper's Algorithm 3). It is the default.
	ArgmaxInitial Argmax = "initial"
	// ArgmaxCurrent picks the one of largest current residual variance
	// sigma_j (journal Appendix D, Algorithm 10).
	ArgmaxCurrent Argmax = "current"
)

// Choices lists the argmax rules.
func (Argmax) Choices() []string { return []string{string(ArgmaxInitial), string(ArgmaxCurrent)} }

// GFA is Gram-Schmidt Feature Analysis (journal Algorithm 5; algebraic form
// Algorithm 10). With E_j = {i : sigma_{j,i} < Eps} the features already
// explained, it stops when E_j = [d] and otherwise selects
// s_j = argmax_{i not in E_j} sigma_{1,i} (or sigma_{j,i} with Argmax =
// ArgmaxCurrent). Under the assumptions of Theorem 2 / Corollary 1 it
// returns exactly the non-redundant features.
//
// Note that Eps is compared with variances directly (the journal uses
// Eps = 1e-4 for exact redundancies), unlike GFS's Eps2. Start from NewGFA,
// which holds the defaults.
type GFA struct {
	Family Family    `param:"family" doc:"function family F(z): multilinear:k, multilinear:k+squares, poly:k, hermite:k, fourier:k or monomials:z1,z1*z2,... (gsbench list families)"`
	Eps    float64   `param:"eps" doc:"a feature is explained when its residual variance is < eps (Alg. 5 line 5; used when k = 0)"`
	K      int       `param:"k" doc:"when > 0, select exactly k features (fewer if the variance is exhausted) instead of using the threshold"`
	Argmax Argmax    `param:"argmax" doc:"initial (Alg. 5: largest initial variance) or current (Alg. 10: largest residual variance)"`
	Tol    float64   `param:"tol" doc:"relative residual norm below which a function counts as dependent on the kept ones"`
	Basis  Precision `param:"basis" key:"omitdefault" doc:"storage of the orthonormal functions: float64, or float32 for half the memory (products and variances still accumulated in float64; the dependence tolerance is then at least 1e-5, Float32Tol)"`

	selected []int
	trace    []float64
	stop     Stop
	stats    Stats
}

// NewGFA returns GFA with the defaults: the multilinear family of degree 2,
// eps = 1e-4 (the journal's value for exact redundancies), the argmax of
// Algorithm 5 and the dependence tolerance DefaultTol.
func NewGFA() *GFA {
	return &GFA{Family: Multilinear(2), Eps: 1e-4, Argmax: ArgmaxInitial, Tol: DefaultTol}
}

// Validate checks the parameters.
func (g *GFA) Validate() error {
	_, err := analysis("gfa", g.Family, g.Eps, g.K, g.Argmax, g.Tol, g.Basis)
	return err
}

// analysis checks the parameters shared by GFA and GCA and returns the
// argmax rule.
func analysis(method string, fam Family, eps float64, k int, argmax Argmax, tol float64, basis Precision) (rule, error) {
	switch {
	case fam == nil:
		return 0, fmt.Errorf("%s: no function family: set Family (e.g. Multilinear(2)), or start from New%s", method, strings.ToUpper(method))
	case eps < 0:
		return 0, fmt.Errorf("%s: eps = %v: want a non-negative threshold", method, eps)
	case k < 0:
		return 0, fmt.Errorf("%s: k = %d: want 0 (use the threshold) or a positive number", method, k)
	case !(tol > 0 && tol < 1):
		return 0, fmt.Errorf("%s: tol = %v: want a relative tolerance in (0, 1), e.g. DefaultTol = %g (New%s sets it)", method, tol, DefaultTol, strings.ToUpper(method))
	}
	if err := checkPrecision(method, basis); err != nil {
		return 0, err
	}
	switch argmax {
	case ArgmaxInitial:
		return largestInitial, nil
	case ArgmaxCurrent:
		return largestCurrent, nil
	}
	return 0, fmt.Errorf("%s: argmax rule %q: use %q (Alg. 5) or %q (Alg. 10)", method, argmax, ArgmaxInitial, ArgmaxCurrent)
}

// Fit runs GFA on the n x d matrix X. y is ignored.
func (g *GFA) Fit(X *mat.Dense, _ []int) error {
	r, err := analysis("gfa", g.Family, g.Eps, g.K, g.Argmax, g.Tol, g.Basis)
	if err != nil {
		return err
	}
	sel, err := runSelection(X, selection{method: "gfa", family: g.Family, eps: g.Eps, k: g.K, tol: g.Tol, basis: g.Basis, rule: r})
	if err != nil {
		return fmt.Errorf("gfa: %w", err)
	}
	g.selected, g.trace, g.stop, g.stats = sel.selected, sel.trace, sel.stop, sel.stats
	return nil
}

// Selected returns the selected feature indices in selection order.
func (g *GFA) Selected() []int { return g.selected }

// Trace returns the largest residual variance before every selection, and
// the final one.
func (g *GFA) Trace() []float64 { return g.trace }

// Report returns why GFA stopped and what the orthogonalization did.
func (g *GFA) Report() map[string]any { return report(g.stop, g.stats, g.Basis) }
