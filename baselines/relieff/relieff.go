package relieff

import (
	"fmt"
	"math"

	"gonum.org/v1/gonum/mat"

	"github.com/gsbench/gsbench/baselines/internal/selection"
	"github.com/gsbench/gsbench/internal/par"
)

// chunkSize is the number of samples whose contributions one goroutine sums
// before they are added, chunk by chunk in order, to the scores: the result
// does not depend on the number of goroutines.
const chunkSize = 32

// ReliefF ranks features by their ReliefF score. Create it with New.
type ReliefF struct {
	K          int `param:"k" doc:"number of features to select; 0 ranks them all"`
	NNeighbors int `param:"n_neighbors" doc:"k: near hits, and near misses of every other class, per sample (scikit-feature reliefF: 5)"`
	Workers    int // goroutines over the samples; 0: GOMAXPROCS. Results do not depend on it.

	scores   []float64
	selected []int
	classes  int
}

// New returns ReliefF with scikit-feature's default of 5 neighbours.
func New() *ReliefF { return &ReliefF{NNeighbors: 5} }

// Validate checks the parameters that do not depend on the data.
func (m *ReliefF) Validate() error {
	switch {
	case m.K < 0:
		return fmt.Errorf("relieff: k = %d: want 0 (rank all) or a positive number of features", m.K)
	case m.NNeighbors < 1:
		return fmt.Errorf("relieff: n_neighbors = %d: want a positive number (scikit-feature's default is 5)", m.NNeighbors)
	}
	return nil
}

// Fit scores the columns of X (n x d) with the class labels y (0..c-1, at
// least two classes with samples). X is not modified.
func (m *ReliefF) Fit(X *mat.Dense, y []int) error {
	if err := m.Validate(); err != nil {
		return err
	}
	if err := selection.Check("relieff", X, m.K); err != nil {
		return err
	}
	n, d := X.Dims()
	c, err := selection.Labels("relieff", y, n)
	if err != nil {
		return err
	}
	count := make([]int, c)
	for _, l := range y {
		count[l]++
	}
	present := 0
	for _, v := range count {
		if v > 0 {
			present++
		}
	}
	if present < 2 {
		return fmt.Errorf("relieff: the labels name %d class; ReliefF needs at least two (it compares near hits with near misses)", present)
	}
	k := m.NNeighbors
	scores := make([]float64, d)
	partial := make([][]float64, par.NumChunks(n, chunkSize))
	par.Chunks(n, chunkSize, m.Workers, func(ch, lo, hi int) {
		w := newWorker(n, d, c, k)
		acc := make([]float64, d)
		for i := lo; i < hi; i++ {
			w.sample(X, y, count, i, acc)
		}
		partial[ch] = acc
	})
	for _, acc := range partial {
		for f, v := range acc {
			scores[f] += v
		}
	}
	m.scores, m.classes = scores, present
	m.selected = selection.Top(selection.Order(scores, true, nil), m.K)
	return nil
}

// worker holds the buffers of one goroutine.
type worker struct {
	k    int
	dist []float64
	// near[l] lists the (at most k) nearest samples of class l, nearest
	// first, with their distances in nearDist[l].
	near     [][]int
	nearDist [][]float64
	hit      []float64
	miss     []float64
}

func newWorker(n, d, c, k int) *worker {
	w := &worker{k: k, dist: make([]float64, n), near: make([][]int, c), nearDist: make([][]float64, c),
		hit: make([]float64, d), miss: make([]float64, d)}
	for l := range w.near {
		w.near[l] = make([]int, 0, k)
		w.nearDist[l] = make([]float64, 0, k)
	}
	return w
}

// sample adds the contribution of sample i to acc.
func (w *worker) sample(X *mat.Dense, y, count []int, i int, acc []float64) {
	n, _ := X.Dims()
	xi := X.RawRowView(i)
	manhattan(X, xi, w.dist)
	rowMax := 0.0
	for _, s := range w.dist {
		rowMax = math.Max(rowMax, s)
	}
	// scikit-feature: distance[idx, idx] = np.max(distance[idx, :]).
	w.dist[i] = rowMax
	for l := range w.near {
		w.near[l] = w.near[l][:0]
		w.nearDist[l] = w.nearDist[l][:0]
	}
	// The first k samples of each class in the order (distance, index):
	// scikit-feature's stable sort of the row, scanned class by class.
	for j := 0; j < n; j++ {
		w.insert(y[j], j, w.dist[j])
	}
	k := float64(w.k)
	own := y[i]
	pOwn := float64(count[own]) / float64(n)
	clear(w.hit)
	for _, h := range w.near[own] {
		for f, v := range X.RawRowView(h) {
			w.hit[f] += math.Abs(xi[f] - v)
		}
	}
	for l, list := range w.near {
		if l == own || count[l] == 0 {
			continue
		}
		clear(w.miss)
		for _, m := range list {
			for f, v := range X.RawRowView(m) {
				w.miss[f] += math.Abs(xi[f] - v)
			}
		}
		// Misses of class l are weighted by P(l) / (1 - P(y_i)).
		weight := k * (float64(count[l]) / float64(n) / (1 - pOwn))
		for f, v := range w.miss {
			acc[f] += v / weight
		}
	}
	for f, v := range w.hit {
		acc[f] -= v / k
	}
}

// insert offers sample j at distance dj to the list of its class l, kept
// sorted by (distance, index); samples arrive in increasing index, so an
// equal distance goes after the entries already there.
func (w *worker) insert(l, j int, dj float64) {
	list, dl := w.near[l], w.nearDist[l]
	if len(list) == w.k {
		if !(dj < dl[w.k-1]) {
			return
		}
		list, dl = list[:w.k-1], dl[:w.k-1]
	}
	p := len(list)
	for p > 0 && dl[p-1] > dj {
		p--
	}
	list = append(list, 0)
	dl = append(dl, 0)
	copy(list[p+1:], list[p:])
	copy(dl[p+1:], dl[p:])
	list[p], dl[p] = j, dj
	w.near[l], w.nearDist[l] = list, dl
}

// Selected returns the selected columns, highest score first.
func (m *ReliefF) Selected() []int { return m.selected }

// Scores returns the ReliefF score of every column: higher is better.
func (m *ReliefF) Scores() []float64 { return m.scores }

// Report gives the number of classes with samples and the number of
// neighbours used.
func (m *ReliefF) Report() map[string]any {
	return map[string]any{"classes": m.classes, "n_neighbors": m.NNeighbors}
}

// manhattan sets dist[j] to the L1 distance between x and row j of X, the
// features summed in order as scipy's cityblock (so that equal distances,
// and hence the neighbour order, agree with scikit-feature to the bit). Four
// rows are summed at a time, in independent chains.
func manhattan(X *mat.Dense, x []float64, dist []float64) {
	n, d := X.Dims()
	x = x[:d]
	j := 0
	for ; j+4 <= n; j += 4 {
		r0, r1, r2, r3 := X.RawRowView(j)[:d], X.RawRowView(j + 1)[:d], X.RawRowView(j + 2)[:d], X.RawRowView(j + 3)[:d]
		var s0, s1, s2, s3 float64
		for f, v := range x {
			s0 += math.Abs(v - r0[f])
			s1 += math.Abs(v - r1[f])
			s2 += math.Abs(v - r2[f])
			s3 += math.Abs(v - r3[f])
		}
		dist[j], dist[j+1], dist[j+2], dist[j+3] = s0, s1, s2, s3
	}
	for ; j < n; j++ {
		r := X.RawRowView(j)[:d]
		var s float64
		for f, v := range x {
			s += math.Abs(v - r[f])
		}
		dist[j] = s
	}
}
