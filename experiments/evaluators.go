package experiments

import (
	"context"

	"github.com/gsbench/gsbench/evaluate"
)

// The metrics that train a model on the new features call package
// evaluate, whose SVMOptions and KMeansOptions are their options.

func svmAccuracy(ctx context.Context, e *evalCell, o evaluate.SVMOptions) ([]Value, error) {
	y, err := e.labels()
	if err != nil {
		return nil, err
	}
	Z, err := e.nonEmptyFeatures()
	if err != nil {
		return nil, err
	}
	opt, err := o.CV(subSeed(e.Seed, "svm"), e.Workers)
	if err != nil {
		return nil, err
	}
	s, err := evaluate.CVAccuracy(ctx, Z, y, opt)
	if err != nil {
		return nil, err
	}
	return []Value{{"svm_accuracy", s.Mean}, {"svm_accuracy_std", s.Std}}, nil
}

func kmeansNMI(ctx context.Context, e *evalCell, o evaluate.KMeansOptions) ([]Value, error) {
	y, err := e.labels()
	if err != nil {
		return nil, err
	}
	Z, err := e.nonEmptyFeatures()
	if err != nil {
		return nil, err
	}
	opt, err := o.Cluster(e.Workers)
	if err != nil {
		return nil, err
	}
	s, err := evaluate.ClusterNMI(ctx, Z, y, opt)
	if err != nil {
		return nil, err
	}
	return []Value{{"kmeans_nmi", s.NMI.Mean}, {"kmeans_nmi_std", s.NMI.Std}, {"kmeans_acc", s.ACC.Mean}, {"kmeans_acc_std", s.ACC.Std}}, nil
}
