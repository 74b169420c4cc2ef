package preprocess

import (
	"fmt"
	"math"
	"slices"
	"strings"

	"gonum.org/v1/gonum/blas/blas64"
	"gonum.org/v1/gonum/mat"

	"github.com/gsbench/gsbench/internal/par"
)

// Kind names a preprocessing step.
type Kind string

// The preprocessing steps.
const (
	None        Kind = "none"
	Center      Kind = "center"
	Standardize Kind = "standardize"
	MinMax      Kind = "minmax"
)

// Kinds lists every step, in the order documentation shows them.
var Kinds = []Kind{None, Center, Standardize, MinMax}

// Parse returns the Kind named s ("" means none).
func Parse(s string) (Kind, error) {
	if s == "" {
		return None, nil
	}
	k := Kind(strings.ToLower(strings.TrimSpace(s)))
	if slices.Contains(Kinds, k) {
		return k, nil
	}
	return "", fmt.Errorf("unknown preprocessing %q: use one of none, center, standardize, minmax", s)
}

// Scaler maps column j of a matrix to (x - Offset[j]) / Scale[j].
type Scaler struct {
	Kind     Kind
	Offset   []float64
	Scale    []float64
	Constant []int // columns IsConstant holds for (standardize, minmax): mapped to 0, not scaled

	// halved marks min-max columns whose range overflows float64: their
	// Scale holds half the range, and Transform halves x - Offset too.
	halved []bool
}

// Workers is the number of goroutines Fit and Transform use (each takes a
// block of columns, so results do not depend on it); 0 means GOMAXPROCS.
var Workers = 0

// Fit computes the statistics of kind on the columns of X. It fails on an
// empty matrix or, for every kind but None, on NaN/Inf entries, naming the
// first offending cell (the lowest row, then the lowest column).
//
// None reads nothing: it returns the identity scaler without a pass over X
// (gsbench's loaders never return non-finite values).
//
// Center and Standardize read X in row-major passes (gonum's Dense is
// row-major): one for the finiteness check, the column sums and the column
// ranges, and, for Standardize, one for the sums of squared deviations.
// The mean of each column is the sum of its values in row order divided by
// n, and the variance the mean of the squared deviations from it (two-pass,
// ddof 0, as scikit-learn's StandardScaler); a column whose magnitude is
// outside [2^-400, 2^400] is scaled by a power of two first, so that
// neither the squares overflow (a column of size 1e200) nor underflow (a
// column of size 1e-200). Scaling by a power of two is exact, so every other
// column gets the same bits as the unscaled formulas.
func Fit(kind Kind, X mat.Matrix) (*Scaler, error) {
	n, d := X.Dims()
	if n == 0 || d == 0 {
		return nil, fmt.Errorf("preprocess: empty matrix (%d x %d)", n, d)
	}
	if _, err := Parse(string(kind)); err != nil {
		return nil, err
	}
	s := &Scaler{Kind: kind, Offset: make([]float64, d), Scale: make([]float64, d)}
	for j := range s.Scale {
		s.Scale[j] = 1
	}
	if kind == None {
		return s, nil
	}
	raw := rawOf(X)
	st := columnStats(raw, kind == Center || kind == Standardize)
	if st.bad.i >= 0 {
		v := raw.Data[st.bad.i*raw.Stride+st.bad.j]
		return nil, fmt.Errorf("preprocess: X[%d][%d] = %v; remove or impute non-finite values first", st.bad.i, st.bad.j, v)
	}
	nf := float64(n)
	switch kind {
	case Center:
		for j := range d {
			s.Offset[j] = st.mean(raw, j)
		}
	case Standardize:
		mean := make([]float64, d)
		pow := make([]float64, d) // the power of two column j is scaled by
		for j := range d {
			pow[j] = scaleOf(math.Max(math.Abs(st.lo[j]), math.Abs(st.hi[j])))
			mean[j] = st.mean(raw, j)
			s.Offset[j] = mean[j]
		}
		ss := sumSquares(raw, mean, pow)
		for j := range d {
			if isConstant(st.lo[j], st.hi[j]) {
				s.Constant = append(s.Constant, j)
				continue
			}
			// sd = sqrt(sum((p x - p mean)^2) / n) / p, exact in p.
			sd := math.Sqrt(ss[j]/nf) / pow[j]
			if sd == 0 || math.IsInf(sd, 0) || math.IsNaN(sd) {
				// Unreachable for a non-constant column: its range exceeds
				// ConstantTol times its magnitude, and the scaled squares
				// neither overflow nor underflow.
				return nil, fmt.Errorf("preprocess: column %d: standard deviation %v cannot scale it", j, sd)
			}
			s.Scale[j] = sd
		}
	case MinMax:
		for j := range d {
			lo, hi := st.lo[j], st.hi[j]
			s.Offset[j] = lo
			if isConstant(lo, hi) {
				s.Constant = append(s.Constant, j)
			} else {
				s.Scale[j] = hi - lo
				if math.IsInf(s.Scale[j], 0) {
					// A range past MaxFloat64: keep it halved (exact).
					if s.halved == nil {
						s.halved = make([]bool, d)
					}
					s.Scale[j] = hi/2 - lo/2
					s.halved[j] = true
				}
			}
		}
	}
	return s, nil
}

// Transform returns a new matrix holding the scaled columns of X, written in
// one row-major pass.
func (s *Scaler) Transform(X mat.Matrix) (*mat.Dense, error) {
	n, d := X.Dims()
	if d != len(s.Offset) {
		return nil, fmt.Errorf("preprocess: matrix has %d columns, the scaler was fitted on %d", d, len(s.Offset))
	}
	if n == 0 {
		return nil, fmt.Errorf("preprocess: empty matrix (%d x %d)", n, d)
	}
	raw := rawOf(X)
	if s.Kind == None {
		return denseCopy(raw), nil
	}
	var halved []int
	for j, h := range s.halved {
		if h {
			halved = append(halved, j)
		}
	}
	out := make([]float64, n*d)
	par.Chunks(n, 1024, Workers, func(_, lo, hi int) {
		off, sc := s.Offset[:d], s.Scale[:d]
		for i := lo; i < hi; i++ {
			src := raw.Data[i*raw.Stride : i*raw.Stride+d]
			dst := out[i*d : (i+1)*d]
			var z float64 // 0 while every value is finite; NaN otherwise
			for j, x := range src {
				v := (x - off[j]) / sc[j]
				dst[j] = v
				z += v - v
			}
			if z != 0 {
				for j, v := range dst {
					if v-v != 0 {
						dst[j] = s.scaleWide(src[j], j)
					}
				}
			}
			for _, j := range halved {
				dst[j] = s.scaleWide(src[j], j)
			}
			for _, j := range s.Constant {
				dst[j] = 0
			}
		}
	})
	return mat.NewDense(n, d, out), nil
}

// scaleWide computes (x - Offset[j]) / Scale[j] when the direct formula
// overflows: x - Offset[j] past MaxFloat64 (values near +-1e308 on both
// sides of the offset). Halving is exact at such magnitudes. For a min-max
// range that overflowed, Fit keeps the halved range (halved[j]).
func (s *Scaler) scaleWide(x float64, j int) float64 {
	num := x/2 - s.Offset[j]/2
	if s.halved != nil && s.halved[j] {
		return num / s.Scale[j]
	}
	return num / (s.Scale[j] / 2)
}

// Apply fits kind on X and returns the scaled matrix together with the
// scaler. For None it makes no pass over X and no copy: the returned matrix
// is X itself when X is a *mat.Dense (callers that modify it must copy it
// first), a dense copy otherwise.
func Apply(kind Kind, X mat.Matrix) (*mat.Dense, *Scaler, error) {
	s, err := Fit(kind, X)
	if err != nil {
		return nil, nil, err
	}
	if kind == None {
		if dense, ok := X.(*mat.Dense); ok {
			return dense, s, nil
		}
	}
	out, err := s.Transform(X)
	return out, s, err
}

// ConstantTol is the relative spread below which a column counts as
// constant: its values are equal up to rounding.
const ConstantTol = 1e-12

// IsConstant reports whether the values of x are all equal up to rounding,
// relative to their own magnitude:
//
//	max(x) - min(x) <= ConstantTol * max|x|
//
// A column of zeros is constant; a column of size 1e-200 that varies is
// not, nor is one of size 1e200 (the test is scale-invariant: multiplying x
// by any factor does not change the answer, barring underflow to zero). A
// range that overflows float64 is not constant. NaN makes x non-constant;
// an empty x is constant.
func IsConstant(x []float64) bool {
	if len(x) == 0 {
		return true
	}
	lo, hi := x[0], x[0]
	for _, v := range x {
		lo, hi = math.Min(lo, v), math.Max(hi, v)
	}
	return isConstant(lo, hi)
}

// isConstant is IsConstant for a column whose minimum is lo and maximum hi.
func isConstant(lo, hi float64) bool {
	r := hi - lo                                                 // exact or rounded up to at most one ulp; +Inf past MaxFloat64
	return r <= ConstantTol*math.Max(math.Abs(lo), math.Abs(hi)) // false for NaN and +Inf
}

// ConstantColumns reports, for each column of X, whether IsConstant holds
// for it. It reads X once, row by row.
func ConstantColumns(X mat.Matrix) []bool {
	_, d := X.Dims()
	st := columnStats(rawOf(X), false)
	out := make([]bool, d)
	for j := range out {
		out[j] = !st.nan[j] && isConstant(st.lo[j], st.hi[j])
	}
	return out
}

// rawOf returns the row-major storage of X, copying only when X is not a
// RawMatrixer.
func rawOf(X mat.Matrix) blas64.General {
	if r, ok := X.(mat.RawMatrixer); ok {
		return r.RawMatrix()
	}
	return mat.DenseCopyOf(X).RawMatrix()
}

// denseCopy returns a dense copy of raw.
func denseCopy(raw blas64.General) *mat.Dense {
	out := make([]float64, raw.Rows*raw.Cols)
	for i := range raw.Rows {
		copy(out[i*raw.Cols:(i+1)*raw.Cols], raw.Data[i*raw.Stride:i*raw.Stride+raw.Cols])
	}
	return mat.NewDense(raw.Rows, raw.Cols, out)
}

// colBlock is the number of columns one goroutine reads of every row: the
// columns are split into blocks so that each column's sums still run over
// the rows in order (same bits whatever the number of goroutines).
const colBlock = 256

// stats holds what one row-major pass learns about the columns.
type stats struct {
	lo, hi []float64 // minimum and maximum of each column
	sum    []float64 // sum of each column in row order (when asked)
	nan    []bool    // the column holds a NaN (ConstantColumns)
	bad    struct{ i, j int }
}

// columnStats reads raw once, row by row (each goroutine a block of
// columns), and returns the columns' minima, maxima and, when sums is set,
// their sums; bad is the first non-finite cell in row-major order (-1, -1
// when there is none).
func columnStats(raw blas64.General, sums bool) *stats {
	n, d := raw.Rows, raw.Cols
	st := &stats{lo: make([]float64, d), hi: make([]float64, d), nan: make([]bool, d)}
	if sums {
		st.sum = make([]float64, d)
	}
	par.Chunks(d, colBlock, Workers, func(_, c0, c1 int) {
		lo, hi := st.lo[c0:c1], st.hi[c0:c1]
		copy(lo, raw.Data[c0:c1])
		copy(hi, raw.Data[c0:c1])
		var sum []float64
		if sums {
			sum = st.sum[c0:c1]
		}
		// min and max propagate NaN, and an infinity becomes the minimum
		// or the maximum: a column holds a non-finite value exactly when
		// its lo or hi is not finite. Branch-free loops.
		if sum != nil {
			for i := range n {
				row := raw.Data[i*raw.Stride+c0 : i*raw.Stride+c1]
				for k, v := range row {
					lo[k] = min(lo[k], v)
					hi[k] = max(hi[k], v)
					sum[k] += v
				}
			}
		} else {
			for i := range n {
				row := raw.Data[i*raw.Stride+c0 : i*raw.Stride+c1]
				for k, v := range row {
					lo[k] = min(lo[k], v)
					hi[k] = max(hi[k], v)
				}
			}
		}
		for k := range lo {
			if lo[k]-lo[k] != 0 || hi[k]-hi[k] != 0 {
				st.nan[c0+k] = true
			}
		}
	})
	// Locate the first non-finite cell, in row-major order (error path only).
	st.bad.i, st.bad.j = -1, -1
	if slices.Contains(st.nan, true) {
		for i := 0; i < n && st.bad.i < 0; i++ {
			for j, v := range raw.Data[i*raw.Stride : i*raw.Stride+d] {
				if v-v != 0 {
					st.bad.i, st.bad.j = i, j
					break
				}
			}
		}
	}
	return st
}

// mean returns the mean of column j: its sum over n, or, for a column of
// extreme magnitude, the mean of its values scaled by a power of two
// (a second, strided read of that column only).
func (st *stats) mean(raw blas64.General, j int) float64 {
	n := float64(raw.Rows)
	p := scaleOf(math.Max(math.Abs(st.lo[j]), math.Abs(st.hi[j])))
	if p == 1 {
		return st.sum[j] / n
	}
	var s float64
	for i := range raw.Rows {
		s += raw.Data[i*raw.Stride+j] * p
	}
	return s / n / p
}

// scaleOf returns 1 for a column whose largest magnitude m lies in
// [2^-400, 2^400] (or is 0), else the power of two that brings m into
// [0.5, 1) (within 2^1000 for subnormal m): the squares of scaled values
// neither overflow nor underflow.
func scaleOf(m float64) float64 {
	if m == 0 || (m >= 0x1p-400 && m <= 0x1p400) {
		return 1
	}
	_, e := math.Frexp(m)
	return math.Ldexp(1, -max(e, -1000))
}

// sumSquares returns, for each column j, sum_i (p_j x_ij - p_j mean_j)^2,
// reading raw once, row by row.
func sumSquares(raw blas64.General, mean, pow []float64) []float64 {
	n, d := raw.Rows, raw.Cols
	ss := make([]float64, d)
	meanP := make([]float64, d)
	for j := range d {
		meanP[j] = mean[j] * pow[j]
	}
	par.Chunks(d, colBlock, Workers, func(_, c0, c1 int) {
		acc, m, p := ss[c0:c1], meanP[c0:c1], pow[c0:c1]
		for i := range n {
			row := raw.Data[i*raw.Stride+c0 : i*raw.Stride+c1]
			for k, v := range row {
				dv := v*p[k] - m[k] // p is 1 for ordinary columns: v - mean exactly
				acc[k] += dv * dv
			}
		}
	})
	return ss
}
