package umap

import (
	"math"
	"slices"
	"sync"

	"gonum.org/v1/gonum/blas"
	"gonum.org/v1/gonum/blas/blas64"
	"gonum.org/v1/gonum/mat"

	"github.com/gsbench/gsbench/internal/rowmajor"
)

// neighbors is a k-nearest-neighbour table: row i lists k points in
// increasing Euclidean distance, idx[i*k+j] and dist[i*k+j]. In the table of
// a point set with itself (Fit), position 0 of row i is i itself at distance
// 0, as in umap-learn, where the first neighbour of every point is the point
// itself; the smooth-kNN calibration skips that position. In a table from
// new points to the training set (Transform, from graph.KNNQuery) there is
// no such entry.
type neighbors struct {
	n, k int
	idx  []int32
	dist []float64
}

func (nb *neighbors) row(i int) ([]int32, []float64) {
	return nb.idx[i*nb.k : (i+1)*nb.k], nb.dist[i*nb.k : (i+1)*nb.k]
}

// knnHeaps holds one bounded max-heap per point: the k candidates with the
// smallest (squared distance, index) pairs seen so far, compared
// lexicographically. Because that order is strict and total, the final
// content of a heap does not depend on the order in which candidates were
// offered; this is what makes the parallel searches deterministic.
type knnHeaps struct {
	k    int
	d    []float64 // k per point; d[i*k] is the largest (the root)
	j    []int32
	fl   []bool    // per entry: not yet joined (NN-descent's "new" flag); nil in the exact search
	full []float64 // worst kept distance per point (the root), for a fast reject
}

func newKNNHeaps(n, k int) *knnHeaps {
	h := &knnHeaps{k: k, d: make([]float64, n*k), j: make([]int32, n*k), full: make([]float64, n)}
	for i := range h.d {
		h.d[i] = math.Inf(1)
		h.j[i] = math.MaxInt32
	}
	for i := range h.full {
		h.full[i] = math.Inf(1)
	}
	return h
}

func less(d1 float64, j1 int32, d2 float64, j2 int32) bool {
	return d1 < d2 || (d1 == d2 && j1 < j2)
}

// push offers candidate j at squared distance d to point i and reports
// whether it was kept. The caller guarantees j is not already in the heap.
func (h *knnHeaps) push(i int, d float64, j int32) bool {
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
func siftDown(hd []float64, hj []int32, hf []bool, p int, d float64, j int32, f bool) {
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
func (h *knnHeaps) sorted(i int) ([]int32, []float64) {
	k := h.k
	hd, hj := h.d[i*k:(i+1)*k], h.j[i*k:(i+1)*k]
	for m := k - 1; m > 0; m-- {
		d, j := hd[m], hj[m]
		hd[m], hj[m] = hd[0], hj[0]
		siftDown(hd[:m], hj[:m], nil, 0, d, j, false)
	}
	return hj, hd
}

// tileSize is the side of the square blocks of the distance matrix computed
// by one Dgemm: 1024 x 1024 doubles (8 MB).
const tileSize = 1024

// exactKNN returns the k nearest neighbours of every row of X among the rows
// of X, the point itself first (k >= 1, k <= n). Squared distances are formed
// in tiles as ||x||^2 + ||y||^2 - 2 x.y (one Dgemm per tile, CONTRIBUTING:
// BLAS-3 distances), only for the upper triangle of tiles since the matrix
// is symmetric; the k-1 winners of each row are then re-measured directly so
// that the distances carry no cancellation error (smooth-kNN's rho, the
// distance to the nearest distinct neighbour, depends on it).
//
// It returns the same neighbours as graph.KNN(X, k-1) (TestExactKNN checks
// this) with half its arithmetic: graph.KNN computes every tile of the
// distance matrix, this search only those on and above the diagonal.
func exactKNN(X *mat.Dense, k, workers int) *neighbors {
	n, _ := X.Dims()
	raw := X.RawMatrix()
	norms := rowNorms(raw)
	h := newKNNHeaps(n, k-1)
	if k > 1 {
		buf := make([]float64, tileSize*tileSize)
		for i0 := 0; i0 < n; i0 += tileSize {
			i1 := min(i0+tileSize, n)
			for j0 := i0; j0 < n; j0 += tileSize {
				j1 := min(j0+tileSize, n)
				tile := sqDistTile(raw, raw, norms, norms, i0, i1, j0, j1, buf)
				offerTile(h, tile, i0, i1, j0, j1, true, workers)
			}
		}
	}
	return finish(h, n, k, raw, raw, true, workers)
}

func rowNorms(a blas64.General) []float64 {
	out := make([]float64, a.Rows)
	for i := range out {
		row := a.Data[i*a.Stride : i*a.Stride+a.Cols]
		s := 0.0
		for _, v := range row {
			s += v * v
		}
		out[i] = s
	}
	return out
}

// sqDistTile fills buf with the (i1-i0) x (j1-j0) squared distances between
// rows i0..i1 of A and rows j0..j1 of B (row-major, stride j1-j0).
func sqDistTile(A, B blas64.General, an, bn []float64, i0, i1, j0, j1 int, buf []float64) []float64 {
	r, c, d := i1-i0, j1-j0, A.Cols
	tile := buf[:r*c]
	blas64.Implementation().Dgemm(blas.NoTrans, blas.Trans, r, c, d, -2,
		A.Data[i0*A.Stride:], A.Stride, B.Data[j0*B.Stride:], B.Stride, 0, tile, c)
	for i := 0; i < r; i++ {
		row := tile[i*c : (i+1)*c]
		ni := an[i0+i]
		for j := range row {
			v := row[j] + ni + bn[j0+j]
			if v < 0 {
				v = 0
			}
			row[j] = v
		}
	}
	return tile
}

// offerTile offers the tile's candidates to the heaps of its rows and, when
// self is set and the tile is off the diagonal, to the heaps of its columns
// (the symmetric half that is never computed). Rows and columns are split
// among workers; every heap is touched by one worker only.
func offerTile(h *knnHeaps, tile []float64, i0, i1, j0, j1 int, self bool, workers int) {
	r, c := i1-i0, j1-j0
	parallelFor(r, workers, func(a, b int) {
		for i := a; i < b; i++ {
			gi := i0 + i
			row := tile[i*c : (i+1)*c]
			for j, d := range row {
				if d <= h.full[gi] && !(self && gi == j0+j) {
					h.push(gi, d, int32(j0+j))
				}
			}
		}
	})
	if !self || i0 == j0 {
		return
	}
	parallelFor(c, workers, func(a, b int) {
		for i := 0; i < r; i++ {
			row := tile[i*c : (i+1)*c]
			for j := a; j < b; j++ {
				if d := row[j]; d <= h.full[j0+j] {
					h.push(j0+j, d, int32(i0+i))
				}
			}
		}
	})
}

// finish turns the heaps into a sorted table with exact distances, with the
// point itself prepended when self is set.
func finish(h *knnHeaps, m, k int, Q, X blas64.General, self bool, workers int) *neighbors {
	nb := &neighbors{n: m, k: k, idx: make([]int32, m*k), dist: make([]float64, m*k)}
	off := 0
	if self {
		off = 1
	}
	parallelFor(m, workers, func(a, b int) {
		for i := a; i < b; i++ {
			hj, _ := h.sorted(i)
			idx, dist := nb.row(i)
			if self {
				idx[0], dist[0] = int32(i), 0
			}
			q := Q.Data[i*Q.Stride : i*Q.Stride+Q.Cols]
			for t, j := range hj {
				idx[off+t] = j
				dist[off+t] = math.Sqrt(rowmajor.SqDist(q, X.Data[int(j)*X.Stride:int(j)*X.Stride+X.Cols]))
			}
			sortRow(idx[off:], dist[off:])
		}
	})
	return nb
}

// sortRow sorts a neighbour row by (distance, index).
func sortRow(idx []int32, dist []float64) {
	// insertion sort: rows are short and nearly sorted already
	for a := 1; a < len(idx); a++ {
		j, d := idx[a], dist[a]
		b := a
		for b > 0 && less(d, j, dist[b-1], idx[b-1]) {
			idx[b], dist[b] = idx[b-1], dist[b-1]
			b--
		}
		idx[b], dist[b] = j, d
	}
}

// parallelFor runs body over [0, n) split into at most workers contiguous
// chunks. The split only affects which goroutine does the work, never the
// result.
func parallelFor(n, workers int, body func(a, b int)) {
	if workers <= 1 || n < 2*64 {
		body(0, n)
		return
	}
	chunks := min(workers, n/64)
	var wg sync.WaitGroup
	for c := 0; c < chunks; c++ {
		a, b := c*n/chunks, (c+1)*n/chunks
		wg.Add(1)
		go func() {
			defer wg.Done()
			body(a, b)
		}()
	}
	wg.Wait()
}
