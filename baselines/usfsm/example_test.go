package usfsm_test

import (
	"fmt"
	"math"

	"gonum.org/v1/gonum/mat"

	"github.com/gsbench/gsbench/baselines/usfsm"
)

func Example() {
	// Three groups of samples told apart by features 1 and 3; features 0
	// and 2 are noise.
	X := mat.NewDense(60, 4, nil)
	for i := 0; i < 60; i++ {
		g := float64(i % 3)
		X.SetRow(i, []float64{math.Sin(float64(7 * i)), g + 0.1*math.Cos(float64(i)),
			math.Cos(float64(11 * i)), 2 - g + 0.1*math.Sin(float64(3*i))})
	}
	m := usfsm.New()
	m.K = 2 // C = k = 2, as the QMR-FS authors run it
	if err := m.Fit(X, nil); err != nil {
		panic(err)
	}
	fmt.Println(m.Selected())
	// Output: [3 1]
}
