package cnafs

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"

	"gonum.org/v1/gonum/floats"
	"gonum.org/v1/gonum/mat"

	"github.com/gsbench/gsbench/baselines/internal/selection"
	"github.com/gsbench/gsbench/internal/memory"
	"github.com/gsbench/gsbench/internal/par"
	"github.com/gsbench/gsbench/preprocess"
)

// The QMR-FS authors' setting (cnafs_model.m: CNAFS(X', 5, 1.0, 100, 100,
// 100, 1.0, 500, 20)).
const (
	DefaultClusters = 5
	DefaultAlpha    = 1.0
	DefaultBeta     = 100.0
	DefaultLambda   = 100.0
	DefaultGamma    = 100.0
	DefaultEpsilon  = 1.0
	DefaultNMFK     = 20
	DefaultMaxIter  = 499 // NITER = 500: CNAFS.m loops while iteration < NITER
	DefaultTol      = 0.1 // CNAFS.m: while (diff > 0.1 && ...)
)

// CNAFS ranks the features by the squared row norms of the projection W.
// Start from New, which holds the defaults.
type CNAFS struct {
	K         int     `param:"k" doc:"number of features to select (0 ranks all); largest ||w_i||^2 first"`
	NClusters int     `param:"n_clusters" doc:"c: columns of the projection W and of the cluster indicator F (cnafs_model: 5)"`
	Alpha     float64 `param:"alpha" doc:"weight 2 alpha of the adaptive graph terms tr(F'LF) + beta sum S log S (cnafs_model: 1)"`
	Beta      float64 `param:"beta" doc:"weight of the entropy of the graph S, which sets its width 2 alpha beta (cnafs_model: 100)"`
	Lambda    float64 `param:"lambda" doc:"weight of the l2,1 penalty lambda tr(W' D W) (cnafs_model: 100)"`
	Gamma     float64 `param:"gamma" doc:"weight of the graph regularization gamma tr(V L V') of the convex NMF coefficients (cnafs_model: 100)"`
	Epsilon   float64 `param:"epsilon" doc:"smoothing of the row norms of W in D (0.5 / sqrt(||w_i||^2 + epsilon)) and weight of the orthogonality penalty epsilon tr(V'QV) (cnafs_model: 1)"`
	NMFK      int     `param:"nmf_k" doc:"number of basis vectors of the convex NMF X ~ X G V (cnafs_model: 20)"`
	MaxIter   int     `param:"max_iter" doc:"iteration cap (cnafs_model's NITER = 500; CNAFS.m runs while iteration < NITER, 499 iterations)"`
	Tol       float64 `param:"tol" doc:"stop when the objective changes by at most tol, an absolute change (CNAFS.m: 0.1); tol >= 1 stops after the first iteration"`
	Seed      uint64  `param:"seed" doc:"seed of the random initial F, W, G, V and of each iteration's generalized power iteration"`
	Workers   int     // goroutines for the n x n loops; 0: GOMAXPROCS. Results do not depend on it.

	uniform func() float64 // the random source (tests replay Octave's rand); nil: PCG(Seed)

	scores    []float64
	selected  []int
	objective []float64
	converged bool
}

// New returns CNAFS with the QMR-FS authors' parameters (cnafs_model.m).
func New() *CNAFS {
	return &CNAFS{NClusters: DefaultClusters, Alpha: DefaultAlpha, Beta: DefaultBeta, Lambda: DefaultLambda,
		Gamma: DefaultGamma, Epsilon: DefaultEpsilon, NMFK: DefaultNMFK, MaxIter: DefaultMaxIter, Tol: DefaultTol}
}

// Validate checks the parameters that do not depend on the data.
func (m *CNAFS) Validate() error {
	finite := func(v float64) bool { return !math.IsNaN(v) && !math.IsInf(v, 0) }
	switch {
	case m.K < 0:
		return fmt.Errorf("cnafs: k = %d: want 0 (rank all) or a positive number", m.K)
	case m.NClusters < 1:
		return fmt.Errorf("cnafs: n_clusters = %d: want a positive number of columns (the authors use 5)", m.NClusters)
	case m.NMFK < 1:
		return fmt.Errorf("cnafs: nmf_k = %d: want a positive number of basis vectors (the authors use 20)", m.NMFK)
	case !(m.Alpha > 0) || !(m.Beta > 0) || !finite(m.Alpha*m.Beta):
		return fmt.Errorf("cnafs: alpha = %v, beta = %v: both must be positive (the graph width is 2 alpha beta)", m.Alpha, m.Beta)
	case !(m.Lambda >= 0) || !(m.Gamma >= 0) || !(m.Epsilon >= 0) || !finite(m.Lambda+m.Gamma+m.Epsilon):
		return fmt.Errorf("cnafs: lambda = %v, gamma = %v, epsilon = %v: each must be a non-negative number", m.Lambda, m.Gamma, m.Epsilon)
	case m.MaxIter < 1:
		return fmt.Errorf("cnafs: max_iter = %d: want a positive number", m.MaxIter)
	case !(m.Tol >= 0) || !finite(m.Tol):
		return fmt.Errorf("cnafs: tol = %v: want a non-negative number", m.Tol)
	}
	return nil
}

// Bytes returns the memory CNAFS needs for n samples and d features: five n
// x n matrices (X'X, S, A, the distances, a product), three d x d and a few
// n x d.
func Bytes(n, d int) int64 {
	nn := memory.Dense(n, n)
	if nn < 0 || nn > math.MaxInt64/8 {
		return -1
	}
	return 5*nn + 3*memory.Dense(d, d) + 3*memory.Dense(n, d)
}

// Fit calls FitContext with a background context.
func (m *CNAFS) Fit(X *mat.Dense, y []int) error { return m.FitContext(context.Background(), X, y) }

// FitContext runs CNAFS.m's iteration on X (n x d; y is ignored), checking
// ctx between iterations. X is not modified.
func (m *CNAFS) FitContext(ctx context.Context, X *mat.Dense, _ []int) error {
	if err := m.Validate(); err != nil {
		return err
	}
	if err := selection.Check("cnafs", X, m.K); err != nil {
		return err
	}
	n, d := X.Dims()
	if m.NClusters > n {
		return fmt.Errorf("cnafs: n_clusters = %d exceeds the %d samples (F is n x c with orthonormal columns)", m.NClusters, n)
	}
	if err := memory.Check(fmt.Sprintf("cnafs: the %d x %d graph matrices", n, n), Bytes(n, d)); err != nil {
		return err
	}
	uniform := m.uniform
	if uniform == nil {
		uniform = rand.New(rand.NewPCG(m.Seed, 0)).Float64
	}
	s, err := newState(X, m, uniform)
	if err != nil {
		return err
	}
	var obj []float64
	converged := false
	diff := 1.0 // CNAFS.m: diff=1
	for it := 1; ; it++ {
		if err := ctx.Err(); err != nil {
			return err
		}
		o, err := s.iterate()
		if err != nil {
			return fmt.Errorf("cnafs: iteration %d: %w", it, err)
		}
		obj = append(obj, o)
		if it > 1 {
			diff = math.Abs(obj[it-2] - o)
		}
		if !(diff > m.Tol) {
			converged = true
			break
		}
		if it >= m.MaxIter {
			break
		}
	}
	scores := make([]float64, d)
	for r := range scores {
		w := s.W.RawRowView(r)
		scores[r] = floats.Dot(w, w) // score=sum((W.*W),2)
	}
	m.scores, m.objective, m.converged = scores, obj, converged
	m.selected = selection.Top(selection.Order(scores, true, preprocess.ConstantColumns(X)), m.K)
	return nil
}

// state holds the variables of CNAFS.m in gsbench's orientation: X is n x
// d (the toolbox's X is its transpose), F n x c, W d x c, G n x K, V K x n.
type state struct {
	m       *CNAFS
	uniform func() float64
	n, d, c int
	X, Xc   *mat.Dense    // the data and its centered columns (H X)
	XHX     *mat.SymDense // X'HX = Xc'Xc (d x d)
	XXt     *mat.Dense    // X X' (n x n), the toolbox's X'*X
	F, W    *mat.Dense
	G, V    *mat.Dense
	S, A    *mat.Dense // the graph and H + 2 alpha L
	deg     []float64  // D = diag(sum(S,2))
	dist    *mat.Dense // scratch n x n
}

func newState(X *mat.Dense, m *CNAFS, uniform func() float64) (*state, error) {
	n, d := X.Dims()
	c, k := m.NClusters, m.NMFK
	s := &state{m: m, uniform: uniform, n: n, d: d, c: c, X: X}
	s.Xc = mat.DenseCopyOf(X)
	centerColumns(s.Xc)
	s.XHX = mat.NewSymDense(d, nil)
	s.XHX.SymOuterK(1, s.Xc.T())
	s.XXt = mat.NewDense(n, n, nil)
	s.XXt.Mul(X, X.T())
	// F = orth(rand(n,c)); W = rand(d,c); G = abs(rand(n, NMF_K));
	// V = abs(rand(NMF_K, n)), in this order, each filled column by column.
	var err error
	if s.F, err = orth(s.rand(n, c)); err != nil {
		return nil, err
	}
	s.W = s.rand(d, c)
	s.G = s.rand(n, k)
	s.V = s.rand(k, n)
	s.S = mat.NewDense(n, n, nil)
	s.A = mat.NewDense(n, n, nil)
	s.dist = mat.NewDense(n, n, nil)
	s.deg = make([]float64, n)
	return s, nil
}

// rand returns an r x c matrix of uniform values filled column by column,
// as MATLAB's rand(r, c) consumes its stream.
func (s *state) rand(r, c int) *mat.Dense {
	M := mat.NewDense(r, c, nil)
	for j := 0; j < c; j++ {
		for i := 0; i < r; i++ {
			M.Set(i, j, s.uniform())
		}
	}
	return M
}

// centerColumns subtracts from every column its mean (H M).
func centerColumns(M *mat.Dense) {
	r, c := M.Dims()
	mean := make([]float64, c)
	for i := 0; i < r; i++ {
		floats.Add(mean, M.RawRowView(i))
	}
	floats.Scale(1/float64(r), mean)
	for i := 0; i < r; i++ {
		floats.Sub(M.RawRowView(i), mean)
	}
}

// orth returns an orthonormal basis of the columns of M (r x c, r >= c)
// as MATLAB's orth: the left singular vectors U of its SVD (Octave's orth
// returns -U: the iteration is the same with every F and gpi's W negated,
// and W^2 the same).
func orth(M *mat.Dense) (*mat.Dense, error) {
	r, c := M.Dims()
	var svd mat.SVD
	if !svd.Factorize(M, mat.SVDThin) {
		return nil, fmt.Errorf("cnafs: the SVD of a random %d x %d matrix did not converge", r, c)
	}
	sv := svd.Values(nil)
	tol := float64(max(r, c)) * sv[0] * 0x1p-52
	for _, v := range sv {
		if !(v > tol) {
			return nil, fmt.Errorf("cnafs: a random %d x %d matrix is rank deficient", r, c)
		}
	}
	var U mat.Dense
	svd.UTo(&U)
	return &U, nil
}

// iterate runs one pass of CNAFS.m's loop and returns its objective.
func (s *state) iterate() (float64, error) {
	m, n, d, c := s.m, s.n, s.d, s.c
	// D_weight = diag(0.5./sqrt(sum(W.*W,2)+epsilon)), from the W of the
	// previous iteration.
	dw := make([]float64, d)
	for r := range dw {
		w := s.W.RawRowView(r)
		dw[r] = 0.5 / math.Sqrt(floats.Dot(w, w)+m.Epsilon)
	}
	s.graph()
	// W = inv(X*H*X' + lambda*D_weight) * X*H*F: the d x d system with
	// X H X' = Xc' Xc.
	P := mat.NewSymDense(d, nil)
	P.CopySym(s.XHX)
	for r := 0; r < d; r++ {
		P.SetSym(r, r, P.At(r, r)+m.Lambda*dw[r])
	}
	rhs := mat.NewDense(d, c, nil)
	rhs.Mul(s.Xc.T(), s.F)
	var chol mat.Cholesky
	var W mat.Dense
	var err error
	if chol.Factorize(P) {
		err = chol.SolveTo(&W, rhs)
	} else {
		err = W.Solve(P, rhs)
	}
	if err != nil {
		return 0, fmt.Errorf("the d x d system X H X' + lambda D cannot be solved accurately (%v): scale the features (e.g. standardize them) or raise lambda", err)
	}
	s.W = &W
	// A = H + 2 alpha L; B = H X' W (n x c).
	A := s.A.RawMatrix()
	for i := 0; i < n; i++ {
		row := A.Data[i*A.Stride : i*A.Stride+n]
		srow := s.S.RawRowView(i)
		for j := range row {
			row[j] = -1/float64(n) - 2*m.Alpha*srow[j]
		}
		row[i] += 1 + 2*m.Alpha*s.deg[i]
	}
	B := mat.NewDense(n, c, nil)
	B.Mul(s.X, &W)
	centerColumns(B)
	F, err := s.gpi(B)
	if err != nil {
		return 0, err
	}
	s.F = F
	// infor_entropy = sum S log(S + 1e-10)
	var entropy float64
	for i := 0; i < n; i++ {
		for _, v := range s.S.RawRowView(i) {
			entropy += v * math.Log(v+1e-10)
		}
	}
	s.updateNMF()
	o := s.objective(dw, entropy)
	if math.IsNaN(o) || math.IsInf(o, 0) {
		return 0, fmt.Errorf("the objective is %v (the multiplicative updates of G and V divide by values that may vanish when X has negative entries)", o)
	}
	return o, nil
}

// graph sets S(i,j) = exp(-(alpha ||f_i - f_j||^2 + gamma/2 ||v_i - v_j||^2)
// / (2 alpha beta)), each row divided by its sum, then S = (S + S')/2, and
// the degrees D = S 1.
func (s *state) graph() {
	m, n := s.m, s.n
	Vt := mat.DenseCopyOf(s.V.T())
	k := Vt.RawMatrix().Cols
	scale := 2 * m.Alpha * m.Beta
	par.Chunks(n, 32, m.Workers, func(_, lo, hi int) {
		for i := lo; i < hi; i++ {
			fi, vi := s.F.RawRowView(i), Vt.RawRowView(i)
			row := s.dist.RawRowView(i)
			var sum float64
			for j := 0; j < n; j++ {
				fj, vj := s.F.RawRowView(j), Vt.RawRowView(j)
				var df, dv float64
				for q, v := range fi {
					e := v - fj[q]
					df += e * e
				}
				for q := 0; q < k; q++ {
					e := vi[q] - vj[q]
					dv += e * e
				}
				row[j] = math.Exp(-(m.Alpha*df + 0.5*m.Gamma*dv) / scale)
				sum += row[j]
			}
			for j := range row {
				row[j] /= sum
			}
		}
	})
	for i := 0; i < n; i++ {
		srow := s.S.RawRowView(i)
		for j := 0; j < n; j++ {
			srow[j] = (s.dist.At(i, j) + s.dist.At(j, i)) / 2
		}
	}
	for i := 0; i < n; i++ {
		s.deg[i] = floats.Sum(s.S.RawRowView(i))
	}
}

// gpi is the generalized power iteration of Nie, Zhang & Li (2017) for
// min_{W'W=I} tr(W'AW - 2W'B) as gpi.m runs it (s = 1): the relaxation
// alpha = |w'Aw| after 10 power steps from a random w, a random orthonormal
// start, then 4 steps W = U V' of the SVD of (alpha I - A) W + 2B.
func (s *state) gpi(B *mat.Dense) (*mat.Dense, error) {
	n, c := s.n, s.c
	ww := mat.NewVecDense(n, nil)
	for i := 0; i < n; i++ {
		ww.SetVec(i, s.uniform())
	}
	var m1 mat.VecDense
	for it := 0; it < 10; it++ {
		m1.MulVec(s.A, ww)
		nrm := mat.Norm(&m1, 2)
		if !(nrm > 0) {
			return nil, fmt.Errorf("gpi: the power iteration on H + 2 alpha L reached a zero vector")
		}
		ww.ScaleVec(1/nrm, &m1)
	}
	m1.MulVec(s.A, ww)
	alpha := math.Abs(mat.Dot(ww, &m1))
	W, err := orth(s.rand(n, s.c))
	if err != nil {
		return nil, err
	}
	M := mat.NewDense(n, c, nil)
	for t := 0; t < 4; t++ {
		// M = (alpha I - A) W + 2B
		M.Mul(s.A, W)
		for i := 0; i < n; i++ {
			row, w, b := M.RawRowView(i), W.RawRowView(i), B.RawRowView(i)
			for j := range row {
				row[j] = alpha*w[j] - row[j] + 2*b[j]
			}
		}
		var svd mat.SVD
		if !svd.Factorize(M, mat.SVDThin) {
			return nil, fmt.Errorf("gpi: SVD did not converge")
		}
		var U, V mat.Dense
		svd.UTo(&U)
		svd.VTo(&V)
		W = mat.NewDense(n, c, nil)
		W.Mul(&U, V.T())
	}
	return W, nil
}

// updateNMF makes the multiplicative updates of the convex NMF X ~ X G V
// with the graph regularization (CNAFS.m, the toolbox's X'*X being X X'
// here):
//
//	G = G .* (X'X V') ./ (X'X G V V')
//	V = V .* (G'X'X + gamma V S) ./ (G'X'X G V + gamma V D + epsilon Q V),   Q = 11' - I.
func (s *state) updateNMF() {
	m, n := s.m, s.n
	k := m.NMFK
	var num, XG, VVt, den mat.Dense
	num.Mul(s.XXt, s.V.T()) // n x k
	XG.Mul(s.XXt, s.G)      // n x k
	VVt.Mul(s.V, s.V.T())   // k x k
	den.Mul(&XG, &VVt)
	G := s.G.RawMatrix()
	for i := 0; i < n; i++ {
		g := G.Data[i*G.Stride : i*G.Stride+k]
		nr, dr := num.RawRowView(i), den.RawRowView(i)
		for j := range g {
			g[j] *= nr[j] / dr[j]
		}
	}
	var GtX, GtXG, num2, den2, VS mat.Dense
	GtX.Mul(s.G.T(), s.XXt) // k x n
	GtXG.Mul(&GtX, s.G)     // k x k
	VS.Mul(s.V, s.S)        // k x n
	num2.Scale(m.Gamma, &VS)
	num2.Add(&GtX, &num2)
	den2.Mul(&GtXG, s.V)
	// + gamma V D + epsilon Q V; (Q V)(q, j) = sum_l V(l, j) - V(q, j).
	colSum := make([]float64, n)
	for q := 0; q < k; q++ {
		floats.Add(colSum, s.V.RawRowView(q))
	}
	V := s.V.RawMatrix()
	for q := 0; q < k; q++ {
		v := V.Data[q*V.Stride : q*V.Stride+n]
		nr, dr := num2.RawRowView(q), den2.RawRowView(q)
		for j := range v {
			den := dr[j] + m.Gamma*v[j]*s.deg[j] + m.Epsilon*(colSum[j]-v[j])
			nr[j] /= den
		}
	}
	for q := 0; q < k; q++ {
		v := V.Data[q*V.Stride : q*V.Stride+n]
		for j, r := range num2.RawRowView(q) {
			v[j] *= r
		}
	}
}

// objective returns CNAFS.m's objective:
//
//	||X - XGV||_F^2 + ||H(X'W - F)||_F^2 + lambda tr(W'DW) + 2 alpha (tr(F'LF) + beta sum S log S) + gamma tr(V L V') + epsilon tr(V'QV).
func (s *state) objective(dw []float64, entropy float64) float64 {
	m, n, d := s.m, s.n, s.d
	// ||X - XGV||: with the toolbox's X = ours', ||X' - X'GV||.
	var XtG, R mat.Dense
	XtG.Mul(s.X.T(), s.G) // d x k
	R.Mul(&XtG, s.V)      // d x n
	var rec float64
	for r := 0; r < d; r++ {
		row := R.RawRowView(r)
		for i := 0; i < n; i++ {
			e := s.X.At(i, r) - row[i]
			rec += e * e
		}
	}
	var XW mat.Dense
	XW.Mul(s.X, s.W)
	XW.Sub(&XW, s.F)
	centerColumns(&XW)
	fit := mat.Norm(&XW, 2)
	fit *= fit
	var l21 float64
	for r := 0; r < d; r++ {
		w := s.W.RawRowView(r)
		l21 += dw[r] * floats.Dot(w, w)
	}
	trLap := func(Y *mat.Dense) float64 { // tr(Y' L Y) for the rows of Y (n x p)
		var LY mat.Dense
		LY.Mul(s.S, Y)
		var t float64
		for i := 0; i < n; i++ {
			y, ly := Y.RawRowView(i), LY.RawRowView(i)
			t += s.deg[i]*floats.Dot(y, y) - floats.Dot(y, ly)
		}
		return t
	}
	Vt := mat.DenseCopyOf(s.V.T())
	var VVt mat.Dense
	VVt.Mul(s.V, Vt)
	k := m.NMFK
	var orthPen float64
	for q := 0; q < k; q++ {
		for l := 0; l < k; l++ {
			if q != l {
				orthPen += VVt.At(q, l)
			}
		}
	}
	return rec + fit + m.Lambda*l21 + 2*m.Alpha*(trLap(s.F)+m.Beta*entropy) + m.Gamma*trLap(Vt) + m.Epsilon*orthPen
}

// Selected returns the selected columns, largest ||w_i||^2 first.
func (m *CNAFS) Selected() []int { return m.selected }

// Scores returns ||w_i||^2 for every column: higher is better.
func (m *CNAFS) Scores() []float64 { return m.scores }

// Report gives the objective of every iteration, their number and whether
// the objective settled (changed by at most tol) before max_iter.
func (m *CNAFS) Report() map[string]any {
	return map[string]any{"objective": m.objective, "iterations": len(m.objective), "converged": m.converged}
}

// RankingIgnoresK reports that k only cuts the ranking: a fit with k
// selects the first k features of the fit with k = 0 (methods.Ranker).
func (m *CNAFS) RankingIgnoresK() bool { return true }
