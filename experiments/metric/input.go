package metric

import (
	"fmt"
	"math"

	"gonum.org/v1/gonum/mat"

	"github.com/gsbench/gsbench/datasets"
	"github.com/gsbench/gsbench/experiments/internal/seed"
	"github.com/gsbench/gsbench/methods"
)

// Input is what a metric measures: the data a method was fitted on and the
// fitted method.
type Input struct {
	X          *mat.Dense // the preprocessed data the method saw (read only)
	Y          []int      // class labels; nil when the dataset has none
	Truth      *datasets.Truth
	Method     methods.Method
	Spec       methods.Spec
	FitSeconds float64
	Seed       uint64 // the cell's seed; SubSeed derives a metric's own
	Workers    int    // goroutines a metric may use

	feats    *mat.Dense
	featsErr error
	featsOK  bool
}

// SubSeed derives an independent seed for one use (e.g. "svm") from the
// cell's seed.
func (in *Input) SubSeed(use string) uint64 { return seed.Sub(in.Seed, use) }

// Selected returns the selected columns of a selection method.
func (in *Input) Selected() ([]int, bool) {
	if s, ok := in.Method.(methods.Selector); ok {
		return s.Selected(), true
	}
	return nil, false
}

// NFeatures is the number of features the method produced.
func (in *Input) NFeatures() (int, error) {
	if sel, ok := in.Selected(); ok {
		return len(sel), nil
	}
	if l, ok := in.Method.(methods.Linear); ok && l.Components() != nil {
		_, k := l.Components().Dims()
		return k, nil
	}
	Z, err := in.Features()
	if err != nil {
		return 0, err
	}
	_, k := Z.Dims()
	return k, nil
}

// Features returns the new representation of the training rows: the
// selected columns, the embedding of an Embedder or Transform(X); it is
// computed once and checked (one row per sample, finite).
func (in *Input) Features() (*mat.Dense, error) {
	if in.featsOK {
		return in.feats, in.featsErr
	}
	in.featsOK = true
	switch m := in.Method.(type) {
	case methods.Selector:
		sel := m.Selected()
		n, d := in.X.Dims()
		for _, j := range sel {
			if j < 0 || j >= d {
				in.featsErr = fmt.Errorf("method selected column %d of a %d-column matrix", j, d)
				return nil, in.featsErr
			}
		}
		if len(sel) == 0 {
			in.feats = &mat.Dense{}
			return in.feats, nil
		}
		Z := mat.NewDense(n, len(sel), nil)
		for i := range n {
			row, src := Z.RawRowView(i), in.X.RawRowView(i)
			for k, j := range sel {
				row[k] = src[j]
			}
		}
		in.feats = Z
	case methods.Embedder:
		in.feats = m.Embedding()
	case methods.Extractor:
		in.feats, in.featsErr = m.Transform(in.X)
	default:
		in.featsErr = fmt.Errorf("method is neither a Selector nor an Extractor")
	}
	if in.featsErr == nil && in.feats != nil && !in.feats.IsEmpty() {
		if r, _ := in.feats.Dims(); r != in.X.RawMatrix().Rows {
			in.featsErr = fmt.Errorf("method returned %d rows of features for %d samples", r, in.X.RawMatrix().Rows)
		} else if !finite(in.feats.RawMatrix().Data) {
			in.featsErr = fmt.Errorf("method returned NaN or Inf features")
		}
	}
	return in.feats, in.featsErr
}

func finite(x []float64) bool {
	for _, v := range x {
		if math.IsNaN(v) || math.IsInf(v, 0) {
			return false
		}
	}
	return true
}

// NonEmptyFeatures is Features for metrics that need at least one feature:
// none is NotApplicable.
func (in *Input) NonEmptyFeatures() (*mat.Dense, error) {
	Z, err := in.Features()
	if err != nil {
		return nil, err
	}
	if Z == nil || Z.IsEmpty() {
		return nil, NotApplicable("the method produced no features")
	}
	return Z, nil
}

// Labels returns the class labels; a dataset without them is NotApplicable.
func (in *Input) Labels() ([]int, error) {
	if in.Y == nil {
		return nil, NotApplicable("the dataset has no class labels")
	}
	return in.Y, nil
}
