package metric

import (
	"context"

	"github.com/gsbench/gsbench/evaluate"
	"github.com/gsbench/gsbench/experiments/internal/seed"
)

// The metrics that train a model on the new features call package
// evaluate, whose SVMOptions and KMeansOptions are their options.

func svmAccuracy(ctx context.Context, in *Input, o evaluate.SVMOptions) ([]Value, error) {
	y, err := in.Labels()
	if err != nil {
		return nil, err
	}
	// Shuffled folds derive from the data instance, not the cell: every
	// method of one draw is scored on the same splits (a paired
	// comparison, as a script with one random_state), so that the curves
	// of two methods differ by the methods, not by the folds.
	opt, err := o.CV(seed.Sub(in.DataSeed, "svm"), in.Workers)
	if err != nil {
		return nil, err
	}
	// All rows: the classifier is cross-validated on the features of the
	// fitted method. Pipeline: on the data, with the method fitted inside
	// each training fold.
	X := in.X
	if opt.Features = in.Featurizer(); opt.Features == nil {
		if X, err = in.NonEmptyFeatures(); err != nil {
			return nil, err
		}
	} else if k, err := in.NFeatures(); err != nil || k == 0 {
		if err != nil {
			return nil, err
		}
		return nil, NotApplicable("the method produced no features")
	}
	s, err := evaluate.CVAccuracy(ctx, X, y, opt)
	if err != nil {
		return nil, err
	}
	in.FoldFitSeconds = s.FeatureSeconds
	return []Value{{"svm_accuracy", s.Mean}, {"svm_accuracy_std", s.Std}}, nil
}

func kmeansNMI(ctx context.Context, in *Input, o evaluate.KMeansOptions) ([]Value, error) {
	y, err := in.Labels()
	if err != nil {
		return nil, err
	}
	Z, err := in.NonEmptyFeatures()
	if err != nil {
		return nil, err
	}
	opt, err := o.Cluster(in.Workers)
	if err != nil {
		return nil, err
	}
	s, err := evaluate.ClusterNMI(ctx, Z, y, opt)
	if err != nil {
		return nil, err
	}
	return []Value{{"kmeans_nmi", s.NMI.Mean}, {"kmeans_nmi_std", s.NMI.Std}, {"kmeans_acc", s.ACC.Mean}, {"kmeans_acc_std", s.ACC.Std}}, nil
}
