package selection

import (
	"cmp"
	"fmt"
	"slices"

	"gonum.org/v1/gonum/mat"

	"github.com/gsbench/gsbench/internal/linalg"
)

// Check returns an error when X is nil, empty or holds a NaN or Inf value,
// or when k (the number of features to select) is negative or larger than
// the number of columns. method prefixes the messages.
func Check(method string, X *mat.Dense, k int) error {
	if X == nil || X.IsEmpty() {
		return fmt.Errorf("%s: empty data matrix", method)
	}
	if err := linalg.CheckFinite(method, X); err != nil {
		return err
	}
	_, d := X.Dims()
	if k < 0 || k > d {
		return fmt.Errorf("%s: k = %d features to select, but the data has %d (0 ranks them all)", method, k, d)
	}
	return nil
}

// Labels checks class labels y for n rows and returns the number of classes
// (the largest label plus one). Labels must be 0..c-1; a class with no row
// is allowed (it is ignored by the methods).
func Labels(method string, y []int, n int) (int, error) {
	if y == nil {
		return 0, fmt.Errorf("%s is supervised: it needs the class labels y", method)
	}
	if len(y) != n {
		return 0, fmt.Errorf("%s: %d labels for %d rows", method, len(y), n)
	}
	c := 0
	for i, v := range y {
		if v < 0 {
			return 0, fmt.Errorf("%s: label y[%d] = %d; labels must be 0..c-1", method, i, v)
		}
		c = max(c, v+1)
	}
	return c, nil
}

// Present checks class labels y for n rows (as Labels does) and numbers
// the classes that have rows 0..present-1 in increasing label order:
// index[l] is class l's number, -1 for a class with no row.
func Present(method string, y []int, n int) (index []int, present int, err error) {
	c, err := Labels(method, y, n)
	if err != nil {
		return nil, 0, err
	}
	index = make([]int, c)
	for l := range index {
		index[l] = -1
	}
	for _, l := range y {
		index[l] = 0
	}
	for l := range index {
		if index[l] == 0 {
			index[l] = present
			present++
		}
	}
	return index, present, nil
}

// Order returns the column indices sorted by score, best first: decreasing
// scores when higherIsBetter, increasing otherwise. Equal scores keep the
// smaller index first. Columns marked in last (which may be nil), such as
// constant columns, come after all the others whatever their scores.
func Order(scores []float64, higherIsBetter bool, last []bool) []int {
	idx := make([]int, len(scores))
	for i := range idx {
		idx[i] = i
	}
	slices.SortStableFunc(idx, func(a, b int) int {
		if last != nil && last[a] != last[b] {
			if last[a] {
				return 1
			}
			return -1
		}
		if higherIsBetter {
			return cmp.Compare(scores[b], scores[a])
		}
		return cmp.Compare(scores[a], scores[b])
	})
	return idx
}

// Top returns the first k entries of order (all of them when k <= 0), as a
// new slice.
func Top(order []int, k int) []int {
	if k <= 0 || k > len(order) {
		k = len(order)
	}
	return slices.Clone(order[:k])
}
