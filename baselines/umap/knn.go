package umap

import (
	"context"
	"fmt"
	"math"
	"slices"

	"gonum.org/v1/gonum/blas/blas64"
	"gonum.org/v1/gonum/mat"

	"github.com/gsbench/gsbench/baselines/graph"
	"github.com/gsbench/gsbench/internal/par"
	"github.com/gsbench/gsbench/internal/rowmajor"
)

// knnHeaps holds one bounded max-heap per point: the k candidates with the
// smallest (squared distance, index) pairs seen so far, compared
// lexicographically. Because that order is strict and total, the final
// content of a heap does not depend on the order in which candidates were
// offered; this is what makes NN-descent deterministic.
// Distances are float32 squared distances (NN-descent's, vectors32); an
// empty entry is (+Inf, MaxInt32).
type knnHeaps struct {
	k    int
	d    []float32 // k per point; d[i*k] is the largest (the root)
	j    []int32
	fl   []bool    // per entry: not yet joined (NN-descent's "new" flag)
	full []float32 // worst kept distance per point (the root), for a fast reject
}

func newKNNHeaps(n, k int) *knnHeaps {
	h := &knnHeaps{k: k, d: make([]float32, n*k), j: make([]int32, n*k), full: make([]float32, n)}
	inf := float32(math.Inf(1))
	for i := range h.d {
		h.d[i] = inf
		h.j[i] = math.MaxInt32
	}
	for i := range h.full {
		h.full[i] = inf
	}
	return h
}

func less(d1 float32, j1 int32, d2 float32, j2 int32) bool {
	return d1 < d2 || (d1 == d2 && j1 < j2)
}

// size returns the number of candidates point i holds.
func (h *knnHeaps) size(i int) int {
	c := 0
	for _, j := range h.j[i*h.k : (i+1)*h.k] {
		if j != math.MaxInt32 {
			c++
		}
	}
	return c
}

// push offers candidate j at squared distance d to point i and reports
// whether it was kept. The caller guarantees j is not already in the heap.
func (h *knnHeaps) push(i int, d float32, j int32) bool {
	k := h.k
	hd, hj := h.d[i*k:(i+1)*k], h.j[i*k:(i+1)*k]
	if !less(d, j, hd[0], hj[0]) {
		return false
	}
	var hf []bool
	if h.fl != nil {
		hf = h.fl[i*k : (i+1)*k]
	}
	siftDown(hd, hj, hf, 0, d, j, true)
	h.full[i] = hd[0]
	return true
}

// contains reports whether j is among the candidates of i.
func (h *knnHeaps) contains(i int, j int32) bool {
	return slices.Contains(h.j[i*h.k:(i+1)*h.k], j)
}

// siftDown places (d, j) with flag f at position p of a max-heap and
// restores the heap property below it; hf may be nil.
func siftDown(hd []float32, hj []int32, hf []bool, p int, d float32, j int32, f bool) {
	k := len(hd)
	for {
		c := 2*p + 1
		if c >= k {
			break
		}
		if c+1 < k && less(hd[c], hj[c], hd[c+1], hj[c+1]) {
			c++
		}
		if !less(d, j, hd[c], hj[c]) {
			break
		}
		hd[p], hj[p] = hd[c], hj[c]
		if hf != nil {
			hf[p] = hf[c]
		}
		p = c
	}
	hd[p], hj[p] = d, j
	if hf != nil {
		hf[p] = f
	}
}

// sorted empties the heap of point i into ascending order (in place).
func (h *knnHeaps) sorted(i int) ([]int32, []float32) {
	k := h.k
	hd, hj := h.d[i*k:(i+1)*k], h.j[i*k:(i+1)*k]
	for m := k - 1; m > 0; m-- {
		d, j := hd[m], hj[m]
		hd[m], hj[m] = hd[0], hj[0]
		siftDown(hd[:m], hj[:m], nil, 0, d, j, false)
	}
	return hj, hd
}

// exactKNN returns the neighbour table of the rows of X (n x d, n >= 2,
// 2 <= k <= n) with the point itself first, as in umap-learn, where the
// first neighbour of every point is the point itself: position 0 of row i
// is i at distance 0 (the smooth-kNN calibration skips it), followed by its
// k-1 nearest other rows from the exact search graph.KNN, with exact
// Euclidean distances. A table from new points to the training set
// (Transform, graph.KNNQuery) has no such entry.
func exactKNN(ctx context.Context, X *mat.Dense, k, workers int) (*graph.Neighbors, error) {
	found, err := graph.KNNContext(ctx, X, k-1, graph.KNNOptions{Workers: workers})
	if isContextErr(err) {
		return nil, err
	}
	if err != nil {
		return nil, fmt.Errorf("umap: %w", err)
	}
	n := found.N
	nb := &graph.Neighbors{N: n, K: k, Metric: graph.Euclidean, Index: make([]int, n*k), Dist: make([]float64, n*k)}
	for i := 0; i < n; i++ {
		idx, dist := nb.Row(i)
		gi, gd := found.Row(i)
		idx[0] = i
		copy(idx[1:], gi)
		copy(dist[1:], gd)
	}
	return nb, nil
}

// finish turns the heaps into a neighbour table of the rows of X with exact
// distances, the point itself first as in exactKNN. Heap i and the indices
// it holds number the points in another order: heap i is row order[i] of X.
func finish(h *knnHeaps, order []int32, X blas64.General, workers int) *graph.Neighbors {
	m, k := X.Rows, h.k+1
	nb := &graph.Neighbors{N: m, K: k, Metric: graph.Euclidean, Index: make([]int, m*k), Dist: make([]float64, m*k)}
	par.Chunks(m, 64, workers, func(_, a, b int) {
		for hi := a; hi < b; hi++ {
			hj, _ := h.sorted(hi)
			i := int(order[hi])
			idx, dist := nb.Row(i)
			idx[0], dist[0] = i, 0
			q := X.Data[i*X.Stride : i*X.Stride+X.Cols]
			for t, j := range hj {
				j := int(order[j])
				idx[1+t] = j
				dist[1+t] = math.Sqrt(rowmajor.SqDist(q, X.Data[j*X.Stride:j*X.Stride+X.Cols]))
			}
			sortRow(idx[1:], dist[1:])
		}
	})
	return nb
}

// sortRow sorts a neighbour row by (distance, index).
func sortRow(idx []int, dist []float64) {
	// insertion sort: rows are short and nearly sorted already
	for a := 1; a < len(idx); a++ {
		j, d := idx[a], dist[a]
		b := a
		for b > 0 && (d < dist[b-1] || (d == dist[b-1] && j < idx[b-1])) {
			idx[b], dist[b] = idx[b-1], dist[b-1]
			b--
		}
		idx[b], dist[b] = j, d
	}
}
