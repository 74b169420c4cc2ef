package sffs

import (
	"cmp"
	"math"
	"slices"

	"gonum.org/v1/gonum/mat"
)

// This file writes the authors' SupervisedFourierFS out literally, entry by
// entry, as an oracle for the BLAS formulation: standardize with ddof 1,
// list the subsets of sizes 1..t as itertools (combinations in
// lexicographic order, sizes increasing), compute every coefficient
// f_{S,q} = (1/n) sum_i y_q(i) phi_S(x_i) by a loop over the samples in
// their original order, M(J) by summing over the powerset of J, sort the
// (M, J) pairs in reverse and take the union; greedy by recomputing
// M(J u {j}) over the whole powerset for every candidate.

// oracleZ returns the standardized columns (nil for a constant column) and
// the class codes y_q(i) = c [y_i = q] - 1 of the non-empty classes.
func oracleZ(X *mat.Dense, y []int) (z [][]float64, codes [][]float64) {
	n, d := X.Dims()
	z = make([][]float64, d)
	for j := range d {
		col := mat.Col(nil, j, X)
		var mean, ss float64
		for _, v := range col {
			mean += v
		}
		mean /= float64(n)
		for _, v := range col {
			ss += (v - mean) * (v - mean)
		}
		sd := math.Sqrt(ss / float64(n-1))
		if sd <= 1e-12*math.Max(1, math.Abs(mean)) {
			continue
		}
		for i := range col {
			col[i] = (col[i] - mean) / sd
		}
		z[j] = col
	}
	var classes []int
	for _, v := range y {
		if !slices.Contains(classes, v) {
			classes = append(classes, v)
		}
	}
	slices.Sort(classes)
	c := float64(len(classes))
	for _, q := range classes {
		code := make([]float64, n)
		for i, v := range y {
			code[i] = -1
			if v == q {
				code[i] = c - 1
			}
		}
		codes = append(codes, code)
	}
	return z, codes
}

// oracleMeasure is M(J) = (1/c) sum_q sum_{S in J, S != {}} f_{S,q}^2.
func oracleMeasure(J []int, z, codes [][]float64) float64 {
	n := len(codes[0])
	var total float64
	for mask := 1; mask < 1<<len(J); mask++ {
		for _, code := range codes {
			var f float64
			for i := range n {
				p := code[i]
				for b, u := range J {
					if mask&(1<<b) != 0 {
						p *= z[u][i]
					}
				}
				f += p
			}
			f /= float64(n)
			total += f * f
		}
	}
	return total / float64(len(codes))
}

// combinations lists the subsets of the given items of sizes 1..t in
// itertools order.
func combinations(items []int, t int) [][]int {
	var out [][]int
	for s := 1; s <= min(t, len(items)); s++ {
		cur := make([]int, 0, s)
		var rec func(start int)
		rec = func(start int) {
			if len(cur) == s {
				out = append(out, slices.Clone(cur))
				return
			}
			for i := start; i < len(items); i++ {
				cur = append(cur, items[i])
				rec(i + 1)
				cur = cur[:len(cur)-1]
			}
		}
		rec(0)
	}
	return out
}

// oracleDepth returns the selection of Algorithm 2 (k features; constant
// columns last) and the per-feature scores.
func oracleDepth(X *mat.Dense, y []int, t, k int) ([]int, []float64) {
	_, d := X.Dims()
	z, codes := oracleZ(X, y)
	var searched, constant []int
	for j := range d {
		if z[j] == nil {
			constant = append(constant, j)
		} else {
			searched = append(searched, j)
		}
	}
	type entry struct {
		m float64
		J []int
	}
	var list []entry
	scores := make([]float64, d)
	for _, J := range combinations(searched, t) {
		v := oracleMeasure(J, z, codes)
		list = append(list, entry{v, J})
		for _, j := range J {
			scores[j] = math.Max(scores[j], v)
		}
	}
	slices.SortFunc(list, func(a, b entry) int {
		if c := cmp.Compare(b.m, a.m); c != 0 {
			return c
		}
		return -slices.Compare(a.J, b.J)
	})
	if k == 0 {
		k = d
	}
	var sel []int
	for _, e := range list {
		for _, j := range e.J {
			if len(sel) < k && !slices.Contains(sel, j) {
				sel = append(sel, j)
			}
		}
	}
	for _, j := range constant {
		if len(sel) < k {
			sel = append(sel, j)
		}
	}
	return sel, scores
}

// oracleGreedy returns the greedy selection of k features and the measure
// after each step.
func oracleGreedy(X *mat.Dense, y []int, k int) ([]int, []float64) {
	_, d := X.Dims()
	z, codes := oracleZ(X, y)
	var J []int
	var path []float64
	for range k {
		best, bestM := -1, math.Inf(-1)
		for j := range d {
			if z[j] == nil || slices.Contains(J, j) {
				continue
			}
			if v := oracleMeasure(append(slices.Clone(J), j), z, codes); v > bestM {
				best, bestM = j, v
			}
		}
		if best < 0 {
			break
		}
		J = append(J, best)
		path = append(path, bestM)
	}
	return J, path
}
