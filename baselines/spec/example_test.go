package spec_test

import (
	"fmt"
	"math"

	"gonum.org/v1/gonum/mat"

	"github.com/gsbench/gsbench/baselines/spec"
)

func Example() {
	// Two clusters along feature 1; feature 0 is noise.
	X := mat.NewDense(30, 2, nil)
	for i := 0; i < 30; i++ {
		X.SetRow(i, []float64{math.Sin(float64(5 * i)), 3*float64(i/15) + 0.05*math.Cos(float64(i))})
	}
	for _, style := range []int{-1, 0, 3} {
		m := spec.New() // scikit-feature's defaults
		m.Style = style
		if err := m.Fit(X, nil); err != nil {
			panic(err)
		}
		fmt.Println("style", style, m.Selected())
	}
	// Output:
	// style -1 [1 0]
	// style 0 [1 0]
	// style 3 [1 0]
}
