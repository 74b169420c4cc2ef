// Package evaluate scores data, or a subset of its features chosen by any
// method, the way the Gram-Schmidt papers do: the cross-validated accuracy of
// an RBF-kernel support vector classifier, and the agreement of k-means
// clusters with the classes.
//
// The two entry points are
//
//	CVAccuracy(ctx, X, y, CVOptions{...}) (Score, error)
//	ClusterNMI(ctx, X, y, ClusterOptions{...}) (ClusterScore, error)
//
// CVAccuracy is scikit-learn's cross_val_score(clf, X, y, cv=StratifiedKFold(5))
// with clf = OneVsRestClassifier(SVC()) (the default, the papers' protocol) or
// SVC() (Multiclass: ovo): same folds, same SVM (package learn/svm
// reproduces libsvm), hence the same per-fold accuracies. Options add shuffled and
// repeated folds (the QMR-FS protocol: 5 folds x 5 seeds) and preprocessing
// fitted on each training fold only. ClusterNMI runs k-means (package
// learn/kmeans, scikit-learn's KMeans(k, n_init=10)) once per seed (default
// 0..24) and reports the normalized mutual information and the clustering
// accuracy (Hungarian matching) of every run (package metrics).
//
// With CVOptions.Features set, CVAccuracy is a pipeline: in each fold the
// Featurizer fits a feature selection or extraction method on the training
// rows and labels only and gives the features of the training and test rows
// the SVM sees, as cross_val_score(make_pipeline(selector, clf), X, y) does
// (methods.FoldFeatures makes one from any registered method; the per-fold
// accuracies equal scikit-learn's for SelectKBest(f_classif) against Fisher
// score, methods/features_test.go). Protocol names the two ways a method's
// features are cross-validated (AllRows, Pipeline) for configs and
// gsbench evaluate.
//
// The protocols as named parameters: SVMOptions and KMeansOptions, whose
// param tags are the options of the harness metrics svm_accuracy and
// kmeans_nmi (configs/README.md) and which gsbench evaluate fills from its
// flags. DefaultSVM (5 stratified folds, RBF, C = 1, gamma = scale,
// one-vs-rest) and DefaultKMeans (seeds 0..24, n_init 10, max_iter 300) are
// the one place their defaults are declared; CV and Cluster turn them into
// CVOptions and ClusterOptions.
//
// A Score holds the per-fold or per-seed values, their mean and their
// population standard deviation (NumPy's std). Reference figures, measured
// against scikit-learn 1.2.1 on the shared data sets, are in the tests:
// Wine and Breast Cancer per-fold accuracies to 1e-6, USPS per-fold
// accuracies (0.9702 one-vs-one, 0.9700 one-vs-rest) exactly, and k-means
// NMI within the tolerances.
//
// The lower-level pieces are usable on their own: learn/svm (Fit, Predict,
// DecisionFunction, dual solution), evaluate/cv (StratifiedKFold equal to
// scikit-learn's), learn/kmeans (KMeans) and evaluate/metrics (NMI,
// accuracy, clustering accuracy, Hungarian assignment).
//
// # Parallelism
//
// Every function takes a context, honours its cancellation, and spreads its
// work over Workers goroutines (default GOMAXPROCS): the binary SVMs of all
// folds form one pool of tasks, folds being prepared one ahead, and k-means
// splits each iteration into fixed blocks of rows. Results never depend on
// the number of goroutines. While several goroutines run, OpenBLAS is kept
// single-threaded (internal/par holds a fastblas.Serial section), so that
// the cores are not oversubscribed.
package evaluate
