package rfs

import (
	"context"
	"errors"
	"fmt"
	"math"

	"gonum.org/v1/gonum/floats"
	"gonum.org/v1/gonum/mat"

	"github.com/gsbench/gsbench/baselines/internal/selection"
	"github.com/gsbench/gsbench/internal/memory"
)

// Constants of scikit-feature's rfs.
const (
	// ridge is added to the diagonal of A D^-1 A' before it is inverted.
	ridge = 1e-6
	// normFloor bounds the row norms from below in D_ii = 1 / (2 ||u_i||).
	normFloor = 1e-16
)

// RFS ranks features by the row norms of the RFS regression matrix W.
// Create it with New.
type RFS struct {
	K       int     `param:"k" doc:"number of features to select; 0 ranks them all"`
	Gamma   float64 `param:"gamma" doc:"weight of the l2,1 penalty in ||XW - Y||_2,1 + gamma ||W||_2,1 (scikit-feature rfs: 1; its example and the UFFS authors' script use 0.1)"`
	MaxIter int     `param:"max_iter" doc:"largest number of iterations (scikit-feature: 1000)"`
	Tol     float64 `param:"tol" doc:"stop when the objective changes by less than tol between two iterations, an absolute change as scikit-feature's (1e-3)"`

	scores    []float64
	selected  []int
	objective []float64
	converged bool
	form      string
}

// New returns RFS with scikit-feature's defaults: gamma = 1, at most 1000
// iterations, tolerance 1e-3.
func New() *RFS { return &RFS{Gamma: 1, MaxIter: 1000, Tol: 1e-3} }

// Validate checks the parameters that do not depend on the data.
func (m *RFS) Validate() error {
	switch {
	case m.K < 0:
		return fmt.Errorf("rfs: k = %d: want 0 (rank all) or a positive number of features", m.K)
	case !(m.Gamma > 0) || math.IsInf(m.Gamma, 1):
		return fmt.Errorf("rfs: gamma = %v: want a positive number (scikit-feature's default is 1)", m.Gamma)
	case m.MaxIter < 1:
		return fmt.Errorf("rfs: max_iter = %d: want a positive number of iterations (scikit-feature: 1000)", m.MaxIter)
	case !(m.Tol >= 0) || math.IsInf(m.Tol, 1):
		return fmt.Errorf("rfs: tol = %v: want a non-negative number (scikit-feature: 1e-3)", m.Tol)
	}
	return nil
}

// Fit calls FitContext with a background context.
func (m *RFS) Fit(X *mat.Dense, y []int) error { return m.FitContext(context.Background(), X, y) }

// FitContext solves the RFS problem for X (n x d) and the one-hot matrix of
// the class labels y (0..c-1, at least two classes with samples), checking
// ctx between iterations. X is not modified.
func (m *RFS) FitContext(ctx context.Context, X *mat.Dense, y []int) error {
	if err := m.Validate(); err != nil {
		return err
	}
	if err := selection.Check("rfs", X, m.K); err != nil {
		return err
	}
	n, d := X.Dims()
	Y, err := labelMatrix(y, n)
	if err != nil {
		return err
	}
	_, c := Y.Dims()
	primal := d <= n
	size := min(n, d)
	if err := memory.Check(fmt.Sprintf("rfs: the %d x %d system of every iteration", size, size),
		3*memory.Dense(size, size)+2*memory.Dense(n, d)+4*memory.Dense(max(n, d), c)); err != nil {
		return err
	}
	m.form = "n x n (A D^-1 A')"
	if primal {
		m.form = "d x d (Woodbury)"
	}
	px := make([]float64, d) // D^-1 on the feature rows: 2 ||w_i||
	qz := make([]float64, n) // D^-1 on the residual rows: 2 ||u_(d+i)||
	for i := range px {
		px[i] = 1
	}
	for i := range qz {
		qz[i] = 1
	}
	g2 := m.Gamma * m.Gamma
	M := make([]float64, n)
	var W, R mat.Dense
	var obj []float64
	converged := false
	for it := 0; it < m.MaxIter; it++ {
		if err := ctx.Err(); err != nil {
			return err
		}
		for i := range M {
			M[i] = g2*qz[i] + ridge // the n x n block of A D^-1 A' + 1e-6 I outside X P X'
		}
		if err := solve(&W, X, Y, px, M, primal); err != nil {
			return err
		}
		// Residual R = XW - Y; U's lower block is gamma Q M^-1 (Y - XW).
		R.Mul(X, &W)
		R.Sub(&R, Y)
		var fit, pen float64
		for i := 0; i < n; i++ {
			r := floats.Norm(R.RawRowView(i), 2)
			fit += r
			qz[i] = 2 * math.Max(m.Gamma*qz[i]/M[i]*r, normFloor)
		}
		for i := 0; i < d; i++ {
			w := floats.Norm(W.RawRowView(i), 2)
			pen += w
			px[i] = 2 * math.Max(w, normFloor)
		}
		obj = append(obj, fit+m.Gamma*pen)
		if it >= 1 && math.Abs(obj[it]-obj[it-1]) < m.Tol {
			converged = true
			break
		}
	}
	scores := make([]float64, d)
	for i := range scores {
		scores[i] = floats.Norm(W.RawRowView(i), 2)
	}
	if s := floats.Sum(scores); !(s < math.Inf(1)) {
		return fmt.Errorf("rfs: the iteration diverged (values too large? scale X first)")
	}
	m.scores, m.objective, m.converged = scores, obj, converged
	m.selected = selection.Top(selection.Order(scores, true, nil), m.K)
	return nil
}

// labelMatrix returns the n x c one-hot matrix of y over the classes that
// have samples, in increasing label order (scikit-feature's
// construct_label_matrix).
func labelMatrix(y []int, n int) (*mat.Dense, error) {
	col, present, err := selection.Present("rfs", y, n)
	if err != nil {
		return nil, err
	}
	if present < 2 {
		return nil, fmt.Errorf("rfs: the labels name %d class; RFS regresses on the class indicators and needs at least two", present)
	}
	Y := mat.NewDense(n, present, nil)
	for i, l := range y {
		Y.Set(i, col[l], 1)
	}
	return Y, nil
}

// solve sets W to the top block P X' (X P X' + M)^-1 Y of scikit-feature's
// U = D^-1 A' (A D^-1 A' + 1e-6 I)^-1 Y, P = diag(px) and M = diag(M) the
// blocks of D^-1 and of gamma^2 D^-1 + 1e-6 I. With Z = M^-1/2 X P^1/2 and
// Y_M = M^-1/2 Y, the Woodbury identity gives the two forms
//
//	W = P^1/2 (I + Z'Z)^-1 Z' Y_M   (d x d system, O(n d^2 + d^3), d <= n)
//	W = P^1/2 Z' (I + ZZ')^-1 Y_M   (n x n system, O(n^2 d + n^3), d > n)
//
// whose matrices have eigenvalues >= 1 however small the weights in P
// become (P^-1 itself reaches 5e15 for vanishing rows).
func solve(W *mat.Dense, X, Y *mat.Dense, px, M []float64, primal bool) error {
	n, d := X.Dims()
	_, c := Y.Dims()
	sp := make([]float64, d)
	for j := range sp {
		sp[j] = math.Sqrt(px[j])
	}
	Z := mat.NewDense(n, d, nil)
	Ym := mat.NewDense(n, c, nil)
	for i := 0; i < n; i++ {
		s := 1 / math.Sqrt(M[i])
		z := Z.RawRowView(i)
		floats.MulTo(z, X.RawRowView(i), sp)
		floats.Scale(s, z)
		floats.ScaleTo(Ym.RawRowView(i), s, Y.RawRowView(i))
	}
	size := d
	if !primal {
		size = n
	}
	S := mat.NewSymDense(size, nil)
	if primal {
		S.SymOuterK(1, Z.T())
	} else {
		S.SymOuterK(1, Z)
	}
	for j := 0; j < size; j++ {
		S.SetSym(j, j, S.At(j, j)+1)
	}
	var chol mat.Cholesky
	if !chol.Factorize(S) {
		return fmt.Errorf("rfs: the %d x %d system is not positive definite (values too large? scale X first)", size, size)
	}
	if primal {
		var B mat.Dense
		B.Mul(Z.T(), Ym)
		if err := chol.SolveTo(W, &B); err != nil && !isCondition(err) {
			return fmt.Errorf("rfs: %w", err)
		}
	} else {
		var V mat.Dense
		if err := chol.SolveTo(&V, Ym); err != nil && !isCondition(err) {
			return fmt.Errorf("rfs: %w", err)
		}
		W.Mul(Z.T(), &V)
	}
	for j := 0; j < d; j++ {
		floats.Scale(sp[j], W.RawRowView(j))
	}
	return nil
}

// isCondition reports gonum's warning that a solve was ill-conditioned: the
// solution is still computed, and the matrices here have eigenvalues >= 1.
func isCondition(err error) bool {
	var c mat.Condition
	return errors.As(err, &c)
}

// Selected returns the selected columns, largest ||w_i|| first.
func (m *RFS) Selected() []int { return m.selected }

// Scores returns ||w_i||, the Euclidean norm of row i of W, for every
// column: higher is better.
func (m *RFS) Scores() []float64 { return m.scores }

// Report gives the objective of every iteration, their number, whether the
// objective settled before MaxIter and the form of the linear systems.
func (m *RFS) Report() map[string]any {
	return map[string]any{
		"objective":  m.objective,
		"iterations": len(m.objective),
		"converged":  m.converged,
		"system":     m.form,
	}
}
