package umap

import (
	"context"
	"math"
	"math/rand/v2"
	"slices"

	"gonum.org/v1/gonum/mat"

	"github.com/gsbench/gsbench/baselines/graph"
	"github.com/gsbench/gsbench/internal/par"
	"github.com/gsbench/gsbench/internal/rowmajor"
)

// nnDescent returns an approximate k-nearest-neighbour table of the rows of
// X (the point itself first, like exactKNN) by nearest-neighbour descent:
// Dong, Moses & Li, "Efficient k-nearest neighbor graph construction for
// generic similarity measures", WWW 2011, Algorithm 2 (local join over new
// and old neighbours and reverse neighbours, with sampling), started, as in
// pynndescent (which umap-learn uses from 4096 points on), from the leaves
// of a forest of random projection trees (rpForest) and completed with
// random neighbours. With pynndescent's NNDescent defaults: n_trees =
// min(32, 5 + round(n^(1/4))) trees with leaves of at most leaf_size =
// max(10, k) points, candidate lists of at most max_candidates = min(60, k)
// entries, at most n_iters = max(5, round(log2 n)) iterations, stopping
// when an iteration changes at most delta * n * k = 0.001 * n * k entries.
//
// Distances are compared in float32 (vectors32: the rows centered, scaled
// by a power of two and rounded; rowmajor.SqDist32 in the machine's vector
// instructions), as pynndescent does; the table's distances are then
// recomputed exactly in float64. The graph's recall against the exact one
// is measured by TestNNDescent and BenchmarkKNNMNIST.
//
// The result depends only on X, k and seed, never on workers or the
// machine: the trees and random neighbours come from a stream each,
// candidate sampling uses a hash of (seed, iteration, point, candidate) as
// priority, and the updates proposed by a block of points are computed in
// parallel, each point's in a fixed order, and applied in that order (a
// heap's final content does not depend on the order anyway; see knnHeaps).
// It stops with ctx's error when ctx is canceled, checked before every level
// of the forest's joint passes and its depth-first phase, every tree's leaf
// join and every block of the local join (always from this goroutine).
func nnDescent(ctx context.Context, X *mat.Dense, k int, seed uint64, workers int) (*graph.Neighbors, int, error) {
	n, _ := X.Dims()
	workers = par.Workers(workers)
	v := newVectors32(X, workers)
	kk := k - 1 // neighbours other than the point itself
	h := newKNNHeaps(n, kk)
	h.fl = make([]bool, n*kk)

	// Random projection forest (pynndescent's make_forest and init_rp_tree).
	nTrees := min(32, 5+int(math.Round(math.Pow(float64(n), 0.25))))
	leafSize := max(10, k)
	trees, err := rpForest(ctx, v, nTrees, leafSize, seed, workers)
	if err != nil {
		return nil, 0, err
	}
	// From here on the points are numbered in the order of the first
	// tree's leaves, and their rows stored in that order: a point's
	// candidates are near it in space, hence mostly near it in memory,
	// which makes the random reads of the local join hit the caches.
	order := slices.Clone(trees[0].perm)
	v, trees = v.reorder(order, trees, workers)
	if err := leafJoin(ctx, h, v, trees, workers); err != nil {
		return nil, 0, err
	}
	// Points whose heap is not full get random neighbours (pynndescent's
	// init_random): distinct, not the point itself.
	par.Chunks(n, 256, workers, func(_, a, b int) {
		for i := a; i < b; i++ {
			r := rand.New(rand.NewPCG(seed, uint64(i)|1<<40))
			for h.size(i) < kk {
				j := int32(r.IntN(n))
				if int(j) == i || h.contains(i, j) {
					continue
				}
				d := rowmajor.SqDist32(v.row(int32(i)), v.row(j))
				if d != d { // unreachable for finite X (vectors32); a NaN would never be kept
					d = float32(math.Inf(1))
				}
				h.push(i, d, j)
			}
		}
	})

	maxCand := min(60, k)
	maxIter := max(5, int(math.Round(math.Log2(float64(n)))))
	newC := newCandidates(n, maxCand)
	oldC := newCandidates(n, maxCand)
	const block, chunk = 16384, 128
	bufs := make([][]update, par.NumChunks(block, chunk))
	iter := 0
	for iter < maxIter {
		iter++
		// Sample the candidate lists: forward and reverse neighbours,
		// split by the new flag. Worker w fills the lists of the points i
		// with i mod workers = w (a list's content does not depend on the
		// order of the offers).
		newC.reset()
		oldC.reset()
		par.Chunks(workers, 1, workers, func(w, _, _ int) {
			for i := 0; i < n; i++ {
				for t := i * kk; t < (i+1)*kk; t++ {
					j := h.j[t]
					c := oldC
					if h.fl[t] {
						c = newC
					}
					mine, rev := i%workers == w, int(j)%workers == w
					if !mine && !rev {
						continue
					}
					pr := priority(seed, iter, int32(i), j)
					if mine {
						c.offer(i, pr, j)
					}
					if rev {
						c.offer(int(j), pr, int32(i))
					}
				}
			}
		})
		// Forward entries sampled as new are joined now: they become old.
		par.Chunks(n, 1024, workers, func(_, a, b int) {
			for i := a; i < b; i++ {
				for t := i * kk; t < (i+1)*kk; t++ {
					if h.fl[t] && newC.has(i, h.j[t]) {
						h.fl[t] = false
					}
				}
			}
		})
		// Local join, block by block: distances in parallel, updates in order.
		changes := 0
		for b0 := 0; b0 < n; b0 += block {
			if err := ctx.Err(); err != nil {
				return nil, iter, err
			}
			b1 := min(b0+block, n)
			par.Chunks(b1-b0, chunk, workers, func(c, lo, hi int) {
				out := bufs[c][:0]
				for i := b0 + lo; i < b0+hi; i++ {
					nw, old := newC.list(i), oldC.list(i)
					for x, p := range nw {
						xp := v.row(p)
						tp := h.full[p]
						for _, q := range nw[x+1:] {
							if d := rowmajor.SqDist32(xp, v.row(q)); d <= tp || d <= h.full[q] {
								out = append(out, update{p, q, d})
							}
						}
						for _, q := range old {
							if q == p {
								continue
							}
							if d := rowmajor.SqDist32(xp, v.row(q)); d <= tp || d <= h.full[q] {
								out = append(out, update{p, q, d})
							}
						}
					}
				}
				bufs[c] = out
			})
			changes += h.apply(bufs[:par.NumChunks(b1-b0, chunk)], workers)
		}
		if float64(changes) <= 0.001*float64(n)*float64(k) {
			break
		}
	}
	return finish(h, order, X.RawMatrix(), workers), iter, nil
}

// update proposes b as a neighbour of a and a as one of b, at squared
// distance d.
type update struct {
	a, b int32
	d    float32
}

// apply offers the updates to both of their points' heaps and returns the
// number of entries that changed. Worker w applies the updates of the points
// i with i mod workers = w, each point's in the order of bufs: the heaps and
// the count are the same whatever the number of workers.
func (h *knnHeaps) apply(bufs [][]update, workers int) int {
	changes := make([]int, workers)
	par.Chunks(workers, 1, workers, func(w, _, _ int) {
		c := 0
		own := func(i int32) bool { return int(i)%workers == w }
		for _, buf := range bufs {
			for _, u := range buf {
				if own(u.a) && u.d <= h.full[u.a] && !h.contains(int(u.a), u.b) && h.push(int(u.a), u.d, u.b) {
					c++
				}
				if own(u.b) && u.d <= h.full[u.b] && !h.contains(int(u.b), u.a) && h.push(int(u.b), u.d, u.a) {
					c++
				}
			}
		}
		changes[w] = c
	})
	total := 0
	for _, c := range changes {
		total += c
	}
	return total
}

// vectors32 holds the rows of X as float32, centered on the column means
// and scaled by a power of two that brings the largest magnitude into
// [1/2, 1): squared distances keep their order (scaled by 4^e) and neither
// overflow nor lose their offset to rounding, whatever the units of X.
// Magnitudes below 2^-100 of the largest are set to zero (they would be
// float32 subnormals, whose arithmetic is slow, and add nothing to a sum of
// squares in float32).
type vectors32 struct {
	d int
	x []float32
}

func newVectors32(X *mat.Dense, workers int) *vectors32 {
	n, d := X.Dims()
	raw := X.RawMatrix()
	// One pass for the column sums, minima and maxima (par: blocks of
	// columns, each summed in row order).
	mean, lo, hi := make([]float64, d), make([]float64, d), make([]float64, d)
	copy(lo, raw.Data[:d])
	copy(hi, raw.Data[:d])
	par.Chunks(d, 128, workers, func(_, c0, c1 int) {
		for i := 0; i < n; i++ {
			for j, x := range raw.Data[i*raw.Stride+c0 : i*raw.Stride+c1] {
				mean[c0+j] += x
				lo[c0+j] = min(lo[c0+j], x)
				hi[c0+j] = max(hi[c0+j], x)
			}
		}
	})
	big := 0.0 // max |x - mean| over the data: attained at a column's minimum or maximum
	for j := range mean {
		mean[j] /= float64(n)
		big = max(big, hi[j]-mean[j], mean[j]-lo[j])
	}
	scale := 1.0
	if big > 0 {
		_, e := math.Frexp(big) // big = f 2^e, f in [1/2, 1)
		scale = math.Ldexp(1, -e)
	}
	v := &vectors32{d: d, x: make([]float32, n*d)}
	par.Chunks(n, 256, workers, func(_, a, b int) {
		for i := a; i < b; i++ {
			dst := v.x[i*d : (i+1)*d]
			for j, x := range raw.Data[i*raw.Stride : i*raw.Stride+d] {
				y := (x - mean[j]) * scale
				if math.Abs(y) < 0x1p-100 {
					y = 0
				}
				dst[j] = float32(y)
			}
		}
	})
	return v
}

// reorder returns the vectors in the order order (row a of the result is
// row order[a] of v) and the trees with their points renumbered so.
func (v *vectors32) reorder(order []int32, trees []*rpTree, workers int) (*vectors32, []*rpTree) {
	n := len(order)
	out := &vectors32{d: v.d, x: make([]float32, len(v.x))}
	rank := make([]int32, n)
	par.Chunks(n, 1024, workers, func(_, a, b int) {
		for i := a; i < b; i++ {
			copy(out.row(int32(i)), v.row(order[i]))
			rank[order[i]] = int32(i)
		}
	})
	for _, t := range trees {
		for x, p := range t.perm {
			t.perm[x] = rank[p]
		}
	}
	return out, trees
}

func (v *vectors32) row(i int32) []float32 { return v.x[int(i)*v.d : int(i)*v.d+v.d] }

// candidates holds, per point, at most m candidate indices: those with the
// smallest (priority, index), kept in a max-heap.
type candidates struct {
	m   int
	pr  []uint64
	idx []int32
	cnt []int32
}

func newCandidates(n, m int) *candidates {
	return &candidates{m: m, pr: make([]uint64, n*m), idx: make([]int32, n*m), cnt: make([]int32, n)}
}

func (c *candidates) reset() { clear(c.cnt) }

func (c *candidates) list(i int) []int32 { return c.idx[i*c.m : i*c.m+int(c.cnt[i])] }

func (c *candidates) has(i int, j int32) bool {
	for _, x := range c.list(i) {
		if x == j {
			return true
		}
	}
	return false
}

func (c *candidates) offer(i int, pr uint64, j int32) {
	if c.has(i, j) {
		return
	}
	pp, ix := c.pr[i*c.m:(i+1)*c.m], c.idx[i*c.m:(i+1)*c.m]
	lt := func(p1 uint64, j1 int32, p2 uint64, j2 int32) bool { return p1 < p2 || (p1 == p2 && j1 < j2) }
	n := int(c.cnt[i])
	if n < c.m { // sift up
		p := n
		for p > 0 {
			par := (p - 1) / 2
			if !lt(pp[par], ix[par], pr, j) {
				break
			}
			pp[p], ix[p] = pp[par], ix[par]
			p = par
		}
		pp[p], ix[p] = pr, j
		c.cnt[i]++
		return
	}
	if !lt(pr, j, pp[0], ix[0]) {
		return
	}
	p := 0 // replace the root and sift down
	for {
		ch := 2*p + 1
		if ch >= n {
			break
		}
		if ch+1 < n && lt(pp[ch], ix[ch], pp[ch+1], ix[ch+1]) {
			ch++
		}
		if !lt(pr, j, pp[ch], ix[ch]) {
			break
		}
		pp[p], ix[p] = pp[ch], ix[ch]
		p = ch
	}
	pp[p], ix[p] = pr, j
}

// priority is a pseudo-random sampling priority for the pair (i, j) in an
// iteration (SplitMix64 finaliser of the mixed inputs). It is symmetric in
// i and j so that a pair sampled forward is sampled in reverse too.
func priority(seed uint64, iter int, i, j int32) uint64 {
	lo, hi := uint64(min(i, j)), uint64(max(i, j))
	z := seed ^ uint64(iter)*0x9e3779b97f4a7c15 ^ lo*0xbf58476d1ce4e5b9 ^ hi<<32*0x94d049bb133111eb
	z = (z ^ z>>30) * 0xbf58476d1ce4e5b9
	z = (z ^ z>>27) * 0x94d049bb133111eb
	return z ^ z>>31
}
