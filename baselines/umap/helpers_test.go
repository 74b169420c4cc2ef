package umap

import (
	"context"
	"math"
	"math/rand/v2"
	"slices"
	"sort"
	"testing"

	"gonum.org/v1/gonum/mat"

	"github.com/gsbench/gsbench/baselines/graph"
	"github.com/gsbench/gsbench/internal/rowmajor"
)

// knnTable is exactKNN, failing the test on an error.
func knnTable(t testing.TB, X *mat.Dense, k, workers int) *graph.Neighbors {
	t.Helper()
	nb, err := exactKNN(context.Background(), X, k, workers)
	if err != nil {
		t.Fatal(err)
	}
	return nb
}

// blobs returns c Gaussian clusters of m points in d dimensions, centres
// N(0, sep^2), unit spread.
func blobs(c, m, d int, sep float64, seed uint64) (*mat.Dense, []int) {
	r := rand.New(rand.NewPCG(seed, 99))
	X := mat.NewDense(c*m, d, nil)
	y := make([]int, c*m)
	for k := 0; k < c; k++ {
		centre := make([]float64, d)
		for j := range centre {
			centre[j] = sep * r.NormFloat64()
		}
		for i := 0; i < m; i++ {
			for j := 0; j < d; j++ {
				X.Set(k*m+i, j, centre[j]+r.NormFloat64())
			}
			y[k*m+i] = k
		}
	}
	return X, y
}

// trustworthiness is scikit-learn's sklearn.manifold.trustworthiness
// (Venna & Kaski 2001):
//
//	T(k) = 1 - 2 / (n k (2n - 3k - 1)) sum_i sum_{j in N_i^k} max(0, r(i, j) - k)
//
// where N_i^k are the k nearest neighbours of i in the embedding and r(i, j)
// is the rank of j among i's neighbours in the input space (1 = nearest,
// the point itself excluded). Brute force, O(n^2 log n).
func trustworthiness(X, E *mat.Dense, k int) float64 {
	n, _ := X.Dims()
	sq := func(A *mat.Dense, i, j int) float64 { return rowmajor.SqDist(A.RawRowView(i), A.RawRowView(j)) }
	order := make([]int, 0, n)
	rank := make([]int, n)
	sum := 0.0
	for i := 0; i < n; i++ {
		order = order[:0]
		for j := 0; j < n; j++ {
			if j != i {
				order = append(order, j)
			}
		}
		dx := make([]float64, n)
		for _, j := range order {
			dx[j] = sq(X, i, j)
		}
		sort.SliceStable(order, func(a, b int) bool { return dx[order[a]] < dx[order[b]] })
		for r, j := range order {
			rank[j] = r + 1
		}
		de := make([]float64, n)
		for _, j := range order {
			de[j] = sq(E, i, j)
		}
		sort.SliceStable(order, func(a, b int) bool { return de[order[a]] < de[order[b]] })
		for _, j := range order[:k] {
			sum += math.Max(0, float64(rank[j]-k))
		}
	}
	nf, kf := float64(n), float64(k)
	return 1 - 2/(nf*kf*(2*nf-3*kf-1))*sum
}

// kmeans is Lloyd's algorithm from k-means++ seeds (Arthur & Vassilvitskii
// 2007), best of restarts by inertia; enough for an NMI check.
func kmeans(X *mat.Dense, k, restarts int, seed uint64) []int {
	n, d := X.Dims()
	r := rand.New(rand.NewPCG(seed, 1))
	best, bestInertia := []int(nil), math.Inf(1)
	for rs := 0; rs < restarts; rs++ {
		cent := make([][]float64, 0, k)
		cent = append(cent, slices.Clone(X.RawRowView(r.IntN(n))))
		dmin := make([]float64, n)
		for i := range dmin {
			dmin[i] = rowmajor.SqDist(X.RawRowView(i), cent[0])
		}
		for len(cent) < k {
			total := 0.0
			for _, v := range dmin {
				total += v
			}
			u, pick := r.Float64()*total, n-1
			for i, v := range dmin {
				if u -= v; u <= 0 {
					pick = i
					break
				}
			}
			c := slices.Clone(X.RawRowView(pick))
			cent = append(cent, c)
			for i := range dmin {
				dmin[i] = min(dmin[i], rowmajor.SqDist(X.RawRowView(i), c))
			}
		}
		lab := make([]int, n)
		inertia := 0.0
		for it := 0; it < 300; it++ {
			changed := false
			inertia = 0
			for i := 0; i < n; i++ {
				bj, bd := 0, math.Inf(1)
				for j, c := range cent {
					if dd := rowmajor.SqDist(X.RawRowView(i), c); dd < bd {
						bj, bd = j, dd
					}
				}
				if lab[i] != bj || it == 0 {
					changed = true
				}
				lab[i] = bj
				inertia += bd
			}
			if !changed {
				break
			}
			cnt := make([]float64, k)
			for j := range cent {
				clear(cent[j])
			}
			for i := 0; i < n; i++ {
				cnt[lab[i]]++
				for c, v := range X.RawRowView(i) {
					cent[lab[i]][c] += v
				}
			}
			for j := range cent {
				if cnt[j] > 0 {
					for c := 0; c < d; c++ {
						cent[j][c] /= cnt[j]
					}
				}
			}
		}
		if inertia < bestInertia {
			best, bestInertia = lab, inertia
		}
	}
	return best
}

// bruteKNN returns, for each row, the other rows sorted by (distance, index).
func bruteKNN(X *mat.Dense, k int) [][]int {
	n, _ := X.Dims()
	out := make([][]int, n)
	for i := 0; i < n; i++ {
		idx := make([]int, 0, n-1)
		d := make([]float64, n)
		for j := 0; j < n; j++ {
			if j != i {
				idx = append(idx, j)
				d[j] = rowmajor.SqDist(X.RawRowView(i), X.RawRowView(j))
			}
		}
		sort.SliceStable(idx, func(a, b int) bool { return d[idx[a]] < d[idx[b]] })
		out[i] = idx[:k]
	}
	return out
}
