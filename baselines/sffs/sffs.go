package sffs

import (
	"context"
	"fmt"
	"math"
	"slices"

	"gonum.org/v1/gonum/mat"

	"github.com/gsbench/gsbench/baselines/internal/selection"
	"github.com/gsbench/gsbench/baselines/uffs"
	"github.com/gsbench/gsbench/internal/linalg"
)

// Search is how SFFS searches the feature subsets.
type Search string

// The searches of the authors' SupervisedFourierFS (its approx argument).
const (
	// Depth is Algorithm 2 (approx="depth_based"): every subset of 1..t
	// features is scored, the subsets are ranked by decreasing measure and
	// their union is taken from the top until it has k features.
	Depth Search = "depth"
	// Greedy is the authors' greedy variant (approx="greedy", Appendix E):
	// starting from the empty set, add the feature that maximizes the
	// measure of the enlarged set, k times.
	Greedy Search = "greedy"
)

// Choices lists the allowed values of Search.
func (Search) Choices() []string { return []string{string(Depth), string(Greedy)} }

// SFFS is Supervised Fourier Feature Selection (Heidari et al., Sec. IV-B,
// Algorithm 2) as the authors implement it (SupervisedFourierFS). Create it
// with New, which sets the authors' defaults, change fields as needed, then
// call Fit.
type SFFS struct {
	K      int    `param:"k" doc:"number of features to select; 0 ranks them all (the authors' experiments rank all d and evaluate the first k)"`
	Depth  int    `param:"depth" doc:"t: search=depth scores every subset of 1..t features (Algorithm 2; the authors' helper fourier_feature_selection uses depth=2; the paper runs t = 1, 2 on real data and 3 on E1, E2); ignored by search=greedy"`
	Search Search `param:"search" doc:"depth: Algorithm 2 (the authors' approx=\"depth_based\"); greedy: the authors' greedy variant (approx=\"greedy\", Appendix E), which adds one feature at a time"`

	// The UFFS pre-filter (Algorithm 2 line 1, "Run FourierOrth(t)"; the
	// authors' README and experiments run UnsupervisedFourierFS first and
	// SFFS on the features it keeps).
	Prefilter             bool      `param:"prefilter" doc:"run UFFS (baselines/uffs, cumulative rule, sequential depths 1..prefilter_depth) first and search only the features it keeps, as the authors' pipeline \"UFFS + SFFS\"; their README calls the step optional"`
	PrefilterDepth        int       `param:"prefilter_depth" doc:"UFFS rounds at depths 1..prefilter_depth (the authors' max_depth: 3 in their README and configs)"`
	PrefilterClusterSizes []int     `param:"prefilter_cluster_sizes" doc:"group size of each UFFS round, 0 for one group (the authors' cluster_sizes [-1, 50, 31], -1 meaning all features)"`
	PrefilterThresholds   []float64 `param:"prefilter_thresholds" doc:"cumulative-share threshold of each UFFS round (the authors' selection_thresholds [0.95, 0.995, 0.999])"`
	PrefilterEps          []float64 `param:"prefilter_eps" doc:"redundancy threshold eps of each UFFS round (the authors' norm_epsilon [0.001, 0.001, 0.0001])"`
	// The feature order of the pre-filter (UFFS Eq. (1) depends on it): the
	// authors' configs keep the column order (shuffle: False); the paper's
	// own UFFS experiments order the features randomly (Sec. V-B). With
	// fewer samples than features the column order decides alone which
	// features survive the depth-1 round (the first n or so).
	PrefilterOrder uffs.Order `param:"prefilter_order" key:"omitdefault" doc:"feature order of the UFFS pre-filter: given (the column order, the authors' configs' shuffle: False) or random (a permutation drawn from prefilter_seed, as the paper's UFFS experiments, Sec. V-B)"`
	PrefilterSeed  uint64     `param:"prefilter_seed" key:"omitdefault" doc:"seed of the pre-filter's random order (prefilter_order: random)"`

	Workers int // goroutines for the coefficient products; 0: GOMAXPROCS. Results do not depend on it.

	selected  []int
	scores    []float64
	report    map[string]any
	searchIdx []int // the columns searched, in search order
}

// New returns SFFS with the defaults of the authors' code: rank every
// feature (k = 0, as their experiments do), depth 2 (their helper
// fourier_feature_selection), depth-based search, and the UFFS pre-filter
// off but set to the schedule of their README (depths 1..3, cluster sizes
// all/50/31, thresholds 0.95/0.995/0.999, eps 0.001/0.001/0.0001).
func New() *SFFS {
	return &SFFS{
		Depth:                 2,
		Search:                Depth,
		PrefilterDepth:        3,
		PrefilterClusterSizes: []int{0, 50, 31},
		PrefilterThresholds:   []float64{0.95, 0.995, 0.999},
		PrefilterEps:          []float64{0.001, 0.001, 0.0001},
		PrefilterOrder:        uffs.Given,
	}
}

// Validate checks the parameters that do not depend on the data.
func (m *SFFS) Validate() error {
	switch {
	case m.K < 0:
		return fmt.Errorf("sffs: k = %d: want 0 (rank all) or a positive number", m.K)
	case m.Search != Depth && m.Search != Greedy:
		return fmt.Errorf("sffs: search %q: use depth or greedy", m.Search)
	case m.Search == Depth && m.Depth < 1:
		return fmt.Errorf("sffs: depth = %d: want at least 1 (subsets of 1..depth features are scored)", m.Depth)
	}
	if !m.Prefilter {
		return nil
	}
	if m.PrefilterOrder != uffs.Given && m.PrefilterOrder != uffs.Random {
		return fmt.Errorf("sffs: prefilter_order %q: use given or random", m.PrefilterOrder)
	}
	t := m.PrefilterDepth
	if t < 1 {
		return fmt.Errorf("sffs: prefilter_depth = %d: want at least 1", t)
	}
	if len(m.PrefilterClusterSizes) != t || len(m.PrefilterThresholds) != t || len(m.PrefilterEps) != t {
		return fmt.Errorf("sffs: prefilter_cluster_sizes, prefilter_thresholds and prefilter_eps need one value per UFFS round (prefilter_depth = %d), got %d, %d and %d",
			t, len(m.PrefilterClusterSizes), len(m.PrefilterThresholds), len(m.PrefilterEps))
	}
	for i := range t {
		switch c, thr, eps := m.PrefilterClusterSizes[i], m.PrefilterThresholds[i], m.PrefilterEps[i]; {
		case c < 0:
			return fmt.Errorf("sffs: prefilter_cluster_sizes[%d] = %d: want 0 (one group) or a positive size", i, c)
		case !(thr > 0 && thr <= 1):
			return fmt.Errorf("sffs: prefilter_thresholds[%d] = %v: want a share in (0, 1]", i, thr)
		case !(eps > 0) || math.IsInf(eps, 0):
			return fmt.Errorf("sffs: prefilter_eps[%d] = %v: want a positive number", i, eps)
		}
	}
	return nil
}

// Fit selects columns of X (n x d) with the class labels y (0..c-1, at
// least two classes with rows). X is not modified.
func (m *SFFS) Fit(X *mat.Dense, y []int) error { return m.FitContext(context.Background(), X, y) }

// FitContext is Fit with cancellation, checked between blocks of subsets
// (search=depth) and between steps (search=greedy).
func (m *SFFS) FitContext(ctx context.Context, X *mat.Dense, y []int) error {
	if err := m.Validate(); err != nil {
		return err
	}
	if X == nil || X.IsEmpty() {
		return fmt.Errorf("sffs: empty data matrix")
	}
	if err := linalg.CheckFinite("sffs", X); err != nil {
		return err
	}
	n, d := X.Dims()
	if m.K > d {
		return fmt.Errorf("sffs: k = %d features to select, but the data has %d (0 ranks them all)", m.K, d)
	}
	if _, err := selection.Labels("sffs", y, n); err != nil {
		return err
	}
	lab, err := newLabels(y)
	if err != nil {
		return err
	}
	if n < 2 {
		return fmt.Errorf("sffs: need at least 2 samples, got %d", n)
	}
	report := map[string]any{"search": string(m.Search), "classes": lab.c}

	// The columns to search: all, or those UFFS keeps, in the order the
	// authors' pipeline passes them on.
	cols := make([]int, d)
	for j := range cols {
		cols[j] = j
	}
	if m.Prefilter {
		// UFFS's sequential rounds at depths 1..PrefilterDepth, returning the
		// survivors in the authors' order (the last round's groups in turn).
		u := uffs.New()
		u.Depth, u.Sequential, u.Mode, u.Ranking = m.PrefilterDepth, true, uffs.Cumulative, uffs.PerGroup
		u.Eps, u.ClusterSize, u.SelectionThreshold = m.PrefilterEps, m.PrefilterClusterSizes, m.PrefilterThresholds
		u.Order, u.Seed = m.PrefilterOrder, m.PrefilterSeed
		if err := u.Fit(X, nil); err != nil {
			return fmt.Errorf("sffs: prefilter: %w", err)
		}
		cols = slices.Clone(u.Selected())
		report["prefilter_kept"] = len(cols)
		if m.K > len(cols) {
			return fmt.Errorf("sffs: k = %d, but the UFFS pre-filter kept only %d features: lower k, relax the pre-filter (prefilter_thresholds closer to 1) or turn it off", m.K, len(cols))
		}
	}

	// Standardize with the sample standard deviation (the authors pass
	// np.std(X, ddof=1)); constant columns are not searched but ranked last.
	z, constant, err := uffs.Standardize(X, 1)
	if err != nil {
		return fmt.Errorf("sffs: %w", err)
	}
	isConst := make([]bool, d)
	for _, j := range constant {
		isConst[j] = true
	}
	var search, last []int
	for _, j := range cols {
		if isConst[j] {
			last = append(last, j)
		} else {
			search = append(search, j)
		}
	}
	if len(constant) > 0 {
		report["constant_columns"] = constant
	}
	report["features_searched"] = len(search)

	want := m.K
	if want == 0 {
		want = len(cols)
	}
	scores := make([]float64, d)
	var order []int // positions in search
	if len(search) > 0 {
		Z := lab.rows(z, search)
		switch m.Search {
		case Depth:
			res, err := depthSearch(ctx, Z, lab, m.Depth, min(want, len(search)), m.Workers)
			if err != nil {
				return err
			}
			order = res.order
			for p, s := range res.scores {
				scores[search[p]] = s
			}
			report["depth"] = res.depth
			report["subsets"] = res.subsets
			report["subsets_used"] = res.used
		case Greedy:
			res, err := greedySearch(ctx, Z, lab, min(want, len(search)), m.Workers)
			if err != nil {
				return err
			}
			order = res.order
			report["measure"] = res.measure
			scores = nil
		}
	}
	selected := make([]int, 0, want)
	for _, p := range order {
		selected = append(selected, search[p])
	}
	for _, j := range last {
		if len(selected) == want {
			break
		}
		selected = append(selected, j)
	}
	m.selected, m.scores, m.report, m.searchIdx = selected, scores, report, search
	return nil
}

// Selected returns the selected columns, most important first: in the order
// they enter the union of the ranked subsets (search=depth; within a subset
// by increasing column position) or the order of the greedy steps.
// Constant columns come last.
func (m *SFFS) Selected() []int { return m.selected }

// Scores returns, for search=depth, the score of every column: the largest
// measure M(J) of a scored subset J containing it, so that Selected is the
// columns by decreasing score (a column enters the union with the first,
// i.e. best, subset containing it). Columns that were not searched
// (constant, or dropped by the pre-filter) score 0. With search=greedy it
// returns nil (Report's "measure" holds the measure after each step).
func (m *SFFS) Scores() []float64 { return m.scores }

// Report returns what the fit did: "search", "classes", "features_searched",
// "constant_columns", "prefilter_kept", and for search=depth "depth" (the
// depth used, at most the number of features), "subsets" (subsets scored)
// and "subsets_used" (ranked subsets taken into the union), for
// search=greedy "measure" (M of the selected set after each step).
func (m *SFFS) Report() map[string]any { return m.report }
