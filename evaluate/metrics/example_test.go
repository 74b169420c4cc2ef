package metrics_test

import (
	"fmt"

	"github.com/gsbench/gsbench/evaluate/metrics"
)

func Example() {
	truth := []int{0, 0, 0, 1, 1, 1, 2, 2, 2}
	clusters := []int{5, 5, 7, 7, 7, 7, 9, 9, 9} // cluster ids are arbitrary; scikit-learn: NMI 0.78598
	nmi, _ := metrics.NMI(truth, clusters)
	acc, _ := metrics.ClusteringAccuracy(truth, clusters)
	fmt.Printf("NMI %.4f, clustering accuracy %.4f\n", nmi, acc)
	// Output:
	// NMI 0.7860, clustering accuracy 0.8889
}
