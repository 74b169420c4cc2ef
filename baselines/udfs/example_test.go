package udfs_test

import (
	"fmt"
	"math"

	"gonum.org/v1/gonum/mat"

	"github.com/gsbench/gsbench/baselines/udfs"
)

func Example() {
	// Three clusters along features 1 and 3; features 0 and 2 are noise.
	X := mat.NewDense(60, 4, nil)
	for i := 0; i < 60; i++ {
		c := float64(i % 3)
		X.SetRow(i, []float64{math.Sin(float64(7 * i)), c + 0.1*math.Cos(float64(i)), math.Cos(float64(11 * i)), 2 - c + 0.1*math.Sin(float64(3*i))})
	}
	m := udfs.New()
	m.K, m.NClusters = 2, 2
	if err := m.Fit(X, nil); err != nil {
		panic(err)
	}
	fmt.Println(m.Selected(), m.Report()["converged"])
	// Output: [1 3] true
}
