package umap

import (
	"fmt"
	"math"
)

// FindAB fits the parameters a, b of UMAP's low-dimensional membership
// curve 1 / (1 + a d^(2b)) to the offset exponential
//
//	psi(d) = 1 if d < minDist, exp(-(d - minDist) / spread) otherwise
//
// by nonlinear least squares on 300 equally spaced points of [0, 3 spread],
// starting from a = b = 1 (McInnes et al. 2018, Sec. 3.2 and Definition 11;
// umap-learn's find_ab_params, which calls scipy.optimize.curve_fit, a
// Levenberg-Marquardt solver, on the same grid). For minDist = 0.1,
// spread = 1 (the defaults) it gives a = 1.577, b = 0.895.
func FindAB(spread, minDist float64) (a, b float64, err error) {
	if !(spread > 0) || math.IsInf(spread, 0) {
		return 0, 0, fmt.Errorf("umap: spread must be positive and finite, got %v", spread)
	}
	if !(minDist >= 0) || minDist > spread {
		return 0, 0, fmt.Errorf("umap: min_dist must be in [0, spread] = [0, %v], got %v", spread, minDist)
	}
	const m = 300
	xs, ys := make([]float64, m), make([]float64, m)
	for t := range xs {
		x := 3 * spread * float64(t) / (m - 1) // numpy.linspace(0, 3 spread, 300)
		xs[t] = x
		if x < minDist {
			ys[t] = 1
		} else {
			ys[t] = math.Exp(-(x - minDist) / spread)
		}
	}
	cost := func(a, b float64) float64 {
		s := 0.0
		for t, x := range xs {
			r := 1/(1+a*math.Pow(x, 2*b)) - ys[t]
			s += r * r
		}
		return s
	}
	// Levenberg-Marquardt with Marquardt's diagonal scaling and the
	// analytic Jacobian: with u = x^(2b), f = 1/(1 + a u),
	// df/da = -u f^2 and df/db = -2 a u ln(x) f^2 (0 at x = 0).
	a, b = 1, 1
	c := cost(a, b)
	lambda := 1e-3
	for it := 0; it < 500; it++ {
		var jaa, jab, jbb, ga, gb float64
		for t, x := range xs {
			if x == 0 {
				continue // f = 1 whatever a, b: no gradient
			}
			u := math.Pow(x, 2*b)
			f := 1 / (1 + a*u)
			r := f - ys[t]
			da := -u * f * f
			db := -2 * a * u * math.Log(x) * f * f
			jaa += da * da
			jab += da * db
			jbb += db * db
			ga += da * r
			gb += db * r
		}
		improved := false
		for try := 0; try < 60; try++ {
			maa, mbb := jaa*(1+lambda), jbb*(1+lambda)
			det := maa*mbb - jab*jab
			if det <= 0 {
				lambda *= 10
				continue
			}
			sa := -(mbb*ga - jab*gb) / det
			sb := -(maa*gb - jab*ga) / det
			na, nb := a+sa, b+sb
			if na > 0 && nb > 0 {
				if nc := cost(na, nb); nc < c {
					done := math.Abs(sa) <= 1e-12*(1+a) && math.Abs(sb) <= 1e-12*(1+b) || c-nc <= 1e-15*c
					a, b, c = na, nb, nc
					lambda = max(lambda/10, 1e-12)
					improved = true
					if done {
						return a, b, nil
					}
					break
				}
			}
			lambda *= 10
		}
		if !improved {
			break // no step lowers the cost: converged to rounding
		}
	}
	if math.IsNaN(a) || math.IsNaN(b) || a <= 0 || b <= 0 {
		return 0, 0, fmt.Errorf("umap: fitting a, b for min_dist %v, spread %v failed", minDist, spread)
	}
	return a, b, nil
}
