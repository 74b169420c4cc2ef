package fmiufs_test

import (
	"fmt"
	"math"

	"gonum.org/v1/gonum/mat"

	"github.com/gsbench/gsbench/baselines/fmiufs"
)

func Example() {
	// Features 1 and 3 carry the same three groups of samples; 0 and 2 are
	// noise. FMIUFS takes the most informative first, then weighs relevance
	// against redundancy with the features already selected.
	X := mat.NewDense(60, 4, nil)
	for i := 0; i < 60; i++ {
		g := float64(i % 3)
		X.SetRow(i, []float64{math.Sin(float64(7 * i)), g + 0.1*math.Cos(float64(i)),
			math.Cos(float64(11 * i)), 2 - g + 0.1*math.Sin(float64(3*i))})
	}
	m := fmiufs.New()
	if err := m.Fit(X, nil); err != nil {
		panic(err)
	}
	fmt.Println(m.Selected())
	// Output: [1 2 3 0]
}
