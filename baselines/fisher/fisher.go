package fisher

import (
	"fmt"
	"math"

	"gonum.org/v1/gonum/mat"

	"github.com/gsbench/gsbench/baselines/internal/selection"
	"github.com/gsbench/gsbench/internal/linalg"
	"github.com/gsbench/gsbench/preprocess"
)

// FisherScore selects the K features of highest Fisher score.
type FisherScore struct {
	K int `param:"k" doc:"number of features to select (0 ranks all); highest Fisher score first"`

	scores   []float64
	selected []int
}

// New returns the Fisher score ranking every feature.
func New() *FisherScore { return &FisherScore{} }

// Validate checks the parameters that do not depend on the data.
func (m *FisherScore) Validate() error {
	if m.K < 0 {
		return fmt.Errorf("fisher: k = %d: want 0 (rank all) or a positive number", m.K)
	}
	return nil
}

// Fit scores the columns of X with the class labels y (0..c-1, at least two
// classes with rows).
func (m *FisherScore) Fit(X *mat.Dense, y []int) error {
	if err := m.Validate(); err != nil {
		return err
	}
	if err := selection.Check("fisher", X, m.K); err != nil {
		return err
	}
	between, within, err := Scatter(X, y)
	if err != nil {
		return fmt.Errorf("fisher: %w", err)
	}
	scores := make([]float64, len(between))
	constant := preprocess.ConstantColumns(X)
	for r := range scores {
		total := between[r] + within[r]
		if constant[r] || !(total > 0) {
			continue // 0: no information
		}
		scores[r] = between[r] / math.Max(within[r], linalg.RelativeNoise*total)
	}
	m.scores = scores
	m.selected = selection.Top(selection.Order(scores, true, constant), m.K)
	return nil
}

// Selected returns the selected columns, highest score first.
func (m *FisherScore) Selected() []int { return m.selected }

// Scores returns the Fisher score of every column: higher is better. A
// constant column scores 0; a column with no within-class spread but
// different class means scores at most 1e12 (its within-class scatter is
// floored at linalg.RelativeNoise times its total scatter).
func (m *FisherScore) Scores() []float64 { return m.scores }

// Scatter returns, for every column of X, the between-class scatter
// sum_l n_l (mu_l - mu)^2 and the within-class scatter
// sum_l sum_{i in l} (x_i - mu_l)^2 (their sum is the total scatter). It
// needs labels 0..c-1 with at least two non-empty classes.
func Scatter(X *mat.Dense, y []int) (between, within []float64, err error) {
	n, d := X.Dims()
	c, err := selection.Labels("fisher", y, n)
	if err != nil {
		return nil, nil, err
	}
	count := make([]float64, c)
	for _, l := range y {
		count[l]++
	}
	nonEmpty := 0
	for _, v := range count {
		if v > 0 {
			nonEmpty++
		}
	}
	if nonEmpty < 2 {
		return nil, nil, fmt.Errorf("the labels name %d class; at least two are needed", nonEmpty)
	}
	mean := make([]float64, d)
	classMean := make([][]float64, c)
	for l := range classMean {
		classMean[l] = make([]float64, d)
	}
	for i := 0; i < n; i++ {
		for r, v := range X.RawRowView(i) {
			classMean[y[i]][r] += v
		}
	}
	for l, cm := range classMean {
		for r := range cm {
			mean[r] += cm[r]
			if count[l] > 0 {
				cm[r] /= count[l]
			}
		}
	}
	for r := range mean {
		mean[r] /= float64(n)
	}
	between = make([]float64, d)
	within = make([]float64, d)
	for l, cm := range classMean {
		for r, v := range cm {
			e := v - mean[r]
			between[r] += count[l] * e * e
		}
	}
	for i := 0; i < n; i++ {
		cm := classMean[y[i]]
		for r, v := range X.RawRowView(i) {
			e := v - cm[r]
			within[r] += e * e
		}
	}
	return between, within, nil
}
