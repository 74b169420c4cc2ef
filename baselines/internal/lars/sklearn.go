package lars

import (
	"fmt"
	"math"

	"gonum.org/v1/gonum/blas"
	"gonum.org/v1/gonum/blas/blas64"
	"gonum.org/v1/gonum/floats"
)

// Constants of scikit-learn's lars_path (sklearn/linear_model/_least_angle.py,
// _lars_path_solver, scikit-learn 1.2).
const (
	// skTiny is np.finfo(np.float32).tiny, added to every denominator of a
	// step length "to avoid division by 0".
	skTiny = 1.1754943508222875e-38
	// skStopAlpha is np.finfo(np.float32).eps, the equality_tolerance of
	// the early stop: the path ends when max |X'r| / n <= skStopAlpha.
	skStopAlpha = 1.1920928955078125e-07
	// skEps is lars_path's default eps, np.finfo(float).eps: the smallest
	// Cholesky pivot, and the unit of the diagonal shift that makes an
	// ill-conditioned factor usable.
	skEps = 0x1p-52
	// skDegenerate is the pivot below which a variable is "degenerate" and
	// not added to the active set (an absolute threshold in scikit-learn).
	skDegenerate = 1e-7
	// skRound is 10^np.finfo(float).precision: the correlations of the
	// equiangular vector are rounded to 15 decimals ("to avoid np.argmax(Cov)
	// yielding unstable results because of rounding errors").
	skRound = 1e15
)

// FitSKLearn runs least angle regression exactly as scikit-learn's
// lars_path(X, y, method="lar", max_iter=maxIter) does it, which is what
// Lars(n_nonzero_coefs=maxIter).fit(X, y) returns as coef_ (scikit-learn
// 1.2, _lars_path_solver). It differs from Fit (textbook LAR) in these
// ways, each reproduced here:
//
//   - Iterations, not active variables, are counted: the path stops after
//     maxIter steps (or when every variable is active), and a step that adds
//     no variable counts.
//   - Sign change: when an active coefficient would cross zero before the
//     step ends (z_j = -beta_j / w_j is the smallest positive ratio and
//     below the step length), LAR keeps the full step, so the coefficient
//     changes sign, and flips the sign s_j that defines the equiangular
//     direction G_AA w = s. The next step then adds no variable and moves
//     along the direction of the flipped signs, so the active correlations
//     are no longer equal in magnitude.
//   - Degenerate variable: a new variable whose Cholesky pivot
//     max(sqrt(|g_jj - w'w|), eps) is below 1e-7 (absolute) is not added.
//     scikit-learn then sets the covariance at the first inactive position
//     to zero after it has swapped the chosen variable there, and swaps the
//     covariances (not the variables) back: when the chosen variable was not
//     already first, the variable it was swapped with loses its covariance
//     (it is never chosen again) and the degenerate one keeps the other's.
//     This bookkeeping is reproduced with the same position array.
//   - Early stop: the path ends when the largest inactive |correlation|
//     divided by n is at most np.finfo(float32).eps (an absolute threshold).
//   - The correlations a = X'u of the equiangular vector are rounded to 15
//     decimals, float32's tiny is added to the denominators of the step
//     lengths, and the step is the smallest positive of (C - c_j)/(A - a_j)
//     and (C + c_j)/(A + a_j) over the inactive j, and C/A.
//   - Ties: the variable that enters is the first maximum of |c_j| in
//     scikit-learn's position order (positions are swapped as variables
//     enter), not in column order.
//   - An ill-conditioned factor (s'G^-1 s not positive and finite) is
//     shifted by 2^i eps on its diagonal, i = 0, 1, ..., until it is.
//
// The Gram matrix is used when n > d (precompute="auto"), the columns of X
// otherwise. When keepPath is set, Result.Path holds the coefficients after
// every step (the columns of lars_path's coefs), starting from zero.
// maxIter <= 0 means min(d, n-1).
func (p *Problem) FitSKLearn(y []float64, maxIter int, keepPath bool) (Result, error) {
	n, d := p.n, p.d
	if len(y) != n {
		return Result{}, fmt.Errorf("lars: %d responses for %d rows", len(y), n)
	}
	if maxIter <= 0 {
		maxIter = min(d, n-1)
	}
	maxFeatures := min(maxIter, d)
	yc := append([]float64(nil), y...)
	floats.AddConst(-floats.Sum(yc)/float64(n), yc)
	useGram := p.gram != nil && n > d

	// Positions: pos[q] is the variable at position q. The active
	// variables occupy positions 0..nActive-1 in their order of entry, and
	// cov[q] is the covariance x_pos[q]' r of the inactive position q.
	pos := make([]int, d)
	for j := range pos {
		pos[j] = j
	}
	cov := make([]float64, d)
	blas64.Gemv(blas.Trans, 1, p.xc.RawMatrix(), blas64.Vector{N: n, Inc: 1, Data: yc}, 0, blas64.Vector{N: d, Inc: 1, Data: cov})

	res := Result{Coef: make([]float64, d)}
	if keepPath {
		res.Path = [][]float64{make([]float64, d)}
	}
	ld := max(maxFeatures, 1)
	L := make([]float64, ld*ld) // lower-triangular factor of G_AA, row-major
	sign := make([]float64, ld)
	corr := make([]float64, d)  // by position
	byVar := make([]float64, d) // X'u by variable
	u := make([]float64, n)
	nActive := 0
	drop := false
	for {
		// C = max |c_q| over the inactive positions (first maximum).
		cIdx, C := -1, 0.0
		for q := nActive; q < d; q++ {
			if a := math.Abs(cov[q]); cIdx < 0 || a > C {
				cIdx, C = q, a
			}
		}
		if cIdx < 0 {
			C = 0
		}
		if C/float64(n) <= skStopAlpha {
			break
		}
		if res.Steps >= maxIter || nActive >= d {
			break
		}
		if !drop {
			m := nActive
			sign[m] = npSign(cov[cIdx])
			cov[cIdx], cov[m] = cov[m], cov[cIdx]
			pos[cIdx], pos[m] = pos[m], pos[cIdx]
			j := pos[m]
			// Append x_j to the factor: L w = X_A' x_j, pivot sqrt(|x_j'x_j - w'w|).
			var c float64
			row := L[m*ld : m*ld+m]
			if useGram {
				g := p.gram.RawRowView(j)
				c = g[j]
				for t := 0; t < m; t++ {
					row[t] = g[pos[t]]
				}
			} else {
				c = p.diag[j]
				for t := range row {
					row[t] = 0
				}
				for i := 0; i < n; i++ {
					x := p.xc.RawRowView(i)
					for t := 0; t < m; t++ {
						row[t] += x[pos[t]] * x[j]
					}
				}
			}
			for r := 0; r < m; r++ {
				s := row[r]
				for t := 0; t < r; t++ {
					s -= L[r*ld+t] * row[t]
				}
				row[r] = s / L[r*ld+r]
			}
			diag := math.Max(math.Sqrt(math.Abs(c-floats.Dot(row, row))), skEps)
			L[m*ld+m] = diag
			if diag < skDegenerate {
				// scikit-learn's "drop for good" bookkeeping (see above).
				res.Dropped = append(res.Dropped, j)
				cov[m] = 0
				cov[cIdx], cov[m] = cov[m], cov[cIdx]
				continue
			}
			res.Active = append(res.Active, j)
			nActive++
		}

		// Equiangular direction: G_AA w = s, A = (s'w)^-1/2, w <- A w.
		var w []float64
		var AA float64
		if w = cholSolve(L, ld, nActive, sign[:nActive]); nActive == 1 && w[0] == 0 {
			w[0], AA = 1, 1 // sign 0
		} else {
			AA = 1 / math.Sqrt(floats.Dot(w, sign[:nActive]))
			if math.IsNaN(AA) || math.IsInf(AA, 0) {
				shifted := make([]float64, len(L))
				copy(shifted, L)
				for i := 0; math.IsNaN(AA) || math.IsInf(AA, 0); i++ {
					if i > 2100 {
						return res, fmt.Errorf("lars: the active set's Gram matrix cannot be made positive definite")
					}
					for t := 0; t < nActive; t++ {
						shifted[t*ld+t] += math.Ldexp(skEps, i)
					}
					w = cholSolve(shifted, ld, nActive, sign[:nActive])
					tmp := floats.Dot(w, sign[:nActive])
					if skEps > tmp { // Python's max(tmp, eps): NaN stays NaN
						tmp = skEps
					}
					AA = 1 / math.Sqrt(tmp)
				}
			}
			floats.Scale(AA, w)
		}

		// a_q = x_q' X_A w for the inactive positions, rounded to 15 decimals.
		if useGram {
			for q := nActive; q < d; q++ {
				g := p.gram.RawRowView(pos[q])
				var s float64
				for t := 0; t < nActive; t++ {
					s += g[pos[t]] * w[t]
				}
				corr[q] = s
			}
		} else {
			for i := 0; i < n; i++ {
				x := p.xc.RawRowView(i)
				var s float64
				for t := 0; t < nActive; t++ {
					s += x[pos[t]] * w[t]
				}
				u[i] = s
			}
			blas64.Gemv(blas.Trans, 1, p.xc.RawMatrix(), blas64.Vector{N: n, Inc: 1, Data: u}, 0, blas64.Vector{N: d, Inc: 1, Data: byVar})
			for q := nActive; q < d; q++ {
				corr[q] = byVar[pos[q]]
			}
		}
		for q := nActive; q < d; q++ {
			corr[q] = math.RoundToEven(corr[q]*skRound) / skRound
		}

		// Step length: the next variable's entry, or C/A.
		g1, g2 := math.MaxFloat64, math.MaxFloat64
		for q := nActive; q < d; q++ {
			if v := (C - cov[q]) / (AA - corr[q] + skTiny); v > 0 && v < g1 {
				g1 = v
			}
			if v := (C + cov[q]) / (AA + corr[q] + skTiny); v > 0 && v < g2 {
				g2 = v
			}
		}
		gamma := math.Min(math.Min(g1, g2), C/AA)

		// Sign change: the first coefficient to reach zero, if before gamma.
		drop = false
		zPos := math.MaxFloat64
		z := make([]float64, nActive)
		for t := 0; t < nActive; t++ {
			z[t] = -res.Coef[pos[t]] / (w[t] + skTiny)
			if z[t] > 0 && z[t] < zPos {
				zPos = z[t]
			}
		}
		if zPos < gamma {
			for t := nActive - 1; t >= 0; t-- {
				if z[t] == zPos {
					sign[t] = -sign[t]
					res.SignChanges = append(res.SignChanges, pos[t])
				}
			}
			drop = true
		}

		res.Steps++
		for t := 0; t < nActive; t++ {
			res.Coef[pos[t]] += gamma * w[t]
		}
		for q := nActive; q < d; q++ {
			cov[q] -= gamma * corr[q]
		}
		if keepPath {
			res.Path = append(res.Path, append([]float64(nil), res.Coef...))
		}
	}
	return res, nil
}

// npSign is numpy's sign: -1, 0 or 1.
func npSign(v float64) float64 {
	switch {
	case v > 0:
		return 1
	case v < 0:
		return -1
	}
	return 0
}
