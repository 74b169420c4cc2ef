// Package metric is the registry of the metrics a config asks its cells to
// record (configs/README.md, metrics), and the built-in ones.
//
// A metric measures one fitted cell: it receives an Input (the data the
// method was fitted on, the fitted method, the dataset's labels and ground
// truth) and returns named values (svm_accuracy, svm_accuracy_std, ...).
// Its options are a struct with param tags holding the defaults, the same
// vocabulary as a method's parameters; a metric is registered once, with
// them, in one call:
//
//	metric.Register("n_selected", "number of features the method produced",
//		[]string{"n_selected"}, struct{}{},
//		func(_ context.Context, in *metric.Input, _ struct{}) ([]metric.Value, error) {
//			k, err := in.NFeatures()
//			return []metric.Value{{Name: "n_selected", Value: float64(k)}}, err
//		})
//
// A metric that does not apply to a cell (the residual variance of a method
// without a variance trace, an accuracy on data without labels) returns
// NotApplicable: the cell records a note instead of failing.
//
// The built-in metrics are n_selected, residual_variance (journal Table
// III), svm_accuracy and kmeans_nmi (package evaluate's protocols, whose
// options are evaluate.SVMOptions and evaluate.KMeansOptions),
// success_rate (journal Tables VII-IX, XIV-XVI), redundant_selected
// (journal Figure 5, CDC Table IX), time, data_shape (journal Table XVIII)
// and coefficients (journal Tables XVII, XIX).
package metric
