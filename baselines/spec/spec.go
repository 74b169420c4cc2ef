package spec

import (
	"fmt"
	"math"

	"gonum.org/v1/gonum/mat"

	"github.com/gsbench/gsbench/baselines/graph"
	"github.com/gsbench/gsbench/baselines/internal/selection"
	"github.com/gsbench/gsbench/internal/linalg"
	"github.com/gsbench/gsbench/internal/memory"
	"github.com/gsbench/gsbench/preprocess"
)

// Affinity is the similarity SPEC's graph is built from.
type Affinity string

// The affinities.
const (
	RBF Affinity = "rbf" // dense exp(-gamma ||x - y||^2) over all pairs (scikit-feature's default)
	KNN Affinity = "knn" // sparse k-nearest-neighbour graph (package graph)
)

// Choices lists the affinities.
func (Affinity) Choices() []string { return []string{string(RBF), string(KNN)} }

// Ranking is the order of SPEC's ranking functions.
type Ranking string

// The ranking orders.
const (
	Paper         Ranking = "paper"          // phi1, phi2 increasing, phi3 decreasing (Zhao & Liu)
	ScikitFeature Ranking = "scikit-feature" // phi1, phi2 decreasing, phi3 increasing
)

// Choices lists the ranking orders.
func (Ranking) Choices() []string { return []string{string(Paper), string(ScikitFeature)} }

// SPEC selects the K best features by one of SPEC's ranking functions.
// Start from New, which holds the defaults.
type SPEC struct {
	K        int      `param:"k" doc:"number of features to select (0 ranks all)"`
	Style    int      `param:"style" doc:"ranking function: -1 (f'Lf), 0 (normalized, default) or s >= 2 (s smallest eigenvalues)"`
	Ranking  Ranking  `param:"ranking" doc:"paper (phi1, phi2 ascending, phi3 descending; Zhao & Liu) or scikit-feature (the reverse, its spec.feature_ranking)"`
	Affinity Affinity `param:"affinity" doc:"rbf (dense exp(-gamma ||x-y||^2) over all pairs, scikit-feature's default) or knn (sparse k-NN graph)"`
	Gamma    float64  `param:"gamma" doc:"width of the rbf affinity exp(-gamma ||x - y||^2)"`
	// Graph is the knn affinity's graph.
	Graph   graph.Options `param:",inline"`
	Workers int           // goroutines; 0 means GOMAXPROCS

	scores   []float64
	selected []int
	offDiag  float64
}

// New returns SPEC with scikit-feature's defaults: style 0, the rbf
// affinity with gamma = 1, the paper's ranking order; the knn affinity, when
// chosen, uses graph.DefaultOptions.
func New() *SPEC {
	return &SPEC{Ranking: Paper, Affinity: RBF, Gamma: 1, Graph: graph.DefaultOptions()}
}

// Validate checks the parameters that do not depend on the data.
func (m *SPEC) Validate() error {
	switch {
	case m.K < 0:
		return fmt.Errorf("spec: k = %d: want 0 (rank all) or a positive number", m.K)
	case m.Style < -1 || m.Style == 1:
		return fmt.Errorf("spec: style %d: use -1, 0 or a number s >= 2 of eigenvalues", m.Style)
	case m.Ranking != Paper && m.Ranking != ScikitFeature:
		return fmt.Errorf("spec: ranking %q: use %s or %s", m.Ranking, Paper, ScikitFeature)
	case !(m.Gamma > 0) || math.IsInf(m.Gamma, 0):
		return fmt.Errorf("spec: gamma = %v: want a positive number", m.Gamma)
	case m.Affinity != RBF && m.Affinity != KNN:
		return fmt.Errorf("spec: affinity %q: use %s or %s", m.Affinity, RBF, KNN)
	}
	if m.Affinity == KNN {
		if _, err := m.Graph.Resolved(); err != nil {
			return fmt.Errorf("spec: %w", err)
		}
	}
	return nil
}

// Fit scores the columns of X. y is ignored.
func (m *SPEC) Fit(X *mat.Dense, _ []int) error {
	if err := m.Validate(); err != nil {
		return err
	}
	if err := selection.Check("spec", X, m.K); err != nil {
		return err
	}
	if n, _ := X.Dims(); m.Style > n {
		return fmt.Errorf("spec: style %d needs that many eigenvalues, but there are %d samples", m.Style, n)
	}
	var aff affinity
	var err error
	switch m.Affinity {
	case RBF:
		aff, err = newRBF(X, m.Gamma)
	case KNN:
		opt := m.Graph
		if opt.Workers == 0 {
			opt.Workers = m.Workers
		}
		var W *graph.Sparse
		if W, err = graph.Affinity(X, opt); err == nil {
			aff = sparseAffinity{W, m.Workers}
		}
	default:
		return fmt.Errorf("spec: affinity %q: use %s or %s", m.Affinity, RBF, KNN)
	}
	if err != nil {
		return fmt.Errorf("spec: %w", err)
	}
	scores, err := score(X, aff, m.Style)
	if err != nil {
		return err
	}
	constant := preprocess.ConstantColumns(X)
	higher := m.Style >= 2 // Zhao & Liu: phi3 larger is better, phi1/phi2 smaller
	if m.Ranking == ScikitFeature {
		higher = !higher
	}
	m.scores = scores
	m.selected = selection.Top(selection.Order(scores, higher, constant), m.K)
	m.offDiag = aff.offDiagonalFraction()
	return nil
}

// Selected returns the selected columns, best first (see Ranking).
func (m *SPEC) Selected() []int { return m.selected }

// Scores returns phi1, phi2 or phi3 of every column, as the style says:
// lower is better for styles -1 and 0, higher for styles s >= 2 (whatever
// the Ranking). A constant column gets the worst value of the range: 2 for
// phi1 and phi2 (the eigenvalues of L^ lie in [0, 2]), 0 for phi3.
func (m *SPEC) Scores() []float64 { return m.scores }

// Report gives the share of the affinity weight off the diagonal, and a
// warning when it is below graph.DegenerateWeight: the kernel underflowed,
// W is the identity to within rounding, and the scores rest on tiny weights
// or, when none is left, are all equal (the ranking is then column order).
func (m *SPEC) Report() map[string]any {
	r := map[string]any{"affinity_offdiagonal_weight": m.offDiag}
	if m.offDiag < graph.DegenerateWeight {
		fix := "lower gamma (e.g. 1 / (d * variance), scikit-learn's 'scale') or use affinity: knn with t: 0 (auto)"
		if m.Affinity == KNN {
			fix = "raise t, or set t: 0 (auto: the mean distance to the neighbours)"
		}
		r["warning"] = graph.DegenerateWarning(m.offDiag, fix)
	}
	return r
}

// affinity is what the scores need from W.
type affinity interface {
	degrees() []float64
	// laplacianForms returns f'(D - W)f for every column f of X.
	laplacianForms(X *mat.Dense) []float64
	// normalized returns D^-1/2 W D^-1/2 as a dense symmetric matrix.
	normalized(deg []float64) (*mat.SymDense, error)
	offDiagonalFraction() float64
}

type sparseAffinity struct {
	W       *graph.Sparse
	workers int
}

func (a sparseAffinity) degrees() []float64 { return a.W.Degrees() }
func (a sparseAffinity) laplacianForms(X *mat.Dense) []float64 {
	return a.W.LaplacianForms(X, a.workers)
}
func (a sparseAffinity) offDiagonalFraction() float64 { return a.W.OffDiagonalFraction() }
func (a sparseAffinity) normalized(deg []float64) (*mat.SymDense, error) {
	n := a.W.N
	if err := memory.Check(fmt.Sprintf("spec: the dense %d x %d normalized affinity", n, n), 2*memory.Dense(n, n)); err != nil {
		return nil, err
	}
	A := mat.NewSymDense(n, nil)
	for i := 0; i < n; i++ {
		cols, vals := a.W.Row(i)
		for p, j := range cols {
			if j >= i {
				A.SetSym(i, j, vals[p]/math.Sqrt(deg[i]*deg[j]))
			}
		}
	}
	return A, nil
}

// rbfAffinity is the dense kernel matrix with its diagonal kept apart: the
// off-diagonal part drives f'Lf, and keeping it separate avoids the
// cancellation of f'Df - f'Wf when the kernel is nearly the identity.
type rbfAffinity struct {
	off    *mat.Dense // W with a zero diagonal
	offDeg []float64  // its row sums, kept apart from the unit diagonal
	deg    []float64  // 1 + offDeg
}

func newRBF(X *mat.Dense, gamma float64) (*rbfAffinity, error) {
	n, _ := X.Dims()
	if err := memory.Check(fmt.Sprintf("spec: the dense %d x %d RBF kernel", n, n), 2*memory.Dense(n, n)); err != nil {
		return nil, err
	}
	var G mat.SymDense
	G.SymOuterK(1, X) // x_i . x_j, BLAS-3
	sq := make([]float64, n)
	for i := range sq {
		sq[i] = G.At(i, i)
	}
	off := mat.NewDense(n, n, nil)
	deg, offDeg := make([]float64, n), make([]float64, n)
	for i := 0; i < n; i++ {
		row := off.RawRowView(i)
		for j := i + 1; j < n; j++ {
			d2 := math.Max(0, sq[i]-2*G.At(i, j)+sq[j])
			w := math.Exp(-gamma * d2) // sklearn rbf_kernel
			row[j] = w
			off.Set(j, i, w)
		}
	}
	for i := 0; i < n; i++ {
		offDeg[i] = mat.Sum(off.RowView(i))
		deg[i] = 1 + offDeg[i] // W_ii = exp(0) = 1
	}
	return &rbfAffinity{off: off, offDeg: offDeg, deg: deg}, nil
}

func (a *rbfAffinity) degrees() []float64 { return a.deg }

func (a *rbfAffinity) laplacianForms(X *mat.Dense) []float64 {
	n, d := X.Dims()
	var WX mat.Dense
	WX.Mul(a.off, X)
	out := make([]float64, d)
	for i := 0; i < n; i++ {
		x, wx := X.RawRowView(i), WX.RawRowView(i)
		// f'(D - W)f without the diagonal; the off-diagonal degree is summed
		// apart, since deg - 1 rounds it away when the kernel is nearly the
		// identity (off-diagonal weights below 1e-16).
		offDeg := a.offDeg[i]
		for r, v := range x {
			out[r] += v * (offDeg*v - wx[r])
		}
	}
	for r := range out {
		out[r] = math.Max(0, out[r])
	}
	return out
}

func (a *rbfAffinity) offDiagonalFraction() float64 {
	var off, all float64
	for i, v := range a.deg {
		all += v
		off += a.offDeg[i]
	}
	return off / all
}

func (a *rbfAffinity) normalized(deg []float64) (*mat.SymDense, error) {
	n := len(deg)
	A := mat.NewSymDense(n, nil)
	for i := 0; i < n; i++ {
		A.SetSym(i, i, 1/deg[i])
		row := a.off.RawRowView(i)
		for j := i + 1; j < n; j++ {
			A.SetSym(i, j, row[j]/math.Sqrt(deg[i]*deg[j]))
		}
	}
	return A, nil
}

// score computes phi1, phi2 or phi3 of every column.
func score(X *mat.Dense, aff affinity, style int) ([]float64, error) {
	n, d := X.Dims()
	deg := aff.degrees()
	var total float64
	for i, v := range deg {
		if !(v > 0) {
			return nil, fmt.Errorf("spec: sample %d has no affinity with any sample (degree %v)", i, v)
		}
		total += v
	}
	constant := preprocess.ConstantColumns(X)
	// f'Df, f'D1 for every column.
	fDf := make([]float64, d)
	fD1 := make([]float64, d)
	for i := 0; i < n; i++ {
		for r, v := range X.RawRowView(i) {
			fDf[r] += deg[i] * v * v
			fD1[r] += deg[i] * v
		}
	}
	scores := make([]float64, d)
	if style >= 2 {
		return scores, phi3(X, aff, deg, style, fDf, constant, scores)
	}
	fLf := aff.laplacianForms(X)
	for r := range scores {
		if constant[r] || !(fDf[r] > 0) {
			scores[r] = 2
			continue
		}
		phi1 := fLf[r] / fDf[r]
		if style == -1 {
			scores[r] = phi1
			continue
		}
		// 1 - alpha_1^2 = f~'Df~ / f'Df with f~ = f - (f'D1 / 1'D1) 1,
		// computed from the D-centered column to avoid cancellation.
		c := fD1[r] / total
		var centered float64
		for i := 0; i < n; i++ {
			e := X.At(i, r) - c
			centered += deg[i] * e * e
		}
		if !(centered > 0) {
			scores[r] = 2
			continue
		}
		scores[r] = fLf[r] / centered // phi1 / (1 - alpha_1^2)
	}
	return scores, nil
}

// phi3 fills scores with sum_{j=2..s} (2 - lambda_j) alpha_j^2, using the s
// largest eigenpairs (mu_j, xi_j) of D^-1/2 W D^-1/2 = I - L^, so that
// lambda_j = 1 - mu_j and 2 - lambda_j = 1 + mu_j.
func phi3(X *mat.Dense, aff affinity, deg []float64, s int, fDf []float64, constant []bool, scores []float64) error {
	n, d := X.Dims()
	A, err := aff.normalized(deg)
	if err != nil {
		return err
	}
	mu, xi, err := linalg.EigenSym(A, s, true)
	if err != nil {
		return fmt.Errorf("spec: %w", err)
	}
	// alpha_j for every column: xi' D^1/2 X, scaled by 1/||D^1/2 f||.
	DX := mat.DenseCopyOf(X)
	for i := 0; i < n; i++ {
		row := DX.RawRowView(i)
		sd := math.Sqrt(deg[i])
		for r := range row {
			row[r] *= sd
		}
	}
	var alpha mat.Dense
	alpha.Mul(xi.T(), DX) // s x d
	for r := 0; r < d; r++ {
		if constant[r] || !(fDf[r] > 0) {
			scores[r] = 0
			continue
		}
		var v float64
		for j := 1; j < s; j++ { // skip the trivial pair (mu_1 = 1)
			a := alpha.At(j, r)
			v += (1 + mu[j]) * a * a
		}
		scores[r] = v / fDf[r]
	}
	return nil
}

// RankingIgnoresK reports that k only cuts the ranking: a fit with k
// selects the first k features of the fit with k = 0 (methods.Ranker).
func (m *SPEC) RankingIgnoresK() bool { return true }
