package ndfs

import (
	"context"
	"fmt"
	"github.com/gsbench/gsbench/internal/memory"
	"math"

	"gonum.org/v1/gonum/floats"
	"gonum.org/v1/gonum/mat"

	"github.com/gsbench/gsbench/baselines/graph"
	"github.com/gsbench/gsbench/baselines/internal/selection"
	_ "github.com/gsbench/gsbench/internal/fastblas"
	"github.com/gsbench/gsbench/learn/kmeans"
)

// Defaults (scikit-feature's ndfs and the MCFS/UDFS default of 5 clusters).
const (
	DefaultClusters = 5
	DefaultAlpha    = 1.0
	DefaultBeta     = 1.0
	DefaultGamma    = 1e9 // scikit-feature: 10e8
	DefaultMaxIter  = 1000
	DefaultTol      = 1e-3
)

// seedStream separates NDFS's random stream from other users of a seed.
const seedStream = 0x6e646673 // "ndfs"

// NDFS selects the K features of largest ||w_i||. Zero fields take the
// defaults above.
type NDFS struct {
	K         int           // features to select; 0 ranks them all
	NClusters int           // columns of F (clusters); 0 means 5
	Alpha     float64       // weight of the regression term
	Beta      float64       // weight of the l2,1 penalty
	Gamma     float64       // weight of the orthogonality penalty
	MaxIter   int           // iteration cap
	Tol       float64       // stop when |obj_t - obj_t-1| < Tol
	Seed      uint64        // k-means initialization
	Graph     graph.Options // the affinity graph (zero value: 5-NN heat kernel, t = 1, self-loops)
	S         *graph.Sparse // a precomputed n x n affinity matrix; overrides Graph

	scores    []float64
	selected  []int
	objective []float64
	converged bool
}

// Validate checks the parameters that do not depend on the data.
func (m *NDFS) Validate() error {
	if m.K < 0 {
		return fmt.Errorf("ndfs: k = %d: want 0 (rank all) or a positive number", m.K)
	}
	if _, err := m.resolved(-1); err != nil {
		return err
	}
	if m.S == nil {
		if _, err := m.Graph.Resolved(); err != nil {
			return fmt.Errorf("ndfs: %w", err)
		}
	}
	return nil
}

// Fit selects the columns of X. y is ignored.
func (m *NDFS) Fit(X *mat.Dense, _ []int) error {
	if err := m.Validate(); err != nil {
		return err
	}
	if err := selection.Check("ndfs", X, m.K); err != nil {
		return err
	}
	n, d := X.Dims()
	p, err := m.resolved(n)
	if err != nil {
		return err
	}
	S := m.S
	if S == nil {
		if S, err = graph.Affinity(X, m.Graph); err != nil {
			return fmt.Errorf("ndfs: %w", err)
		}
	} else if S.N != n {
		return fmt.Errorf("ndfs: the affinity matrix is %d x %d for %d samples", S.N, S.N, n)
	}
	r := min(n, d)
	if err := memory.Check(fmt.Sprintf("ndfs: the %d x %d system", r, r), 2*memory.Dense(r, r)+memory.Dense(n, d)); err != nil {
		return err
	}
	// The indicator starts from k-means with scikit-learn's defaults (10
	// k-means++ restarts), as scikit-feature's ndfs does.
	km, err := kmeans.KMeans(context.Background(), X, kmeans.Options{K: p.NClusters, Seed: m.Seed ^ seedStream})
	if err != nil {
		return fmt.Errorf("ndfs: %w", err)
	}
	F := initialIndicator(km.Labels, p.NClusters)
	W, obj, converged, err := iterate(X, S, F, p)
	if err != nil {
		return err
	}
	scores := make([]float64, d)
	for i := range scores {
		scores[i] = floats.Norm(W.RawRowView(i), 2)
	}
	m.scores, m.objective, m.converged = scores, obj, converged
	m.selected = selection.Top(selection.Order(scores, true, selection.ConstantColumns(X)), m.K)
	return nil
}

// resolved returns m with the defaults filled in, or an error; n < 0 skips
// the checks against the number of samples.
func (m *NDFS) resolved(n int) (NDFS, error) {
	p := *m
	def := func(v *float64, d float64) {
		if *v == 0 {
			*v = d
		}
	}
	def(&p.Alpha, DefaultAlpha)
	def(&p.Beta, DefaultBeta)
	def(&p.Gamma, DefaultGamma)
	def(&p.Tol, DefaultTol)
	if p.NClusters == 0 {
		p.NClusters = DefaultClusters
	}
	if p.MaxIter == 0 {
		p.MaxIter = DefaultMaxIter
	}
	for _, v := range []float64{p.Alpha, p.Beta, p.Gamma, p.Tol} {
		if !(v > 0) || math.IsInf(v, 0) {
			return p, fmt.Errorf("ndfs: alpha, beta, gamma and tol must be positive numbers (got %v, %v, %v, %v)", p.Alpha, p.Beta, p.Gamma, p.Tol)
		}
	}
	if p.NClusters < 1 || (n >= 0 && p.NClusters > n) {
		return p, fmt.Errorf("ndfs: %d clusters of %d samples", p.NClusters, n)
	}
	if p.MaxIter < 1 {
		return p, fmt.Errorf("ndfs: max_iter = %d: want a positive number", p.MaxIter)
	}
	return p, nil
}

// initialIndicator returns Y (Y'Y)^-1/2 + 0.02 for the partition labels
// (scikit-feature's kmeans_initialization).
func initialIndicator(labels []int, c int) *mat.Dense {
	n := len(labels)
	count := make([]float64, c)
	for _, l := range labels {
		count[l]++
	}
	F := mat.NewDense(n, c, nil)
	for i, l := range labels {
		row := F.RawRowView(i)
		for j := range row {
			row[j] = 0.02
		}
		row[l] += 1 / math.Sqrt(count[l])
	}
	return F
}

// iterate runs the NDFS updates from F and returns W, the objective of
// every iteration and whether it converged.
func iterate(X *mat.Dense, S *graph.Sparse, F *mat.Dense, p NDFS) (*mat.Dense, []float64, bool, error) {
	n, d := X.Dims()
	c := p.NClusters
	deg := S.Degrees()
	dw := make([]float64, d)
	for i := range dw {
		dw[i] = 1 // D_w = I at first
	}
	sol := newSolver(X)
	var (
		W, XW, FtF, FFtF mat.Dense
		obj              []float64
	)
	MF := mat.NewDense(n, c, nil)
	lap := func(dst, F *mat.Dense) { // dst = L F = D F - S F
		SF := S.MulDense(F, p.Graph.Workers)
		for i := 0; i < n; i++ {
			row, sf, f := dst.RawRowView(i), SF.RawRowView(i), F.RawRowView(i)
			for j := range row {
				row[j] = deg[i]*f[j] - sf[j]
			}
		}
	}
	// mf sets MF = L F + alpha (F - X T X' F) and returns X T X' F's W = T X' F.
	mf := func(F *mat.Dense) {
		sol.apply(&W, &XW, F)
		lap(MF, F)
		for i := 0; i < n; i++ {
			row, f, xw := MF.RawRowView(i), F.RawRowView(i), XW.RawRowView(i)
			for j := range row {
				row[j] += p.Alpha * (f[j] - xw[j])
			}
		}
	}
	converged := false
	for it := 0; it < p.MaxIter; it++ {
		lambda := make([]float64, d)
		for i, v := range dw {
			lambda[i] = p.Beta*v + 1e-6
		}
		if err := sol.factor(lambda); err != nil {
			return nil, nil, false, err
		}
		// W = T X'F, then D_w from its rows, and M F with the same T.
		mf(F)
		Wt := mat.DenseCopyOf(&W)
		for i := range dw {
			dw[i] = 0.5 / math.Max(floats.Norm(Wt.RawRowView(i), 2), 1e-16)
		}
		// Multiplicative update of F (the authors' eps guards the ratio),
		// then unit columns.
		FtF.Mul(F.T(), F)
		FFtF.Mul(F, &FtF)
		const tiny = 0x1p-52
		for i := 0; i < n; i++ {
			f, mfr, fff := F.RawRowView(i), MF.RawRowView(i), FFtF.RawRowView(i)
			for j := range f {
				ratio := (p.Gamma*f[j] + tiny) / (mfr[j] + p.Gamma*fff[j] + tiny)
				if ratio > 0 && !math.IsInf(ratio, 0) {
					f[j] *= ratio
				}
			}
		}
		for j := 0; j < c; j++ {
			var s float64
			for i := 0; i < n; i++ {
				s += F.At(i, j) * F.At(i, j)
			}
			s = 1 / math.Sqrt(s+1e-16)
			for i := 0; i < n; i++ {
				F.Set(i, j, F.At(i, j)*s)
			}
		}
		// Objective tr(F'MF) + gamma/4 ||F'F - I||^2 at the new F.
		mf(F)
		W.Copy(Wt)
		var tr float64
		for i := 0; i < n; i++ {
			tr += floats.Dot(F.RawRowView(i), MF.RawRowView(i))
		}
		FtF.Mul(F.T(), F)
		var pen float64
		for a := 0; a < c; a++ {
			for b := 0; b < c; b++ {
				e := FtF.At(a, b)
				if a == b {
					e--
				}
				pen += e * e
			}
		}
		obj = append(obj, tr+p.Gamma/4*pen)
		if it >= 1 && math.Abs(obj[it]-obj[it-1]) < p.Tol {
			converged = true
			break
		}
	}
	return &W, obj, converged, nil
}

// solver applies T = (X'X + Lambda)^-1 for a diagonal Lambda > 0.
type solver struct {
	X      *mat.Dense
	dual   bool
	XtX    *mat.SymDense // primal: X'X
	chol   mat.Cholesky
	lambda []float64
}

func newSolver(X *mat.Dense) *solver {
	n, d := X.Dims()
	s := &solver{X: X, dual: d > n}
	if !s.dual {
		s.XtX = mat.NewSymDense(d, nil)
		s.XtX.SymOuterK(1, X.T())
	}
	return s
}

// factor factorizes X'X + Lambda (primal) or X Lambda^-1 X' + I (dual).
func (s *solver) factor(lambda []float64) error {
	s.lambda = lambda
	n, d := s.X.Dims()
	var A *mat.SymDense
	if s.dual {
		Xs := mat.DenseCopyOf(s.X)
		for i := 0; i < n; i++ {
			row := Xs.RawRowView(i)
			for j := range row {
				row[j] /= math.Sqrt(lambda[j])
			}
		}
		A = mat.NewSymDense(n, nil)
		A.SymOuterK(1, Xs)
		for i := 0; i < n; i++ {
			A.SetSym(i, i, A.At(i, i)+1)
		}
	} else {
		A = mat.NewSymDense(d, nil)
		A.CopySym(s.XtX)
		for i := 0; i < d; i++ {
			A.SetSym(i, i, A.At(i, i)+lambda[i])
		}
	}
	if !s.chol.Factorize(A) {
		return fmt.Errorf("ndfs: the regression system is not positive definite (non-finite data?)")
	}
	return nil
}

// apply sets W = T X'F and XW = X W.
func (s *solver) apply(W, XW *mat.Dense, F *mat.Dense) {
	if s.dual {
		var Q mat.Dense
		_ = s.chol.SolveTo(&Q, F) // (X Lambda^-1 X' + I)^-1 F
		W.Mul(s.X.T(), &Q)
		d, _ := W.Dims()
		for i := 0; i < d; i++ {
			floats.Scale(1/s.lambda[i], W.RawRowView(i))
		}
	} else {
		var XtF mat.Dense
		XtF.Mul(s.X.T(), F)
		_ = s.chol.SolveTo(W, &XtF)
	}
	XW.Mul(s.X, W)
}

// Selected returns the selected columns, largest ||w_i|| first.
func (m *NDFS) Selected() []int { return m.selected }

// Scores returns ||w_i|| for every column: higher is better.
func (m *NDFS) Scores() []float64 { return m.scores }

// Report gives the objective of every iteration, their number and whether
// the objective settled before MaxIter.
func (m *NDFS) Report() map[string]any {
	return map[string]any{
		"objective":  m.objective,
		"iterations": len(m.objective),
		"converged":  m.converged,
	}
}
