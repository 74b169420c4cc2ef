package metric

import (
	"gonum.org/v1/gonum/mat"

	"github.com/gsbench/gsbench/datasets"
	"github.com/gsbench/gsbench/evaluate"
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
	// DataSeed is the seed of the data instance (the dataset variant and
	// repetition), the same for every method fitted on it; DataSubSeed
	// derives a metric's own, for what must not differ between the
	// methods compared (the cross-validation folds).
	DataSeed uint64
	Workers  int // goroutines a metric may use

	// Protocol says where a cross-validated metric fits the method: on
	// all rows (the fitted Method above) or inside each training fold, a
	// new method from NewMethod each time (see Featurizer).
	Protocol  evaluate.Protocol
	NewMethod func() (methods.Method, error)
	// FoldFitSeconds is the time the pipeline's fits on the training folds
	// took, summed (set by a cross-validated metric under the pipeline
	// protocol; the time metric reports it).
	FoldFitSeconds float64

	feats    *mat.Dense
	featsErr error
	featsOK  bool
}

// SubSeed derives an independent seed for one use (e.g. "svm") from the
// cell's seed.
func (in *Input) SubSeed(use string) uint64 { return seed.Sub(in.Seed, use) }

// DataSubSeed derives an independent seed for one use from the data
// instance's seed: every method fitted on the instance gets the same.
func (in *Input) DataSubSeed(use string) uint64 { return seed.Sub(in.DataSeed, use) }

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

// Features returns the new representation of the training rows
// (methods.TrainingFeatures: the selected columns, the embedding of an
// Embedder or Transform(X)); it is computed once and checked (one row per
// sample, finite).
func (in *Input) Features() (*mat.Dense, error) {
	if !in.featsOK {
		in.featsOK = true
		in.feats, in.featsErr = methods.TrainingFeatures(in.Method, in.X)
	}
	return in.feats, in.featsErr
}

// Featurizer returns the feature step a cross-validated metric runs in
// each fold under the pipeline protocol (a new method fitted on the
// training rows, and on their labels when it is supervised), or nil under
// the all-rows protocol, where the metric cross-validates Features.
func (in *Input) Featurizer() evaluate.Featurizer {
	if in.Protocol != evaluate.Pipeline {
		return nil
	}
	return methods.FoldFeatures(in.Spec, in.NewMethod)
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
