package evaluate

import (
	"math"
	"slices"
)

// Score is a set of per-fold (or per-seed) values with their mean and
// population standard deviation (ddof 0, as NumPy's std, which is what
// scikit-learn users report).
type Score struct {
	Values []float64 // one per fold (repeat-major) or per seed
	Mean   float64
	Std    float64
	Notes  []string // what the caller should know: small classes, non-converged fits, ...
	// FeatureSeconds is the wall time of a pipeline's feature step, summed
	// over its folds (CVOptions.Features); 0 otherwise.
	FeatureSeconds float64
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
