package traceratio_test

import (
	"fmt"

	"gonum.org/v1/gonum/mat"

	"github.com/gsbench/gsbench/baselines/traceratio"
)

func Example() {
	// Two classes; feature 2 separates them best, feature 0 a little.
	X := mat.NewDense(6, 3, []float64{
		0.0, 5, 1.0,
		0.4, 3, 1.1,
		0.2, 4, 0.9,
		0.9, 4, 2.0,
		1.1, 5, 2.1,
		0.8, 3, 1.9,
	})
	y := []int{0, 0, 0, 1, 1, 1}
	m := traceratio.New()
	m.K = 2
	if err := m.Fit(X, y); err != nil {
		panic(err)
	}
	fmt.Println(m.Selected(), m.Report()["converged"])
	// Output: [2 0] true
}
