package kpca_test

import (
	"fmt"

	"gonum.org/v1/gonum/mat"

	"github.com/gsbench/gsbench/baselines/kpca"
)

func Example() {
	// With the kernel (x.y)^2 the feature space of a scalar x is x^2: kernel
	// PCA extracts the centered square, a nonlinear feature.
	X := mat.NewDense(5, 1, []float64{-2, -1, 0, 1, 2})
	kp := kpca.New() // scikit-learn's defaults
	kp.K, kp.Kernel = 1, kpca.Poly(2, 1, 0)
	if err := kp.Fit(X, nil); err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("eigenvalue of the centered kernel matrix: %.1f\n", kp.Eigenvalues()[0])
	fmt.Printf("training features x^2 - 2: %.1f\n", mat.Col(nil, 0, kp.Embedding()))
	Z, _ := kp.Transform(mat.NewDense(2, 1, []float64{3, 0.5}))
	fmt.Printf("new points 3 and 0.5: %.2f\n", mat.Col(nil, 0, Z))
	// Output:
	// eigenvalue of the centered kernel matrix: 14.0
	// training features x^2 - 2: [2.0 -1.0 -2.0 -1.0 2.0]
	// new points 3 and 0.5: [7.00 -1.75]
}
