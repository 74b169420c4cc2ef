package graph

import (
	"fmt"
	"math"
	"sort"

	"gonum.org/v1/gonum/mat"

	"github.com/gsbench/gsbench/internal/memory"
)

// Weight is how an edge of the neighbour graph is weighted.
type Weight string

// The weightings of scikit-feature's construct_W ("knn" neighbour mode).
const (
	// Binary weights every edge 1.
	Binary Weight = "binary"
	// HeatKernel weights an edge exp(-||x_i - x_j||^2 / (2 t^2)). Note that
	// the squared distance is used: construct_W squares its pairwise
	// distances before taking the exponential (its docstring omits the
	// square).
	HeatKernel Weight = "heat_kernel"
	// CosineSimilarity weights an edge with the cosine similarity of its
	// ends; the neighbours are then the most similar points.
	CosineSimilarity Weight = "cosine"
)

// Choices lists the weightings.
func (Weight) Choices() []string {
	return []string{string(HeatKernel), string(Binary), string(CosineSimilarity)}
}

// ParseWeight returns the Weight named s (heat and heat-kernel are read as
// heat_kernel).
func ParseWeight(s string) (Weight, error) {
	switch Weight(s) {
	case HeatKernel, "heat", "heat-kernel":
		return HeatKernel, nil
	case Binary:
		return Binary, nil
	case CosineSimilarity:
		return CosineSimilarity, nil
	}
	return "", fmt.Errorf("graph: unknown weight %q: use binary, heat_kernel or cosine", s)
}

// Options configures Affinity; its tagged fields are the graph parameters
// of the methods that embed it (Laplacian score, SPEC, MCFS, NDFS). Start
// from DefaultOptions.
type Options struct {
	NNeighbors int     `param:"n_neighbors" doc:"neighbours of each sample in the k-NN affinity graph, besides itself (scikit-feature construct_W: k)"`
	Weight     Weight  `param:"weight" doc:"edge weights: heat_kernel (exp(-||x-y||^2 / (2 t^2))), binary or cosine"`
	T          float64 `param:"t" auto:"the mean distance from the samples to their neighbours" doc:"heat-kernel width t; auto (0) takes the mean distance to the nearest neighbours, a local scale that keeps the weights from underflowing (t = 1 leaves only the self-loops on high-dimensional data)"`
	SelfLoops  bool    `param:"self_loops" doc:"link every sample to itself, as scikit-feature's construct_W does (it takes the k+1 nearest points, the point itself included); the loops do not change L = D - W but do change D"`
	// Metric chooses the neighbours. "" means Euclidean for Binary and
	// HeatKernel weights and CosineDistance for CosineSimilarity weights.
	// Binary weights may use either (construct_W's own default is binary
	// weights on cosine neighbours); HeatKernel needs Euclidean and
	// CosineSimilarity needs CosineDistance.
	Metric  Metric
	Workers int // goroutines; 0 means GOMAXPROCS
}

// DefaultK is the number of neighbours of scikit-feature's construct_W.
const DefaultK = 5

// DefaultOptions returns the graph the papers' baselines used:
// scikit-feature's construct_W with neighbor_mode "knn", k = 5, weight_mode
// "heat_kernel", t = 1, self-loops kept.
func DefaultOptions() Options {
	return Options{NNeighbors: DefaultK, Weight: HeatKernel, T: 1, SelfLoops: true}
}

// Resolved returns o with its metric derived from the weight when unset,
// or an error when a value is invalid or the weight and metric do not go
// together.
func (o Options) Resolved() (Options, error) {
	w, err := ParseWeight(string(o.Weight))
	if err != nil {
		return o, err
	}
	o.Weight = w
	switch {
	case o.NNeighbors < 1:
		return o, fmt.Errorf("graph: n_neighbors = %d: want a positive number", o.NNeighbors)
	case o.T < 0 || math.IsNaN(o.T) || math.IsInf(o.T, 0):
		return o, fmt.Errorf("graph: heat-kernel width t = %v: want a positive number, or 0 (auto)", o.T)
	}
	if o.Metric == "" {
		o.Metric = Euclidean
		if o.Weight == CosineSimilarity {
			o.Metric = CosineDistance
		}
	}
	if o.Metric, err = ParseMetric(string(o.Metric)); err != nil {
		return o, err
	}
	switch {
	case o.Weight == HeatKernel && o.Metric != Euclidean:
		return o, fmt.Errorf("graph: heat_kernel weights need the euclidean metric, not %s", o.Metric)
	case o.Weight == CosineSimilarity && o.Metric != CosineDistance:
		return o, fmt.Errorf("graph: cosine weights need the cosine metric, not %s", o.Metric)
	}
	return o, nil
}

// Affinity returns the symmetric sparse affinity matrix of the k-nearest-
// neighbour graph of the rows of X (see the package documentation). It needs
// k < n. The work is O(n^2 d), the memory O(n (k + d)).
func Affinity(X mat.Matrix, opt Options) (*Sparse, error) {
	o, err := opt.Resolved()
	if err != nil {
		return nil, err
	}
	n, d := X.Dims()
	if n == 0 || d == 0 {
		return nil, fmt.Errorf("graph: empty matrix (%d x %d)", n, d)
	}
	if o.NNeighbors >= n {
		return nil, fmt.Errorf("graph: %d neighbours of each of %d points: need n_neighbors <= n-1 = %d", o.NNeighbors, n, n-1)
	}
	pts, err := newPoints(X, o.Metric, "X")
	if err != nil {
		return nil, err
	}
	if err := memory.Check(fmt.Sprintf("graph: the %d-nearest-neighbour graph of %d points", o.NNeighbors, n), knnBytes(n, n, d, o.NNeighbors)+48*int64(n)*int64(o.NNeighbors+1)); err != nil {
		return nil, err
	}
	idx, key := search(pts, pts, o.NNeighbors, true, o.Workers)
	if o.T == 0 && o.Weight == HeatKernel {
		var sum float64
		for _, v := range key {
			sum += math.Sqrt(v)
		}
		if o.T = sum / float64(len(key)); !(o.T > 0) {
			o.T = 1 // every neighbour is a duplicate
		}
	}
	weight := func(key float64) float64 {
		switch o.Weight {
		case Binary:
			return 1
		case CosineSimilarity:
			return 1 - key // similarity
		}
		return math.Exp(-key / (2 * o.T * o.T)) // key is the squared distance
	}
	return symmetrize(n, o.NNeighbors, idx, key, weight, o.SelfLoops, pts), nil
}

// symmetrize builds W = max(W0, W0') from the directed k-NN lists (and the
// self-loops), treating an absent entry as 0 as construct_W does: an edge
// present in one direction only keeps max(w, 0).
func symmetrize(n, k int, idx []int, key []float64, weight func(float64) float64, loops bool, pts *points) *Sparse {
	type entry struct {
		col  int
		w    float64
		both bool
	}
	// Each directed edge i->j lands in row i and (reversed) in row j.
	count := make([]int, n+1)
	for i := 0; i < n; i++ {
		count[i+1] += k
		for _, j := range idx[i*k : (i+1)*k] {
			count[j+1]++
		}
		if loops {
			count[i+1]++
		}
	}
	for i := 0; i < n; i++ {
		count[i+1] += count[i]
	}
	entries := make([]entry, count[n])
	next := append([]int(nil), count[:n]...)
	for i := 0; i < n; i++ {
		if loops {
			w := 1.0
			if pts.metric == CosineDistance {
				w = weight(1 - pts.sq[i]) // self-similarity: 1, or 0 for a zero row
			}
			entries[next[i]] = entry{i, w, true}
			next[i]++
		}
		for t, j := range idx[i*k : (i+1)*k] {
			w := weight(key[i*k+t])
			entries[next[i]] = entry{j, w, false}
			next[i]++
			entries[next[j]] = entry{i, w, false}
			next[j]++
		}
	}
	s := &Sparse{N: n, RowPtr: make([]int, n+1), Col: make([]int, 0, count[n]), Val: make([]float64, 0, count[n])}
	for i := 0; i < n; i++ {
		seg := entries[count[i]:count[i+1]]
		sort.Slice(seg, func(a, b int) bool { return seg[a].col < seg[b].col })
		for p := 0; p < len(seg); {
			e := seg[p]
			w := e.w
			q := p + 1
			for q < len(seg) && seg[q].col == e.col {
				w = math.Max(w, seg[q].w)
				q++
			}
			if q-p == 1 && !e.both {
				w = math.Max(w, 0) // the other direction is an implicit 0
			}
			if w != 0 {
				s.Col = append(s.Col, e.col)
				s.Val = append(s.Val, w)
			}
			p = q
		}
		s.RowPtr[i+1] = len(s.Col)
	}
	return s
}
