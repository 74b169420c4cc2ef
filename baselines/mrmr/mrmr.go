package mrmr

import (
	"context"
	"fmt"
	"math"
	"slices"

	"gonum.org/v1/gonum/mat"

	"github.com/gsbench/gsbench/baselines/internal/selection"
	"github.com/gsbench/gsbench/internal/memory"
	"github.com/gsbench/gsbench/internal/par"
)

// Discretization is how the features are made discrete before the mutual
// informations are counted.
type Discretization string

// The discretizations.
const (
	// Truncate keeps the integer part (toward zero): Peng's mrmr program run
	// without -t, as the UFFS authors did, casts every value to an int.
	Truncate Discretization = "truncate"
	// Round takes the nearest integer, halves away from zero (Peng's
	// copyvecdata rounding).
	Round Discretization = "round"
	// EqualWidth is scikit-feature's data_discretization(X, n_bins): min-max
	// scaling, then np.digitize on the Bins edges linspace(0, 1, Bins).
	EqualWidth Discretization = "equal_width"
	// ZScore is Peng's mrmr -t t: standardize (ddof 1), then -1 below
	// -t, +1 above t, 0 between.
	ZScore Discretization = "zscore"
	// Identity takes every distinct value as a state (scikit-feature's
	// estimators on the values as given).
	Identity Discretization = "none"
)

// Choices lists the allowed values.
func (Discretization) Choices() []string {
	return []string{string(Truncate), string(Round), string(EqualWidth), string(ZScore), string(Identity)}
}

// MRMR selects features by minimum redundancy - maximum relevance (MID
// criterion). Create it with New.
type MRMR struct {
	K            int            `param:"k" doc:"number of features to select; 0 ranks them all (scikit-feature's mrmr with n_selected_features = d)"`
	Discretize   Discretization `param:"discretize" doc:"how features are made discrete: truncate (integer part, as Peng's mrmr program without -t, which the UFFS authors ran), round, equal_width (scikit-feature's data_discretization), zscore (Peng's -t) or none (distinct values)"`
	Bins         int            `param:"bins" doc:"equal_width: number of edges of linspace(0, 1, bins) in scikit-feature's data_discretization; the states are 1..bins, the maximum alone in the last"`
	Threshold    float64        `param:"threshold" doc:"zscore: states -1, 0, 1 split at mean -/+ threshold standard deviations (Peng's mrmr -t)"`
	StopNegative bool           `param:"stop_negative" doc:"with k = 0, stop as scikit-feature's mrmr without n_selected_features: after the first feature whose criterion is negative (that feature included)"`
	Workers      int            // goroutines over the candidate features; 0: GOMAXPROCS. Results do not depend on it.

	scores    []float64
	selected  []int
	criterion []float64
	relevance []float64
}

// New returns MRMR with the UFFS authors' discretization (truncate), 5
// equal-width edges and a z-score threshold of 1 for the other choices.
func New() *MRMR { return &MRMR{Discretize: Truncate, Bins: 5, Threshold: 1} }

// Validate checks the parameters that do not depend on the data.
func (m *MRMR) Validate() error {
	switch {
	case m.K < 0:
		return fmt.Errorf("mrmr: k = %d: want 0 (rank all) or a positive number of features", m.K)
	case !slices.Contains(m.Discretize.Choices(), string(m.Discretize)):
		return fmt.Errorf("mrmr: discretize = %q: want one of %v", m.Discretize, m.Discretize.Choices())
	case m.Discretize == EqualWidth && m.Bins < 2:
		return fmt.Errorf("mrmr: bins = %d: equal_width needs at least 2 edges", m.Bins)
	case m.Discretize == ZScore && (!(m.Threshold >= 0) || math.IsInf(m.Threshold, 1)):
		return fmt.Errorf("mrmr: threshold = %v: zscore needs a non-negative number of standard deviations", m.Threshold)
	}
	return nil
}

// Fit calls FitContext with a background context.
func (m *MRMR) Fit(X *mat.Dense, y []int) error { return m.FitContext(context.Background(), X, y) }

// FitContext discretizes the columns of X (n x d), then selects features
// one at a time by the MID criterion with the class labels y (0..c-1, at
// least two classes with samples), checking ctx between selections. X is
// not modified.
func (m *MRMR) FitContext(ctx context.Context, X *mat.Dense, y []int) error {
	if err := m.Validate(); err != nil {
		return err
	}
	if err := selection.Check("mrmr", X, m.K); err != nil {
		return err
	}
	n, d := X.Dims()
	c, err := selection.Labels("mrmr", y, n)
	if err != nil {
		return err
	}
	present := map[int]bool{}
	for _, l := range y {
		present[l] = true
	}
	if len(present) < 2 {
		return fmt.Errorf("mrmr: the labels name %d class; the relevance I(f; y) is 0 for every feature, give at least two classes", len(present))
	}
	if err := memory.Check(fmt.Sprintf("mrmr: the %d x %d discretized data", n, d), memory.Dense(n, d)/2+memory.Dense(n, d)); err != nil {
		return err
	}
	codes, nstates := m.discretize(X)
	ycodes := make([]int32, n)
	for i, l := range y {
		ycodes[i] = int32(l)
	}
	// H(f) and H(y), and t1 = I(f; y) = -H(f, y) + H(f) + H(y) as
	// scikit-feature's midd.
	H := make([]float64, d)
	t1 := make([]float64, d)
	hy := newCounter(n).entropy(ycodes, c, nil, 0)
	par.Chunks(d, 16, m.Workers, func(_, lo, hi int) {
		cnt := newCounter(n)
		for f := lo; f < hi; f++ {
			H[f] = cnt.entropy(codes[f], nstates[f], nil, 0)
			t1[f] = (-cnt.entropy(codes[f], nstates[f], ycodes, c) + H[f]) + hy
		}
	})
	want := m.K
	if want == 0 {
		want = d
	}
	inS := make([]bool, d)
	t2 := make([]float64, d) // sum of I(f_j; f) over the selected f_j
	scores := make([]float64, d)
	// First feature: the largest relevance (np.argmax: the first one).
	first := 0
	for f := range t1 {
		if t1[f] > t1[first] {
			first = f
		}
	}
	F := []int{first}
	J := []float64{t1[first]}
	inS[first] = true
	scores[first] = t1[first]
	last := 1.0 // scikit-feature starts j_cmi at 1: the first feature never stops it
	update := func(sel int) {
		par.Chunks(d, 16, m.Workers, func(_, lo, hi int) {
			cnt := newCounter(n)
			for f := lo; f < hi; f++ {
				if !inS[f] {
					t2[f] += (-cnt.entropy(codes[sel], nstates[sel], codes[f], nstates[f]) + H[sel]) + H[f]
				}
			}
		})
	}
	for len(F) < want {
		if m.K == 0 && m.StopNegative && last < 0 {
			break
		}
		if err := ctx.Err(); err != nil {
			return err
		}
		update(F[len(F)-1])
		// MID: I(f; y) - (1/|S|) sum_{j in S} I(f_j; f) (LCSI with beta =
		// 1/|S|, gamma = 0); the first largest wins.
		beta := 1 / float64(len(F))
		best, bestJ := -1, -1e30
		for f := 0; f < d; f++ {
			if inS[f] {
				continue
			}
			if t := t1[f] - float64(beta*t2[f]); t > bestJ {
				best, bestJ = f, t
			}
		}
		if best < 0 {
			break
		}
		F = append(F, best)
		J = append(J, bestJ)
		inS[best] = true
		scores[best] = bestJ
		last = bestJ
	}
	if len(F) < d {
		// The criterion of the features left, against the whole selection.
		update(F[len(F)-1])
		beta := 1 / float64(len(F))
		for f := range scores {
			if !inS[f] {
				scores[f] = t1[f] - float64(beta*t2[f])
			}
		}
	}
	m.scores, m.selected, m.criterion, m.relevance = scores, F, J, t1
	return nil
}

// discretize returns the states of every column (as int32 codes 0..s-1
// in order of first appearance) and their numbers.
func (m *MRMR) discretize(X *mat.Dense) ([][]int32, []int) {
	n, d := X.Dims()
	codes := make([][]int32, d)
	nstates := make([]int, d)
	par.Chunks(d, 16, m.Workers, func(_, lo, hi int) {
		x := make([]float64, n)
		for f := lo; f < hi; f++ {
			mat.Col(x, f, X)
			m.states(x)
			codes[f], nstates[f] = encode(x)
		}
	})
	return codes, nstates
}

// states replaces x by the state values of the discretization.
func (m *MRMR) states(x []float64) {
	switch m.Discretize {
	case Truncate:
		for i, v := range x {
			x[i] = math.Trunc(v)
		}
	case Round:
		for i, v := range x {
			x[i] = math.Round(v)
		}
	case EqualWidth:
		equalWidth(x, m.Bins)
	case ZScore:
		zscore(x, m.Threshold)
	}
}

// equalWidth is scikit-feature's data_discretization on one column:
// scikit-learn's MinMaxScaler (x * scale + min_, scale = 1 / range, a range
// below 10 eps counting as 1), then np.digitize(x, np.linspace(0, 1, bins)),
// the number of edges <= x.
func equalWidth(x []float64, bins int) {
	lo, hi := slices.Min(x), slices.Max(x)
	rng := hi - lo
	if rng < 10*0x1p-52 {
		rng = 1
	}
	scale := 1 / rng
	shift := 0 - float64(lo*scale)
	step := 1 / float64(bins-1)
	edges := make([]float64, bins)
	for i := range edges {
		edges[i] = float64(i) * step
	}
	edges[bins-1] = 1
	for i, v := range x {
		s := float64(v*scale) + shift
		k := 0
		for k < bins && edges[k] <= s {
			k++
		}
		x[i] = float64(k)
	}
}

// zscore is Peng's discretization (mrmr -t t): z = (x - mean) / std with
// ddof 1, then 1 where z > t, -1 where z < -t, 0 elsewhere; a constant
// column is all 0.
func zscore(x []float64, t float64) {
	n := float64(len(x))
	var sum float64
	for _, v := range x {
		sum += v
	}
	mean := sum / n
	var ss float64
	for _, v := range x {
		ss += (v - mean) * (v - mean)
	}
	std := 0.0
	if len(x) > 1 {
		std = math.Sqrt(ss / (n - 1))
	}
	for i, v := range x {
		z := 0.0
		if std > 0 {
			z = (v - mean) / std
		}
		switch {
		case z > t:
			x[i] = 1
		case z < -t:
			x[i] = -1
		default:
			x[i] = 0
		}
	}
}

// encode numbers the distinct values of x in order of first appearance.
func encode(x []float64) ([]int32, int) {
	code := make([]int32, len(x))
	seen := map[float64]int32{}
	for i, v := range x {
		if v == 0 {
			v = 0 // -0 and +0 are one state
		}
		c, ok := seen[v]
		if !ok {
			c = int32(len(seen))
			seen[v] = c
		}
		code[i] = c
	}
	return code, len(seen)
}

// denseJoint is the largest number of joint states counted in a dense table.
const denseJoint = 1 << 16

// counter computes the entropies of scikit-feature's entropyd: the
// histogram of the (joint) states, the probabilities count/n summed as
// -sum p log p in the order the states first appear, then divided by log 2.
type counter struct {
	count []int32
	order []int
	table map[int]int32
}

func newCounter(n int) *counter {
	return &counter{order: make([]int, 0, n)}
}

// entropy returns H(a) when b is nil, else H(a, b); a's codes are below
// sa, b's below sb.
func (c *counter) entropy(a []int32, sa int, b []int32, sb int) float64 {
	n := len(a)
	c.order = c.order[:0]
	size := sa
	if b != nil {
		size = sa * sb
	}
	if size <= max(denseJoint, 4*n) {
		if cap(c.count) < size {
			c.count = make([]int32, size)
		}
		cnt := c.count[:size]
		if b == nil {
			for _, k := range a {
				if cnt[k] == 0 {
					c.order = append(c.order, int(k))
				}
				cnt[k]++
			}
		} else {
			b = b[:n]
			for i, ka := range a {
				k := int(ka)*sb + int(b[i])
				if cnt[k] == 0 {
					c.order = append(c.order, k)
				}
				cnt[k]++
			}
		}
		h := sumElog(c.order, func(k int) int32 { return cnt[k] }, n)
		for _, k := range c.order {
			cnt[k] = 0
		}
		return h
	}
	if c.table == nil {
		c.table = map[int]int32{}
	}
	clear(c.table)
	for i, ka := range a {
		k := int(ka)
		if b != nil {
			k = k*sb + int(b[i])
		}
		if c.table[k] == 0 {
			c.order = append(c.order, k)
		}
		c.table[k]++
	}
	return sumElog(c.order, func(k int) int32 { return c.table[k] }, n)
}

// sumElog returns -sum_k elog(count_k / n) / log 2 over the states in
// order, elog(p) = p log p for 0 < p < 1 and 0 otherwise.
func sumElog(order []int, count func(int) int32, n int) float64 {
	var s float64
	for _, k := range order {
		if p := float64(count(k)) / float64(n); p > 0 && p < 1 {
			s += float64(p * math.Log(p))
		}
	}
	return -s / math.Ln2
}

// Selected returns the selected columns in the order mRMR chose them (the
// most relevant first).
func (m *MRMR) Selected() []int { return m.selected }

// Scores returns, for every column, its MID criterion I(f; y) - mean_j
// I(f_j; f) when it was selected (I(f; y) for the first), or, for the
// columns left out, its criterion against the whole selection. Scores are
// in bits and need not decrease along Selected: the criterion of a step
// depends on the features chosen before.
func (m *MRMR) Scores() []float64 { return m.scores }

// Report gives the criterion of every selected feature in order and the
// relevance I(f; y) of every column (scikit-feature's J_CMI and MIfy), in
// bits.
func (m *MRMR) Report() map[string]any {
	return map[string]any{"criterion": m.criterion, "relevance": m.relevance, "selected": len(m.selected)}
}
