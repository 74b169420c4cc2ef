package algorithms

import (
	"fmt"

	"gonum.org/v1/gonum/mat"
)

// Argmax rules of GFA and GCA.
const (
	// ArgmaxInitial picks, among the features not yet explained, the one of
	// largest initial variance sigma_1 (journal Algorithm 5 and the CDC
	// paper's Algorithm 3). It is the default.
	ArgmaxInitial = "initial"
	// ArgmaxCurrent picks the one of largest current residual variance
	// sigma_j (journal Appendix D, Algorithm 10).
	ArgmaxCurrent = "current"
)

// GFA is Gram-Schmidt Feature Analysis (journal Algorithm 5; algebraic form
// Algorithm 10). With E_j = {i : sigma_{j,i} < Eps} the features already
// explained, it stops when E_j = [d] and otherwise selects
// s_j = argmax_{i not in E_j} sigma_{1,i} (or sigma_{j,i} with Argmax =
// ArgmaxCurrent). Under the assumptions of Theorem 2 / Corollary 1 it
// returns exactly the non-redundant features.
//
// Note that Eps is compared with variances directly (the journal uses
// Eps = 1e-4 for exact redundancies), unlike GFS's Eps2.
type GFA struct {
	Family Family  // function family F(z); required
	Eps    float64 // variance threshold epsilon of line 5 (used when K == 0)
	K      int     // when > 0, select exactly K features (fewer if the variance is exhausted)
	Argmax string  // ArgmaxInitial (default) or ArgmaxCurrent
	Tol    float64 // dependence tolerance; 0 means DefaultTol

	selected []int
	trace    []float64
	stop     Stop
	stats    Stats
}

func argmaxRule(name string) (rule, error) {
	switch name {
	case "", ArgmaxInitial:
		return largestInitial, nil
	case ArgmaxCurrent:
		return largestCurrent, nil
	}
	return 0, fmt.Errorf("argmax rule %q: use %q (Alg. 5) or %q (Alg. 10)", name, ArgmaxInitial, ArgmaxCurrent)
}

// Fit runs GFA on the n x d matrix X. y is ignored.
func (g *GFA) Fit(X *mat.Dense, _ []int) error {
	r, err := argmaxRule(g.Argmax)
	if err != nil {
		return fmt.Errorf("gfa: %w", err)
	}
	sel, err := runSelection(X, selection{family: g.Family, eps: g.Eps, k: g.K, tol: g.Tol, rule: r})
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
func (g *GFA) Report() map[string]any { return report(g.stop, g.stats) }
