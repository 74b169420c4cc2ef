package relieff_test

import (
	"fmt"

	"gonum.org/v1/gonum/mat"

	"github.com/gsbench/gsbench/baselines/relieff"
)

func Example() {
	// Feature 1 separates the two classes, feature 0 does not. (The scores
	// are those of scikit-feature's reliefF(X, y, k=2).)
	X := mat.NewDense(6, 2, []float64{
		0.5, 1.0,
		-0.2, 1.2,
		0.1, 0.9,
		0.4, 3.0,
		-0.3, 3.1,
		0.0, 2.8,
	})
	y := []int{0, 0, 0, 1, 1, 1}
	m := relieff.New()
	m.NNeighbors = 2
	if err := m.Fit(X, y); err != nil {
		panic(err)
	}
	fmt.Println(m.Selected())
	fmt.Printf("%.4f\n", m.Scores())
	// Output:
	// [1 0]
	// [-1.4000 10.1500]
}
