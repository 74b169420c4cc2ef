package umap

import (
	"context"
	"math"
	"math/rand/v2"

	"github.com/gsbench/gsbench/internal/par"
	"github.com/gsbench/gsbench/internal/rowmajor"
)

// A random projection forest: Euclidean random projection trees (Dasgupta &
// Freund, "Random projection trees and low dimensional manifolds", STOC
// 2008) built as pynndescent's make_euclidean_tree does: a node of more than
// leafSize points is split by the hyperplane halfway between two of its
// points drawn at random, a point within rpEps of the hyperplane goes to a
// random side, and when every point falls on one side they are all assigned
// at random (pynndescent 0.5.9 on); depth is limited to 200. Only the leaves
// are kept: perm holds the indices of the points leaf after leaf, and leaf l
// of a tree is perm[bounds[l]:bounds[l+1]].
//
// Every node draws its random numbers (the two points, the coin flips) from
// its own stream, named by a hash of the tree and of its path from the root,
// so that a tree does not depend on the order in which its nodes are split.
// The nodes of more than rpJointMin points are split level by level, all
// trees together: one pass over the rows computes each row's margins for
// its node in every tree, so that the rows are read from memory once per
// level rather than once per level and tree (the forest's cost is memory
// traffic: MNIST's rows are 188 MB in float32). Smaller nodes, whose rows
// stay in cache, are then split depth first, in parallel.
type rpTree struct {
	perm   []int32
	bounds []int32
}

// rpEps is pynndescent's EPS (rp_trees.py): margins smaller in magnitude
// are a coin flip.
const rpEps = 1e-8

// rpJointMin is the size above which nodes are split in the joint passes.
const rpJointMin = 1024

// rpNode is a node of a tree under construction: perm[lo:hi] of its tree.
type rpNode struct {
	tree, lo, hi, depth int
	id                  uint64 // hash of the path from the root
}

func (nd rpNode) child(right bool) rpNode {
	z := nd.id*0x9e3779b97f4a7c15 + 1
	if right {
		z += 0x6a09e667f3bcc909
	}
	z = (z ^ z>>30) * 0xbf58476d1ce4e5b9
	z = (z ^ z>>27) * 0x94d049bb133111eb
	return rpNode{tree: nd.tree, depth: nd.depth + 1, id: z ^ z>>31}
}

// rng is the node's random stream.
func (nd rpNode) rng(seed uint64) *rand.Rand {
	return rand.New(rand.NewPCG(seed^uint64(nd.tree+1)*0xd1b54a32d192ed03, nd.id))
}

// hyperplane draws the node's two points and returns the normal x_l - x_r
// of the hyperplane through (x_l + x_r) / 2 (in hyper) and its offset, so
// that a point x has the margin hyper . x + offset.
func (nd rpNode) hyperplane(v *vectors32, pts []int32, rng *rand.Rand, hyper, mid []float32) float32 {
	size := len(pts)
	li := rng.IntN(size)
	ri := rng.IntN(size)
	if ri == li {
		ri = (ri + 1) % size
	}
	xl, xr := v.row(pts[li]), v.row(pts[ri])
	for d := range hyper {
		hyper[d] = xl[d] - xr[d]
		mid[d] = (xl[d] + xr[d]) / 2
	}
	return -rowmajor.Dot32(hyper, mid)
}

// split partitions pts (stably: the left points, then the right ones) by
// the sign of their margins (margin[a] for pts[a]) and returns the number on
// the left. side and tmp are scratch space of at least len(pts).
func split(pts []int32, margin []float32, rng *rand.Rand, side []bool, tmp []int32) int {
	nLeft := 0
	for a, m := range margin[:len(pts)] {
		if math.Abs(float64(m)) < rpEps {
			side[a] = rng.IntN(2) == 0
		} else {
			side[a] = m > 0
		}
		if side[a] {
			nLeft++
		}
	}
	if nLeft == 0 || nLeft == len(pts) {
		nLeft = 0
		for a := range pts {
			side[a] = rng.IntN(2) == 0
			if side[a] {
				nLeft++
			}
		}
	}
	l, r := 0, 0
	for a, p := range pts {
		if side[a] {
			pts[l] = p
			l++
		} else {
			tmp[r] = p
			r++
		}
	}
	copy(pts[l:], tmp[:r])
	return nLeft
}

// isLeaf reports whether nd is not split further.
func (nd rpNode) isLeaf(leafSize int) bool { return nd.hi-nd.lo <= leafSize || nd.depth >= 200 }

// children returns nd's two children after split left nLeft points.
func (nd rpNode) children(nLeft int) (rpNode, rpNode) {
	l, r := nd.child(false), nd.child(true)
	l.lo, l.hi = nd.lo, nd.lo+nLeft
	r.lo, r.hi = nd.lo+nLeft, nd.hi
	return l, r
}

// subtree splits nd depth first, left before right, and returns its leaves
// as the ends of their ranges in perm.
func subtree(v *vectors32, perm []int32, nd rpNode, leafSize int, seed uint64) []int32 {
	var ends []int32
	size := nd.hi - nd.lo
	side, tmp := make([]bool, size), make([]int32, size)
	margin := make([]float32, size)
	hyper, mid := make([]float32, v.d), make([]float32, v.d)
	stack := []rpNode{nd}
	for len(stack) > 0 {
		nd := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if nd.isLeaf(leafSize) {
			ends = append(ends, int32(nd.hi))
			continue
		}
		pts := perm[nd.lo:nd.hi]
		rng := nd.rng(seed)
		offset := nd.hyperplane(v, pts, rng, hyper, mid)
		for a, p := range pts {
			margin[a] = rowmajor.Dot32(hyper, v.row(p)) + offset
		}
		l, r := nd.children(split(pts, margin, rng, side, tmp))
		stack = append(stack, r, l)
	}
	return ends
}

// rpForest builds nTrees trees of the rows of v (see rpTree). It returns
// ctx's error when ctx is canceled, checked before each level of the joint
// passes and before the depth-first phase.
func rpForest(ctx context.Context, v *vectors32, nTrees, leafSize int, seed uint64, workers int) ([]*rpTree, error) {
	n := len(v.x) / v.d
	trees := make([]*rpTree, nTrees)
	for t := range trees {
		trees[t] = &rpTree{perm: make([]int32, n)}
		for i := range trees[t].perm {
			trees[t].perm[i] = int32(i)
		}
	}
	// Joint passes over the large nodes, level by level.
	var small []rpNode // nodes left for the depth-first phase, in order
	level := make([]rpNode, nTrees)
	for t := range level {
		level[t] = rpNode{tree: t, hi: n}
	}
	rowNode := make([]int32, nTrees*n) // per tree and row: index in level of its node, or -1
	margin := make([]float32, nTrees*n)
	side, tmp, nodeMargin := make([]bool, n), make([]int32, n), make([]float32, n)
	var hyper []float32
	mid := make([]float32, v.d)
	for len(level) > 0 {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		var big []rpNode
		for _, nd := range level {
			if nd.hi-nd.lo > rpJointMin && !nd.isLeaf(leafSize) {
				big = append(big, nd)
			} else {
				small = append(small, nd)
			}
		}
		if len(big) == 0 {
			break
		}
		hyper = hyper[:0]
		offsets := make([]float32, len(big))
		rngs := make([]*rand.Rand, len(big))
		for i := range rowNode {
			rowNode[i] = -1
		}
		for b, nd := range big {
			pts := trees[nd.tree].perm[nd.lo:nd.hi]
			rngs[b] = nd.rng(seed)
			hyper = append(hyper, make([]float32, v.d)...)
			offsets[b] = nd.hyperplane(v, pts, rngs[b], hyper[b*v.d:(b+1)*v.d], mid)
			for _, p := range pts {
				rowNode[nd.tree*n+int(p)] = int32(b)
			}
		}
		par.Chunks(n, 256, workers, func(_, lo, hi int) {
			for i := lo; i < hi; i++ {
				x := v.row(int32(i))
				for t := 0; t < nTrees; t++ {
					if b := rowNode[t*n+i]; b >= 0 {
						margin[t*n+i] = rowmajor.Dot32(hyper[int(b)*v.d:int(b+1)*v.d], x) + offsets[b]
					}
				}
			}
		})
		level = level[:0]
		for b, nd := range big {
			pts := trees[nd.tree].perm[nd.lo:nd.hi]
			m := nodeMargin[:len(pts)]
			for a, p := range pts {
				m[a] = margin[nd.tree*n+int(p)]
			}
			l, r := nd.children(split(pts, m, rngs[b], side, tmp))
			level = append(level, l, r)
		}
	}
	// Depth first below, in parallel: each node's leaves, then in order.
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	ends := make([][]int32, len(small))
	par.Chunks(len(small), 1, workers, func(s, _, _ int) {
		nd := small[s]
		ends[s] = subtree(v, trees[nd.tree].perm, nd, leafSize, seed)
	})
	for t := range trees {
		trees[t].bounds = []int32{0}
	}
	// Leaves in order of position within each tree.
	order := make([][]int, nTrees)
	for s, nd := range small {
		order[nd.tree] = append(order[nd.tree], s)
	}
	for t, ss := range order {
		sortByLo(ss, small)
		for _, s := range ss {
			trees[t].bounds = append(trees[t].bounds, ends[s]...)
		}
	}
	return trees, nil
}

// sortByLo sorts node numbers by the start of their ranges.
func sortByLo(ss []int, nodes []rpNode) {
	for a := 1; a < len(ss); a++ {
		for b := a; b > 0 && nodes[ss[b]].lo < nodes[ss[b-1]].lo; b-- {
			ss[b], ss[b-1] = ss[b-1], ss[b]
		}
	}
}

// leafJoin offers, tree after tree, every pair of points that share a leaf
// to both points' heaps (pynndescent's init_rp_tree). It returns ctx's
// error when ctx is canceled, checked before each tree.
func leafJoin(ctx context.Context, h *knnHeaps, v *vectors32, trees []*rpTree, workers int) error {
	const chunk = 512 // leaves
	var bufs [][]update
	for _, t := range trees {
		if err := ctx.Err(); err != nil {
			return err
		}
		leaves := len(t.bounds) - 1
		nc := par.NumChunks(leaves, chunk)
		for len(bufs) < nc {
			bufs = append(bufs, nil)
		}
		par.Chunks(leaves, chunk, workers, func(c, lo, hi int) {
			out := bufs[c][:0]
			for l := lo; l < hi; l++ {
				pts := t.perm[t.bounds[l]:t.bounds[l+1]]
				for x, p := range pts {
					xp := v.row(p)
					for _, q := range pts[x+1:] {
						if d := rowmajor.SqDist32(xp, v.row(q)); d <= h.full[p] || d <= h.full[q] {
							out = append(out, update{p, q, d})
						}
					}
				}
			}
			bufs[c] = out
		})
		h.apply(bufs[:nc], workers)
	}
	return nil
}
