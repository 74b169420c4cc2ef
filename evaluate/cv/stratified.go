package cv

import (
	"fmt"
	"math/rand/v2"
	"slices"
)

// Split is one cross-validation fold: the rows to train on and the rows to
// test on, both in increasing order.
type Split struct {
	Train []int
	Test  []int
}

// StratifiedKFold splits the samples labelled y into k folds that preserve
// the class proportions, as scikit-learn's StratifiedKFold(n_splits=k,
// shuffle=shuffle). seed is used only when shuffle is true. Labels may be any
// integers.
func StratifiedKFold(y []int, k int, shuffle bool, seed uint64) ([]Split, error) {
	fold, err := TestFolds(y, k, shuffle, seed)
	if err != nil {
		return nil, err
	}
	splits := make([]Split, k)
	for i, f := range fold {
		splits[f].Test = append(splits[f].Test, i)
	}
	for f := range splits {
		splits[f].Train = make([]int, 0, len(y)-len(splits[f].Test))
		for i, g := range fold {
			if g != f {
				splits[f].Train = append(splits[f].Train, i)
			}
		}
	}
	return splits, nil
}

// TestFolds returns, for every sample, the fold in which it is a test sample
// (scikit-learn's StratifiedKFold._make_test_folds).
func TestFolds(y []int, k int, shuffle bool, seed uint64) ([]int, error) {
	n := len(y)
	if k < 2 {
		return nil, fmt.Errorf("cv: %d folds; use at least 2", k)
	}
	if k > n {
		return nil, fmt.Errorf("cv: %d folds but only %d samples; use at most %d folds", k, n, n)
	}
	enc, counts := encodeByFirstAppearance(y)
	if slices.Max(counts) < k {
		return nil, fmt.Errorf("cv: %d folds but no class has that many members (largest: %d); use fewer folds", k, slices.Max(counts))
	}
	c := len(counts)
	// allocation[f][class]: deal the sorted encoded labels to the folds
	// round-robin. Position p of the sorted labels goes to fold p mod k.
	allocation := make([][]int, k)
	for f := range allocation {
		allocation[f] = make([]int, c)
	}
	p := 0
	for class, cnt := range counts {
		for range cnt {
			allocation[p%k][class]++
			p++
		}
	}
	var rng *rand.Rand
	if shuffle {
		rng = rand.New(rand.NewPCG(seed, 0x5f0d_c0de))
	}
	fold := make([]int, n)
	members := make([][]int, c)
	for i, e := range enc {
		members[e] = append(members[e], i)
	}
	for class, rows := range members {
		labels := make([]int, 0, len(rows))
		for f := range k {
			for range allocation[f][class] {
				labels = append(labels, f)
			}
		}
		if rng != nil {
			rng.Shuffle(len(labels), func(a, b int) { labels[a], labels[b] = labels[b], labels[a] })
		}
		for j, i := range rows {
			fold[i] = labels[j]
		}
	}
	return fold, nil
}

// Check returns one message per class that has fewer members than k (such a
// class is absent from some test folds; scikit-learn warns about it).
func Check(y []int, k int) []string {
	var msgs []string
	counts := map[int]int{}
	var order []int
	for _, l := range y {
		if counts[l] == 0 {
			order = append(order, l)
		}
		counts[l]++
	}
	slices.Sort(order)
	for _, l := range order {
		if counts[l] < k {
			msgs = append(msgs, fmt.Sprintf("class %d has only %d members, fewer than the %d folds", l, counts[l], k))
		}
	}
	return msgs
}

// encodeByFirstAppearance numbers the distinct labels of y 0, 1, ... in order
// of first appearance and counts them.
func encodeByFirstAppearance(y []int) (enc []int, counts []int) {
	code := map[int]int{}
	enc = make([]int, len(y))
	for i, l := range y {
		e, ok := code[l]
		if !ok {
			e = len(code)
			code[l] = e
			counts = append(counts, 0)
		}
		enc[i] = e
		counts[e]++
	}
	return enc, counts
}
