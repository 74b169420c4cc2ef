package experiments

import (
	"context"
	"fmt"

	"github.com/gsbench/gsbench/evaluate"
	"github.com/gsbench/gsbench/learn/svm"
	"github.com/gsbench/gsbench/preprocess"
)

// The metrics that train a model on the new features call package
// evaluate; this file is the only place that knows its API.

type svmOptions struct {
	Folds      int     `param:"folds" doc:"number of stratified cross-validation folds"`
	Repeats    int     `param:"repeats" doc:"repeat the cross-validation with new shuffles (needs shuffle: true)"`
	Shuffle    bool    `param:"shuffle" doc:"shuffle before splitting into folds (seeded per cell); false gives scikit-learn's StratifiedKFold folds"`
	Kernel     string  `param:"kernel" doc:"rbf, linear or poly"`
	C          float64 `param:"c" doc:"box constraint C"`
	Gamma      string  `param:"gamma" doc:"kernel coefficient: scale, auto or a number"`
	Multiclass string  `param:"multiclass" doc:"ovr (one-vs-rest, the papers') or ovo"`
	Preprocess string  `param:"preprocess" doc:"scaling fitted on each training fold: none, center, standardize or minmax"`
}

var defaultSVM = svmOptions{Folds: 5, Repeats: 1, Kernel: "rbf", C: 1, Gamma: "scale", Multiclass: "ovr", Preprocess: "none"}

func (o *svmOptions) cv(seed uint64, workers int) (evaluate.CVOptions, error) {
	kernel, err := svm.ParseKernel(o.Kernel)
	if err != nil {
		return evaluate.CVOptions{}, err
	}
	mc, err := svm.ParseMulticlass(o.Multiclass)
	if err != nil {
		return evaluate.CVOptions{}, err
	}
	prep, err := preprocess.Parse(o.Preprocess)
	if err != nil {
		return evaluate.CVOptions{}, err
	}
	p := svm.Params{Kernel: kernel, C: o.C, Gamma: o.Gamma, Multiclass: mc}
	if err := p.Validate(); err != nil {
		return evaluate.CVOptions{}, err
	}
	if o.Folds < 2 {
		return evaluate.CVOptions{}, fmt.Errorf("folds %d: use at least 2", o.Folds)
	}
	if o.Repeats < 1 || o.Repeats > 1 && !o.Shuffle {
		return evaluate.CVOptions{}, fmt.Errorf("repeats %d: use 1, or more with shuffle: true", o.Repeats)
	}
	return evaluate.CVOptions{SVM: p, Folds: o.Folds, Shuffle: o.Shuffle, Seed: seed, Repeats: o.Repeats, Preprocess: prep, Workers: workers}, nil
}

func (o *svmOptions) validate() error {
	_, err := o.cv(0, 1)
	return err
}

func svmAccuracy(ctx context.Context, e *evalCell, o svmOptions) ([]Value, error) {
	y, err := e.labels()
	if err != nil {
		return nil, err
	}
	Z, err := e.nonEmptyFeatures()
	if err != nil {
		return nil, err
	}
	opt, err := o.cv(subSeed(e.Seed, "svm"), e.Workers)
	if err != nil {
		return nil, err
	}
	s, err := evaluate.CVAccuracy(ctx, Z, y, opt)
	if err != nil {
		return nil, err
	}
	return []Value{{"svm_accuracy", s.Mean}, {"svm_accuracy_std", s.Std}}, nil
}

type kmeansOptions struct {
	Seeds      int    `param:"seeds" doc:"number of k-means runs, with seeds 0, 1, ..., seeds-1 (scikit-learn random_state), averaged"`
	Clusters   int    `param:"clusters" doc:"number of clusters; 0 means the number of classes"`
	NInit      int    `param:"n_init" doc:"k-means++ restarts per run (scikit-learn n_init)"`
	MaxIter    int    `param:"max_iter" doc:"iteration limit of a k-means run"`
	Preprocess string `param:"preprocess" doc:"scaling of the features before clustering: none, center, standardize or minmax"`
}

var defaultKMeans = kmeansOptions{Seeds: 25, NInit: 10, MaxIter: 300, Preprocess: "none"}

func (o *kmeansOptions) validate() error {
	if o.Seeds < 1 {
		return fmt.Errorf("seeds %d: use at least 1", o.Seeds)
	}
	if o.Clusters < 0 || o.NInit < 1 || o.MaxIter < 1 {
		return fmt.Errorf("clusters must be >= 0 (0: the number of classes), n_init and max_iter >= 1")
	}
	_, err := preprocess.Parse(o.Preprocess)
	return err
}

func kmeansNMI(ctx context.Context, e *evalCell, o kmeansOptions) ([]Value, error) {
	y, err := e.labels()
	if err != nil {
		return nil, err
	}
	Z, err := e.nonEmptyFeatures()
	if err != nil {
		return nil, err
	}
	prep, _ := preprocess.Parse(o.Preprocess)
	s, err := evaluate.ClusterNMI(ctx, Z, y, evaluate.ClusterOptions{
		K: o.Clusters, NInit: o.NInit, MaxIter: o.MaxIter, Seeds: evaluate.SeedRange(o.Seeds), Preprocess: prep, Workers: e.Workers,
	})
	if err != nil {
		return nil, err
	}
	return []Value{{"kmeans_nmi", s.NMI.Mean}, {"kmeans_nmi_std", s.NMI.Std}, {"kmeans_acc", s.ACC.Mean}, {"kmeans_acc_std", s.ACC.Std}}, nil
}
