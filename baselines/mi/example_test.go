package mi_test

import (
	"fmt"

	"gonum.org/v1/gonum/mat"

	"github.com/gsbench/gsbench/baselines/mi"
)

func Example() {
	// Feature 0 separates the classes, feature 1 does not.
	X := mat.NewDense(8, 2, []float64{
		0.1, 3,
		0.3, 1,
		0.2, 4,
		0.0, 2,
		2.1, 2,
		2.5, 4,
		2.2, 1,
		2.4, 3,
	})
	y := []int{0, 0, 0, 0, 1, 1, 1, 1}
	m := mi.New()
	m.Noise = 0 // scikit-learn's estimate without its noise: _compute_mi_cd gives 0.592857, 0
	if err := m.Fit(X, y); err != nil {
		panic(err)
	}
	fmt.Println(m.Selected())
	fmt.Printf("%.4f\n", m.Scores())
	// Output:
	// [0 1]
	// [0.5929 0.0000]
}
