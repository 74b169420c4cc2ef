package sffs

import "fmt"

// labels holds the classes of the rows. The label enters the coefficients as
// c class codes (doc.go, "Labels"): y_q(i) = c [y_i = q] - 1 for each of the
// c non-empty classes q. Rows are regrouped by class so that the sums over
// a class are sums over a contiguous block.
type labels struct {
	n     int
	c     int   // non-empty classes
	perm  []int // row order, grouped by class (stable)
	start []int // class q holds the rows perm[start[q]:start[q+1]]
}

// newLabels checks y (labels 0..; at least two non-empty classes) and
// groups the rows by class, classes in increasing label order.
func newLabels(y []int) (*labels, error) {
	count := map[int]int{}
	maxLabel := 0
	for _, v := range y {
		count[v]++
		maxLabel = max(maxLabel, v)
	}
	if len(count) < 2 {
		return nil, fmt.Errorf("sffs: the labels name %d class; at least two are needed", len(count))
	}
	// Position of each non-empty class, in increasing label order.
	class := make([]int, maxLabel+1)
	l := &labels{n: len(y), start: []int{0}}
	for v := 0; v <= maxLabel; v++ {
		class[v] = -1
		if count[v] > 0 {
			class[v] = l.c
			l.c++
			l.start = append(l.start, l.start[len(l.start)-1]+count[v])
		}
	}
	l.perm = make([]int, len(y))
	next := append([]int(nil), l.start[:l.c]...)
	for i, v := range y {
		q := class[v]
		l.perm[next[q]] = i
		next[q]++
	}
	return l, nil
}

// rows returns the standardized columns cols of z (one slice per column) as
// a row-major n x len(cols) matrix whose rows are grouped by class.
func (l *labels) rows(z [][]float64, cols []int) []float64 {
	m := len(cols)
	out := make([]float64, l.n*m)
	src := make([][]float64, m)
	for p, j := range cols {
		src[p] = z[j]
	}
	for i, r := range l.perm {
		row := out[i*m : (i+1)*m]
		for p, col := range src {
			row[p] = col[r]
		}
	}
	return out
}
