package mcfs

import (
	"fmt"
	"math"

	"gonum.org/v1/gonum/mat"

	"github.com/gsbench/gsbench/baselines/graph"
	"github.com/gsbench/gsbench/baselines/internal/lars"
	"github.com/gsbench/gsbench/baselines/internal/selection"
	"github.com/gsbench/gsbench/internal/linalg"
	"github.com/gsbench/gsbench/internal/memory"
	"github.com/gsbench/gsbench/preprocess"
)

// DefaultClusters is scikit-feature's default number of eigenvectors.
const DefaultClusters = 5

// LARS is the least angle regression that solves the sparse regressions.
type LARS string

// The LARS variants (package doc: "Sparse regression").
const (
	// Textbook is LAR of Efron et al. (2004): k variables enter, the active
	// correlations stay equal; a coefficient may cross zero.
	Textbook LARS = "textbook"
	// SKLearn is scikit-learn's lars_path(method="lar") step for step, as
	// Lars(n_nonzero_coefs=k) in scikit-feature's mcfs runs it: k steps,
	// where a step after a coefficient crossed zero flips its sign and adds
	// no variable.
	SKLearn LARS = "sklearn"
)

// Choices lists the LARS variants.
func (LARS) Choices() []string { return []string{string(Textbook), string(SKLearn)} }

// MCFS selects K features by multi-cluster feature selection. Start from
// New, which holds the defaults.
type MCFS struct {
	K         int           `param:"k" doc:"number of features to select, and nonzero LARS coefficients per eigenvector (lars sklearn: LARS steps); 0 ranks all"`
	NClusters int           `param:"n_clusters" doc:"eigenvectors of the spectral embedding (scikit-feature's default 5; the number of classes is the usual choice)"`
	LARS      LARS          `param:"lars" key:"omitdefault" doc:"least angle regression: textbook (Efron et al.'s LAR, k variables enter) or sklearn (scikit-learn's Lars(n_nonzero_coefs=k) step for step, as scikit-feature's mcfs: k steps, a coefficient crossing zero flips its sign and costs a step, so fewer than k may enter)"`
	Graph     graph.Options `param:",inline"` // the affinity graph
	W         *graph.Sparse // a precomputed n x n affinity matrix; overrides Graph

	scores      []float64
	coef        *mat.Dense
	selected    []int
	eigenvalues []float64
	active      []int
	dropped     int
	signChanges int
}

// New returns MCFS with scikit-feature's defaults: 5 clusters on the graph
// of its construct_W examples (graph.DefaultOptions), and textbook LAR (the
// LAR of the paper's reference, Efron et al.; LARS sklearn reproduces
// scikit-feature's mcfs).
func New() *MCFS {
	return &MCFS{NClusters: DefaultClusters, LARS: Textbook, Graph: graph.DefaultOptions()}
}

// Validate checks the parameters that do not depend on the data.
func (m *MCFS) Validate() error {
	switch {
	case m.K < 0:
		return fmt.Errorf("mcfs: k = %d: want 0 (rank all) or a positive number", m.K)
	case m.NClusters < 1:
		return fmt.Errorf("mcfs: n_clusters = %d: want a positive number", m.NClusters)
	case m.LARS != Textbook && m.LARS != SKLearn:
		return fmt.Errorf("mcfs: lars = %q: want %s or %s", m.LARS, Textbook, SKLearn)
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
	m.dropped, m.signChanges = 0, 0
	col := make([]float64, n)
	for k := 0; k < c; k++ {
		mat.Col(col, k, Y)
		var res lars.Result
		if m.LARS == SKLearn {
			res, err = p.FitSKLearn(col, m.K, false)
		} else {
			res, err = p.Fit(col, m.K)
		}
		if err != nil {
			return fmt.Errorf("mcfs: %w", err)
		}
		coef.SetCol(k, res.Coef)
		for j, a := range res.Coef {
			scores[j] = math.Max(scores[j], math.Abs(a)) // Cai et al. Sec. 3.3
		}
		m.active = append(m.active, len(res.Active))
		m.dropped += len(res.Dropped)
		m.signChanges += len(res.SignChanges)
	}
	m.scores = scores
	m.coef = coef
	m.eigenvalues = mu
	m.selected = selection.Top(selection.Order(scores, true, preprocess.ConstantColumns(X)), m.K)
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
// first), the number of active features of each regression, the number of
// features LARS dropped as linearly dependent and, for LARS sklearn, the
// number of sign flips of active coefficients over all regressions.
func (m *MCFS) Report() map[string]any {
	r := map[string]any{
		"eigenvalues":       m.eigenvalues,
		"lars_active":       m.active,
		"lars_dropped":      m.dropped,
		"embedding_vectors": len(m.active),
	}
	if m.LARS == SKLearn {
		r["lars_sign_changes"] = m.signChanges
	}
	return r
}
