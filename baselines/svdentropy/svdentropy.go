package svdentropy

import (
	"fmt"
	"math"

	"gonum.org/v1/gonum/mat"

	"github.com/gsbench/gsbench/baselines/internal/selection"
	"github.com/gsbench/gsbench/internal/linalg"
	"github.com/gsbench/gsbench/internal/memory"
	"github.com/gsbench/gsbench/internal/par"
	"github.com/gsbench/gsbench/preprocess"
)

// SVDEntropy selects the K features of largest contribution to the
// SVD-entropy.
type SVDEntropy struct {
	K       int `param:"k" doc:"number of features to select (0 ranks all); largest contribution first"`
	Workers int // goroutines; 0 means GOMAXPROCS

	scores   []float64
	selected []int
	entropy  float64
}

// New returns the SVD-entropy ranking of every feature (simple ranking).
func New() *SVDEntropy { return &SVDEntropy{} }

// Validate checks the parameters that do not depend on the data.
func (m *SVDEntropy) Validate() error {
	if m.K < 0 {
		return fmt.Errorf("svd-entropy: k = %d: want 0 (rank all) or a positive number", m.K)
	}
	return nil
}

// Fit scores the columns of X (at least two). y is ignored.
func (m *SVDEntropy) Fit(X *mat.Dense, _ []int) error {
	if err := m.Validate(); err != nil {
		return err
	}
	if err := selection.Check("svd-entropy", X, m.K); err != nil {
		return err
	}
	n, d := X.Dims()
	if d < 2 {
		return fmt.Errorf("svd-entropy: %d feature: leaving one out needs at least two", d)
	}
	r := min(n, d)
	if err := memory.Check(fmt.Sprintf("svd-entropy: the %d x %d Gram matrix", r, r), 3*memory.Dense(r, r)+memory.Dense(r, d)); err != nil {
		return err
	}
	lambda, Z, err := spectrum(X)
	if err != nil {
		return err
	}
	full := Entropy(lambda, r)
	scores := make([]float64, d)
	nLOO := min(n, d-1)
	const chunk = 8
	par.Chunks(d, chunk, m.Workers, func(_, lo, hi int) {
		var ws workspace
		z := make([]float64, r)
		for i := lo; i < hi; i++ {
			mat.Col(z, i, Z)
			scores[i] = full - Entropy(downdate(lambda, z, &ws), nLOO)
		}
	})
	m.scores = scores
	m.entropy = full
	m.selected = selection.Top(selection.Order(scores, true, preprocess.ConstantColumns(X)), m.K)
	return nil
}

// spectrum returns the squared singular values lambda of X (decreasing,
// min(n, d) of them) and the r x d matrix Z whose column i is the vector z
// of the downdate that removes column i: X X' - x_i x_i' = U (diag(lambda)
// - z z') U'. They come from the eigendecomposition of the smaller Gram
// matrix: with X'X = V diag(lambda) V' (d <= n), z = diag(sqrt(lambda)) v_i
// (v_i the i-th row of V); with X X' = U diag(lambda) U' (d > n), Z = U'X.
func spectrum(X *mat.Dense) ([]float64, *mat.Dense, error) {
	n, d := X.Dims()
	var G mat.SymDense
	if d <= n {
		G.SymOuterK(1, X.T())
	} else {
		G.SymOuterK(1, X)
	}
	lambda, E, err := linalg.EigenSym(&G, 0, true)
	if err != nil {
		return nil, nil, fmt.Errorf("svd-entropy: %w", err)
	}
	for j, v := range lambda {
		lambda[j] = math.Max(0, v)
	}
	if d > n {
		var Z mat.Dense
		Z.Mul(E.T(), X)
		return lambda, &Z, nil
	}
	Z := mat.NewDense(d, d, nil)
	for j, v := range lambda {
		sv := math.Sqrt(v)
		for i := 0; i < d; i++ {
			Z.Set(j, i, sv*E.At(i, j))
		}
	}
	return lambda, Z, nil
}

// Selected returns the selected columns, largest contribution first.
func (m *SVDEntropy) Selected() []int { return m.selected }

// Scores returns the contribution CE_i of every column to the entropy:
// higher is better.
func (m *SVDEntropy) Scores() []float64 { return m.scores }

// Report gives the SVD-entropy of the whole matrix.
func (m *SVDEntropy) Report() map[string]any { return map[string]any{"entropy": m.entropy} }

// Entropy returns -(1/log N) sum_j V_j log V_j with V_j = ev_j / sum ev, for
// the squared singular values ev (zeros contribute nothing). It is 0 when
// N <= 1 or all values are zero.
func Entropy(ev []float64, N int) float64 {
	var total float64
	for _, v := range ev {
		total += v
	}
	if N <= 1 || !(total > 0) {
		return 0
	}
	var h float64
	for _, v := range ev {
		if p := v / total; p > 0 {
			h -= p * math.Log(p)
		}
	}
	return h / math.Log(float64(N))
}

// RankingIgnoresK reports that k only cuts the ranking: a fit with k
// selects the first k features of the fit with k = 0 (methods.Ranker).
func (m *SVDEntropy) RankingIgnoresK() bool { return true }
