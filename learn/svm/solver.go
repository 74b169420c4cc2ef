package svm

import (
	"context"
	"math"
)

// qMatrix serves columns of Q, Q_ij = y_i y_j k(x_i, x_j), in the solver's
// current index order, through a column cache over a kernel source.
type qMatrix struct {
	src   source
	rows  []int32 // position -> row id in src
	y     []int8
	cache *colCache
}

// column returns Q[i][0:n] (the slice may be longer).
func (q *qMatrix) column(i, n int) []float32 {
	col, start := q.cache.get(i, n)
	if start < n {
		q.src.fill(q.rows[i], q.rows[start:n], col[start:n])
		yi := q.y[i]
		for t := start; t < n; t++ {
			if q.y[t] != yi {
				col[t] = -col[t]
			}
		}
	}
	return col
}

func (q *qMatrix) swap(i, j int) {
	q.cache.swap(i, j)
	q.rows[i], q.rows[j] = q.rows[j], q.rows[i]
	q.y[i], q.y[j] = q.y[j], q.y[i]
}

// alpha status values
const (
	lowerBound uint8 = iota
	upperBound
	free
)

// tau replaces a non-positive curvature in working-set selection and in the
// two-variable update (libsvm's TAU; Fan, Chen & Lin 2005, sec. 3).
const tau = 1e-12

// solution is what solve returns for one binary problem.
type solution struct {
	alpha     []float64 // in the problem's original order
	rho       float64   // decision: sum_i y_i alpha_i k(x_i, x) - rho
	obj       float64   // dual objective 1/2 a'Qa - e'a at the solution
	iter      int
	converged bool
}

// solver is the SMO solver of libsvm for
//
//	min_a 1/2 a'Qa - e'a  subject to  y'a = 0,  0 <= a_i <= C,
//
// with the second-order working-set selection of Fan, Chen & Lin, "Working
// set selection using second order information for training support vector
// machines", JMLR 6 (2005) 1889-1918 (WSS 2), the shrinking heuristic and
// gradient reconstruction of Chang & Lin (LIBSVM paper, sec. 5), and the
// stopping rule m(a) - M(a) < eps. Variable names follow the LIBSVM paper.
// Indices are positions in the solver's order, which shrinking permutes
// (activeSet maps them back to the problem's order).
type solver struct {
	l          int
	activeSize int
	y          []int8
	G          []float64 // gradient Qa - e
	Gbar       []float64 // sum over upper-bounded j of C Q_ij
	alpha      []float64
	status     []uint8
	QD         []float64 // diagonal of Q
	C          float64
	eps        float64
	activeSet  []int
	q          *qMatrix
	unshrink   bool
}

func (s *solver) isUpper(i int) bool { return s.status[i] == upperBound }
func (s *solver) isLower(i int) bool { return s.status[i] == lowerBound }
func (s *solver) isFree(i int) bool  { return s.status[i] == free }

func (s *solver) updateStatus(i int) {
	switch {
	case s.alpha[i] >= s.C:
		s.status[i] = upperBound
	case s.alpha[i] <= 0:
		s.status[i] = lowerBound
	default:
		s.status[i] = free
	}
}

func (s *solver) swapIndex(i, j int) {
	s.q.swap(i, j)
	s.y[i], s.y[j] = s.y[j], s.y[i]
	s.G[i], s.G[j] = s.G[j], s.G[i]
	s.status[i], s.status[j] = s.status[j], s.status[i]
	s.alpha[i], s.alpha[j] = s.alpha[j], s.alpha[i]
	s.activeSet[i], s.activeSet[j] = s.activeSet[j], s.activeSet[i]
	s.Gbar[i], s.Gbar[j] = s.Gbar[j], s.Gbar[i]
	s.QD[i], s.QD[j] = s.QD[j], s.QD[i]
}

// solve runs SMO from a = 0 on the problem with labels y (+1/-1) and Q
// served by q. maxIter <= 0 means no limit.
func solve(ctx context.Context, q *qMatrix, y []int8, QD []float64, C, eps float64, shrinking bool, maxIter int) (solution, error) {
	l := len(y)
	s := &solver{
		l: l, activeSize: l, y: y, QD: QD, C: C, eps: eps, q: q,
		G:         make([]float64, l),
		Gbar:      make([]float64, l),
		alpha:     make([]float64, l),
		status:    make([]uint8, l),
		activeSet: make([]int, l),
	}
	for i := range l {
		s.G[i] = -1 // a = 0: gradient = p = -e
		s.activeSet[i] = i
	}
	iter := 0
	counter := min(l, 1000) + 1
	converged := true
	for {
		if maxIter > 0 && iter >= maxIter {
			converged = false
			s.reconstructGradient()
			s.activeSize = l
			break
		}
		counter--
		if counter == 0 {
			counter = min(l, 1000)
			if err := ctx.Err(); err != nil {
				return solution{}, err
			}
			if shrinking {
				s.doShrinking()
			}
		}
		i, j, optimal := s.selectWorkingSet()
		if optimal {
			// Optimal on the active set: check the whole problem.
			s.reconstructGradient()
			s.activeSize = l
			if i, j, optimal = s.selectWorkingSet(); optimal {
				break
			}
			counter = 1 // shrink again at the next iteration
		}
		iter++
		s.update(i, j)
	}
	sol := solution{rho: s.calculateRho(), iter: iter, converged: converged, alpha: make([]float64, l)}
	var v float64
	for i := range l {
		v += s.alpha[i] * (s.G[i] - 1) // a'(G + p), p = -e
	}
	sol.obj = v / 2
	for i := range l {
		sol.alpha[s.activeSet[i]] = s.alpha[i]
	}
	return sol, nil
}

// update solves the two-variable subproblem on (i, j) analytically, clips it
// to the box and updates G and Gbar (LIBSVM paper, sec. 4.1.2 and 5).
func (s *solver) update(i, j int) {
	n := s.activeSize
	Qi := s.q.column(i, n)
	Qj := s.q.column(j, n)
	C := s.C
	oldI, oldJ := s.alpha[i], s.alpha[j]
	a := s.alpha
	if s.y[i] != s.y[j] {
		quad := s.QD[i] + s.QD[j] + 2*float64(Qi[j])
		if quad <= 0 {
			quad = tau
		}
		delta := (-s.G[i] - s.G[j]) / quad
		diff := a[i] - a[j]
		a[i] += delta
		a[j] += delta
		if diff > 0 {
			if a[j] < 0 {
				a[j], a[i] = 0, diff
			}
		} else if a[i] < 0 {
			a[i], a[j] = 0, -diff
		}
		if diff > 0 { // diff > C_i - C_j with C_i = C_j = C
			if a[i] > C {
				a[i], a[j] = C, C-diff
			}
		} else if a[j] > C {
			a[j], a[i] = C, C+diff
		}
	} else {
		quad := s.QD[i] + s.QD[j] - 2*float64(Qi[j])
		if quad <= 0 {
			quad = tau
		}
		delta := (s.G[i] - s.G[j]) / quad
		sum := a[i] + a[j]
		a[i] -= delta
		a[j] += delta
		if sum > C {
			if a[i] > C {
				a[i], a[j] = C, sum-C
			}
		} else if a[j] < 0 {
			a[j], a[i] = 0, sum
		}
		if sum > C {
			if a[j] > C {
				a[j], a[i] = C, sum-C
			}
		} else if a[i] < 0 {
			a[i], a[j] = 0, sum
		}
	}
	dI, dJ := a[i]-oldI, a[j]-oldJ
	G := s.G[:n]
	Qi, Qj = Qi[:n], Qj[:n]
	for k := range G {
		G[k] += float64(Qi[k])*dI + float64(Qj[k])*dJ
	}
	wasUpperI, wasUpperJ := s.isUpper(i), s.isUpper(j)
	s.updateStatus(i)
	s.updateStatus(j)
	if wasUpperI != s.isUpper(i) {
		s.addToGbar(i, wasUpperI)
	}
	if wasUpperJ != s.isUpper(j) {
		s.addToGbar(j, wasUpperJ)
	}
}

// addToGbar removes (left the upper bound) or adds (reached it) C Q_i to Gbar.
func (s *solver) addToGbar(i int, leftUpper bool) {
	Qi := s.q.column(i, s.l)[:s.l]
	c := s.C
	if leftUpper {
		c = -c
	}
	for k := range s.Gbar {
		s.Gbar[k] += c * float64(Qi[k])
	}
}

// selectWorkingSet implements WSS 2 of Fan, Chen & Lin (2005): i maximizes
// -y_t G_t over I_up, j minimizes the second-order decrease -b_ij^2 / a_ij
// over the t in I_low with -y_t G_t < -y_i G_i. It reports optimal when the
// maximal violation m(a) - M(a) is below eps. Ties go to the last index, as
// in libsvm.
func (s *solver) selectWorkingSet() (outI, outJ int, optimal bool) {
	n := s.activeSize
	Gmax, Gmax2 := math.Inf(-1), math.Inf(-1)
	GmaxIdx, GminIdx := -1, -1
	objDiffMin := math.Inf(1)
	y, G := s.y[:n], s.G[:n]
	for t := range n {
		if y[t] == 1 {
			if !s.isUpper(t) && -G[t] >= Gmax {
				Gmax, GmaxIdx = -G[t], t
			}
		} else if !s.isLower(t) && G[t] >= Gmax {
			Gmax, GmaxIdx = G[t], t
		}
	}
	i := GmaxIdx
	var Qi []float32
	var QDi, yi float64
	if i != -1 {
		Qi = s.q.column(i, n)[:n]
		QDi, yi = s.QD[i], float64(s.y[i])
	}
	for j := range n {
		var gradDiff, quad float64
		if y[j] == 1 {
			if s.isLower(j) {
				continue
			}
			gradDiff = Gmax + G[j]
			if G[j] >= Gmax2 {
				Gmax2 = G[j]
			}
			if gradDiff <= 0 {
				continue
			}
			quad = QDi + s.QD[j] - 2*yi*float64(Qi[j])
		} else {
			if s.isUpper(j) {
				continue
			}
			gradDiff = Gmax - G[j]
			if -G[j] >= Gmax2 {
				Gmax2 = -G[j]
			}
			if gradDiff <= 0 {
				continue
			}
			quad = QDi + s.QD[j] + 2*yi*float64(Qi[j])
		}
		if quad <= 0 {
			quad = tau
		}
		if objDiff := -(gradDiff * gradDiff) / quad; objDiff <= objDiffMin {
			GminIdx, objDiffMin = j, objDiff
		}
	}
	if Gmax+Gmax2 < s.eps || GminIdx == -1 {
		return 0, 0, true
	}
	return GmaxIdx, GminIdx, false
}

// beShrunk reports whether bounded variable i cannot move at the current
// gradient (LIBSVM paper, sec. 5.1, conditions (37)-(38)).
func (s *solver) beShrunk(i int, Gmax1, Gmax2 float64) bool {
	switch {
	case s.isUpper(i):
		if s.y[i] == 1 {
			return -s.G[i] > Gmax1
		}
		return -s.G[i] > Gmax2
	case s.isLower(i):
		if s.y[i] == 1 {
			return s.G[i] > Gmax2
		}
		return s.G[i] > Gmax1
	}
	return false
}

// doShrinking removes from the active set the bounded variables that are
// unlikely to change, after first restoring the whole problem once when the
// violation falls below 10 eps (LIBSVM paper, sec. 5.1).
func (s *solver) doShrinking() {
	Gmax1, Gmax2 := math.Inf(-1), math.Inf(-1) // max -y G over I_up, max y G over I_low
	for i := range s.activeSize {
		if s.y[i] == 1 {
			if !s.isUpper(i) && -s.G[i] >= Gmax1 {
				Gmax1 = -s.G[i]
			}
			if !s.isLower(i) && s.G[i] >= Gmax2 {
				Gmax2 = s.G[i]
			}
		} else {
			if !s.isUpper(i) && -s.G[i] >= Gmax2 {
				Gmax2 = -s.G[i]
			}
			if !s.isLower(i) && s.G[i] >= Gmax1 {
				Gmax1 = s.G[i]
			}
		}
	}
	if !s.unshrink && Gmax1+Gmax2 <= s.eps*10 {
		s.unshrink = true
		s.reconstructGradient()
		s.activeSize = s.l
	}
	for i := 0; i < s.activeSize; i++ {
		if !s.beShrunk(i, Gmax1, Gmax2) {
			continue
		}
		s.activeSize--
		for s.activeSize > i {
			if !s.beShrunk(s.activeSize, Gmax1, Gmax2) {
				s.swapIndex(i, s.activeSize)
				break
			}
			s.activeSize--
		}
	}
}

// reconstructGradient recomputes G of the inactive variables from Gbar and
// the free variables (LIBSVM paper, sec. 5.2), taking whichever loop order
// reads fewer kernel columns.
func (s *solver) reconstructGradient() {
	n, l := s.activeSize, s.l
	if n == l {
		return
	}
	for j := n; j < l; j++ {
		s.G[j] = s.Gbar[j] - 1
	}
	nFree := 0
	for j := range n {
		if s.isFree(j) {
			nFree++
		}
	}
	if nFree*l > 2*n*(l-n) {
		for i := n; i < l; i++ {
			Qi := s.q.column(i, n)
			for j := range n {
				if s.isFree(j) {
					s.G[i] += s.alpha[j] * float64(Qi[j])
				}
			}
		}
	} else {
		for i := range n {
			if !s.isFree(i) {
				continue
			}
			Qi := s.q.column(i, l)
			ai := s.alpha[i]
			for j := n; j < l; j++ {
				s.G[j] += ai * float64(Qi[j])
			}
		}
	}
}

// calculateRho returns the offset: the mean of y_i G_i over free variables,
// or the midpoint of the feasible interval when none is free (LIBSVM paper,
// sec. 4.1.5).
func (s *solver) calculateRho() float64 {
	nFree := 0
	ub, lb, sumFree := math.Inf(1), math.Inf(-1), 0.0
	for i := range s.activeSize {
		yG := float64(s.y[i]) * s.G[i]
		switch {
		case s.isUpper(i):
			if s.y[i] == -1 {
				ub = math.Min(ub, yG)
			} else {
				lb = math.Max(lb, yG)
			}
		case s.isLower(i):
			if s.y[i] == 1 {
				ub = math.Min(ub, yG)
			} else {
				lb = math.Max(lb, yG)
			}
		default:
			nFree++
			sumFree += yG
		}
	}
	if nFree > 0 {
		return sumFree / float64(nFree)
	}
	return (ub + lb) / 2
}
