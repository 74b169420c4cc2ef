package umap

import (
	"context"
	"math/bits"
	"math/rand/v2"

	"github.com/gsbench/gsbench/internal/rowmajor"
)

// layout is one run of UMAP's stochastic gradient descent: the points of
// head (row-major, dim per point) are moved to lower the fuzzy set cross
// entropy between the graph's memberships and 1 / (1 + a d^(2b)) in the
// embedding (McInnes et al. 2018, Sec. 3.2 and Algorithm 5, "OptimizeEmbedding").
// Edge e joins head point from[e] to tail point to[e]; when head and tail are
// the same embedding (Fit) both ends move, otherwise (Transform) the tail
// stays fixed.
type layout struct {
	head, tail      []float64
	dim             int
	from, to        []int
	epochsPerSample []float64 // 1/weight relative to the heaviest edge
	nTail           int       // negative samples are drawn among the tail points
	a, b, gamma     float64
	alpha           float64 // initial learning rate, decayed linearly to 0
	negativeRate    float64
	epochs          int
	moveOther       bool
}

// clip bounds a gradient coordinate to [-4, 4], as umap-learn does.
func clip(v float64) float64 {
	if v > 4 {
		return 4
	}
	if v < -4 {
		return -4
	}
	return v
}

// sqDistSmall is rowmajor.SqDist(a, b) for len(a) < 4 (len(b) = len(a)),
// short enough to be inlined: SqDist adds the squares of fewer than four
// coordinates in order into its first partial sum, and so does this loop,
// to the same bits.
func sqDistSmall(a, b []float64) float64 {
	s := 0.0
	for d := range a {
		t := a[d] - b[d]
		s += t * t
	}
	return s
}

// epochsPerSample is umap-learn's make_epochs_per_sample: an edge of weight
// w is sampled n_epochs * w / max(w) times in all, i.e. once every
// max(w) / w epochs.
func epochsPerSample(w []float64) []float64 {
	wmax := 0.0
	for _, v := range w {
		wmax = max(wmax, v)
	}
	out := make([]float64, len(w))
	for i, v := range w {
		out[i] = wmax / v
	}
	return out
}

// run performs the epochs, following umap-learn's
// optimize_layout_euclidean: edge e is processed at the first epoch n with
// n >= its next sample time, which then advances by epochsPerSample[e]; the
// attractive step on the squared distance d2 has coefficient
// -2 a b d2^(b-1) / (1 + a d2^b); it is followed by
// floor((n - next negative time) / (epochsPerSample[e] / negativeRate))
// repulsive steps against uniformly drawn tail points, with coefficient
// 2 gamma b / ((0.001 + d2)(1 + a d2^b)); every coordinate step is clipped to
// [-4, 4] and scaled by the learning rate, alpha at epochs 0 and 1 and
// alpha (1 - (n-1) / epochs) at epoch n >= 1.
//
// The descent is serial (umap-learn with a fixed random_state is too): the
// result depends on the seed only, never on the number of workers. run
// stops with ctx's error when ctx is canceled, checked before every epoch.
func (l *layout) run(ctx context.Context, rng *rand.PCG) error {
	m := len(l.from)
	dim := l.dim
	a, b := l.a, l.b
	next := make([]float64, m)
	copy(next, l.epochsPerSample)
	perNeg := make([]float64, m)
	nextNeg := make([]float64, m)
	for e := range perNeg {
		perNeg[e] = l.epochsPerSample[e] / l.negativeRate
		nextNeg[e] = perNeg[e]
	}
	nTail := uint64(l.nTail)
	// Uniform draw in [0, nTail): Lemire's multiply-shift (bias < nTail / 2^64).
	draw := func() int {
		hi, _ := bits.Mul64(rng.Uint64(), nTail)
		return int(hi)
	}
	alpha := l.alpha
	small := dim < 4
	for n := 0; n < l.epochs; n++ {
		if err := ctx.Err(); err != nil {
			return err
		}
		fn := float64(n)
		for e := 0; e < m; e++ {
			if next[e] > fn {
				continue
			}
			j := l.from[e]
			cur := l.head[j*dim : (j+1)*dim : (j+1)*dim]
			k := l.to[e]
			oth := l.tail[k*dim : (k+1)*dim : (k+1)*dim]
			oth = oth[:len(cur)]
			var d2 float64
			if small {
				d2 = sqDistSmall(cur, oth)
			} else {
				d2 = rowmajor.SqDist(cur, oth)
			}
			if d2 > 0 {
				p := powPos(d2, b-1)
				gc := -2 * a * b * p / (a*p*d2 + 1)
				for d := range cur {
					g := clip(gc*(cur[d]-oth[d])) * alpha
					cur[d] += g
					if l.moveOther {
						oth[d] -= g
					}
				}
			}
			next[e] += l.epochsPerSample[e]

			if l.negativeRate > 0 {
				nNeg := int((fn - nextNeg[e]) / perNeg[e])
				for s := 0; s < nNeg; s++ {
					k := draw()
					oth := l.tail[k*dim : (k+1)*dim]
					oth = oth[:len(cur)]
					var d2 float64
					if small {
						d2 = sqDistSmall(cur, oth)
					} else {
						d2 = rowmajor.SqDist(cur, oth)
					}
					if d2 <= 0 {
						continue // the point itself or a coincident one: no defined direction
					}
					gc := 2 * l.gamma * b / ((0.001 + d2) * (a*powPos(d2, b) + 1))
					for d := range cur {
						cur[d] += clip(gc*(cur[d]-oth[d])) * alpha
					}
				}
				nextNeg[e] += float64(nNeg) * perNeg[e]
			}
		}
		alpha = l.alpha * (1 - fn/float64(l.epochs)) // umap-learn: epoch n+1 uses alpha0 (1 - n/epochs)
	}
	return nil
}
