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
	Z, err := in.NonEmptyFeatures()
	if err != nil {
		return nil, err
	}
	opt, err := o.CV(in.SubSeed("svm"), in.Workers)
	if err != nil {
		return nil, err
	}
	s, err := evaluate.CVAccuracy(ctx, Z, y, opt)
	if err != nil {
		return nil, err
	}
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
