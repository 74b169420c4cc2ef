package preprocess

import (
	"fmt"
	"math"
	"slices"
	"strings"

	"gonum.org/v1/gonum/mat"
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
	Constant []int // columns whose spread was zero (left at zero, not scaled)
}

// Fit computes the statistics of kind on the columns of X. It fails on an
// empty matrix or on NaN/Inf entries, naming the first offending cell.
func Fit(kind Kind, X mat.Matrix) (*Scaler, error) {
	n, d := X.Dims()
	if n == 0 || d == 0 {
		return nil, fmt.Errorf("preprocess: empty matrix (%d x %d)", n, d)
	}
	if _, err := Parse(string(kind)); err != nil {
		return nil, err
	}
	s := &Scaler{Kind: kind, Offset: make([]float64, d), Scale: make([]float64, d)}
	col := make([]float64, n)
	for j := 0; j < d; j++ {
		mat.Col(col, j, X)
		for i, v := range col {
			if math.IsNaN(v) || math.IsInf(v, 0) {
				return nil, fmt.Errorf("preprocess: X[%d][%d] = %v; remove or impute non-finite values first", i, j, v)
			}
		}
		s.Scale[j] = 1
		switch kind {
		case None:
		case Center, Standardize:
			mean := meanOf(col)
			s.Offset[j] = mean
			if kind == Standardize {
				var ss float64
				for _, v := range col {
					ss += (v - mean) * (v - mean)
				}
				sd := math.Sqrt(ss / float64(n))
				if sd <= 1e-12*math.Max(1, math.Abs(mean)) {
					s.Constant = append(s.Constant, j)
				} else {
					s.Scale[j] = sd
				}
			}
		case MinMax:
			lo, hi := slices.Min(col), slices.Max(col)
			s.Offset[j] = lo
			if hi > lo {
				s.Scale[j] = hi - lo
			} else {
				s.Constant = append(s.Constant, j)
			}
		}
	}
	return s, nil
}

// Transform returns a new matrix holding the scaled columns of X.
func (s *Scaler) Transform(X mat.Matrix) (*mat.Dense, error) {
	n, d := X.Dims()
	if d != len(s.Offset) {
		return nil, fmt.Errorf("preprocess: matrix has %d columns, the scaler was fitted on %d", d, len(s.Offset))
	}
	out := mat.DenseCopyOf(X)
	constant := make([]bool, d)
	for _, j := range s.Constant {
		constant[j] = true
	}
	for i := 0; i < n; i++ {
		row := out.RawRowView(i)
		for j := range row {
			if constant[j] && s.Kind != None {
				row[j] = 0
				continue
			}
			row[j] = (row[j] - s.Offset[j]) / s.Scale[j]
		}
	}
	return out, nil
}

// Apply fits kind on X and returns the scaled copy together with the scaler.
func Apply(kind Kind, X mat.Matrix) (*mat.Dense, *Scaler, error) {
	s, err := Fit(kind, X)
	if err != nil {
		return nil, nil, err
	}
	out, err := s.Transform(X)
	return out, s, err
}

func meanOf(x []float64) float64 {
	var s float64
	for _, v := range x {
		s += v
	}
	return s / float64(len(x))
}
