package graph

import (
	"context"
	"fmt"
	"math"

	"gonum.org/v1/gonum/blas/blas64"
	"gonum.org/v1/gonum/mat"

	"github.com/gsbench/gsbench/internal/memory"
	"github.com/gsbench/gsbench/internal/par"
	"github.com/gsbench/gsbench/internal/rowmajor"
)

// Metric is the distance the neighbours are chosen by.
type Metric string

// The metrics.
const (
	// Euclidean is ||x - y||.
	Euclidean Metric = "euclidean"
	// CosineDistance is 1 - cos(x, y), scikit-learn's cosine distance. Rows
	// are scaled to unit norm first; a zero row (norm below 1e-12) stays
	// zero and is at distance 1 from every row, as in scikit-feature's
	// construct_W.
	CosineDistance Metric = "cosine"
)

// ParseMetric returns the Metric named s ("" is Euclidean).
func ParseMetric(s string) (Metric, error) {
	switch Metric(s) {
	case "", Euclidean:
		return Euclidean, nil
	case CosineDistance:
		return CosineDistance, nil
	}
	return "", fmt.Errorf("graph: unknown metric %q: use euclidean or cosine", s)
}

// Neighbors holds the K nearest neighbours of N query points.
type Neighbors struct {
	N, K   int
	Metric Metric
	// Index[i*K+j] is the (j+1)-th nearest neighbour of point i: a row of
	// the reference matrix (of X itself for KNN, which never lists i as its
	// own neighbour).
	Index []int
	// Dist[i*K+j] is the distance from point i to Index[i*K+j]: the
	// Euclidean distance, or 1 - cosine similarity. Within a row distances
	// are nondecreasing, and equal distances are listed by increasing index.
	Dist []float64
}

// Row returns the neighbours of point i and their distances (views into
// Index and Dist).
func (nb *Neighbors) Row(i int) (index []int, dist []float64) {
	return nb.Index[i*nb.K : (i+1)*nb.K], nb.Dist[i*nb.K : (i+1)*nb.K]
}

// KNNOptions configures KNN and KNNQuery.
type KNNOptions struct {
	Metric  Metric // Euclidean when empty
	Workers int    // goroutines for the per-row selection; 0 means GOMAXPROCS
}

// KNN returns the k nearest neighbours of every row of X among the other
// rows of X. It needs 1 <= k < n. See the package documentation for the
// algorithm; the work is O(n^2 d) and the memory O(n k + n d).
func KNN(X mat.Matrix, k int, opt KNNOptions) (*Neighbors, error) {
	return KNNContext(context.Background(), X, k, opt)
}

// KNNContext is KNN stopping with ctx's error (and no result) when ctx is
// canceled: it checks ctx before every tile of distances.
func KNNContext(ctx context.Context, X mat.Matrix, k int, opt KNNOptions) (*Neighbors, error) {
	metric, err := ParseMetric(string(opt.Metric))
	if err != nil {
		return nil, err
	}
	n, d := X.Dims()
	if n == 0 || d == 0 {
		return nil, fmt.Errorf("graph: empty matrix (%d x %d)", n, d)
	}
	if k < 1 || k >= n {
		return nil, fmt.Errorf("graph: %d neighbours of each of %d points: need 1 <= k <= n-1 = %d", k, n, n-1)
	}
	pts, err := newPoints(X, metric, "X")
	if err != nil {
		return nil, err
	}
	if err := memory.Check(fmt.Sprintf("graph: the %d-nearest neighbours of %d points", k, n), knnBytes(n, n, d, k)); err != nil {
		return nil, err
	}
	idx, key, err := searchContext(ctx, pts, pts, k, true, opt.Workers)
	if err != nil {
		return nil, err
	}
	return neighbors(idx, key, n, k, metric), nil
}

// KNNQuery returns, for every row of query, its k nearest rows of ref
// (1 <= k <= rows of ref). A query row equal to a reference row has it as a
// neighbour at distance 0.
func KNNQuery(ref, query mat.Matrix, k int, opt KNNOptions) (*Neighbors, error) {
	metric, err := ParseMetric(string(opt.Metric))
	if err != nil {
		return nil, err
	}
	nr, d := ref.Dims()
	nq, dq := query.Dims()
	switch {
	case nr == 0 || d == 0 || nq == 0:
		return nil, fmt.Errorf("graph: empty matrix (reference %d x %d, query %d x %d)", nr, d, nq, dq)
	case dq != d:
		return nil, fmt.Errorf("graph: the query has %d columns, the reference %d", dq, d)
	case k < 1 || k > nr:
		return nil, fmt.Errorf("graph: %d neighbours among %d reference points: need 1 <= k <= %d", k, nr, nr)
	}
	rp, err := newPoints(ref, metric, "reference")
	if err != nil {
		return nil, err
	}
	qp, err := newPoints(query, metric, "query")
	if err != nil {
		return nil, err
	}
	if err := memory.Check(fmt.Sprintf("graph: the %d-nearest neighbours of %d points", k, nq), knnBytes(nr, nq, d, k)); err != nil {
		return nil, err
	}
	idx, key := search(rp, qp, k, false, opt.Workers)
	return neighbors(idx, key, nq, k, metric), nil
}

// neighbors converts search keys (squared distances, or cosine distances)
// into a Neighbors value.
func neighbors(idx []int, key []float64, n, k int, metric Metric) *Neighbors {
	if metric == Euclidean {
		for i, v := range key {
			key[i] = math.Sqrt(v)
		}
	}
	return &Neighbors{N: n, K: k, Metric: metric, Index: idx, Dist: key}
}

// knnBytes estimates the memory of a search: the result, copies of the
// points, their norms and the distance tiles.
func knnBytes(nr, nq, d, k int) int64 {
	return 16*int64(nq)*int64(k) + 8*(int64(nr)+int64(nq))*int64(d+1) + 8*int64(tileRows)*int64(tileCols)
}

// Tile sizes of the distance computation: 256 x 2048 float64 is 4 MiB.
// (Variables so that tests can exercise many partial tiles.)
var (
	tileRows = 256
	tileCols = 2048
)

// points is a row-major copy (or view) of a matrix prepared for search.
type points struct {
	X      blas64.General
	sq     []float64 // squared row norms (Euclidean)
	metric Metric
}

func newPoints(A mat.Matrix, metric Metric, name string) (*points, error) {
	n, d := A.Dims()
	var g blas64.General
	if dense, ok := A.(*mat.Dense); ok && metric == Euclidean {
		g = dense.RawMatrix()
	} else {
		g = blas64.General{Rows: n, Cols: d, Stride: d, Data: make([]float64, n*d)}
		for i := 0; i < n; i++ {
			for j := 0; j < d; j++ {
				g.Data[i*d+j] = A.At(i, j)
			}
		}
	}
	p := &points{X: g, metric: metric, sq: make([]float64, n)}
	for i := 0; i < n; i++ {
		row := g.Data[i*g.Stride : i*g.Stride+d]
		var s float64
		for j, v := range row {
			if math.IsNaN(v) || math.IsInf(v, 0) {
				return nil, fmt.Errorf("graph: %s[%d][%d] = %v; remove or impute non-finite values first", name, i, j, v)
			}
			s += v * v
		}
		if metric == CosineDistance {
			// scikit-feature construct_W: x / max(1e-12, ||x||).
			inv := 1 / math.Max(1e-12, math.Sqrt(s))
			for j := range row {
				row[j] *= inv
			}
			s *= inv * inv
		}
		p.sq[i] = s
	}
	return p, nil
}

func (p *points) row(i int) []float64 {
	return p.X.Data[i*p.X.Stride : i*p.X.Stride+p.X.Cols]
}

// viewStrided returns rows [lo, hi) as a *mat.Dense sharing p's storage.
func (p *points) viewStrided(lo, hi int) *mat.Dense {
	var m mat.Dense
	m.SetRawMatrix(blas64.General{
		Rows: hi - lo, Cols: p.X.Cols, Stride: p.X.Stride,
		Data: p.X.Data[lo*p.X.Stride : (hi-1)*p.X.Stride+p.X.Cols],
	})
	return &m
}

// search returns, for each query row, the k nearest reference rows and
// their keys (squared Euclidean distances, or cosine distances), sorted by
// (key, index). With self set, ref and qry are the same points and row i is
// not its own neighbour.
func search(ref, qry *points, k int, self bool, workers int) ([]int, []float64) {
	idx, key, _ := searchContext(context.Background(), ref, qry, k, self, workers) // never canceled
	return idx, key
}

// searchContext is search stopping with ctx's error (and no result) when ctx
// is canceled: it checks ctx before every tile of inner products.
func searchContext(ctx context.Context, ref, qry *points, k int, self bool, workers int) ([]int, []float64, error) {
	nq, nr := qry.X.Rows, ref.X.Rows
	l := &lists{k: k, qry: qry, ref: ref, self: self, idx: make([]int, nq*k), key: make([]float64, nq*k)}
	for i := range l.key {
		l.key[i] = math.Inf(1)
		l.idx[i] = math.MaxInt
	}
	if self {
		if err := l.searchSelf(ctx, workers); err != nil {
			return nil, nil, err
		}
	} else {
		buf := make([]float64, tileRows*tileCols)
		for r0 := 0; r0 < nq; r0 += tileRows {
			r1 := min(nq, r0+tileRows)
			for c0 := 0; c0 < nr; c0 += tileCols {
				c1 := min(nr, c0+tileCols)
				if err := ctx.Err(); err != nil {
					return nil, nil, err
				}
				tile := dotTile(qry, r0, r1, ref, c0, c1, buf)
				par.Chunks(r1-r0, 16, workers, func(_, lo, hi int) {
					for t := lo; t < hi; t++ {
						l.scan(r0+t, c0, c1, tile[t*(c1-c0):], 1)
					}
				})
			}
		}
	}
	// Recompute the kept distances directly: the tiled formula loses
	// accuracy by cancellation for close points (and is not exactly 0 for
	// duplicates).
	par.Chunks(nq, 64, workers, func(_, lo, hi int) {
		for i := lo; i < hi; i++ {
			x := qry.row(i)
			ki, kk := l.idx[i*k:(i+1)*k], l.key[i*k:(i+1)*k]
			for t, j := range ki {
				y := ref.row(j)
				if qry.metric == CosineDistance {
					var s float64
					for c, v := range x {
						s += v * y[c]
					}
					kk[t] = 1 - s
				} else {
					kk[t] = rowmajor.SqDist(x, y)
				}
			}
			sortPairs(kk, ki)
		}
	})
	return l.idx, l.key, nil
}

// lists holds the k best candidates of every query row i, sorted by (key,
// index) in idx[i*k:(i+1)*k] and key[i*k:(i+1)*k]. A list keeps the k
// smallest pairs offered, in a strict total order, so its content does not
// depend on the order of the offers.
type lists struct {
	k        int
	qry, ref *points
	self     bool // qry and ref are the same points; i is not its own neighbour
	idx      []int
	key      []float64
}

// scan offers to the list of query row i the reference rows j = j0..j1-1
// (except i itself in a self-search), whose inner products with row i are
// dots[(j-j0)*stride].
func (l *lists) scan(i, j0, j1 int, dots []float64, stride int) {
	k := l.k
	ki, kk := l.idx[i*k:(i+1)*k], l.key[i*k:(i+1)*k]
	worst, wj := kk[k-1], ki[k-1]
	cosine := l.qry.metric == CosineDistance
	sqi, sq := l.qry.sq[i], l.ref.sq
	self := l.self
	for j := j0; j < j1; j++ {
		dot := dots[(j-j0)*stride]
		var v float64
		if cosine {
			v = 1 - dot
		} else {
			v = max(0, sqi-2*dot+sq[j]) // ||x||^2 - 2 x.y + ||y||^2
		}
		if (v < worst || (v == worst && j < wj)) && !(self && j == i) {
			insert(kk, ki, v, j)
			worst, wj = kk[k-1], ki[k-1]
		}
	}
}

// searchSelf offers every pair (i, j), i != j, of the points to the lists:
// the inner products come in square tiles of side tileRows, and only the
// tiles on and above the diagonal are computed, x.y being symmetric. A tile
// off the diagonal serves the lists of its rows and, read by columns, those
// of its columns: half the arithmetic of the full distance matrix. Rows,
// then columns, are split among the workers, so that each list is written
// by one goroutine at a time.
func (l *lists) searchSelf(ctx context.Context, workers int) error {
	n, s := l.qry.X.Rows, tileRows
	buf := make([]float64, s*s)
	for r0 := 0; r0 < n; r0 += s {
		r1 := min(n, r0+s)
		for c0 := r0; c0 < n; c0 += s {
			c1 := min(n, c0+s)
			cols := c1 - c0
			if err := ctx.Err(); err != nil {
				return err
			}
			tile := dotTile(l.qry, r0, r1, l.qry, c0, c1, buf)
			par.Chunks(r1-r0, 16, workers, func(_, lo, hi int) {
				for t := lo; t < hi; t++ {
					l.scan(r0+t, c0, c1, tile[t*cols:], 1)
				}
			})
			if c0 > r0 {
				par.Chunks(cols, 16, workers, func(_, lo, hi int) {
					for c := lo; c < hi; c++ {
						l.scan(c0+c, r0, r1, tile[c:], cols)
					}
				})
			}
		}
	}
	return nil
}

// dotTile returns the (r1-r0) x (c1-c0) row-major inner products of rows
// r0..r1 of a with rows c0..c1 of b, in buf: one BLAS-3 product (Dgemm).
func dotTile(a *points, r0, r1 int, b *points, c0, c1 int, buf []float64) []float64 {
	tile := mat.NewDense(r1-r0, c1-c0, buf[:(r1-r0)*(c1-c0)])
	tile.Mul(a.viewStrided(r0, r1), b.viewStrided(c0, c1).T())
	return buf[:(r1-r0)*(c1-c0)]
}

// insert puts (v, j) into the sorted lists kk, ki (ordered by value, then
// index), dropping the last entry.
func insert(kk []float64, ki []int, v float64, j int) {
	p := len(kk) - 1
	for p > 0 && (kk[p-1] > v || (kk[p-1] == v && ki[p-1] > j)) {
		kk[p], ki[p] = kk[p-1], ki[p-1]
		p--
	}
	kk[p], ki[p] = v, j
}

// sortPairs sorts kk and ki together by (value, index): insertion sort, the
// lists being short and nearly sorted.
func sortPairs(kk []float64, ki []int) {
	for a := 1; a < len(kk); a++ {
		v, j := kk[a], ki[a]
		p := a
		for p > 0 && (kk[p-1] > v || (kk[p-1] == v && ki[p-1] > j)) {
			kk[p], ki[p] = kk[p-1], ki[p-1]
			p--
		}
		kk[p], ki[p] = v, j
	}
}
