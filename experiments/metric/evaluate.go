package metric

import (
	"context"

	"github.com/gsbench/gsbench/evaluate"
)

// The metrics that train a model on the new features call package
// evaluate, whose SVMOptions and KMeansOptions are their options.

func svmAccuracy(ctx context.Context, in *Input, o evaluate.SVMOptions) ([]Value, error) {
	y, err := in.Labels()
	if err != nil {
		return nil, err
	}
	// The shuffled folds derive from the data instance, so that every
	// method of a dataset variant and repetition is scored on the same
	// splits (the QMR-FS protocol: five seeds shared by all methods).
	opt, err := o.CV(in.DataSubSeed("svm"), in.Workers)
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
