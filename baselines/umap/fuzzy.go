package umap

import (
	"math"
	"slices"

	"github.com/gsbench/gsbench/baselines/graph"
	"github.com/gsbench/gsbench/internal/par"
)

// Constants of umap-learn's smooth_knn_dist (umap/umap_.py).
const (
	smoothKIter      = 64   // bisection steps
	smoothKTolerance = 1e-5 // |sum - target| that stops the bisection
	minKDistScale    = 1e-3 // sigma_i >= 1e-3 * mean distance
)

// smoothKNN calibrates each point's fuzzy neighbourhood (McInnes, Healy &
// Melville 2018, Sec. 3.1 and Algorithm 3, "SmoothKNNDist"): rho_i is the
// distance to the nearest neighbour at non-zero distance (the
// local_connectivity-th one, interpolated when fractional), and sigma_i
// solves
//
//	sum_{j=1}^{k-1} exp(-max(0, d_ij - rho_i) / sigma_i) = log2(k)
//
// by bisection, over the table positions 1..k-1 (position 0 is the point
// itself in a self table; umap-learn skips it in every case). As in
// umap-learn, sigma_i is raised to 1e-3 times the mean distance of row i
// (of all rows when rho_i = 0) so that it never vanishes.
func smoothKNN(nb *graph.Neighbors, localConnectivity float64, workers int) (sigma, rho []float64) {
	n, k := nb.N, nb.K
	sigma, rho = make([]float64, n), make([]float64, n)
	target := math.Log2(float64(k)) // bandwidth 1
	meanAll := 0.0
	for _, d := range nb.Dist {
		meanAll += d
	}
	meanAll /= float64(len(nb.Dist))
	par.Chunks(n, 64, workers, func(_, a, b int) {
		nonzero := make([]float64, 0, k)
		for i := a; i < b; i++ {
			_, dist := nb.Row(i)
			nonzero = nonzero[:0]
			for _, d := range dist {
				if d > 0 {
					nonzero = append(nonzero, d)
				}
			}
			r := 0.0
			if float64(len(nonzero)) >= localConnectivity {
				index := int(math.Floor(localConnectivity))
				interp := localConnectivity - float64(index)
				if index > 0 {
					r = nonzero[index-1]
					if interp > smoothKTolerance {
						r += interp * (nonzero[index] - nonzero[index-1])
					}
				} else if len(nonzero) > 0 {
					r = interp * nonzero[0]
				}
			} else if len(nonzero) > 0 {
				r = slices.Max(nonzero)
			}
			rho[i] = r

			lo, hi, mid := 0.0, math.Inf(1), 1.0
			for it := 0; it < smoothKIter; it++ {
				psum := 0.0
				for _, d := range dist[1:] {
					if d -= r; d > 0 {
						psum += math.Exp(-d / mid)
					} else {
						psum++
					}
				}
				if math.Abs(psum-target) < smoothKTolerance {
					break
				}
				if psum > target {
					hi = mid
					mid = (lo + hi) / 2
				} else {
					lo = mid
					if math.IsInf(hi, 1) {
						mid *= 2
					} else {
						mid = (lo + hi) / 2
					}
				}
			}
			floor := minKDistScale * meanAll
			if r > 0 {
				m := 0.0
				for _, d := range dist {
					m += d
				}
				floor = minKDistScale * m / float64(k)
			}
			sigma[i] = max(mid, floor)
		}
	})
	return sigma, rho
}

// memberships returns the weight of every table entry: the membership
// strength of the 1-simplex (i, j) in point i's local fuzzy set,
// exp(-(d_ij - rho_i) / sigma_i), 1 when d_ij <= rho_i or sigma_i = 0, and
// 0 for the point itself in a self table (umap-learn's
// compute_membership_strengths).
func memberships(nb *graph.Neighbors, sigma, rho []float64, self bool) []float64 {
	w := make([]float64, len(nb.Index))
	for i := 0; i < nb.N; i++ {
		idx, dist := nb.Row(i)
		for t, j := range idx {
			var v float64
			switch {
			case self && j == i:
				v = 0
			case dist[t]-rho[i] <= 0 || sigma[i] == 0:
				v = 1
			default:
				v = math.Exp(-(dist[t] - rho[i]) / sigma[i])
			}
			w[i*nb.K+t] = v
		}
	}
	return w
}

// fuzzyUnion symmetrises the directed membership graph A (row i holds the
// table entries of point i) with the probabilistic t-conorm
// A + A^T - A o A^T, UMAP's fuzzy set union (McInnes et al. 2018, Sec. 3.1;
// umap-learn's default set_op_mix_ratio = 1). Zero entries are dropped.
func fuzzyUnion(nb *graph.Neighbors, w []float64) *graph.Sparse {
	n, k := nb.N, nb.K
	// Count entries per row of A and of A^T.
	type entry struct {
		j    int
		v    float64
		back bool // the entry comes from A^T
	}
	cnt := make([]int, n+1)
	for i := 0; i < n; i++ {
		for t, j := range nb.Index[i*k : (i+1)*k] {
			if w[i*k+t] > 0 {
				cnt[i+1]++
				cnt[int(j)+1]++
			}
		}
	}
	for i := 0; i < n; i++ {
		cnt[i+1] += cnt[i]
	}
	ents := make([]entry, cnt[n])
	fill := slices.Clone(cnt[:n])
	for i := 0; i < n; i++ {
		for t, j := range nb.Index[i*k : (i+1)*k] {
			if v := w[i*k+t]; v > 0 {
				ents[fill[i]] = entry{j, v, false}
				fill[i]++
				ents[fill[j]] = entry{i, v, true}
				fill[j]++
			}
		}
	}
	g := &graph.Sparse{N: n, RowPtr: make([]int, n+1), Col: make([]int, 0, cnt[n]), Val: make([]float64, 0, cnt[n])}
	for i := 0; i < n; i++ {
		row := ents[cnt[i]:cnt[i+1]]
		slices.SortFunc(row, func(x, y entry) int {
			if x.j != y.j {
				return int(x.j - y.j)
			}
			if x.back == y.back {
				return 0
			}
			if !x.back {
				return -1
			}
			return 1
		})
		for s := 0; s < len(row); {
			j := row[s].j
			a, b := 0.0, 0.0
			for ; s < len(row) && row[s].j == j; s++ {
				if row[s].back {
					b = row[s].v
				} else {
					a = row[s].v
				}
			}
			if v := a + b - a*b; v > 0 {
				g.Col = append(g.Col, j)
				g.Val = append(g.Val, v)
			}
		}
		g.RowPtr[i+1] = len(g.Col)
	}
	return g
}

// bipartiteGraph turns the memberships of the m new points in their
// training neighbours, dropping zeros, into the sparse matrix whose entry
// (i, j) is the membership of new point i in training point j: square, of
// order max(m, nTrain), its rows beyond m empty.
func bipartiteGraph(nb *graph.Neighbors, w []float64, nTrain int) (*graph.Sparse, error) {
	var rows, cols []int
	var vals []float64
	for i := 0; i < nb.N; i++ {
		idx, _ := nb.Row(i)
		for t, j := range idx {
			if v := w[i*nb.K+t]; v > 0 {
				rows, cols, vals = append(rows, i), append(cols, j), append(vals, v)
			}
		}
	}
	return graph.FromCOO(max(nb.N, nTrain), rows, cols, vals)
}
