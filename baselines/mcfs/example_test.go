package mcfs_test

import (
	"fmt"
	"math"

	"gonum.org/v1/gonum/mat"

	"github.com/gsbench/gsbench/baselines/mcfs"
)

func Example() {
	// Three clusters separated along feature 2; features 0 and 1 are noise.
	X := mat.NewDense(60, 3, nil)
	for i := 0; i < 60; i++ {
		X.SetRow(i, []float64{math.Sin(float64(3 * i)), math.Cos(float64(5 * i)), 4 * float64(i%3)})
	}
	m := mcfs.New()
	m.K, m.NClusters = 1, 2
	if err := m.Fit(X, nil); err != nil {
		panic(err)
	}
	fmt.Println(m.Selected())
	// Output: [2]
}
