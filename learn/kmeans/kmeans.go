package kmeans

import (
	"cmp"
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"

	"gonum.org/v1/gonum/blas"
	"gonum.org/v1/gonum/blas/blas64"
	"gonum.org/v1/gonum/floats"
	"gonum.org/v1/gonum/mat"

	"github.com/gsbench/gsbench/internal/par"
	"github.com/gsbench/gsbench/internal/rowmajor"
)

// Options configures KMeans. Zero values select scikit-learn's defaults.
type Options struct {
	K       int     // number of clusters, 1 <= K <= number of samples
	NInit   int     // restarts; default 10
	MaxIter int     // Lloyd iterations per restart; default 300
	Tol     float64 // relative tolerance on the centre shift; default 1e-4
	Seed    uint64
	// Workers bounds the goroutines that share each iteration's work;
	// 0 means GOMAXPROCS. The result does not depend on it.
	Workers int
}

// Result is the best of the restarts.
type Result struct {
	Labels    []int      // cluster of every sample, 0..K-1
	Centers   *mat.Dense // K x d
	Inertia   float64    // sum of squared distances to the centres
	Iter      int        // Lloyd iterations of the kept restart
	Converged bool       // whether it stopped before MaxIter
}

// SmallWork bounds n x d x k for "small" problems, whose k-means restarts
// run in parallel, one goroutine each; larger ones run restarts one after
// the other and split every iteration into blocks of rows. Callers running
// many small clusterings can likewise parallelize over them.
const SmallWork = 1 << 22

// rowBlock is the number of samples whose distances one Dgemm computes (a
// block of MNIST rows, 1.6 MB, stays in cache while it is also summed).
const rowBlock = 256

// partialBytes bounds the memory of the per-unit partial cluster sums. A
// unit is a run of consecutive row blocks, as few blocks as that bound
// allows: each unit keeps the sums of its rows per cluster, recomputed only
// when one of its labels changed, and the cluster sums add the units' in
// order. The order of every floating-point sum thus follows from the data
// shape alone, never from the number of goroutines or from which units were
// recomputed.
const partialBytes = 64 << 20

// KMeans clusters the rows of X. It does not modify X.
func KMeans(ctx context.Context, X mat.Matrix, opt Options) (*Result, error) {
	if opt.NInit == 0 {
		opt.NInit = 10
	}
	if opt.MaxIter == 0 {
		opt.MaxIter = 300
	}
	if opt.Tol == 0 {
		opt.Tol = 1e-4
	}
	opt.Workers = par.Workers(opt.Workers)
	n, d := X.Dims()
	switch {
	case n == 0 || d == 0:
		return nil, fmt.Errorf("kmeans: empty data matrix (%d x %d)", n, d)
	case opt.K < 1 || opt.K > n:
		return nil, fmt.Errorf("kmeans: %d clusters for %d samples; use 1 to %d", opt.K, n, n)
	case opt.NInit < 1 || opt.MaxIter < 1:
		return nil, fmt.Errorf("kmeans: n_init %d, max_iter %d; both must be positive", opt.NInit, opt.MaxIter)
	case !(opt.Tol >= 0) || math.IsInf(opt.Tol, 0):
		return nil, fmt.Errorf("kmeans: tolerance %v; use a non-negative number", opt.Tol)
	}
	// Small problems run their restarts in parallel, large ones share each
	// iteration among the goroutines; the restarts are the same either way.
	outer, inner := 1, opt.Workers
	if n*d*opt.K < SmallWork {
		outer, inner = opt.Workers, 1
	}
	p, mean, err := newProblem(X, opt.K, opt.Tol, inner)
	if err != nil {
		return nil, err
	}
	runs := make([]*Result, opt.NInit)
	err = par.Do(ctx, opt.NInit, outer, func(r int) error {
		rng := rand.New(rand.NewPCG(opt.Seed, uint64(r)))
		centers, err := p.plusPlus(ctx, rng)
		if err != nil {
			return err
		}
		runs[r], err = p.lloyd(ctx, centers, opt.MaxIter)
		return err
	})
	if err != nil {
		return nil, err
	}
	best := runs[0]
	for _, res := range runs[1:] {
		// scikit-learn keeps a later restart only if it is better and not
		// the same partition (whose inertia differs by rounding only).
		if res.Inertia < best.Inertia && !sameClustering(res.Labels, best.Labels, p.k) {
			best = res
		}
	}
	for c := range p.k {
		floats.Add(best.Centers.RawRowView(c), mean)
	}
	return best, nil
}

// newProblem copies X, centred by its column means (for precision, as
// scikit-learn does; the centres are shifted back at the end), and scales the
// tolerance by the mean variance of the features.
func newProblem(X mat.Matrix, k int, tol float64, workers int) (*problem, []float64, error) {
	n, d := X.Dims()
	x, err := rowmajor.Copy(X, "kmeans")
	if err != nil {
		return nil, nil, err
	}
	p := &problem{n: n, d: d, k: k, workers: workers, x: x, sqx: make([]float64, n)}
	mean := make([]float64, d)
	for i := range n {
		floats.Add(mean, p.x[i*d:i*d+d])
	}
	floats.Scale(1/float64(n), mean)
	var meanVar float64
	for i := range n {
		row := p.x[i*d : i*d+d]
		floats.Sub(row, mean)
		p.sqx[i] = floats.Dot(row, row)
		meanVar += p.sqx[i]
	}
	meanVar /= float64(n * d)
	p.tol = tol * meanVar // scikit-learn's _tolerance: tol x mean(var(X, axis=0))
	return p, mean, nil
}

// problem is the centred data shared by the restarts.
type problem struct {
	n, d, k int
	x       []float64 // n x d, centred
	sqx     []float64 // squared row norms
	tol     float64   // absolute tolerance on the summed squared shift
	workers int
	noPrune bool // compute every distance in every iteration (tests)
}

// distances sets D[i][j] = ||x_i - c_j||^2 (clamped at 0) for the m centres
// c (m x d), D n x m, in blocks of rows.
func (p *problem) distances(ctx context.Context, c []float64, m int, D []float64) error {
	sqc := make([]float64, m)
	for j := range m {
		sqc[j] = floats.Dot(c[j*p.d:j*p.d+p.d], c[j*p.d:j*p.d+p.d])
	}
	blocks := (p.n + rowBlock - 1) / rowBlock
	return par.Do(ctx, blocks, p.workers, func(b int) error {
		r0, r1 := b*rowBlock, min(p.n, (b+1)*rowBlock)
		out := D[r0*m : r1*m]
		blas64.Implementation().Dgemm(blas.NoTrans, blas.Trans, r1-r0, m, p.d, -2, p.x[r0*p.d:], p.d, c, p.d, 0, out, m)
		for i := r0; i < r1; i++ {
			row := out[(i-r0)*m : (i-r0)*m+m]
			for j := range row {
				row[j] = max(0, row[j]+p.sqx[i]+sqc[j])
			}
		}
		return nil
	})
}

// plusPlus draws initial centres by greedy k-means++ (scikit-learn's
// _kmeans_plusplus: 2 + floor(ln k) local trials per centre).
func (p *problem) plusPlus(ctx context.Context, rng *rand.Rand) ([]float64, error) {
	n, d, k := p.n, p.d, p.k
	centers := make([]float64, k*d)
	first := rng.IntN(n)
	copy(centers[:d], p.x[first*d:first*d+d])
	closest := make([]float64, n)
	if err := p.distances(ctx, centers[:d], 1, closest); err != nil {
		return nil, err
	}
	pot := floats.Sum(closest)
	trials := 2 + int(math.Log(float64(k)))
	cand := make([]int, trials)
	candX := make([]float64, trials*d)
	D := make([]float64, n*trials)
	cum := make([]float64, n)
	for c := 1; c < k; c++ {
		floats.CumSum(cum, closest)
		for t := range cand {
			// searchsorted(cumsum, u pot), left side, clipped to n-1
			v := rng.Float64() * pot
			idx, _ := slices.BinarySearch(cum, v)
			cand[t] = min(idx, n-1)
			copy(candX[t*d:t*d+d], p.x[cand[t]*d:cand[t]*d+d])
		}
		if err := p.distances(ctx, candX, trials, D); err != nil {
			return nil, err
		}
		bestT, bestPot := 0, math.Inf(1)
		for t := range trials {
			var s float64
			for i := range n {
				s += min(closest[i], D[i*trials+t])
			}
			if s < bestPot {
				bestT, bestPot = t, s
			}
		}
		for i := range n {
			closest[i] = min(closest[i], D[i*trials+bestT])
		}
		pot = bestPot
		copy(centers[c*d:c*d+d], p.x[cand[bestT]*d:cand[bestT]*d+d])
	}
	return centers, nil
}

// bounds holds the labels and, for Hamerly's test, an upper bound on the
// distance of every sample to its centre and a lower bound on its distance
// to every other centre.
type bounds struct {
	labels       []int
	upper, lower []float64
	// Per unit of row blocks: the sums and sizes of its rows per cluster
	// (nil until first computed).
	partial       [][]float64
	partialCounts [][]int
}

// scratch is the working memory of one step task.
type scratch struct {
	dist, gathered []float64
	rows           []int
}

// lloyd runs Lloyd iterations from centers (scikit-learn's
// _kmeans_single_lloyd).
//
// The assignment step skips the samples that provably keep their centre
// (Hamerly, "Making k-means even faster", SDM 2010): a sample whose upper
// bound is below both the lower bound and half the distance from its centre
// to the nearest other centre. The bounds are widened by the rounding error
// of the distances, so a skipped sample is never close to a tie, and every
// other sample gets its distances from the same Dgemm as plain Lloyd: the
// labels, centres and iteration counts are those of plain Lloyd.
func (p *problem) lloyd(ctx context.Context, centers []float64, maxIter int) (*Result, error) {
	n, d, k := p.n, p.d, p.k
	b := &bounds{labels: make([]int, n), upper: make([]float64, n), lower: make([]float64, n)}
	old := make([]int, n)
	for i := range old {
		old[i] = -1
	}
	next := make([]float64, k*d)
	counts := make([]int, k)
	shifts := make([]float64, k)
	iter, converged, strict, full := 0, false, false, true
	for iter < maxIter {
		if err := p.step(ctx, centers, b, full, next, counts); err != nil {
			return nil, err
		}
		full = p.noPrune
		p.relocateEmpty(b.labels, centers, next, counts)
		for c, cnt := range counts {
			if cnt > 0 {
				floats.Scale(1/float64(cnt), next[c*d:c*d+d])
			}
		}
		var shift float64
		for c := range k {
			s2 := rowmajor.SqDist(next[c*d:c*d+d], centers[c*d:c*d+d])
			shift += s2
			shifts[c] = math.Sqrt(s2)
		}
		p.moveBounds(b, shifts)
		centers, next = next, centers
		iter++
		if slices.Equal(b.labels, old) {
			converged, strict = true, true
			break
		}
		if shift <= p.tol {
			converged = true
			break
		}
		copy(old, b.labels)
	}
	if !strict {
		// Make the labels those of the final centres.
		if err := p.step(ctx, centers, b, p.noPrune, nil, nil); err != nil {
			return nil, err
		}
	}
	var inertia float64
	for i, l := range b.labels {
		inertia += rowmajor.SqDist(p.x[i*d:i*d+d], centers[l*d:l*d+d])
	}
	return &Result{Labels: b.labels, Centers: mat.NewDense(k, d, slices.Clone(centers)), Inertia: inertia, Iter: iter, Converged: converged}, nil
}

// slack returns the relative widening of distance bounds: a few ulps per
// term of a d-term sum, and 1e-12 for the square roots and updates.
func (p *problem) slack() float64 { return 1e-12 + 4*float64(p.d+2)*0x1p-53 }

// moveBounds widens the bounds by the centre shifts: the upper bound by the
// shift of the sample's centre, the lower bound by the largest shift of the
// other centres.
func (p *problem) moveBounds(b *bounds, shifts []float64) {
	grow := 1 + p.slack()
	top, second, argTop := 0.0, 0.0, -1
	for c, s := range shifts {
		if s > top {
			top, second, argTop = s, top, c
		} else if s > second {
			second = s
		}
	}
	for i, l := range b.labels {
		b.upper[i] += shifts[l] * grow
		if l == argTop {
			b.lower[i] = max(0, b.lower[i]-second*grow)
		} else {
			b.lower[i] = max(0, b.lower[i]-top*grow)
		}
	}
}

// step labels every sample with its nearest centre (the first on ties) and,
// when sums is not nil, sets sums and counts to the per-cluster sums and
// sizes, in one pass over the data. Each unit of row blocks is a task: it
// finds the rows of a block that Hamerly's test cannot settle (all of them
// when full), gets their distances from one Dgemm, and, if a label of the
// unit changed, recomputes the unit's partial sums while its rows are in
// cache.
func (p *problem) step(ctx context.Context, centers []float64, b *bounds, full bool, sums []float64, counts []int) error {
	n, d, k := p.n, p.d, p.k
	blocks := (n + rowBlock - 1) / rowBlock
	perUnit := max(1, (blocks*k*d*8+partialBytes-1)/partialBytes)
	units := (blocks + perUnit - 1) / perUnit
	if b.partial == nil {
		b.partial = make([][]float64, units)
		b.partialCounts = make([][]int, units)
	}
	sqc := make([]float64, k)
	for c := range k {
		sqc[c] = floats.Dot(centers[c*d:c*d+d], centers[c*d:c*d+d])
	}
	slack := p.slack()
	// err2 bounds the rounding error of ||x||^2 + ||c||^2 - 2 x.c for sample
	// i: about d ulps of the magnitudes summed.
	maxSqc := floats.Max(sqc)
	err2 := func(i int) float64 { return 4 * float64(d+2) * 0x1p-53 * (p.sqx[i] + maxSqc) }
	var half []float64 // half the distance from each centre to the nearest other
	if !full {
		half = make([]float64, k)
		for c := range k {
			half[c] = math.Inf(1)
		}
		for c := range k {
			for e := c + 1; e < k; e++ {
				h := 0.5 * math.Sqrt(rowmajor.SqDist(centers[c*d:c*d+d], centers[e*d:e*d+d])) * (1 - slack)
				half[c], half[e] = min(half[c], h), min(half[e], h)
			}
		}
	}
	pool := make(chan *scratch, p.workers)
	for range p.workers {
		pool <- &scratch{dist: make([]float64, rowBlock*k), rows: make([]int, 0, rowBlock)}
	}
	err := par.Do(ctx, units, p.workers, func(u int) error {
		sc := <-pool
		defer func() { pool <- sc }()
		changed := b.partial[u] == nil
		r0u, r1u := u*perUnit*rowBlock, min(n, (u+1)*perUnit*rowBlock)
		for r0 := r0u; r0 < r1u; r0 += rowBlock {
			r1 := min(r1u, r0+rowBlock)
			rows := sc.rows[:0]
			for i := r0; i < r1; i++ {
				if !full {
					l := b.labels[i]
					m := max(half[l], b.lower[i])
					if b.upper[i] <= m {
						continue
					}
					b.upper[i] = math.Sqrt(rowmajor.SqDist(p.x[i*d:i*d+d], centers[l*d:l*d+d])) * (1 + slack)
					if b.upper[i] <= m {
						continue
					}
				}
				rows = append(rows, i)
			}
			if len(rows) == 0 {
				continue
			}
			src := p.x[r0*d:]
			if len(rows) < r1-r0 {
				if sc.gathered == nil {
					sc.gathered = make([]float64, rowBlock*d)
				}
				for t, i := range rows {
					copy(sc.gathered[t*d:t*d+d], p.x[i*d:i*d+d])
				}
				src = sc.gathered
			}
			// D = -2 x c'; the nearest centre minimizes ||c||^2 - 2 x.c.
			D := sc.dist
			blas64.Implementation().Dgemm(blas.NoTrans, blas.Trans, len(rows), k, d, -2, src, d, centers, d, 0, D, k)
			for t, i := range rows {
				row := D[t*k : t*k+k]
				best, bestV, secondV := 0, row[0]+sqc[0], math.Inf(1)
				for c := 1; c < k; c++ {
					v := row[c] + sqc[c]
					if v < bestV {
						best, bestV, secondV = c, v, bestV
					} else if v < secondV {
						secondV = v
					}
				}
				if b.labels[i] != best {
					b.labels[i], changed = best, true
				}
				e := err2(i)
				b.upper[i] = math.Sqrt(max(0, bestV+p.sqx[i]+e)) * (1 + slack)
				b.lower[i] = math.Sqrt(max(0, secondV+p.sqx[i]-e)) * (1 - slack)
			}
		}
		if sums != nil && changed {
			if b.partial[u] == nil {
				b.partial[u] = make([]float64, k*d)
				b.partialCounts[u] = make([]int, k)
			}
			part, cnt := b.partial[u], b.partialCounts[u]
			clear(part)
			clear(cnt)
			for i := r0u; i < r1u; i++ {
				l := b.labels[i]
				floats.Add(part[l*d:l*d+d], p.x[i*d:i*d+d])
				cnt[l]++
			}
		}
		return nil
	})
	if err != nil || sums == nil {
		return err
	}
	clear(sums)
	clear(counts)
	for u := range units {
		floats.Add(sums, b.partial[u])
		for c, m := range b.partialCounts[u] {
			counts[c] += m
		}
	}
	return nil
}

// relocateEmpty moves every empty cluster to one of the samples farthest
// from their current centre, taking the sample out of its own cluster's sum
// (scikit-learn's _relocate_empty_clusters_dense); sums and counts are the
// cluster sums and sizes of labels.
func (p *problem) relocateEmpty(labels []int, centers, sums []float64, counts []int) {
	n, d := p.n, p.d
	var empty []int
	for c, cnt := range counts {
		if cnt == 0 {
			empty = append(empty, c)
		}
	}
	if len(empty) == 0 {
		return
	}
	type far struct {
		i    int
		dist float64
	}
	fars := make([]far, n)
	for i, l := range labels {
		fars[i] = far{i, rowmajor.SqDist(p.x[i*d:i*d+d], centers[l*d:l*d+d])}
	}
	slices.SortFunc(fars, func(a, b far) int {
		if c := cmp.Compare(b.dist, a.dist); c != 0 {
			return c
		}
		return a.i - b.i
	})
	for t, c := range empty {
		i := fars[t].i
		row := p.x[i*d : i*d+d]
		floats.Sub(sums[labels[i]*d:labels[i]*d+d], row)
		copy(sums[c*d:c*d+d], row)
		counts[labels[i]]--
		counts[c] = 1
	}
}

// sameClustering reports whether two labelings are equal up to a renaming
// of the clusters.
func sameClustering(a, b []int, k int) bool {
	m := make([]int, k)
	for i := range m {
		m[i] = -1
	}
	for i, l := range a {
		if m[l] == -1 {
			m[l] = b[i]
		} else if m[l] != b[i] {
			return false
		}
	}
	return true
}
