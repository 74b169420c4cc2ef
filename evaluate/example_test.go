package evaluate_test

import (
	"context"
	"fmt"
	"math/rand/v2"

	"gonum.org/v1/gonum/mat"

	"github.com/gsbench/gsbench/evaluate"
	"github.com/gsbench/gsbench/learn/svm"
	"github.com/gsbench/gsbench/preprocess"
)

// blobs returns three well separated classes of 30 points in the plane.
func blobs() (*mat.Dense, []int) {
	rng := rand.New(rand.NewPCG(1, 2))
	X := mat.NewDense(90, 2, nil)
	y := make([]int, 90)
	for i := range 90 {
		y[i] = i % 3
		X.Set(i, 0, 10*float64(y[i])+rng.NormFloat64())
		X.Set(i, 1, 5*float64(y[i]%2)+rng.NormFloat64())
	}
	return X, y
}

func ExampleCVAccuracy() {
	X, y := blobs()
	s, err := evaluate.CVAccuracy(context.Background(), X, y, evaluate.CVOptions{
		SVM:        svm.Params{Multiclass: svm.OneVsRest}, // RBF, C = 1, gamma = scale
		Folds:      5,
		Preprocess: preprocess.Standardize, // fitted on each training fold
	})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("folds %.2f, mean %.2f, std %.2f\n", s.Values, s.Mean, s.Std)
	// Output:
	// folds [1.00 1.00 1.00 1.00 1.00], mean 1.00, std 0.00
}

func ExampleClusterNMI() {
	X, y := blobs()
	s, err := evaluate.ClusterNMI(context.Background(), X, y, evaluate.ClusterOptions{
		Seeds:      evaluate.SeedRange(5), // k-means seeds 0..4, k = number of classes
		Preprocess: preprocess.Standardize,
	})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("NMI %.2f over %d seeds, clustering accuracy %.2f\n", s.NMI.Mean, len(s.NMI.Values), s.ACC.Mean)
	// Output:
	// NMI 1.00 over 5 seeds, clustering accuracy 1.00
}
