package methods

import (
	"fmt"
	"slices"

	"gonum.org/v1/gonum/mat"
)

// Ranker is implemented by selectors that rank every feature and keep the
// first k of the ranking: fitted with k = 0 they rank all the features,
// and a fit with any other k selects the first k of that same ranking
// (the same columns in the same order). RankingIgnoresK reports whether
// this holds for the method's parameters (USFSM's ranking depends on k
// unless n_clusters is given). The harness fits such a method once for
// the cells that differ only in k and cuts the ranking for each
// (experiments/run); TestRankersIgnoreK checks the property for every
// registered method that claims it.
type Ranker interface {
	Selector
	RankingIgnoresK() bool
}

// IgnoresK reports whether m is a Ranker whose ranking does not depend on
// k with its parameters.
func IgnoresK(m Method) bool {
	r, ok := m.(Ranker)
	return ok && r.RankingIgnoresK()
}

// Top returns a view of a Ranker fitted with k = 0 that selects the first
// k features of its ranking (all of them when k is 0): what a fit with k
// selects. The view forwards Report to m (nil when m has none); it cannot be fitted
// again. k larger than the number of ranked features is an error.
func Top(m Ranker, k int) (Selector, error) {
	all := m.Selected()
	if k < 0 || k > len(all) {
		return nil, fmt.Errorf("k = %d features to select, but the data has %d (0 ranks them all)", k, len(all))
	}
	if k == 0 {
		k = len(all)
	}
	return &top{m: m, selected: slices.Clone(all[:k])}, nil
}

// top is the view Top returns.
type top struct {
	m        Ranker
	selected []int
}

func (t *top) Fit(*mat.Dense, []int) error {
	return fmt.Errorf("a cut of a fitted ranking (methods.Top) cannot be fitted again")
}

func (t *top) Selected() []int { return t.selected }

// Report forwards the ranker's diagnostics when it has them.
func (t *top) Report() map[string]any {
	if r, ok := t.m.(Reporter); ok {
		return r.Report()
	}
	return nil
}
