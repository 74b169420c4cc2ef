package lapscore

import (
	"fmt"

	"gonum.org/v1/gonum/mat"

	"github.com/gsbench/gsbench/baselines/graph"
	"github.com/gsbench/gsbench/baselines/internal/selection"
	"github.com/gsbench/gsbench/preprocess"
)

// MaxScore is the score given to a constant column, whose Laplacian score is
// 0/0. It is the largest score any column can have with nonnegative weights
// (f'Lf <= 2 f'Df because f'(D + W)f >= 0), and constant columns are
// ranked last in any case.
const MaxScore = 2

// LaplacianScore selects the K features of lowest Laplacian score. Start
// from New, which holds the defaults.
type LaplacianScore struct {
	K     int           `param:"k" doc:"number of features to select (0 ranks all); lowest Laplacian score first"`
	Graph graph.Options `param:",inline"` // the affinity graph
	W     *graph.Sparse // a precomputed n x n affinity matrix; overrides Graph

	scores   []float64
	selected []int
	offDiag  float64
}

// New returns the Laplacian score on the graph of scikit-feature's
// construct_W examples: 5-NN, heat kernel, t = 1, self-loops.
func New() *LaplacianScore { return &LaplacianScore{Graph: graph.DefaultOptions()} }

// Validate checks the parameters that do not depend on the data.
func (m *LaplacianScore) Validate() error {
	if m.K < 0 {
		return fmt.Errorf("ls: k = %d: want 0 (rank all) or a positive number", m.K)
	}
	if m.W == nil {
		if _, err := m.Graph.Resolved(); err != nil {
			return fmt.Errorf("ls: %w", err)
		}
	}
	return nil
}

// Fit scores the columns of X. y is ignored.
func (m *LaplacianScore) Fit(X *mat.Dense, _ []int) error {
	if err := m.Validate(); err != nil {
		return err
	}
	if err := selection.Check("ls", X, m.K); err != nil {
		return err
	}
	W := m.W
	if W == nil {
		var err error
		if W, err = graph.Affinity(X, m.Graph); err != nil {
			return fmt.Errorf("ls: %w", err)
		}
	}
	scores, err := Scores(X, W, m.Graph.Workers)
	if err != nil {
		return err
	}
	m.scores = scores
	m.selected = selection.Top(selection.Order(scores, false, preprocess.ConstantColumns(X)), m.K)
	m.offDiag = W.OffDiagonalFraction()
	return nil
}

// Selected returns the selected columns, lowest score first.
func (m *LaplacianScore) Selected() []int { return m.selected }

// Scores returns the Laplacian score of every column: lower is better.
func (m *LaplacianScore) Scores() []float64 { return m.scores }

// Report gives the share of the affinity weight off the diagonal, and a
// warning when it is below graph.DegenerateWeight: the heat kernel
// underflowed and the graph is self-loops to within rounding.
func (m *LaplacianScore) Report() map[string]any {
	r := map[string]any{"affinity_offdiagonal_weight": m.offDiag}
	if m.offDiag < graph.DegenerateWeight {
		r["warning"] = graph.DegenerateWarning(m.offDiag, "raise t, or set t: 0 (auto: the mean distance to the neighbours)")
	}
	return r
}

// Scores returns the Laplacian score of every column of X on the symmetric,
// nonnegative n x n affinity matrix W, computed with the given number of
// goroutines (0 means GOMAXPROCS). Constant columns get MaxScore.
func Scores(X *mat.Dense, W *graph.Sparse, workers int) ([]float64, error) {
	n, d := X.Dims()
	if W.N != n {
		return nil, fmt.Errorf("ls: the affinity matrix is %d x %d for %d samples", W.N, W.N, n)
	}
	deg := W.Degrees()
	var total float64
	for _, v := range deg {
		total += v
	}
	if !(total > 0) {
		return nil, fmt.Errorf("ls: the affinity matrix has no positive weight")
	}
	num := W.LaplacianForms(X, workers) // f' L f, invariant to the shift f -> f~
	// c_r = f' D 1 / 1' D 1, then f~' D f~ in a second pass (no cancellation).
	c := make([]float64, d)
	for i := 0; i < n; i++ {
		for r, v := range X.RawRowView(i) {
			c[r] += deg[i] * v
		}
	}
	for r := range c {
		c[r] /= total
	}
	den := make([]float64, d)
	for i := 0; i < n; i++ {
		for r, v := range X.RawRowView(i) {
			e := v - c[r]
			den[r] += deg[i] * e * e
		}
	}
	constant := preprocess.ConstantColumns(X)
	scores := make([]float64, d)
	for r := range scores {
		if constant[r] || !(den[r] > 0) {
			scores[r] = MaxScore
			continue
		}
		scores[r] = num[r] / den[r]
	}
	return scores, nil
}

// RankingIgnoresK reports that k only cuts the ranking: a fit with k
// selects the first k features of the fit with k = 0 (methods.Ranker).
func (m *LaplacianScore) RankingIgnoresK() bool { return true }
