package config_test

import (
	"fmt"

	"github.com/gsbench/gsbench/experiments/config"
)

// The problems of a config are reported together, each with its file,
// line, column and key, and the closest name when one is misspelt.
func ExampleParse() {
	_, err := config.Parse("bad.yaml", []byte(`name: bad
repetitions: 3
datasets: [journal-gfr]
methods:
  - {name: gfs, params: {eps2: high}}
metrics: [n_selected, svm_acuracy]
`))
	fmt.Println(err)
	cfg, err := config.Parse("ok.yaml", []byte(`name: ok
datasets: [{name: journal-gfr, params: {n_samples: [200, 400]}}]
methods: [{name: gfs, label: GFS, params: {eps2: 0.1}}, {name: pca, label: PCA, match: GFS}]
metrics: [n_selected, svm_accuracy]
tables: [{name: t, rows: method, columns: n_samples, value: svm_accuracy}]
`))
	fmt.Println(err, cfg.Fields().AttrColumns(), cfg.ValueNames())
	// Output:
	// bad.yaml:5:32: methods[0].params.eps2: want a number, got "high"
	// bad.yaml:6:23: metrics[1]: unknown metric "svm_acuracy" (did you mean "svm_accuracy"?); the metrics are n_selected, selected_percent, residual_variance, svm_accuracy, kmeans_nmi, success_rate, redundant_selected, time, data_shape, coefficients
	// <nil> [dataset dataset.n_samples preprocess method method.eps2 method.k match rep] [n_selected svm_accuracy svm_accuracy_std]
}
