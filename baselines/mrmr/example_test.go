package mrmr_test

import (
	"fmt"

	"gonum.org/v1/gonum/mat"

	"github.com/gsbench/gsbench/baselines/mrmr"
)

func Example() {
	// Integer-valued features: 0 follows the class, 2 copies 0 (redundant),
	// 1 is weakly related to the class. (scikit-feature's mrmr gives the same
	// order and criteria J_CMI.)
	X := mat.NewDense(8, 3, []float64{
		0, 1, 0,
		0, 0, 0,
		1, 1, 1,
		0, 0, 0,
		2, 1, 2,
		2, 1, 2,
		2, 0, 2,
		1, 1, 1,
	})
	y := []int{0, 0, 0, 0, 1, 1, 1, 1}
	m := mrmr.New()
	if err := m.Fit(X, y); err != nil {
		panic(err)
	}
	fmt.Println(m.Selected())
	fmt.Printf("%.4f\n", m.Report()["criterion"])
	// Output:
	// [0 1 2]
	// [0.7500 -0.2169 -0.1635]
}
