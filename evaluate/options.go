package evaluate

import (
	"fmt"
	"strings"

	"github.com/gsbench/gsbench/learn/svm"
	"github.com/gsbench/gsbench/preprocess"
)

// The evaluation protocols as named parameters. SVMOptions and KMeansOptions
// are what a config's svm_accuracy and kmeans_nmi metrics take (the param
// tags are the YAML keys, configs/README.md) and what the flags of
// gsbench evaluate fill; DefaultSVM and DefaultKMeans are the one place
// their defaults are declared. CV and Cluster turn them into the options of
// CVAccuracy and ClusterNMI.

// SVMOptions is the cross-validated SVM accuracy protocol.
type SVMOptions struct {
	Folds      int     `param:"folds" doc:"number of stratified cross-validation folds"`
	Repeats    int     `param:"repeats" doc:"repeat the cross-validation with new shuffles (needs shuffle: true)"`
	Shuffle    bool    `param:"shuffle" doc:"shuffle before splitting into folds (in a config, seeded by the data instance: every method of a dataset variant and repetition gets the same folds); false gives scikit-learn's StratifiedKFold folds"`
	Kernel     string  `param:"kernel" doc:"rbf, linear or poly"`
	C          float64 `param:"c" doc:"box constraint C"`
	Gamma      string  `param:"gamma" doc:"kernel coefficient: scale, auto or a number"`
	Multiclass string  `param:"multiclass" doc:"ovr (one-vs-rest, the papers') or ovo"`
	Preprocess string  `param:"preprocess" doc:"scaling fitted on each training fold: none, center, standardize or minmax"`
}

// DefaultSVM returns the papers' protocol: scikit-learn's
// cross_val_score(OneVsRestClassifier(SVC()), X, y, cv=StratifiedKFold(5))
// on the data as given; the kernel, C, gamma and the multiclass reduction
// are svm.Params' defaults (RBF, C = 1, gamma = scale, one-vs-rest).
func DefaultSVM() SVMOptions {
	p := svm.Params{}.Defaults()
	return SVMOptions{
		Folds: 5, Repeats: 1, Kernel: string(p.Kernel), C: p.C, Gamma: p.Gamma,
		Multiclass: string(p.Multiclass), Preprocess: string(preprocess.None),
	}
}

// CV returns the options of CVAccuracy for this protocol, with the given
// seed of the first shuffled repeat and number of goroutines; the settings
// of the classifier that o does not name (degree, coef0, tol, cache) keep
// svm.Params' defaults. It checks the names (kernel, multiclass,
// preprocess); CVAccuracy checks the rest.
func (o SVMOptions) CV(seed uint64, workers int) (CVOptions, error) {
	kernel, err := svm.ParseKernel(o.Kernel)
	if err != nil {
		return CVOptions{}, err
	}
	mc, err := svm.ParseMulticlass(o.Multiclass)
	if err != nil {
		return CVOptions{}, err
	}
	prep, err := preprocess.Parse(o.Preprocess)
	if err != nil {
		return CVOptions{}, err
	}
	return CVOptions{
		SVM:   svm.Params{Kernel: kernel, C: o.C, Gamma: o.Gamma, Multiclass: mc},
		Folds: o.Folds, Shuffle: o.Shuffle, Seed: seed, Repeats: o.Repeats, Preprocess: prep, Workers: workers,
	}, nil
}

// Validate reports the first invalid option and how to fix it.
func (o SVMOptions) Validate() error {
	opt, err := o.CV(0, 1)
	if err != nil {
		return err
	}
	if err := opt.SVM.Validate(); err != nil {
		return err
	}
	if o.Folds < 2 {
		return fmt.Errorf("folds %d: use at least 2", o.Folds)
	}
	if o.Repeats < 1 || o.Repeats > 1 && !o.Shuffle {
		return fmt.Errorf("repeats %d: use 1, or more with shuffle: true", o.Repeats)
	}
	return nil
}

// KMeansOptions is the clustering protocol: k-means++ runs with seeds
// 0, 1, ..., Seeds-1, scored by NMI and clustering accuracy.
type KMeansOptions struct {
	Seeds      int    `param:"seeds" doc:"number of k-means runs, with seeds 0, 1, ..., seeds-1 (scikit-learn random_state), averaged"`
	Clusters   int    `param:"clusters" doc:"number of clusters; 0 means the number of classes"`
	NInit      int    `param:"n_init" doc:"k-means++ restarts per run (scikit-learn n_init)"`
	MaxIter    int    `param:"max_iter" doc:"iteration limit of a k-means run"`
	Preprocess string `param:"preprocess" doc:"scaling of the features before clustering: none, center, standardize or minmax"`
}

// DefaultKMeans returns the QMR-FS protocol: scikit-learn's
// KMeans(n_clusters = classes, n_init=10, max_iter=300, random_state=s) for
// s = 0..24, on the data as given.
func DefaultKMeans() KMeansOptions {
	return KMeansOptions{Seeds: 25, NInit: 10, MaxIter: 300, Preprocess: string(preprocess.None)}
}

// Cluster returns the options of ClusterNMI for this protocol.
func (o KMeansOptions) Cluster(workers int) (ClusterOptions, error) {
	prep, err := preprocess.Parse(o.Preprocess)
	if err != nil {
		return ClusterOptions{}, err
	}
	return ClusterOptions{
		K: o.Clusters, NInit: o.NInit, MaxIter: o.MaxIter, Seeds: SeedRange(o.Seeds), Preprocess: prep, Workers: workers,
	}, nil
}

// Validate reports the first invalid option and how to fix it.
func (o KMeansOptions) Validate() error {
	if o.Seeds < 1 {
		return fmt.Errorf("seeds %d: use at least 1", o.Seeds)
	}
	if o.Clusters < 0 || o.NInit < 1 || o.MaxIter < 1 {
		return fmt.Errorf("clusters must be >= 0 (0: the number of classes), n_init and max_iter >= 1")
	}
	_, err := preprocess.Parse(o.Preprocess)
	return err
}

// Protocol says where a feature selection or extraction method is fitted
// when its features are cross-validated.
type Protocol string

// The protocols.
const (
	// AllRows fits the method once on all rows; only the classifier is
	// cross-validated on the features it gives. The unsupervised
	// experiments of the papers use it (a method that never sees the
	// labels cannot leak them).
	AllRows Protocol = "all-rows"
	// Pipeline fits the method inside each training fold and transforms
	// the test fold with it, as a scikit-learn Pipeline of the selector and
	// the classifier under cross_val_score (the UFFS paper's supervised
	// protocol, Sec. V-C): a supervised method never sees the labels of the
	// rows it is scored on.
	Pipeline Protocol = "pipeline"
)

// Choices lists the protocols.
func (Protocol) Choices() []string { return []string{string(AllRows), string(Pipeline)} }

// ParseProtocol returns the protocol named s ("" is AllRows).
func ParseProtocol(s string) (Protocol, error) {
	switch p := Protocol(strings.ToLower(strings.TrimSpace(s))); p {
	case "", AllRows:
		return AllRows, nil
	case Pipeline:
		return p, nil
	}
	return "", fmt.Errorf("protocol %q: use all-rows (fit the method once on all rows) or pipeline (fit it inside each training fold)", s)
}
