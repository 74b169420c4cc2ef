package cnafs_test

import (
	"fmt"
	"math"

	"gonum.org/v1/gonum/mat"

	"github.com/gsbench/gsbench/baselines/cnafs"
)

func Example() {
	// Two groups of samples told apart by features 1 and 3; features 0
	// and 2 are noise. All values are non-negative.
	X := mat.NewDense(40, 4, nil)
	for i := 0; i < 40; i++ {
		g := float64(i % 2)
		X.SetRow(i, []float64{1 + 0.3*math.Sin(float64(7*i)), 1 + 3*g + 0.1*math.Cos(float64(i)),
			1 + 0.3*math.Cos(float64(11*i)), 4 - 3*g + 0.1*math.Sin(float64(3*i))})
	}
	m := cnafs.New()
	m.K, m.NClusters = 2, 2
	if err := m.Fit(X, nil); err != nil {
		panic(err)
	}
	fmt.Println(m.Selected())
	// Output: [1 3]
}
