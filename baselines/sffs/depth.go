package sffs

import (
	"context"
	"fmt"
	"math"
	"sync"

	"gonum.org/v1/gonum/blas"
	"gonum.org/v1/gonum/blas/blas64"

	"github.com/gsbench/gsbench/fastblas" // OpenBLAS for the class Gram products, when installed
	"github.com/gsbench/gsbench/internal/memory"
	"github.com/gsbench/gsbench/internal/par"
)

// blockRows is the number of features b whose products with every later
// feature e form one unit of work (one Gram product per class).
const blockRows = 64

// maxSubsets bounds the number of scored subsets (their ids are int32).
const maxSubsets = math.MaxInt32

// depthResult is what the depth-based search found.
type depthResult struct {
	order   []int     // positions of the selected features, best first
	scores  []float64 // per feature: the largest M(J) over the scored J containing it
	depth   int       // the depth used: min(t, m)
	subsets int       // subsets scored
	used    int       // ranked subsets taken into the union
}

// subsets enumerates the s-subsets of {0..m-1} by their rank in the
// colexicographic order, rank(S) = sum_i C(S_i, i+1) for S_0 < S_1 < ...
// (Knuth's combinatorial number system): for every size the ranks are
// 0..C(m, s)-1.
type subsets struct {
	m     int
	binom [][]int // binom[s][x] = C(x, s), s <= t, x <= m
}

func newSubsets(m, t int) *subsets {
	b := make([][]int, t+1)
	for s := range b {
		b[s] = make([]int, m+1)
		for x := 0; x <= m; x++ {
			switch {
			case s == 0:
				b[s][x] = 1
			case x == 0:
				b[s][x] = 0
			default:
				b[s][x] = b[s-1][x-1] + b[s][x-1] // Pascal; the caller bounds the values
			}
		}
	}
	return &subsets{m: m, binom: b}
}

func (ss *subsets) count(s int) int { return ss.binom[s][ss.m] }

func (ss *subsets) rank(S []int) int {
	r := 0
	for i, v := range S {
		r += ss.binom[i+1][v]
	}
	return r
}

// unrank writes the subset of rank r and size len(dst) into dst, ascending.
func (ss *subsets) unrank(r int, dst []int) {
	x := ss.m
	for i := len(dst) - 1; i >= 0; i-- {
		x--
		for ss.binom[i+1][x] > r {
			x--
		}
		dst[i] = x
		r -= ss.binom[i+1][x]
	}
}

// countSubsets returns sum_{s=1}^{t} C(m, s), or -1 beyond limit.
func countSubsets(m, t, limit int) int {
	total, c := 0, 1
	for s := 1; s <= t; s++ {
		c = c * (m - s + 1) / s // exact: C(m, s) = C(m, s-1) (m-s+1) / s
		total += c
		if c > limit || total > limit {
			return -1
		}
	}
	return total
}

// depthSearch runs Algorithm 2 on the standardized features Z (n x m,
// row-major, rows grouped by class): it scores every subset J of 1..t
// features with M(J) = sum_{S in J, S != {}} a(S) (a(S) = (1/c) sum_q
// f_{S,q}^2, doc.go), ranks the subsets by decreasing M (ties: the
// lexicographically larger subset first, as the authors' sort of (M, J)
// tuples in reverse) and takes the union from the top until it holds want
// features.
func depthSearch(ctx context.Context, Z []float64, lab *labels, t, want, workers int) (*depthResult, error) {
	n, c := lab.n, lab.c
	m := len(Z) / n
	t = min(t, m)
	N := countSubsets(m, t, maxSubsets)
	if N < 0 {
		// Refused before anything is allocated, with the memory the subsets
		// would take (about 20 bytes each, as below).
		var total, c float64 = 0, 1
		for s := 1; s <= t; s++ {
			c = c * float64(m-s+1) / float64(s)
			total += c
		}
		need := memory.Format(-1) // "more than 8 EiB"
		if 20*total < math.MaxInt64/2 {
			need = "about " + memory.Format(int64(20*total))
		}
		return nil, fmt.Errorf("sffs: the %.3g subsets of at most %d of %d features would need %s of memory and are more than the %d the search can index: lower the depth or pre-filter the features (prefilter: true)",
			total, t, m, need, maxSubsets)
	}
	ss := newSubsets(m, t)
	// M (8 bytes) and a heap id (4) per subset, a(S) (8) for the subsets
	// below the top size, and per worker the class products of a block.
	w := par.Workers(workers)
	lower := N - ss.count(t)
	need := 12*int64(N) + 8*int64(lower) + int64(w)*8*int64(c+1)*blockRows*int64(m+n)
	if err := memory.Check(fmt.Sprintf("sffs: the measures of the %d subsets of at most %d of %d features", N, t, m), need); err != nil {
		return nil, fmt.Errorf("%w, or lower the depth", err)
	}

	off := make([]int, t+2) // subsets of size s have ids off[s] .. off[s+1]-1
	off[1] = 0
	for s := 1; s <= t; s++ {
		off[s+1] = off[s] + ss.count(s)
	}
	// The products run single-threaded inside the library and in parallel
	// over units here, so that every entry is summed in the same order
	// whatever the number of workers (a multi-threaded OpenBLAS partitions
	// its products differently and changes the last bits).
	defer fastblas.Serial()()
	M := make([]float64, N)
	agg := make([][]float64, t) // agg[s][rank]: a(S) for |S| = s < t
	norm := 1 / (float64(c) * float64(n) * float64(n))

	// Size 1: the class sums of each feature.
	a1 := make([]float64, m)
	h := make([]float64, c)
	for j := range m {
		for q := range c {
			var sum float64
			for i := lab.start[q]; i < lab.start[q+1]; i++ {
				sum += Z[i*m+j]
			}
			h[q] = sum
		}
		a1[j] = classAgg(h, c) * norm
	}
	copy(M[off[1]:off[2]], a1)
	if t > 1 {
		agg[1] = a1
	}

	// Sizes 2..t: for every prefix P of size s-2 and block of features b
	// after max(P), the class products sum_{i in q} w_i z_ib z_ie with
	// w_i = prod_{u in P} z_iu, for all e > b (one Dgemm per class).
	type unit struct{ prefix, b0 int }
	pool := sync.Pool{New: func() any { return new(workspace) }}
	for s := 2; s <= t; s++ {
		np := ss.count(s - 2)
		var units []unit
		P := make([]int, s-2)
		for r := range np {
			ss.unrank(r, P)
			first := 0
			if s > 2 {
				first = P[s-3] + 1
			}
			for b0 := first; b0 < m-1; b0 += blockRows {
				units = append(units, unit{r, b0})
			}
		}
		if s < t {
			agg[s] = make([]float64, ss.count(s))
		}
		err := par.Do(ctx, len(units), workers, func(k int) error {
			u := units[k]
			ws := pool.Get().(*workspace)
			defer pool.Put(ws)
			sizeBlock(ws, Z, lab, ss, agg, M[off[s]:off[s+1]], s, t, u.prefix, u.b0, norm)
			return nil
		})
		if err != nil {
			return nil, err
		}
	}

	res := &depthResult{depth: t, subsets: N, scores: make([]float64, m)}
	// Scores: the best subset containing each feature.
	S := make([]int, t)
	for s := 1; s <= t; s++ {
		Ss := S[:s]
		for r := range ss.count(s) {
			if r == 0 {
				for i := range Ss {
					Ss[i] = i
				}
			} else {
				nextColex(Ss, m)
			}
			v := M[off[s]+r]
			for _, j := range Ss {
				res.scores[j] = math.Max(res.scores[j], v)
			}
		}
	}

	// Rank: a max-heap of the ids, popped until the union has want features.
	hp := &subsetHeap{M: M, off: off, ss: ss, a: make([]int, t), b: make([]int, t)}
	hp.ids = make([]int32, N)
	for i := range hp.ids {
		hp.ids[i] = int32(i)
	}
	hp.init()
	seen := make([]bool, m)
	for len(res.order) < want && len(hp.ids) > 0 {
		J := hp.subset(hp.pop(), S)
		res.used++
		for _, j := range J {
			if !seen[j] && len(res.order) < want {
				seen[j] = true
				res.order = append(res.order, j)
			}
		}
	}
	return res, nil
}

// classAgg returns sum_q (c h_q - H)^2 with H = sum_q h_q: n^2 c a(S) for
// the class sums h_q = sum_{i in q} phi_S(x_i) (f_{S,q} = (c h_q - H) / n).
func classAgg(h []float64, c int) float64 {
	var H float64
	for _, v := range h {
		H += v
	}
	cf := float64(c)
	var out float64
	for _, v := range h {
		f := cf*v - H
		out += f * f
	}
	return out
}

// workspace holds one unit's buffers.
type workspace struct {
	w, A, G, H, acc []float64
	P, S            []int
}

func grow(s []float64, n int) []float64 {
	if cap(s) < n {
		return make([]float64, n)
	}
	return s[:n]
}

// sizeBlock computes a(S) and M(S) for the subsets S = P u {b, e} of size
// s, P the prefix of rank prefix (size s-2), b in [b0, b0+blockRows) and
// e > b, writing M into Ms (indexed by rank) and, when s < t, a(S) into
// agg[s].
func sizeBlock(ws *workspace, Z []float64, lab *labels, ss *subsets, agg [][]float64, Ms []float64, s, t, prefix, b0 int, norm float64) {
	n, c := lab.n, lab.c
	m := len(Z) / n
	b1 := min(b0+blockRows, m-1)
	bw, width := b1-b0, m-b0 // rows b0..b1-1 and columns b0..m-1 of the class products
	if cap(ws.P) < s {
		ws.P, ws.S = make([]int, s), make([]int, s)
	}
	P := ws.P[:s-2]
	ss.unrank(prefix, P)
	base := ss.rank(P)

	// A = (w o Z)[:, b0:b1], the weighted left factor (Z itself for s = 2).
	A, lda := Z[b0:], m
	if s > 2 {
		ws.w = grow(ws.w, n)
		for i := range n {
			v := 1.0
			for _, u := range P {
				v *= Z[i*m+u]
			}
			ws.w[i] = v
		}
		ws.A = grow(ws.A, n*bw)
		for i := range n {
			wi, row := ws.w[i], Z[i*m+b0:i*m+b1]
			dst := ws.A[i*bw : (i+1)*bw]
			for k, v := range row {
				dst[k] = wi * v
			}
		}
		A, lda = ws.A, bw
	}
	// G_q = A_q^T Z_q[:, b0:m] for every class q (bw x width each).
	ws.G = grow(ws.G, c*bw*width)
	impl := blas64.Implementation()
	for q := range c {
		r0, r1 := lab.start[q], lab.start[q+1]
		impl.Dgemm(blas.Trans, blas.NoTrans, bw, width, r1-r0, 1, A[r0*lda:], lda, Z[r0*m+b0:], m, 0, ws.G[q*bw*width:(q+1)*bw*width], width)
	}
	// acc = sum_q (c G_q - H)^2 with H = sum_q G_q: classAgg over the
	// block, class by class on contiguous rows (the same operations in the
	// same order, so the same bits).
	size := bw * width
	ws.H, ws.acc = grow(ws.H, size), grow(ws.acc, size)
	H, acc := ws.H, ws.acc
	copy(H, ws.G[:size])
	for q := 1; q < c; q++ {
		for k, v := range ws.G[q*size : (q+1)*size] {
			H[k] += v
		}
	}
	clear(acc)
	cf := float64(c)
	for q := range c {
		for k, v := range ws.G[q*size : (q+1)*size] {
			f := cf*v - H[k]
			acc[k] += f * f
		}
	}
	S := ws.S[:s]
	copy(S, P)
	for bi := range bw {
		b := b0 + bi
		S[s-2] = b
		for e := b + 1; e < m; e++ {
			a := acc[bi*width+e-b0] * norm
			r := base + ss.binom[s-1][b] + ss.binom[s][e]
			S[s-1] = e
			if s < t {
				agg[s][r] = a
			}
			Ms[r] = a + lowerSum(ss, agg, S)
		}
	}
}

// lowerSum returns the sum of a(T) over the non-empty proper subsets T of
// S (ascending), the part of M(S) = sum_{T in S} a(T) that comes from
// smaller subsets.
func lowerSum(ss *subsets, agg [][]float64, S []int) float64 {
	s := len(S)
	if s == 2 {
		return agg[1][S[0]] + agg[1][S[1]]
	}
	var sum float64
	for mask := 1; mask < 1<<s-1; mask++ {
		r, size := 0, 0
		for i, v := range S {
			if mask&(1<<i) != 0 {
				size++
				r += ss.binom[size][v]
			}
		}
		sum += agg[size][r]
	}
	return sum
}

// nextColex advances S (ascending, elements < m) to the next subset of its
// size in colexicographic order.
func nextColex(S []int, m int) {
	for i := range S {
		limit := m
		if i+1 < len(S) {
			limit = S[i+1]
		}
		if S[i]+1 < limit {
			S[i]++
			for j := range i {
				S[j] = j
			}
			return
		}
	}
}

// tieBits is the number of low mantissa bits that rankings ignore.
const tieBits = 12

// tieKey rounds a measure v >= 0 to 52-tieBits = 40 significant bits (about
// 12 decimal digits), so that subsets (or greedy candidates) whose measures
// are equal in exact arithmetic but differ in the last bits, as the
// evaluation order of the sums makes them, tie and are ordered by the
// tie-break rule, as the authors' code orders them when its sums come out
// equal (on +-1 features such ties are common). Rounding is a function of
// the value, so the order stays a strict weak order.
func tieKey(v float64) float64 {
	b := math.Float64bits(v)
	b += 1 << (tieBits - 1)
	return math.Float64frombits(b &^ (1<<tieBits - 1))
}

// subsetHeap is a max-heap of subset ids by (M, subset) as Python compares
// the authors' (norm2_J, J) tuples: larger M first, and for equal M the
// lexicographically larger tuple J first (a proper prefix is smaller).
type subsetHeap struct {
	ids  []int32
	M    []float64
	off  []int
	ss   *subsets
	a, b []int
}

// subset decodes id into dst (ascending) and returns the used part.
func (h *subsetHeap) subset(id int32, dst []int) []int {
	s := 1
	for int(id) >= h.off[s+1] {
		s++
	}
	S := dst[:s]
	h.ss.unrank(int(id)-h.off[s], S)
	return S
}

// before reports whether subset x ranks before subset y.
func (h *subsetHeap) before(x, y int32) bool {
	if mx, my := tieKey(h.M[x]), tieKey(h.M[y]); mx != my {
		return mx > my
	}
	X, Y := h.subset(x, h.a), h.subset(y, h.b)
	for i := range min(len(X), len(Y)) {
		if X[i] != Y[i] {
			return X[i] > Y[i]
		}
	}
	return len(X) > len(Y)
}

func (h *subsetHeap) init() {
	for i := len(h.ids)/2 - 1; i >= 0; i-- {
		h.down(i)
	}
}

func (h *subsetHeap) pop() int32 {
	top := h.ids[0]
	last := len(h.ids) - 1
	h.ids[0] = h.ids[last]
	h.ids = h.ids[:last]
	h.down(0)
	return top
}

func (h *subsetHeap) down(i int) {
	n := len(h.ids)
	for {
		l := 2*i + 1
		if l >= n {
			return
		}
		best := l
		if r := l + 1; r < n && h.before(h.ids[r], h.ids[l]) {
			best = r
		}
		if !h.before(h.ids[best], h.ids[i]) {
			return
		}
		h.ids[i], h.ids[best] = h.ids[best], h.ids[i]
		i = best
	}
}
