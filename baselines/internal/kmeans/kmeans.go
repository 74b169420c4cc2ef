package kmeans

import (
	"fmt"
	"math"
	"math/rand/v2"

	"gonum.org/v1/gonum/floats"
	"gonum.org/v1/gonum/mat"

	_ "github.com/gsbench/gsbench/internal/fastblas"
)

// Options configures Fit; zero fields take scikit-learn's defaults.
type Options struct {
	NInit   int     // restarts; 0 means 10
	MaxIter int     // Lloyd iterations per restart; 0 means 300
	Tol     float64 // stop when the squared center shift is below Tol times the mean feature variance; 0 means 1e-4
}

// Result is the best of the restarts.
type Result struct {
	Labels  []int      // cluster of every row, 0..k-1, no cluster empty
	Centers *mat.Dense // k x d
	Inertia float64    // sum of squared distances to the centers
}

// Fit clusters the rows of X into k clusters, drawing from rng.
func Fit(X *mat.Dense, k int, opt Options, rng *rand.Rand) (Result, error) {
	n, d := X.Dims()
	if k < 1 || k > n {
		return Result{}, fmt.Errorf("kmeans: %d clusters of %d rows", k, n)
	}
	if opt.NInit == 0 {
		opt.NInit = 10
	}
	if opt.MaxIter == 0 {
		opt.MaxIter = 300
	}
	if opt.Tol == 0 {
		opt.Tol = 1e-4
	}
	// scikit-learn: tol is relative to the mean variance of the features.
	var meanVar float64
	col := make([]float64, n)
	for j := 0; j < d; j++ {
		mat.Col(col, j, X)
		mu := floats.Sum(col) / float64(n)
		for _, v := range col {
			meanVar += (v - mu) * (v - mu)
		}
	}
	meanVar /= float64(n * d)
	tol := opt.Tol * meanVar
	sq := make([]float64, n)
	for i := range sq {
		r := X.RawRowView(i)
		sq[i] = floats.Dot(r, r)
	}
	best := Result{Inertia: math.Inf(1)}
	for run := 0; run < opt.NInit; run++ {
		C := seed(X, sq, k, rng)
		res := lloyd(X, sq, C, opt.MaxIter, tol)
		if res.Inertia < best.Inertia {
			best = res
		}
	}
	return best, nil
}

// seed picks k centers by greedy k-means++ (Arthur & Vassilvitskii 2007;
// scikit-learn's variant tries 2 + floor(ln k) candidates per center and
// keeps the one that lowers the potential most).
func seed(X *mat.Dense, sq []float64, k int, rng *rand.Rand) *mat.Dense {
	n, d := X.Dims()
	C := mat.NewDense(k, d, nil)
	first := rng.IntN(n)
	C.SetRow(0, X.RawRowView(first))
	closest := make([]float64, n)
	for i := range closest {
		closest[i] = dist2(X.RawRowView(i), X.RawRowView(first))
	}
	trials := 2 + int(math.Log(float64(k)))
	cand := make([]float64, n)
	bestD := make([]float64, n)
	for c := 1; c < k; c++ {
		pot := floats.Sum(closest)
		bestIdx, bestPot := -1, math.Inf(1)
		for t := 0; t < trials; t++ {
			idx := n - 1
			if pot > 0 {
				r := rng.Float64() * pot
				var acc float64
				for i, v := range closest {
					acc += v
					if acc > r {
						idx = i
						break
					}
				}
			} else {
				idx = rng.IntN(n)
			}
			var p float64
			for i := range cand {
				cand[i] = math.Min(closest[i], dist2(X.RawRowView(i), X.RawRowView(idx)))
				p += cand[i]
			}
			if p < bestPot {
				bestIdx, bestPot = idx, p
				copy(bestD, cand)
			}
		}
		C.SetRow(c, X.RawRowView(bestIdx))
		copy(closest, bestD)
	}
	return C
}

func dist2(a, b []float64) float64 {
	var s float64
	for i, v := range a {
		e := v - b[i]
		s += e * e
	}
	return s
}

// lloyd iterates assignments and center updates from C.
func lloyd(X *mat.Dense, sq []float64, C *mat.Dense, maxIter int, tol float64) Result {
	n, d := X.Dims()
	k, _ := C.Dims()
	labels := make([]int, n)
	dist := make([]float64, n)
	var G mat.Dense
	next := mat.NewDense(k, d, nil)
	count := make([]float64, k)
	assign := func() float64 {
		G.Mul(X, C.T()) // x.c, BLAS-3
		csq := make([]float64, k)
		for c := 0; c < k; c++ {
			r := C.RawRowView(c)
			csq[c] = floats.Dot(r, r)
		}
		var inertia float64
		for i := 0; i < n; i++ {
			g := G.RawRowView(i)
			best, bd := 0, math.Inf(1)
			for c := 0; c < k; c++ {
				if v := sq[i] - 2*g[c] + csq[c]; v < bd {
					best, bd = c, v
				}
			}
			labels[i] = best
			dist[i] = math.Max(0, bd)
			inertia += dist[i]
		}
		return inertia
	}
	for it := 0; it < maxIter; it++ {
		assign()
		next.Zero()
		for c := range count {
			count[c] = 0
		}
		for i, c := range labels {
			floats.Add(next.RawRowView(c), X.RawRowView(i))
			count[c]++
		}
		for c := 0; c < k; c++ {
			if count[c] == 0 {
				// An empty cluster takes the row farthest from its center.
				far := floats.MaxIdx(dist)
				next.SetRow(c, X.RawRowView(far))
				dist[far] = 0
				continue
			}
			floats.Scale(1/count[c], next.RawRowView(c))
		}
		var shift float64
		for c := 0; c < k; c++ {
			shift += dist2(next.RawRowView(c), C.RawRowView(c))
		}
		C.Copy(next)
		if shift <= tol {
			break
		}
	}
	inertia := assign()
	// Keep every cluster non-empty: a cluster left empty by the final
	// assignment takes the row farthest from its center.
	count = make([]float64, k)
	for _, c := range labels {
		count[c]++
	}
	for c := 0; c < k; c++ {
		if count[c] > 0 {
			continue
		}
		far := -1
		for i, v := range dist {
			if count[labels[i]] > 1 && (far < 0 || v > dist[far]) {
				far = i
			}
		}
		count[labels[far]]--
		labels[far] = c
		count[c]++
		inertia -= dist[far]
		dist[far] = 0
	}
	return Result{Labels: labels, Centers: mat.DenseCopyOf(C), Inertia: inertia}
}
