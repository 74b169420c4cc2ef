package evaluate

import (
	"fmt"
	"math"
	"slices"

	"gonum.org/v1/gonum/mat"
)

// Score is a set of per-fold (or per-seed) values with their mean and
// population standard deviation (ddof 0, as NumPy's std, which is what
// scikit-learn users report).
type Score struct {
	Values []float64 // one per fold (repeat-major) or per seed
	Mean   float64
	Std    float64
	Notes  []string // what the caller should know: small classes, non-converged fits, ...
}

// newScore summarizes values.
func newScore(values []float64, notes []string) Score {
	s := Score{Values: slices.Clone(values), Notes: notes}
	if len(values) == 0 {
		s.Mean, s.Std = math.NaN(), math.NaN()
		return s
	}
	for _, v := range values {
		s.Mean += v
	}
	s.Mean /= float64(len(values))
	// Corrected two-pass algorithm (Chan, Golub & LeVeque 1983): exact zero
	// for equal values despite the rounding of the mean.
	var ss, sd float64
	for _, v := range values {
		ss += (v - s.Mean) * (v - s.Mean)
		sd += v - s.Mean
	}
	n := float64(len(values))
	s.Std = math.Sqrt(math.Max(0, ss-sd*sd/n) / n)
	return s
}

// SelectColumns returns a new matrix holding the columns cols of X, in that
// order (a feature subset chosen by a selection method).
func SelectColumns(X mat.Matrix, cols []int) (*mat.Dense, error) {
	n, d := X.Dims()
	if len(cols) == 0 {
		return nil, fmt.Errorf("evaluate: no columns selected")
	}
	seen := make(map[int]bool, len(cols))
	for _, c := range cols {
		if c < 0 || c >= d {
			return nil, fmt.Errorf("evaluate: column %d selected, but the data has columns 0..%d", c, d-1)
		}
		if seen[c] {
			return nil, fmt.Errorf("evaluate: column %d selected twice", c)
		}
		seen[c] = true
	}
	out := mat.NewDense(n, len(cols), nil)
	for i := range n {
		row := out.RawRowView(i)
		for j, c := range cols {
			row[j] = X.At(i, c)
		}
	}
	return out, nil
}
