package check_test

import (
	"fmt"

	"github.com/gsbench/gsbench/experiments/check"
)

// Compare matches the metrics of a run with golden ones, within the
// tolerance of each kind.
func ExampleCompare() {
	acc, _ := check.ParseTolerance("0.005") // absolute: half a point
	ratio, _ := check.ParseTolerance("1%")  // relative to the golden value
	tol := &check.Tolerances{Path: "tolerances.csv", Kinds: []string{"svm_accuracy", "residual_ratio"},
		By: map[string]check.Tolerance{"svm_accuracy": acc, "residual_ratio": ratio}}
	key := func(method, metric string) check.Key {
		return check.Key{Dataset: "COIL-20", Preprocess: "none", Method: method, Metric: metric}
	}
	golden := []check.Metric{
		{Key: key("GFS", "svm_accuracy"), Value: 0.8035, Cells: 1},
		{Key: key("PCA", "svm_accuracy"), Value: 0.9486, Cells: 1},
		{Key: key("GFR", "residual_ratio"), Value: 0.00053, Cells: 1},
	}
	now := []check.Metric{
		{Key: key("GFS", "svm_accuracy"), Value: 0.7835, Cells: 1}, // 2 points lower
		{Key: key("PCA", "svm_accuracy"), Value: 0.9500, Cells: 1},
		{Key: key("GFR", "residual_ratio"), Value: 0.000532, Cells: 1},
	}
	for _, r := range check.Compare(golden, now, tol) {
		fmt.Printf("%-35s %-7.4g %-7.4g %+.3g  %s\n", r.Key, r.Golden, r.Now, r.Diff(), r.Status)
	}
	// Output:
	// COIL-20 / GFS / svm_accuracy        0.8035  0.7835  -0.02  FAIL
	// COIL-20 / PCA / svm_accuracy        0.9486  0.95    +0.0014  PASS
	// COIL-20 / GFR / residual_ratio      0.00053 0.000532 +2e-06  PASS
}
