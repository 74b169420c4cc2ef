package ndfs

import (
	"context"
	"fmt"
	"math"

	"gonum.org/v1/gonum/floats"
	"gonum.org/v1/gonum/mat"

	"github.com/gsbench/gsbench/baselines/graph"
	"github.com/gsbench/gsbench/baselines/internal/selection"
	"github.com/gsbench/gsbench/internal/memory"
	"github.com/gsbench/gsbench/learn/kmeans"
	"github.com/gsbench/gsbench/preprocess"
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

// Laplacian is the graph Laplacian in the term tr(F' L F).
type Laplacian string

// The Laplacians.
const (
	// DMinusW is L = D - S, D = diag(S 1): the paper's Laplacian.
	DMinusW Laplacian = "d-minus-w"
	// ScikitFeature is what scikit-feature's ndfs computes as
	// L = np.array(W.sum(1))[:, 0] - W: numpy broadcasts the row sums d
	// along the rows, L_ij = d_j - S_ij (1 d' - S, not D - S), and the
	// symmetrization M = (M + M')/2 makes it (1 d' + d 1')/2 - S.
	ScikitFeature Laplacian = "scikit-feature"
)

// Choices lists the Laplacians.
func (Laplacian) Choices() []string { return []string{string(DMinusW), string(ScikitFeature)} }

// OrthNorm is how the orthogonality term of the reported objective, the one
// Tol is checked against, measures F'F - I.
type OrthNorm string

// The measures of F'F - I.
const (
	// Squared is (gamma/4) ||F'F - I||_F^2, the term whose gradient the
	// update of F uses (the paper's objective).
	Squared OrthNorm = "squared"
	// Unsquared is (gamma/4) ||F'F - I||_F, scikit-feature's objective
	// (np.linalg.norm(..., 'fro') without the square).
	Unsquared OrthNorm = "unsquared"
)

// Choices lists the measures.
func (OrthNorm) Choices() []string { return []string{string(Squared), string(Unsquared)} }

// seedStream separates NDFS's random stream from other users of a seed.
const seedStream = 0x6e646673 // "ndfs"

// NDFS selects the K features of largest ||w_i||. Start from New, which
// holds the defaults.
type NDFS struct {
	K         int           `param:"k" doc:"number of features to select (0 ranks all); largest ||w_i|| first"`
	NClusters int           `param:"n_clusters" doc:"columns of the cluster indicator F (k-means initialized)"`
	Alpha     float64       `param:"alpha" doc:"weight of the regression term ||XW - F||^2"`
	Beta      float64       `param:"beta" doc:"weight of the l2,1 penalty on W"`
	Gamma     float64       `param:"gamma" doc:"weight of the orthogonality penalty ||F'F - I||^2 (scikit-feature: 10e8)"`
	MaxIter   int           `param:"max_iter" doc:"iteration cap"`
	Tol       float64       `param:"tol" doc:"stop when the objective changes by less than tol"`
	Seed      uint64        `param:"seed" doc:"seed of the k-means initialization"`
	Laplacian Laplacian     `param:"laplacian" key:"omitdefault" doc:"graph Laplacian of tr(F'LF): d-minus-w (D - S, the paper's) or scikit-feature (its L = W.sum(1) - W, which numpy broadcasts to L_ij = d_j - S_ij; with orth_norm unsquared this reproduces scikit-feature's ndfs)"`
	OrthNorm  OrthNorm      `param:"orth_norm" key:"omitdefault" doc:"orthogonality term of the objective that tol stops on: squared ((gamma/4)||F'F - I||_F^2, the paper's) or unsquared ((gamma/4)||F'F - I||_F, scikit-feature's)"`
	Graph     graph.Options `param:",inline"` // the affinity graph
	S         *graph.Sparse // a precomputed n x n affinity matrix; overrides Graph

	// f0, when set, replaces the k-means initialization of F (tests
	// compare with scikit-feature's ndfs called with the same F0).
	f0 *mat.Dense

	scores    []float64
	selected  []int
	objective []float64
	converged bool
}

// New returns NDFS with scikit-feature's defaults (alpha = beta = 1,
// gamma = 10e8, 1000 iterations, tol 1e-3), 5 clusters (the default of
// MCFS and UDFS) and the graph of graph.DefaultOptions.
func New() *NDFS {
	return &NDFS{NClusters: DefaultClusters, Alpha: DefaultAlpha, Beta: DefaultBeta, Gamma: DefaultGamma,
		MaxIter: DefaultMaxIter, Tol: DefaultTol, Laplacian: DMinusW, OrthNorm: Squared, Graph: graph.DefaultOptions()}
}

// Validate checks the parameters that do not depend on the data.
func (m *NDFS) Validate() error {
	switch {
	case m.K < 0:
		return fmt.Errorf("ndfs: k = %d: want 0 (rank all) or a positive number", m.K)
	case m.NClusters < 1:
		return fmt.Errorf("ndfs: n_clusters = %d: want a positive number", m.NClusters)
	case m.MaxIter < 1:
		return fmt.Errorf("ndfs: max_iter = %d: want a positive number", m.MaxIter)
	case m.Laplacian != DMinusW && m.Laplacian != ScikitFeature:
		return fmt.Errorf("ndfs: laplacian = %q: want %s or %s", m.Laplacian, DMinusW, ScikitFeature)
	case m.OrthNorm != Squared && m.OrthNorm != Unsquared:
		return fmt.Errorf("ndfs: orth_norm = %q: want %s or %s", m.OrthNorm, Squared, Unsquared)
	}
	for _, v := range []float64{m.Alpha, m.Beta, m.Gamma, m.Tol} {
		if !(v > 0) || math.IsInf(v, 0) {
			return fmt.Errorf("ndfs: alpha, beta, gamma and tol must be positive numbers (got %v, %v, %v, %v)", m.Alpha, m.Beta, m.Gamma, m.Tol)
		}
	}
	if m.S == nil {
		if _, err := m.Graph.Resolved(); err != nil {
			return fmt.Errorf("ndfs: %w", err)
		}
	}
	return nil
}

// Fit selects the columns of X. y is ignored.
func (m *NDFS) Fit(X *mat.Dense, y []int) error { return m.FitContext(context.Background(), X, y) }

// FitContext is Fit, stopped with ctx's error when ctx is canceled.
func (m *NDFS) FitContext(ctx context.Context, X *mat.Dense, _ []int) error {
	if err := m.Validate(); err != nil {
		return err
	}
	if err := selection.Check("ndfs", X, m.K); err != nil {
		return err
	}
	n, d := X.Dims()
	if m.NClusters > n {
		return fmt.Errorf("ndfs: %d clusters of %d samples", m.NClusters, n)
	}
	S := m.S
	if S == nil {
		var err error
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
	var F *mat.Dense
	if m.f0 != nil {
		if r, c := m.f0.Dims(); r != n || c != m.NClusters {
			return fmt.Errorf("ndfs: the initial indicator is %d x %d, want %d x %d", r, c, n, m.NClusters)
		}
		F = mat.DenseCopyOf(m.f0)
	} else {
		// The indicator starts from k-means with scikit-learn's defaults (10
		// k-means++ restarts), as scikit-feature's ndfs does.
		km, err := kmeans.KMeans(ctx, X, kmeans.Options{K: m.NClusters, Seed: m.Seed ^ seedStream})
		if err != nil {
			return fmt.Errorf("ndfs: %w", err)
		}
		F = initialIndicator(km.Labels, m.NClusters)
	}
	W, obj, converged, err := iterate(ctx, X, S, F, m)
	if err != nil {
		return err
	}
	scores := make([]float64, d)
	for i := range scores {
		scores[i] = floats.Norm(W.RawRowView(i), 2)
	}
	m.scores, m.objective, m.converged = scores, obj, converged
	m.selected = selection.Top(selection.Order(scores, true, preprocess.ConstantColumns(X)), m.K)
	return nil
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
func iterate(ctx context.Context, X *mat.Dense, S *graph.Sparse, F *mat.Dense, p *NDFS) (*mat.Dense, []float64, bool, error) {
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
		if p.Laplacian == ScikitFeature {
			// ((1 d' + d 1')/2 - S) F = (1 (d'F) + d (1'F))/2 - S F.
			dF, sF := make([]float64, c), make([]float64, c)
			for i := 0; i < n; i++ {
				f := F.RawRowView(i)
				floats.AddScaled(dF, deg[i], f)
				floats.Add(sF, f)
			}
			for i := 0; i < n; i++ {
				row, sf := dst.RawRowView(i), SF.RawRowView(i)
				for j := range row {
					row[j] = 0.5*(dF[j]+deg[i]*sF[j]) - sf[j]
				}
			}
			return
		}
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
		if err := ctx.Err(); err != nil {
			return nil, nil, false, err
		}
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
		// Objective tr(F'MF) + gamma/4 ||F'F - I||^2 (or ||F'F - I|| with
		// OrthNorm unsquared) at the new F.
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
		if p.OrthNorm == Unsquared {
			pen = math.Sqrt(pen)
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

// RankingIgnoresK reports that k only cuts the ranking: a fit with k
// selects the first k features of the fit with k = 0 (methods.Ranker).
func (m *NDFS) RankingIgnoresK() bool { return true }
