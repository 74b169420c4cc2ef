package umap

import (
	"context"
	"math"
	"math/rand/v2"

	"gonum.org/v1/gonum/mat"

	"github.com/gsbench/gsbench/baselines/graph"
	"github.com/gsbench/gsbench/internal/par"
	"github.com/gsbench/gsbench/internal/rowmajor"
)

// nnDescent returns an approximate k-nearest-neighbour table of the rows of
// X (the point itself first, like exactKNN) by nearest-neighbour descent:
// Dong, Moses & Li, "Efficient k-nearest neighbor graph construction for
// generic similarity measures", WWW 2011, Algorithm 2 (local join over new
// and old neighbours and reverse neighbours, with sampling). As in
// pynndescent, which umap-learn uses beyond 4096 points, each point's
// candidate lists hold at most maxCandidates = min(60, k) sampled entries, at
// most max(5, round(log2 n)) iterations run, and the search stops when an
// iteration changes fewer than delta * n * k = 0.001 * n * k entries.
//
// The result depends only on X, k and seed, never on workers: the random
// initial neighbours come from a stream per point, candidate sampling uses a
// hash of (seed, iteration, point, candidate) as priority, and the updates
// proposed by a block of points are computed in parallel but applied in a
// fixed order (a heap's final content does not depend on that order anyway;
// see knnHeaps). It stops with ctx's error when ctx is canceled, checked
// before every block of the local join.
func nnDescent(ctx context.Context, X *mat.Dense, k int, seed uint64, workers int) (*graph.Neighbors, int, error) {
	n, _ := X.Dims()
	raw := X.RawMatrix()
	row := func(i int32) []float64 { return raw.Data[int(i)*raw.Stride : int(i)*raw.Stride+raw.Cols] }
	kk := k - 1 // neighbours other than the point itself
	h := newKNNHeaps(n, kk)
	h.fl = make([]bool, n*kk)

	// Random initial neighbours (distinct, not the point itself).
	par.Chunks(n, 64, workers, func(_, a, b int) {
		for i := a; i < b; i++ {
			r := rand.New(rand.NewPCG(seed, uint64(i)|1<<40))
			for placed := 0; placed < kk; {
				j := int32(r.IntN(n))
				if int(j) == i || h.contains(i, j) {
					continue
				}
				h.push(i, rowmajor.SqDist(row(int32(i)), row(j)), j)
				placed++
			}
		}
	})

	maxCand := min(60, kk)
	maxIter := max(5, int(math.Round(math.Log2(float64(n)))))
	newC := newCandidates(n, maxCand)
	oldC := newCandidates(n, maxCand)
	type update struct {
		a, b int32
		d    float64
	}
	const block, chunk = 16384, 256
	bufs := make([][]update, par.NumChunks(block, chunk))
	iter := 0
	for iter < maxIter {
		iter++
		// Sample the candidate lists: forward and reverse neighbours,
		// split by the new flag.
		newC.reset()
		oldC.reset()
		for i := 0; i < n; i++ {
			for t := i * kk; t < (i+1)*kk; t++ {
				j := h.j[t]
				if j == math.MaxInt32 {
					continue
				}
				c := oldC
				if h.fl[t] {
					c = newC
				}
				pr := priority(seed, iter, int32(i), j)
				c.offer(i, pr, j)
				c.offer(int(j), pr, int32(i))
			}
		}
		// Forward entries sampled as new are joined now: they become old.
		for i := 0; i < n; i++ {
			for t := i * kk; t < (i+1)*kk; t++ {
				if h.fl[t] && newC.has(i, h.j[t]) {
					h.fl[t] = false
				}
			}
		}
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
						xp := row(p)
						for _, q := range nw[x+1:] {
							if d := rowmajor.SqDist(xp, row(q)); d <= h.full[p] || d <= h.full[q] {
								out = append(out, update{p, q, d})
							}
						}
						for _, q := range old {
							if q == p {
								continue
							}
							if d := rowmajor.SqDist(xp, row(q)); d <= h.full[p] || d <= h.full[q] {
								out = append(out, update{p, q, d})
							}
						}
					}
				}
				bufs[c] = out
			})
			for c := 0; c < par.NumChunks(b1-b0, chunk); c++ {
				for _, u := range bufs[c] {
					if !h.contains(int(u.a), u.b) && h.push(int(u.a), u.d, u.b) {
						changes++
					}
					if !h.contains(int(u.b), u.a) && h.push(int(u.b), u.d, u.a) {
						changes++
					}
				}
			}
		}
		if float64(changes) <= 0.001*float64(n)*float64(k) {
			break
		}
	}
	return finish(h, raw, workers), iter, nil
}

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
