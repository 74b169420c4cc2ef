package algorithms

import (
	"fmt"
	"strings"

	"gonum.org/v1/gonum/mat"
)

// Stop says why a method stopped.
type Stop string

// The reasons a method stops.
const (
	StopThreshold Stop = "threshold"    // the variance fell to or below the threshold
	StopCount     Stop = "count"        // K features or directions were produced
	StopAll       Stop = "all"          // every feature or direction was used
	StopExhausted Stop = "exhausted"    // the residual variance is numerically zero: nothing left to explain
	StopSamples   Stop = "sample-limit" // the kept functions span every function of the samples
)

// zeroVariance is the relative level below which a residual variance is
// rounding noise: relative to the variance the same feature (GFS, GFA) or
// direction (GFR) started with, never to the largest variance in the data,
// so that a feature on a small scale beside one on a large scale (cents
// beside units) is not taken for explained.
const zeroVariance = 1e-13

// GFS is Gram-Schmidt Functional Selection (journal Algorithm 4; algebraic
// form Algorithm 9). At step j it selects the feature of largest residual
// variance, s_j = argmax_i sigma_{j,i}, and orthogonalizes the functions of
// the family that become available, stopping when max_i sigma_{j,i} <= eps^2
// or, when K > 0, after K features.
//
// Start from NewGFS, which holds the defaults. X is centered by Fit; scaling
// (e.g. standardization) is the caller's choice. Ties in the argmax follow
// argmaxTie: entries within 1e-9 x max of the maximum tie, and the lowest
// index wins.
type GFS struct {
	Family Family    `param:"family" doc:"function family F(z): multilinear:k, multilinear:k+squares, poly:k, hermite:k, fourier:k or monomials:z1,z1*z2,... (gsbench list families)"`
	Eps2   float64   `param:"eps2" doc:"threshold epsilon^2: stop when the largest residual variance is <= eps2 (used when k = 0); 0 runs until the residual variance is exhausted"`
	Eps    float64   `param:"eps" excludes:"eps2" doc:"the threshold as epsilon: eps2 = eps^2 (0: not given)"`
	K      int       `param:"k" doc:"when > 0, select exactly k features (fewer if the variance is exhausted) instead of using the threshold"`
	Tol    float64   `param:"tol" doc:"relative residual norm below which a function counts as dependent on the kept ones"`
	Basis  Precision `param:"basis" key:"omitdefault" doc:"storage of the orthonormal functions: float64, or float32 for half the memory (products and variances still accumulated in float64; the dependence tolerance is then at least 1e-5, Float32Tol)"`

	selected []int
	trace    []float64
	stop     Stop
	stats    Stats
}

// NewGFS returns GFS with the defaults: the multilinear family of degree 2,
// no threshold (eps2 = 0: select until the residual variance is exhausted,
// or K features) and the dependence tolerance DefaultTol.
func NewGFS() *GFS { return &GFS{Family: Multilinear(2), Tol: DefaultTol} }

// Validate checks the parameters.
func (g *GFS) Validate() error {
	_, err := threshold("gfs", g.Family, g.Eps2, g.Eps, g.K, g.Tol, g.Basis)
	return err
}

// threshold checks the parameters shared by GFS and GFR and returns the
// threshold epsilon^2.
func threshold(method string, fam Family, eps2, eps float64, k int, tol float64, basis Precision) (float64, error) {
	switch {
	case fam == nil:
		return 0, fmt.Errorf("%s: no function family: set Family (e.g. Multilinear(2)), or start from New%s", method, strings.ToUpper(method))
	case eps2 < 0 || eps < 0:
		return 0, fmt.Errorf("%s: eps2 = %v, eps = %v: a threshold must be non-negative", method, eps2, eps)
	case eps2 > 0 && eps > 0:
		return 0, fmt.Errorf("%s: give eps2 or eps, not both", method)
	case k < 0:
		return 0, fmt.Errorf("%s: k = %d: want 0 (use the threshold) or a positive number", method, k)
	case !(tol > 0 && tol < 1):
		return 0, fmt.Errorf("%s: tol = %v: want a relative tolerance in (0, 1), e.g. DefaultTol = %g (New%s sets it)", method, tol, DefaultTol, strings.ToUpper(method))
	}
	if err := checkPrecision(method, basis); err != nil {
		return 0, err
	}
	if eps > 0 {
		return eps * eps, nil
	}
	return eps2, nil
}

// Fit runs GFS on the n x d matrix X. y is ignored.
func (g *GFS) Fit(X *mat.Dense, _ []int) error {
	eps2, err := threshold("gfs", g.Family, g.Eps2, g.Eps, g.K, g.Tol, g.Basis)
	if err != nil {
		return err
	}
	sel, err := runSelection(X, selection{method: "gfs", family: g.Family, eps2: eps2, k: g.K, tol: g.Tol, basis: g.Basis, rule: largestResidual})
	if err != nil {
		return fmt.Errorf("gfs: %w", err)
	}
	g.selected, g.trace, g.stop, g.stats = sel.selected, sel.trace, sel.stop, sel.stats
	return nil
}

// Selected returns the selected feature indices in selection order.
func (g *GFS) Selected() []int { return g.selected }

// Trace returns max_i sigma_{j,i} at every step j, including the final value
// at or below Eps2 when the threshold stopped the method (or the residual
// after the K-th feature in count mode).
func (g *GFS) Trace() []float64 { return g.trace }

// Report returns why GFS stopped and what the orthogonalization did.
func (g *GFS) Report() map[string]any { return report(g.stop, g.stats, g.Basis) }

func report(stop Stop, st Stats, basis Precision) map[string]any {
	r := map[string]any{
		"stop":                 string(stop),
		"functions_evaluated":  st.Evaluated,
		"functions_kept":       st.Kept,
		"functions_dependent":  st.Dependent,
		"functions_not_needed": st.Skipped,
	}
	if basis == Float32 { // (a float64 basis leaves the reports as they were)
		r["basis"] = string(basis)
	}
	return r
}

// rule picks the next feature in the selection loop.
type rule int

const (
	largestResidual rule = iota // GFS: argmax of the current residual variances
	largestInitial              // GFA (Alg. 5): argmax of the initial variances over features not yet explained
	largestCurrent              // GFA (Alg. 10): argmax of the current residual variances over features not yet explained
)

type selection struct {
	method string // for the memory check's message
	family Family
	eps2   float64 // GFS: stop when max sigma <= eps2
	eps    float64 // GFA: E_j = {i : sigma_{j,i} < eps}
	k      int
	tol    float64
	basis  Precision
	rule   rule
	extra  int64 // memory the caller holds beside the engine's (GCA's principal components)
}

type selectionResult struct {
	selected []int
	trace    []float64
	stop     Stop
	stats    Stats
}

// runSelection is the loop shared by GFS (Algorithm 4/9) and GFA
// (Algorithm 5/10); GCA runs it on the principal components.
func runSelection(X *mat.Dense, s selection) (selectionResult, error) {
	var res selectionResult
	if s.k < 0 || s.eps2 < 0 || s.eps < 0 {
		return res, fmt.Errorf("thresholds and k must be non-negative")
	}
	if _, d := X.Dims(); s.k > d {
		return res, fmt.Errorf("k = %d features requested, but the data has %d", s.k, d)
	}
	n, d := X.Dims()
	opt := EngineOptions{Tol: s.tol, Basis: s.basis, What: s.method}
	if err := checkFit(s.method, n, d, s.family, s.k, opt, s.extra); err != nil {
		return res, err
	}
	o, err := NewEngine(X, s.family, opt)
	if err != nil {
		return res, err
	}
	defer o.Free()
	sigma := o.Variances()
	initial := append([]float64(nil), sigma...)
	chosen := make([]bool, d)
	notChosen := func(i int) bool { return !chosen[i] }
	// alive: not selected, and a residual variance above the rounding noise
	// of the feature's own initial variance.
	alive := func(i int) bool { return !chosen[i] && sigma[i] > zeroVariance*initial[i] }
	// E_j of Algorithm 5: features whose residual variance is below eps.
	unexplained := func(i int) bool { return alive(i) && sigma[i] >= s.eps }
	for {
		if len(res.selected) == d {
			res.stop = StopAll
			break
		}
		best, top := argmaxTie(sigma, alive)
		if best < 0 { // every feature left is explained to rounding
			_, top = argmaxTie(sigma, notChosen)
		}
		res.trace = append(res.trace, top)
		switch {
		case s.k > 0 && len(res.selected) == s.k:
			res.stop = StopCount
		case s.k == 0 && s.rule == largestResidual && top <= s.eps2:
			res.stop = StopThreshold
		case s.k == 0 && s.rule != largestResidual && top < s.eps: // E_j = [d]
			res.stop = StopThreshold
		case best < 0:
			res.stop = StopExhausted
		case o.Full():
			res.stop = StopSamples
		}
		if res.stop != "" {
			break
		}
		next := best
		switch {
		case s.rule == largestResidual || s.k > 0 && s.rule == largestCurrent:
		case s.k > 0: // count mode ignores eps: any feature with variance left
			next, _ = argmaxTie(initial, alive)
		case s.rule == largestInitial:
			next, _ = argmaxTie(initial, unexplained)
		default:
			next, _ = argmaxTie(sigma, unexplained)
		}
		chosen[next] = true
		res.selected = append(res.selected, next)
		if err := o.AddFeature(next); err != nil {
			return res, err
		}
	}
	res.stats = o.Stats()
	return res, nil
}
