package traceratio

import (
	"fmt"
	"math"
	"slices"

	"gonum.org/v1/gonum/mat"

	"github.com/gsbench/gsbench/baselines/fisher"
	"github.com/gsbench/gsbench/baselines/internal/selection"
	"github.com/gsbench/gsbench/internal/linalg"
	"github.com/gsbench/gsbench/preprocess"
)

// DefaultMaxIter caps the iterations; the iteration converges in a handful.
const DefaultMaxIter = 100

// TraceRatio selects the K features maximizing the trace ratio. Start from
// New, which holds the defaults.
type TraceRatio struct {
	K       int `param:"k" doc:"size of the subset maximizing the trace ratio (required: the optimal subset depends on its size)"`
	MaxIter int `param:"max_iter" doc:"iteration cap (the iteration converges in a handful)"`

	scores    []float64
	selected  []int
	lambdas   []float64
	converged bool
}

// New returns the trace ratio selector with DefaultMaxIter iterations; K
// must be set.
func New() *TraceRatio { return &TraceRatio{MaxIter: DefaultMaxIter} }

// Validate checks the parameters that do not depend on the data.
func (m *TraceRatio) Validate() error {
	switch {
	case m.K < 1:
		return fmt.Errorf("trace-ratio: give the number of features k (at least 1): the optimal subset depends on its size")
	case m.MaxIter < 1:
		return fmt.Errorf("trace-ratio: max_iter = %d: want a positive number", m.MaxIter)
	}
	return nil
}

// Fit selects K columns of X with the class labels y.
func (m *TraceRatio) Fit(X *mat.Dense, y []int) error {
	if err := m.Validate(); err != nil {
		return err
	}
	if err := selection.Check("trace-ratio", X, m.K); err != nil {
		return err
	}
	_, d := X.Dims()
	maxIter := m.MaxIter
	b, w, err := fisher.Scatter(X, y)
	if err != nil {
		return fmt.Errorf("trace-ratio: %w", err)
	}
	constant := preprocess.ConstantColumns(X)
	// Floor the within-class scatter so that a feature constant within
	// classes has a large but finite ratio.
	wmax := 0.0
	for r := range w {
		if !constant[r] {
			wmax = math.Max(wmax, w[r])
		}
	}
	if !(wmax > 0) {
		return fmt.Errorf("trace-ratio: no feature has any within-class spread")
	}
	for r := range w {
		w[r] = math.Max(w[r], linalg.RelativeNoise*wmax)
	}
	ratio := make([]float64, d)
	for r := range ratio {
		if !constant[r] {
			ratio[r] = b[r] / w[r]
		}
	}
	subset := selection.Top(selection.Order(ratio, true, constant), m.K)
	lambda := subsetScore(b, w, subset)
	m.lambdas = []float64{lambda}
	m.converged = false
	scores := make([]float64, d)
	for it := 0; it < maxIter; it++ {
		for r := range scores {
			scores[r] = b[r] - lambda*w[r]
		}
		next := selection.Top(selection.Order(scores, true, constant), m.K)
		next = slices.Sorted(slices.Values(next))
		cur := slices.Sorted(slices.Values(subset))
		if slices.Equal(next, cur) {
			m.converged = true
			break
		}
		nl := subsetScore(b, w, next)
		if !(nl > lambda) { // cannot happen in exact arithmetic: stop on ties
			m.converged = true
			break
		}
		subset, lambda = next, nl
		m.lambdas = append(m.lambdas, lambda)
	}
	for r := range scores {
		scores[r] = b[r] - lambda*w[r]
	}
	inSubset := make([]bool, d)
	for _, r := range subset {
		inSubset[r] = true
	}
	order := selection.Order(scores, true, nil)
	m.selected = m.selected[:0]
	for _, r := range order {
		if inSubset[r] {
			m.selected = append(m.selected, r)
		}
	}
	m.scores = scores
	return nil
}

// subsetScore is sum b / sum w over the subset.
func subsetScore(b, w []float64, subset []int) float64 {
	var sb, sw float64
	for _, r := range subset {
		sb += b[r]
		sw += w[r]
	}
	return sb / sw
}

// Selected returns the K selected columns, highest feature-level score
// first.
func (m *TraceRatio) Selected() []int { return m.selected }

// Scores returns the feature-level scores b_i - lambda* w_i at the optimum:
// higher is better; the selected features have the K largest.
func (m *TraceRatio) Scores() []float64 { return m.scores }

// SubsetScore returns the optimal trace ratio lambda*.
func (m *TraceRatio) SubsetScore() float64 { return m.lambdas[len(m.lambdas)-1] }

// Report gives the subset score of every iteration (increasing), their
// number and whether the subset stopped changing before MaxIter.
func (m *TraceRatio) Report() map[string]any {
	return map[string]any{
		"subset_score": m.SubsetScore(),
		"objective":    m.lambdas,
		"iterations":   len(m.lambdas),
		"converged":    m.converged,
	}
}
