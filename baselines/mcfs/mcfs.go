package mcfs

import (
	"fmt"
	"github.com/gsbench/gsbench/internal/memory"
	"math"

	"gonum.org/v1/gonum/mat"

	"github.com/gsbench/gsbench/baselines/graph"
	"github.com/gsbench/gsbench/baselines/internal/lars"
	"github.com/gsbench/gsbench/baselines/internal/selection"
	"github.com/gsbench/gsbench/internal/linalg"
)

// DefaultClusters is scikit-feature's default number of eigenvectors.
const DefaultClusters = 5

// MCFS selects K features by multi-cluster feature selection. Start from
// New, which holds the defaults.
type MCFS struct {
	K         int           `param:"k" doc:"number of features to select, and nonzero LARS coefficients per eigenvector (0 ranks all)"`
	NClusters int           `param:"n_clusters" doc:"eigenvectors of the spectral embedding (scikit-feature's default 5; the number of classes is the usual choice)"`
	Graph     graph.Options `param:",inline"` // the affinity graph
	W         *graph.Sparse // a precomputed n x n affinity matrix; overrides Graph

	scores      []float64
	coef        *mat.Dense
	selected    []int
	eigenvalues []float64
	active      []int
	dropped     int
}

// New returns MCFS with scikit-feature's defaults: 5 clusters on the graph
// of its construct_W examples (graph.DefaultOptions).
func New() *MCFS { return &MCFS{NClusters: DefaultClusters, Graph: graph.DefaultOptions()} }

// Validate checks the parameters that do not depend on the data.
func (m *MCFS) Validate() error {
	switch {
	case m.K < 0:
		return fmt.Errorf("mcfs: k = %d: want 0 (rank all) or a positive number", m.K)
	case m.NClusters < 1:
		return fmt.Errorf("mcfs: n_clusters = %d: want a positive number", m.NClusters)
	}
	if m.W == nil {
		if _, err := m.Graph.Resolved(); err != nil {
			return fmt.Errorf("mcfs: %w", err)
		}
	}
	return nil
}

// Fit selects the features of X. y is ignored.
func (m *MCFS) Fit(X *mat.Dense, _ []int) error {
	if err := m.Validate(); err != nil {
		return err
	}
	if err := selection.Check("mcfs", X, m.K); err != nil {
		return err
	}
	n, d := X.Dims()
	c := m.NClusters
	if c+1 > n {
		return fmt.Errorf("mcfs: %d clusters need 1 <= n_clusters <= n-1 = %d", c, n-1)
	}
	W := m.W
	if W == nil {
		var err error
		if W, err = graph.Affinity(X, m.Graph); err != nil {
			return fmt.Errorf("mcfs: %w", err)
		}
	} else if W.N != n {
		return fmt.Errorf("mcfs: the affinity matrix is %d x %d for %d samples", W.N, W.N, n)
	}
	Y, mu, err := embed(W, c)
	if err != nil {
		return err
	}
	p := lars.NewProblem(X)
	scores := make([]float64, d)
	coef := mat.NewDense(d, c, nil)
	m.active = m.active[:0]
	m.dropped = 0
	col := make([]float64, n)
	for k := 0; k < c; k++ {
		mat.Col(col, k, Y)
		res, err := p.Fit(col, m.K)
		if err != nil {
			return fmt.Errorf("mcfs: %w", err)
		}
		coef.SetCol(k, res.Coef)
		for j, a := range res.Coef {
			scores[j] = math.Max(scores[j], math.Abs(a)) // Cai et al. Sec. 3.3
		}
		m.active = append(m.active, len(res.Active))
		m.dropped += len(res.Dropped)
	}
	m.scores = scores
	m.coef = coef
	m.eigenvalues = mu
	m.selected = selection.Top(selection.Order(scores, true, selection.ConstantColumns(X)), m.K)
	return nil
}

// embed returns the n x c embedding D^-1/2 v_2..v_{c+1} and the eigenvalues
// of D^-1/2 W D^-1/2 it comes from (the trivial one, 1, first).
func embed(W *graph.Sparse, c int) (*mat.Dense, []float64, error) {
	n := W.N
	if err := memory.Check(fmt.Sprintf("mcfs: the dense %d x %d normalized affinity", n, n), 2*memory.Dense(n, n)); err != nil {
		return nil, nil, err
	}
	deg := W.Degrees()
	isd := make([]float64, n)
	for i, v := range deg {
		if !(v > 0) {
			return nil, nil, fmt.Errorf("mcfs: sample %d has no neighbour with a positive weight (raise the heat-kernel width t)", i)
		}
		isd[i] = 1 / math.Sqrt(v)
	}
	A := mat.NewSymDense(n, nil)
	for i := 0; i < n; i++ {
		cols, vals := W.Row(i)
		for p, j := range cols {
			if j >= i {
				A.SetSym(i, j, isd[i]*vals[p]*isd[j])
			}
		}
	}
	mu, V, err := linalg.EigenSym(A, c+1, true)
	if err != nil {
		return nil, nil, fmt.Errorf("mcfs: %w", err)
	}
	Y := mat.NewDense(n, c, nil)
	for i := 0; i < n; i++ {
		for k := 0; k < c; k++ {
			Y.Set(i, k, isd[i]*V.At(i, k+1))
		}
	}
	return Y, mu, nil
}

// Selected returns the selected columns, highest score first.
func (m *MCFS) Selected() []int { return m.selected }

// Scores returns max_k |a_kj| for every column: higher is better; 0 for a
// feature no regression used.
func (m *MCFS) Scores() []float64 { return m.scores }

// Coefficients returns the d x n_clusters matrix of regression
// coefficients, one column per embedding vector (whose sign, like that of
// any eigenvector, is arbitrary: package linalg makes the entry of largest
// magnitude of each eigenvector of D^-1/2 W D^-1/2 positive).
func (m *MCFS) Coefficients() *mat.Dense { return m.coef }

// Report gives the eigenvalues of D^-1/2 W D^-1/2 used (the trivial 1
// first), the number of active features of each regression, and the number
// of features LARS dropped as linearly dependent.
func (m *MCFS) Report() map[string]any {
	return map[string]any{
		"eigenvalues":       m.eigenvalues,
		"lars_active":       m.active,
		"lars_dropped":      m.dropped,
		"embedding_vectors": len(m.active),
	}
}
