package sffs

import (
	"context"
	"fmt"
	"math"

	"gonum.org/v1/gonum/blas"
	"gonum.org/v1/gonum/blas/blas64"

	"github.com/gsbench/gsbench/fastblas"
	"github.com/gsbench/gsbench/internal/memory"
	"github.com/gsbench/gsbench/internal/par"
)

// greedyChunk is the number of candidate features whose gains one Dgemm
// computes.
const greedyChunk = 32

type greedyResult struct {
	order   []int     // positions of the selected features, in step order
	measure []float64 // M(J) after each step
}

// greedySearch is the authors' greedy variant (approx="greedy"): J starts
// empty and, want times, gains the feature j maximizing M(J u {j}) (ties:
// the smallest j, as their strict comparison over the remaining features in
// increasing order).
//
// M(J u {j}) sums a(S) over the 2^|J| subsets S of J u {j} containing j
// beyond M(J); the sum is computed in closed form. With the kernel
// K_J(i, i') = prod_{u in J} (1 + z_iu z_i'u) = sum_{S in J} phi_S(x_i)
// phi_S(x_i'),
//
//	M(J u {j}) - M(J) = sum_q sum_{S in J} f_{S u {j},q}^2 / c
//	                  = z_j^T (K_J o L) z_j / (c n^2),
//
// L = sum_q y_q y_q^T (L(i, i') = c^2 [same class] - c). Each step costs
// one n x n by n x m product instead of 2^|J| coefficients per candidate.
func greedySearch(ctx context.Context, Z []float64, lab *labels, want, workers int) (*greedyResult, error) {
	n, c := lab.n, lab.c
	m := len(Z) / n
	w := par.Workers(workers)
	need := 16*int64(n)*int64(n) + int64(w)*8*int64(n)*greedyChunk + 8*int64(n+m)
	if err := memory.Check(fmt.Sprintf("sffs: the greedy search's two %d x %d kernels", n, n), need); err != nil {
		return nil, err
	}
	defer fastblas.Serial()() // products parallel over blocks of candidates, as in depthSearch
	class := make([]int, n)   // class of each (grouped) row
	for q := range c {
		for i := lab.start[q]; i < lab.start[q+1]; i++ {
			class[i] = q
		}
	}
	cf := float64(c)
	K := make([]float64, n*n)
	for i := range K {
		K[i] = 1 // K_{} = 1 1^T
	}
	Q := make([]float64, n*n)
	gain := make([]float64, m)
	taken := make([]bool, m)
	norm := 1 / (cf * float64(n) * float64(n))
	res := &greedyResult{}
	var total float64
	impl := blas64.Implementation()
	for step := range want {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		// Q = K o L.
		for i := range n {
			qi := class[i]
			row, krow := Q[i*n:(i+1)*n], K[i*n:(i+1)*n]
			for k := range n {
				l := -cf
				if class[k] == qi {
					l = cf*cf - cf
				}
				row[k] = krow[k] * l
			}
		}
		// gain_j = z_j^T Q z_j / (c n^2), by blocks of candidates.
		par.Chunks(m, greedyChunk, workers, func(_, lo, hi int) {
			bw := hi - lo
			T := make([]float64, n*bw)
			impl.Dgemm(blas.NoTrans, blas.NoTrans, n, bw, n, 1, Q, n, Z[lo:], m, 0, T, bw)
			for j := lo; j < hi; j++ {
				var g float64
				for i := range n {
					g += Z[i*m+j] * T[i*bw+j-lo]
				}
				gain[j] = g * norm
			}
		})
		best := -1
		for j := range m {
			if taken[j] {
				continue
			}
			if math.IsNaN(gain[j]) || math.IsInf(gain[j], 0) {
				return nil, fmt.Errorf("sffs: greedy step %d: the measure overflows (it sums products of up to %d standardized features); select fewer features", step+1, step+1)
			}
			// The authors compare M(J u {j}) = M(J) + gain_j.
			if best < 0 || tieKey(total+gain[j]) > tieKey(total+gain[best]) {
				best = j
			}
		}
		taken[best] = true
		total += gain[best]
		res.order = append(res.order, best)
		res.measure = append(res.measure, total)
		// K <- K o (1 + z_best z_best^T).
		for i := range n {
			zi := Z[i*m+best]
			krow := K[i*n : (i+1)*n]
			for k := range n {
				krow[k] *= 1 + zi*Z[k*m+best]
			}
		}
	}
	return res, nil
}
