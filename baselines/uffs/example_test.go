package uffs_test

import (
	"fmt"

	"gonum.org/v1/gonum/mat"

	"github.com/gsbench/gsbench/baselines/uffs"
)

func Example() {
	// A full factorial design in x1 and x2 (so they are exactly uncorrelated),
	// with x3 = x1 x2 and x4 = x1 - x2.
	var rows []float64
	for _, x1 := range []float64{-1, 0, 1} {
		for _, x2 := range []float64{-2, -1, 1, 2} {
			rows = append(rows, x1, x2, x1*x2, x1-x2)
		}
	}
	X := mat.NewDense(12, 4, rows)
	for _, depth := range []int{1, 2} {
		u := uffs.New() // one round, eps = 0.1
		u.Depth = depth
		if err := u.Fit(X, nil); err != nil {
			fmt.Println(err)
			return
		}
		fmt.Printf("depth %d: norms %.3f, selected %v\n", depth, u.Scores(), u.Selected())
	}
	// Output:
	// depth 1: norms [0.957 0.957 0.957 0.000], selected [0 1 2]
	// depth 2: norms [0.957 0.957 0.000 0.000], selected [0 1]
}
