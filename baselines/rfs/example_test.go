package rfs_test

import (
	"fmt"

	"gonum.org/v1/gonum/mat"

	"github.com/gsbench/gsbench/baselines/rfs"
)

func Example() {
	// Feature 1 separates the two classes, feature 0 does not. (scikit-feature's
	// rfs(X, Y, gamma=0.1) gives the same row norms of W.)
	X := mat.NewDense(6, 2, []float64{
		0.5, 1.0,
		-0.2, 1.1,
		0.1, 0.9,
		0.4, 2.0,
		-0.3, 2.1,
		0.0, 1.9,
	})
	y := []int{0, 0, 0, 1, 1, 1}
	m := rfs.New()
	m.Gamma = 0.1
	if err := m.Fit(X, y); err != nil {
		panic(err)
	}
	fmt.Println(m.Selected())
	fmt.Printf("%.4f\n", m.Scores())
	// Output:
	// [1 0]
	// [0.0936 0.4827]
}
