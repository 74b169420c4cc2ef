package graph

import (
	"fmt"
	"math"
	"slices"
	"sort"

	"gonum.org/v1/gonum/floats"
	"gonum.org/v1/gonum/mat"

	"github.com/gsbench/gsbench/internal/par"
)

// Sparse is an N x N matrix in compressed sparse row form. The nonzeros of
// row i are Val[RowPtr[i]:RowPtr[i+1]], in the columns
// Col[RowPtr[i]:RowPtr[i+1]], which are strictly increasing; RowPtr has
// N+1 entries, RowPtr[0] = 0 and RowPtr[N] = len(Col) = len(Val).
// The matrices Affinity returns are symmetric.
type Sparse struct {
	N      int
	RowPtr []int
	Col    []int
	Val    []float64
}

var _ mat.Matrix = (*Sparse)(nil)

// FromCOO builds an n x n Sparse matrix from coordinate triplets
// (rows[p], cols[p], vals[p]), summing duplicates.
func FromCOO(n int, rows, cols []int, vals []float64) (*Sparse, error) {
	if len(rows) != len(cols) || len(rows) != len(vals) {
		return nil, fmt.Errorf("graph: %d rows, %d columns and %d values given", len(rows), len(cols), len(vals))
	}
	if n < 0 {
		return nil, fmt.Errorf("graph: negative size %d", n)
	}
	count := make([]int, n+1)
	for p, i := range rows {
		if i < 0 || i >= n || cols[p] < 0 || cols[p] >= n {
			return nil, fmt.Errorf("graph: entry (%d, %d) outside a %d x %d matrix", i, cols[p], n, n)
		}
		count[i+1]++
	}
	for i := 0; i < n; i++ {
		count[i+1] += count[i]
	}
	col := make([]int, len(rows))
	val := make([]float64, len(rows))
	next := slices.Clone(count[:n])
	for p, i := range rows {
		col[next[i]], val[next[i]] = cols[p], vals[p]
		next[i]++
	}
	s := &Sparse{N: n, RowPtr: make([]int, n+1)}
	for i := 0; i < n; i++ {
		seg := pairSegment{col[count[i]:count[i+1]], val[count[i]:count[i+1]]}
		sort.Sort(seg)
		for p := range seg.c {
			if p > 0 && seg.c[p] == seg.c[p-1] {
				s.Val[len(s.Val)-1] += seg.v[p]
				continue
			}
			s.Col = append(s.Col, seg.c[p])
			s.Val = append(s.Val, seg.v[p])
		}
		s.RowPtr[i+1] = len(s.Col)
	}
	return s, nil
}

type pairSegment struct {
	c []int
	v []float64
}

func (s pairSegment) Len() int           { return len(s.c) }
func (s pairSegment) Less(a, b int) bool { return s.c[a] < s.c[b] }
func (s pairSegment) Swap(a, b int) {
	s.c[a], s.c[b] = s.c[b], s.c[a]
	s.v[a], s.v[b] = s.v[b], s.v[a]
}

// Dims returns N, N.
func (s *Sparse) Dims() (r, c int) { return s.N, s.N }

// At returns element (i, j).
func (s *Sparse) At(i, j int) float64 {
	if i < 0 || i >= s.N || j < 0 || j >= s.N {
		panic(mat.ErrIndexOutOfRange)
	}
	cols := s.Col[s.RowPtr[i]:s.RowPtr[i+1]]
	if p, ok := slices.BinarySearch(cols, j); ok {
		return s.Val[s.RowPtr[i]+p]
	}
	return 0
}

// T returns the transpose (a view).
func (s *Sparse) T() mat.Matrix { return mat.Transpose{Matrix: s} }

// NNZ returns the number of stored entries.
func (s *Sparse) NNZ() int { return len(s.Col) }

// Row returns the columns and values of the entries of row i (views).
func (s *Sparse) Row(i int) (cols []int, vals []float64) {
	return s.Col[s.RowPtr[i]:s.RowPtr[i+1]], s.Val[s.RowPtr[i]:s.RowPtr[i+1]]
}

// Degrees returns the row sums W 1 (the diagonal of the degree matrix D).
func (s *Sparse) Degrees() []float64 {
	deg := make([]float64, s.N)
	for i := range deg {
		deg[i] = floats.Sum(s.Val[s.RowPtr[i]:s.RowPtr[i+1]])
	}
	return deg
}

// DegenerateWeight is the share of an affinity's weight off the diagonal
// below which a method warns that its kernel underflowed: the graph is
// self-loops to within rounding, and scores built on it rest on weights
// below about 1e-9 of the self-loops, or on none.
const DegenerateWeight = 1e-9

// DegenerateWarning is the warning of an affinity whose share of weight off
// the diagonal is off, with how to fix it.
func DegenerateWarning(off float64, fix string) string {
	if off == 0 {
		return "every off-diagonal affinity weight underflowed to 0: the scores are all equal and the ranking is column order; " + fix
	}
	return fmt.Sprintf("the affinity is the identity to within %.1e (the kernel underflowed): the scores rest on tiny weights; %s", off, fix)
}

// OffDiagonalFraction returns the share of the total weight carried by the
// entries off the diagonal: 0 when the graph has only self-loops left (for
// instance when a heat kernel with a small t underflows on distant
// neighbours), 1 when it has no self-loops.
func (s *Sparse) OffDiagonalFraction() float64 {
	var off, all float64
	for i := 0; i < s.N; i++ {
		cols, vals := s.Row(i)
		for p, j := range cols {
			all += vals[p]
			if j != i {
				off += vals[p]
			}
		}
	}
	if all == 0 {
		return 0
	}
	return off / all
}

// Dense returns W as a dense matrix.
func (s *Sparse) Dense() *mat.Dense {
	W := mat.NewDense(s.N, s.N, nil)
	for i := 0; i < s.N; i++ {
		cols, vals := s.Row(i)
		for p, j := range cols {
			W.Set(i, j, vals[p])
		}
	}
	return W
}

// IsSymmetric reports whether W_ij = W_ji for every entry, up to tol times
// the largest magnitude.
func (s *Sparse) IsSymmetric(tol float64) bool {
	scale := 0.0
	for _, v := range s.Val {
		scale = math.Max(scale, math.Abs(v))
	}
	for i := 0; i < s.N; i++ {
		cols, vals := s.Row(i)
		for p, j := range cols {
			if math.Abs(vals[p]-s.At(j, i)) > tol*scale {
				return false
			}
		}
	}
	return true
}

// MulDense returns W X for an N x d matrix X, computed in parallel over
// rows (workers goroutines; 0 means GOMAXPROCS).
func (s *Sparse) MulDense(X mat.Matrix, workers int) *mat.Dense {
	n, d := X.Dims()
	if n != s.N {
		panic(mat.ErrShape)
	}
	x := asDense(X).RawMatrix()
	out := mat.NewDense(n, d, nil)
	o := out.RawMatrix()
	par.Chunks(n, 64, workers, func(_, lo, hi int) {
		for i := lo; i < hi; i++ {
			dst := o.Data[i*o.Stride : i*o.Stride+d]
			cols, vals := s.Row(i)
			for p, j := range cols {
				floats.AddScaled(dst, vals[p], x.Data[j*x.Stride:j*x.Stride+d])
			}
		}
	})
	return out
}

// LaplacianForms returns, for every column f of the N x d matrix X,
//
//	(1/2) sum_ij W_ij (f_i - f_j)^2,
//
// which is f' L f with L = D - W for symmetric W. Summing squared
// differences edge by edge, instead of subtracting f'Wf from f'Df, keeps the
// result accurate and nonnegative for nonnegative weights. The sums are
// taken in an order independent of workers.
func (s *Sparse) LaplacianForms(X mat.Matrix, workers int) []float64 {
	n, d := X.Dims()
	if n != s.N {
		panic(mat.ErrShape)
	}
	x := asDense(X).RawMatrix()
	const chunk = 128
	partial := make([][]float64, par.NumChunks(n, chunk))
	par.Chunks(n, chunk, workers, func(c, lo, hi int) {
		acc := make([]float64, d)
		diff := make([]float64, d)
		for i := lo; i < hi; i++ {
			xi := x.Data[i*x.Stride : i*x.Stride+d]
			cols, vals := s.Row(i)
			for p, j := range cols {
				if j == i {
					continue
				}
				floats.SubTo(diff, xi, x.Data[j*x.Stride:j*x.Stride+d])
				w := vals[p] / 2
				for r, e := range diff {
					acc[r] += w * e * e
				}
			}
		}
		partial[c] = acc
	})
	out := make([]float64, d)
	for _, acc := range partial {
		floats.Add(out, acc)
	}
	return out
}

// asDense returns X as a *mat.Dense, copying only when it is not one.
func asDense(X mat.Matrix) *mat.Dense {
	if d, ok := X.(*mat.Dense); ok {
		return d
	}
	return mat.DenseCopyOf(X)
}
