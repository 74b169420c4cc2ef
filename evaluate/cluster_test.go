package evaluate

import (
	"context"
	"math"
	"testing"

	"github.com/gsbench/gsbench/preprocess"
)

// scikit-learn 1.2.1: NMI of KMeans(k, n_init=10, random_state=s) for
// s = 0..24 on the standardized data, mean (std): Wine 0.8766 (0.0033),
// Breast Cancer 0.5457 (0.0109). The random streams differ (see package
// learn/kmeans), so the means are compared within the tolerances.
func TestClusterNMIMatchesScikitLearn(t *testing.T) {
	for _, tc := range []struct {
		file      string
		mean, tol float64
	}{
		{"Wine/wine_data.csv", 0.8766, 0.01},
		{"BreastCancer/breast_cancer.csv", 0.5457, 0.02},
	} {
		X, y := loadCSV(t, tc.file)
		s, err := ClusterNMI(context.Background(), X, y, ClusterOptions{Preprocess: preprocess.Standardize})
		if err != nil {
			t.Fatal(err)
		}
		if len(s.NMI.Values) != 25 {
			t.Fatalf("%d seeds scored, want 25", len(s.NMI.Values))
		}
		if math.Abs(s.NMI.Mean-tc.mean) > tc.tol {
			t.Errorf("%s: NMI %.4f (std %.4f), scikit-learn %.4f", tc.file, s.NMI.Mean, s.NMI.Std, tc.mean)
		}
		if s.ACC.Mean < 0.5 || s.ACC.Mean > 1 {
			t.Errorf("%s: clustering accuracy %.4f", tc.file, s.ACC.Mean)
		}
		t.Logf("%s: NMI %.4f (std %.4f), ACC %.4f (std %.4f)", tc.file, s.NMI.Mean, s.NMI.Std, s.ACC.Mean, s.ACC.Std)
	}
}
