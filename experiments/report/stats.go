package report

import (
	"math"
	"slices"
)

// stats summarizes the values of a table entry.
type stats struct {
	n                                    int
	mean, std, sd, sem, median, min, max float64
	sum, nonzero                         float64
}

// summarize computes the statistics of xs (std with ddof 0, as NumPy's
// default; sd with ddof 1, as pandas'; sem = sd / sqrt(n)).
func summarize(xs []float64) stats {
	s := stats{n: len(xs)}
	if len(xs) == 0 {
		nan := math.NaN()
		s.mean, s.std, s.sd, s.sem, s.median, s.min, s.max, s.sum, s.nonzero = nan, nan, nan, nan, nan, nan, nan, 0, nan
		return s
	}
	var nz int
	for _, x := range xs {
		s.sum += x
		if x != 0 {
			nz++
		}
	}
	s.mean = s.sum / float64(len(xs))
	var ss float64
	for _, x := range xs {
		ss += (x - s.mean) * (x - s.mean)
	}
	s.std = math.Sqrt(ss / float64(len(xs)))
	s.sd = math.NaN() // undefined for one value (sem stays 0, as before sd existed)
	if len(xs) > 1 {
		s.sd = math.Sqrt(ss / float64(len(xs)-1))
		s.sem = s.sd / math.Sqrt(float64(len(xs)))
	}
	sorted := slices.Clone(xs)
	slices.Sort(sorted)
	s.min, s.max = sorted[0], sorted[len(sorted)-1]
	if h := len(sorted) / 2; len(sorted)%2 == 1 {
		s.median = sorted[h]
	} else {
		s.median = (sorted[h-1] + sorted[h]) / 2
	}
	s.nonzero = float64(nz) / float64(len(xs))
	return s
}

func (s stats) get(name string) float64 {
	switch name {
	case "mean":
		return s.mean
	case "std":
		return s.std
	case "sd":
		return s.sd
	case "sem":
		return s.sem
	case "median":
		return s.median
	case "min":
		return s.min
	case "max":
		return s.max
	case "n":
		return float64(s.n)
	case "sum":
		return s.sum
	case "nonzero":
		return s.nonzero
	}
	return math.NaN()
}
