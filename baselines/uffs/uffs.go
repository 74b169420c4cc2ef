package uffs

import (
	"cmp"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"

	"gonum.org/v1/gonum/mat"

	"github.com/gsbench/gsbench/preprocess"
)

// Mode is how UFFS turns the measures norm({j}) into a selection.
type Mode string

// The selection rules.
const (
	// Threshold keeps every feature with norm({j}) > eps: the set J_eps of
	// UFFS Theorem 1 (Alg. 1 line 12), the form the journal uses for its
	// Figure 5 with eps^2 = 0.01.
	Threshold Mode = "threshold"
	// Cumulative is the rule of the authors' experiments: within each group,
	// sort the squared norms in decreasing order and keep the features whose
	// cumulative share of the group's total stays strictly below the round's
	// SelectionThreshold (their README: "a technique of explained variance").
	Cumulative Mode = "cumulative"
	// TopK keeps the K features of largest norm after the orthogonalization
	// is complete, which is how the journal gives UFFS the same number of
	// features as GFS in Table XIII. With several rounds, the earlier rounds
	// filter with the Threshold rule and the last one ranks.
	TopK Mode = "top-k"
)

// Choices lists the selection rules.
func (Mode) Choices() []string { return []string{string(Threshold), string(Cumulative), string(TopK)} }

// Partition is how the features of a round are split into groups.
type Partition string

// The partitions of UFFS Sec. IV-A ("Feature partitioning").
const (
	// Contiguous splits the features, in their current order, into
	// ceil(d/m) consecutive blocks of nearly equal size, as the authors'
	// code does (block boundaries floor(i d / groups)).
	Contiguous Partition = "contiguous"
	// RandomPartition assigns the features to the same block sizes at random
	// (seeded), as the paper describes; inside a group the features keep
	// their relative order.
	RandomPartition Partition = "random"
)

// Choices lists the partitions.
func (Partition) Choices() []string { return []string{string(Contiguous), string(RandomPartition)} }

// Order is the feature order of UFFS Eq. (1).
type Order string

// The feature orders.
const (
	Given  Order = "given"  // the column order, or Permutation when set
	Random Order = "random" // a random permutation drawn from Seed
)

// Choices lists the feature orders.
func (Order) Choices() []string { return []string{string(Given), string(Random)} }

// Ranking is the order of the selected features (that of the last round).
type Ranking string

// The orders of the result.
const (
	// Global sorts the selected features by decreasing measure, whatever
	// their group.
	Global Ranking = "global"
	// PerGroup is the authors' order: the groups of the last round in turn
	// (in feature order), each with its features by decreasing measure, as
	// their UnsupervisedFourierFS returns them. It differs from Global only
	// when the last round has several groups (cluster_size set); mode top-k
	// then keeps the first k features of this order.
	PerGroup Ranking = "per-group"
)

// Choices lists the orders.
func (Ranking) Choices() []string { return []string{string(Global), string(PerGroup)} }

// Round is one FourierOrth pass (Algorithm 1) over the features that
// survived the previous round.
type Round struct {
	Depth              int     // t >= 1: characters are products of up to t features
	Eps                float64 // > 0: a character whose norm is <= Eps is set to zero (Alg. 1 line 8)
	ClusterSize        int     // m: groups of about m features, orthogonalized separately; <= 0: one group
	SelectionThreshold float64 // Cumulative mode, in (0, 1]; 0 means DefaultSelectionThreshold(Depth)
}

// DefaultSelectionThreshold is the cumulative-share threshold the authors'
// README uses at depth t: 0.95, 0.995 and 0.999 for t = 1, 2 and 3 (and
// 0.999 beyond).
func DefaultSelectionThreshold(depth int) float64 {
	switch depth {
	case 1:
		return 0.95
	case 2:
		return 0.995
	}
	return 0.999
}

// Schedule returns the rounds of UFFS at depth t with threshold eps: one
// round at depth t (how the journal runs it, Sec. VIII-F2: "we apply both
// GFS and UFFS only once") or, when sequential, rounds at depths 1, 2, ..., t,
// each on the survivors of the previous one (UFFS Sec. V-B and Appendix E).
// Cluster sizes are left at "one group"; set them on the returned rounds.
func Schedule(depth int, sequential bool, eps float64) []Round {
	if !sequential {
		return []Round{{Depth: depth, Eps: eps}}
	}
	rounds := make([]Round, max(depth, 0))
	for i := range rounds {
		rounds[i] = Round{Depth: i + 1, Eps: eps}
	}
	return rounds
}

// RoundReport describes what one round did.
type RoundReport struct {
	Depth          int `json:"depth"`
	Features       int `json:"features"`       // features entering the round
	Groups         int `json:"groups"`         // groups of the partition
	Characters     int `json:"characters"`     // characters over all groups (Eq. (1) restricted to size <= t)
	Orthogonalized int `json:"orthogonalized"` // characters whose norm was computed
	Kept           int `json:"kept"`           // non-trivial characters (norm > eps)
	SampleLimit    int `json:"sample_limit"`   // groups whose kept characters spanned all n samples
	Selected       int `json:"selected"`       // features leaving the round
}

// UFFS is Unsupervised Fourier Feature Selection (Heidari et al., Sec. IV-A,
// Algorithm 1), run in one or more rounds (Rounds). Start from New, which
// holds the defaults.
type UFFS struct {
	Depth int `param:"depth" doc:"t: orthogonalize the characters (products of standardized features) of up to t features (UFFS Alg. 1, fixed-depth search)"`
	// Eps, SelectionThreshold and ClusterSize take one value for every
	// round or one per round.
	Eps                []float64 `param:"eps" doc:"epsilon of UFFS Alg. 1 line 8: a character of norm <= eps is set to zero, and mode threshold keeps the features of norm > eps; one value, or one per round (journal Fig. 5: 0.1)"`
	Mode               Mode      `param:"mode" auto:"threshold, or top-k when k is given" doc:"threshold (Theorem 1), cumulative (the authors' selection_threshold rule) or top-k (journal Table XIII)"`
	K                  int       `param:"k" doc:"mode top-k: the number of features (those of largest norm)"`
	SelectionThreshold []float64 `param:"selection_threshold" auto:"0.95, 0.995, 0.999 at depths 1, 2, 3 (the authors' README)" doc:"mode cumulative: keep a group's largest squared norms while their cumulative share stays below this; one value or one per round"`
	Sequential         bool      `param:"sequential" doc:"run depths 1, 2, ..., t in turn, each on the survivors of the previous round (UFFS Appendix E); false: one round at depth t (journal Sec. VIII-F)"`
	ClusterSize        []int     `param:"cluster_size" doc:"m: orthogonalize groups of about m features separately (UFFS feature partitioning); one value or one per round; 0: one group"`
	Partition          Partition `param:"partition" doc:"how groups are formed: contiguous (blocks in feature order, as the authors' code) or random (seeded)"`
	// Order is the feature order of Eq. (1). UFFS is sensitive to it
	// (journal Sec. VIII-F2), so it is never changed silently.
	Order       Order   `param:"order" doc:"feature order of UFFS Eq. (1): given (the column order, or permutation) or random (seeded)"`
	Permutation []int   `param:"permutation" doc:"explicit feature order: every column index once, first feature first"`
	Ranking     Ranking `param:"ranking" key:"omitdefault" doc:"order of the selected features: global (by decreasing measure) or per-group (the authors' code: the last round's groups in turn, each by decreasing measure; differs only with several groups, and mode top-k then keeps the first k of it)"`
	Ddof        int     `param:"ddof" doc:"standardize with divisor n - ddof (1 as the authors' code and Alg. 1 line 2; 0 as --preprocess standardize)"`
	Seed        uint64  `param:"seed" doc:"seed of the random order and the random partition"`

	selected []int
	scores   []float64
	rounds   []RoundReport
	constant []int
}

// New returns UFFS as the journal runs it (Sec. VIII-F): one round at depth
// 3 with eps = 0.1, the threshold rule, contiguous groups, the given feature
// order and the sample standard deviation.
func New() *UFFS {
	return &UFFS{Depth: 3, Eps: []float64{0.1}, Partition: Contiguous, Order: Given, Ranking: Global, Ddof: 1}
}

// Rounds returns the rounds the parameters describe: one round at depth t,
// or rounds at depths 1, ..., t when Sequential, with their eps, selection
// threshold and cluster size.
func (u *UFFS) Rounds() ([]Round, error) {
	if u.Depth < 1 {
		return nil, fmt.Errorf("uffs: depth = %d, want >= 1", u.Depth)
	}
	if len(u.Eps) == 0 {
		return nil, fmt.Errorf("uffs: eps needs a value (e.g. 0.1)")
	}
	rounds := Schedule(u.Depth, u.Sequential, 0)
	eps, err := perRound("eps", u.Eps, len(rounds))
	if err != nil {
		return nil, err
	}
	thr, err := perRound("selection_threshold", u.SelectionThreshold, len(rounds))
	if err != nil {
		return nil, err
	}
	sizes, err := perRound("cluster_size", u.ClusterSize, len(rounds))
	if err != nil {
		return nil, err
	}
	for i := range rounds {
		rounds[i].Eps, rounds[i].SelectionThreshold, rounds[i].ClusterSize = eps[i], thr[i], sizes[i]
	}
	return rounds, nil
}

// perRound expands a per-round list: no value gives zero values, one value
// applies to every round, otherwise there must be one per round.
func perRound[T any](name string, v []T, rounds int) ([]T, error) {
	out := make([]T, rounds)
	switch len(v) {
	case 0:
	case 1:
		for i := range out {
			out[i] = v[0]
		}
	case rounds:
		copy(out, v)
	default:
		return nil, fmt.Errorf("uffs: %s has %d values; give one, or one per round (%d)", name, len(v), rounds)
	}
	return out, nil
}

// Validate checks the parameters that do not depend on the data.
func (u *UFFS) Validate() error {
	_, err := u.check(-1)
	return err
}

// rngStream is the PCG stream of UFFS's random choices ("uffs").
const rngStream = 0x75666673

func (u *UFFS) mode() Mode {
	if u.Mode == "" {
		if u.K > 0 {
			return TopK
		}
		return Threshold
	}
	return u.Mode
}

// check validates the parameters (against d features when d >= 0) and
// returns the rounds.
func (u *UFFS) check(d int) ([]Round, error) {
	rounds, err := u.Rounds()
	if err != nil {
		return nil, err
	}
	for i, r := range rounds {
		if !(r.Eps > 0) || math.IsInf(r.Eps, 0) {
			return nil, fmt.Errorf("uffs: round %d: eps %g, want a positive number (Alg. 1: eps in (0, 1); the journal's Figure 5 uses 0.1)", i+1, r.Eps)
		}
		if r.SelectionThreshold < 0 || r.SelectionThreshold > 1 {
			return nil, fmt.Errorf("uffs: round %d: selection threshold %g, want a share in (0, 1]", i+1, r.SelectionThreshold)
		}
	}
	switch m := u.mode(); m {
	case Threshold, Cumulative:
		if u.K != 0 {
			return nil, fmt.Errorf("uffs: k = %d is only used by mode top-k, not %s", u.K, m)
		}
	case TopK:
		if u.K < 1 {
			return nil, fmt.Errorf("uffs: mode top-k needs k >= 1")
		}
		if d >= 0 && u.K > d {
			return nil, fmt.Errorf("uffs: k = %d features requested, but the data has only %d", u.K, d)
		}
	default:
		return nil, fmt.Errorf("uffs: mode %q: use threshold, cumulative or top-k", u.Mode)
	}
	switch u.Partition {
	case Contiguous, RandomPartition:
	default:
		return nil, fmt.Errorf("uffs: partition %q: use contiguous or random", u.Partition)
	}
	switch u.Order {
	case Given:
	case Random:
		if u.Permutation != nil {
			return nil, fmt.Errorf("uffs: give order random or a permutation, not both")
		}
	default:
		return nil, fmt.Errorf("uffs: order %q: use given or random", u.Order)
	}
	switch u.Ranking {
	case Global, PerGroup:
	default:
		return nil, fmt.Errorf("uffs: ranking %q: use global or per-group", u.Ranking)
	}
	if u.Ddof != 0 && u.Ddof != 1 {
		return nil, fmt.Errorf("uffs: ddof = %d, want 1 (sample standard deviation) or 0 (population)", u.Ddof)
	}
	if u.Permutation != nil && d >= 0 {
		if err := checkPermutation(u.Permutation, d); err != nil {
			return nil, fmt.Errorf("uffs: %w", err)
		}
	}
	return rounds, nil
}

func checkPermutation(p []int, d int) error {
	if len(p) != d {
		return fmt.Errorf("permutation has %d entries, want a permutation of the %d columns", len(p), d)
	}
	seen := make([]bool, d)
	for _, j := range p {
		if j < 0 || j >= d || seen[j] {
			return fmt.Errorf("permutation %v is not a permutation of 0..%d", p, d-1)
		}
		seen[j] = true
	}
	return nil
}

// Fit runs UFFS on the n x d matrix X (rows are samples); y is ignored and X
// is not modified.
//
// Every column is standardized with its mean and its sample standard
// deviation (divisor n - Ddof), Alg. 1 line 2. A constant
// column has no standardized value: it is set to zero, so every character
// containing it is zero and the feature is redundant (it is listed in
// Report's "constant_columns").
func (u *UFFS) Fit(X *mat.Dense, _ []int) error {
	n, d := X.Dims()
	if n < 2 || d < 1 {
		return fmt.Errorf("uffs: need at least 2 samples and 1 feature, got %d x %d", n, d)
	}
	rounds, err := u.check(d)
	if err != nil {
		return err
	}
	z, constant, err := Standardize(X, u.Ddof)
	if err != nil {
		return fmt.Errorf("uffs: %w", err)
	}
	rng := rand.New(rand.NewPCG(u.Seed, rngStream))
	features := u.Permutation
	switch {
	case features != nil:
		features = slices.Clone(features)
	case u.Order == Random:
		features = rng.Perm(d)
	default:
		features = make([]int, d)
		for j := range features {
			features[j] = j
		}
	}

	scores := make([]float64, d)
	mode := u.mode()
	var reports []RoundReport
	for ri, round := range rounds {
		last := ri == len(rounds)-1
		rule := mode
		if mode == TopK && !last {
			rule = Threshold
		}
		thr := round.SelectionThreshold
		if thr == 0 {
			thr = DefaultSelectionThreshold(round.Depth)
		}
		groups := u.partition(features, round.ClusterSize, rng)
		rep := RoundReport{Depth: round.Depth, Features: len(features), Groups: len(groups)}
		var next []int
		for _, g := range groups {
			zg := make([][]float64, len(g))
			for i, j := range g {
				zg[i] = z[j]
			}
			norms, st, err := fourierOrth(zg, n, round.Depth, round.Eps)
			if err != nil {
				return fmt.Errorf("uffs: round %d: %w", ri+1, err)
			}
			rep.Characters += st.Characters
			rep.Orthogonalized += st.Orthogonalized
			rep.Kept += st.Kept
			if st.SampleLimit {
				rep.SampleLimit++
			}
			for i, j := range g {
				scores[j] = norms[i]
			}
			// The group's features by decreasing measure (ties: earlier
			// first); the survivors enter the next round in this order, as in
			// the authors' code.
			ranked := slices.Clone(g)
			slices.SortStableFunc(ranked, byMeasure(scores))
			switch rule {
			case Threshold:
				for _, j := range ranked {
					if scores[j] > round.Eps {
						next = append(next, j)
					}
				}
			case Cumulative:
				next = append(next, ranked[:cumulativeCount(ranked, scores, thr)]...)
			case TopK:
				next = append(next, ranked...)
			}
		}
		if rule == TopK {
			if u.Ranking == Global {
				slices.SortStableFunc(next, byMeasure(scores))
			}
			next = next[:min(u.K, len(next))]
		}
		rep.Selected = len(next)
		reports = append(reports, rep)
		features = next
	}
	// Most important first: by the measure of the last round, globally or
	// group by group (the survivors of the last round are already in the
	// authors' order).
	selected := slices.Clone(features)
	if u.Ranking == Global {
		slices.SortStableFunc(selected, byMeasure(scores))
	}
	u.selected, u.scores, u.rounds, u.constant = selected, scores, reports, constant
	return nil
}

// byMeasure orders features by decreasing measure for a stable sort.
// Measures equal to 10 decimals (norms are at most about 1) tie, so that
// rounding noise does not decide between features with the same measure:
// the earlier feature comes first.
func byMeasure(scores []float64) func(a, b int) int {
	key := func(j int) float64 { return math.Round(scores[j] * 1e10) }
	return func(a, b int) int { return cmp.Compare(key(b), key(a)) }
}

// cumulativeCount is the number of features of ranked (by decreasing
// measure) whose cumulative share of the total squared measure is strictly
// below thr. A group whose measures are all zero selects nothing.
func cumulativeCount(ranked []int, scores []float64, thr float64) int {
	total := 0.0
	for _, j := range ranked {
		total += scores[j] * scores[j]
	}
	if total == 0 {
		return 0
	}
	cum, count := 0.0, 0
	for _, j := range ranked {
		cum += scores[j] * scores[j]
		if cum/total >= thr {
			break
		}
		count++
	}
	return count
}

// partition splits features into ceil(len/m) groups of nearly equal size
// (boundaries floor(i len / groups)); m <= 0 gives one group.
func (u *UFFS) partition(features []int, m int, rng *rand.Rand) [][]int {
	d := len(features)
	if d == 0 {
		return nil
	}
	groups := 1
	if m > 0 {
		groups = (d + m - 1) / m
	}
	pos := make([]int, d) // positions in features, grouped
	for i := range pos {
		pos[i] = i
	}
	if u.Partition == RandomPartition && groups > 1 {
		rng.Shuffle(d, func(a, b int) { pos[a], pos[b] = pos[b], pos[a] })
	}
	out := make([][]int, groups)
	for gi := range out {
		block := pos[gi*d/groups : (gi+1)*d/groups]
		slices.Sort(block) // keep the features' relative order inside a group
		out[gi] = make([]int, len(block))
		for i, p := range block {
			out[gi][i] = features[p]
		}
	}
	return out
}

// Standardize returns the columns of X as (x - mean) / sd with divisor
// n - ddof (Alg. 1 line 2; ddof 1 as the authors' code), one slice per
// column, and the indices of the constant columns, which are set to zero
// (preprocess.IsConstant). It refuses non-finite values and variances that
// overflow. X is not modified. Package sffs standardizes its input the same
// way.
func Standardize(X *mat.Dense, ddof int) ([][]float64, []int, error) {
	n, d := X.Dims()
	// Row by row (X is row-major), each column summed in row order.
	mean := make([]float64, d)
	for i := range n {
		for j, v := range X.RawRowView(i) {
			if math.IsNaN(v) || math.IsInf(v, 0) {
				return nil, nil, firstNonFinite(X)
			}
			mean[j] += v
		}
	}
	z := make([][]float64, d)
	for j := range z {
		mean[j] /= float64(n)
		z[j] = make([]float64, n)
	}
	ss := make([]float64, d)
	for i := range n {
		for j, v := range X.RawRowView(i) {
			c := v - mean[j]
			z[j][i] = c
			ss[j] += c * c
		}
	}
	var constant []int
	isConstant := preprocess.ConstantColumns(X) // the constant-column rule of package preprocess
	for j, col := range z {
		if math.IsInf(ss[j], 0) {
			return nil, nil, fmt.Errorf("column %d: its variance overflows float64; rescale the data", j)
		}
		sd := math.Sqrt(ss[j] / float64(n-ddof))
		if isConstant[j] {
			clear(col)
			constant = append(constant, j)
		} else {
			for i := range col {
				col[i] /= sd
			}
		}
	}
	return z, constant, nil
}

// firstNonFinite returns the error for the first NaN or Inf of X, column by
// column.
func firstNonFinite(X *mat.Dense) error {
	n, d := X.Dims()
	for j := range d {
		for i := range n {
			if v := X.At(i, j); math.IsNaN(v) || math.IsInf(v, 0) {
				return fmt.Errorf("X[%d][%d] = %v; remove or impute non-finite values first", i, j, v)
			}
		}
	}
	return nil
}

// Selected returns the selected columns, by decreasing measure norm({j}) of
// the last round (ties: earlier in the feature order first): over all of
// them (Ranking global) or within each group of the last round, group after
// group (per-group, the authors' order).
func (u *UFFS) Selected() []int { return u.selected }

// Scores returns norm({j}) = ||psi~_{j}||, the measure of Alg. 1, for every
// column, from the last round the feature took part in (the rounds of a
// sequential schedule drop features). Larger is less redundant; norm({j})^2
// is the variance of the standardized feature left after projection on the
// characters before {j} (journal Appendix C, Eq. (34)).
func (u *UFFS) Scores() []float64 { return u.scores }

// RoundReports returns what every round did.
func (u *UFFS) RoundReports() []RoundReport { return u.rounds }

// Report returns the rounds and the constant columns.
func (u *UFFS) Report() map[string]any {
	out := map[string]any{"mode": string(u.mode()), "rounds": u.rounds, "selected": len(u.selected)}
	if len(u.constant) > 0 {
		out["constant_columns"] = u.constant
	}
	return out
}
