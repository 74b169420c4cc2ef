package metrics

import (
	"fmt"
	"math"
	"slices"
)

// Accuracy returns the fraction of positions where pred equals truth.
func Accuracy(truth, pred []int) (float64, error) {
	if err := checkPair(truth, pred); err != nil {
		return 0, err
	}
	hit := 0
	for i, t := range truth {
		if pred[i] == t {
			hit++
		}
	}
	return float64(hit) / float64(len(truth)), nil
}

// Contingency returns the table n[i][j] = #{s : a[s] is the i-th distinct
// label of a, b[s] the j-th of b}, labels taken in increasing order, together
// with those labels.
func Contingency(a, b []int) (table [][]int, labelsA, labelsB []int, err error) {
	if err := checkPair(a, b); err != nil {
		return nil, nil, nil, err
	}
	ia, labelsA := compact(a)
	ib, labelsB := compact(b)
	table = make([][]int, len(labelsA))
	for i := range table {
		table[i] = make([]int, len(labelsB))
	}
	for s := range a {
		table[ia[s]][ib[s]]++
	}
	return table, labelsA, labelsB, nil
}

// Entropy returns the Shannon entropy (natural logarithm) of the label
// distribution of a.
func Entropy(a []int) float64 {
	if len(a) == 0 {
		return 0
	}
	idx, labels := compact(a)
	counts := make([]int, len(labels))
	for _, i := range idx {
		counts[i]++
	}
	return entropyOf(counts, len(a))
}

func entropyOf(counts []int, n int) float64 {
	var h float64
	for _, c := range counts {
		if c > 0 {
			p := float64(c) / float64(n)
			h -= p * math.Log(p)
		}
	}
	return h
}

// MutualInfo returns the mutual information (natural logarithm) between the
// labelings a and b, clipped at zero against rounding as scikit-learn's
// mutual_info_score does.
func MutualInfo(a, b []int) (float64, error) {
	table, _, _, err := Contingency(a, b)
	if err != nil {
		return 0, err
	}
	return mutualInfo(table, len(a)), nil
}

// mutualInfo computes sum_ij (n_ij/N) log(N n_ij / (a_i b_j)).
func mutualInfo(table [][]int, n int) float64 {
	rows := make([]int, len(table))
	cols := make([]int, len(table[0]))
	for i, r := range table {
		for j, c := range r {
			rows[i] += c
			cols[j] += c
		}
	}
	N := float64(n)
	var mi float64
	for i, r := range table {
		for j, c := range r {
			if c == 0 {
				continue
			}
			nij := float64(c)
			mi += nij / N * (math.Log(nij) + math.Log(N) - math.Log(float64(rows[i])) - math.Log(float64(cols[j])))
		}
	}
	return math.Max(mi, 0)
}

// NMI returns the normalized mutual information between truth and pred with
// arithmetic-mean normalization (scikit-learn's default): MI / ((H(truth) +
// H(pred)) / 2). When both labelings have a single group the score is 1, and
// when only one of them has, it is 0 (no information is shared).
func NMI(truth, pred []int) (float64, error) {
	table, la, lb, err := Contingency(truth, pred)
	if err != nil {
		return 0, err
	}
	// scikit-learn normalized_mutual_info_score: both labelings unsplit is a
	// perfect match.
	if len(la) == 1 && len(lb) == 1 {
		return 1, nil
	}
	mi := mutualInfo(table, len(truth))
	if mi == 0 {
		return 0, nil
	}
	rows := make([]int, len(la))
	cols := make([]int, len(lb))
	for i, r := range table {
		for j, c := range r {
			rows[i] += c
			cols[j] += c
		}
	}
	norm := (entropyOf(rows, len(truth)) + entropyOf(cols, len(truth))) / 2
	// scikit-learn guards the normalizer with the machine epsilon.
	norm = math.Max(norm, 0x1p-52)
	return math.Min(mi/norm, 1), nil
}

// ClusteringAccuracy returns the fraction of samples whose cluster is
// matched to their class under the one-to-one matching of clusters to
// classes that maximizes that fraction (Hungarian algorithm). Clusters left
// without a class (more clusters than classes) count as errors.
func ClusteringAccuracy(truth, pred []int) (float64, error) {
	table, _, _, err := Contingency(pred, truth) // rows: clusters, columns: classes
	if err != nil {
		return 0, err
	}
	maxc := 0
	for _, r := range table {
		maxc = max(maxc, slices.Max(r))
	}
	cost := make([][]float64, len(table))
	for i, r := range table {
		cost[i] = make([]float64, len(r))
		for j, c := range r {
			cost[i][j] = float64(maxc - c)
		}
	}
	match := Assign(cost)
	hit := 0
	for i, j := range match {
		if j >= 0 {
			hit += table[i][j]
		}
	}
	return float64(hit) / float64(len(truth)), nil
}

func checkPair(a, b []int) error {
	if len(a) != len(b) {
		return fmt.Errorf("metrics: %d true labels but %d predicted", len(a), len(b))
	}
	if len(a) == 0 {
		return fmt.Errorf("metrics: no labels")
	}
	return nil
}

// compact maps labels to 0..k-1 in increasing label order.
func compact(a []int) (idx []int, labels []int) {
	labels = slices.Clone(a)
	slices.Sort(labels)
	labels = slices.Compact(labels)
	pos := make(map[int]int, len(labels))
	for i, l := range labels {
		pos[l] = i
	}
	idx = make([]int, len(a))
	for s, l := range a {
		idx[s] = pos[l]
	}
	return idx, labels
}
