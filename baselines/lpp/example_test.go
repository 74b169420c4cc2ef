package lpp_test

import (
	"fmt"
	"math"

	"gonum.org/v1/gonum/mat"

	"github.com/gsbench/gsbench/baselines/lpp"
)

func Example() {
	// Two parallel rows of points, y near 0 and y near 1, each spread
	// along x from -3 to 3. PCA's first direction is x, the largest spread;
	// the neighbour graph links each point to its neighbours along its own
	// row, and LPP's first direction, keeping neighbours together, is y.
	X := mat.NewDense(26, 2, nil)
	for i := 0; i < 26; i++ {
		x := -3 + 0.5*float64(i%13)
		y := float64(i/13) + 0.05*math.Sin(float64(i))
		X.SetRow(i, []float64{x, y})
	}
	l := lpp.New() // lpproj's defaults
	l.K, l.NNeighbors = 1, 3
	if err := l.Fit(X, nil); err != nil {
		fmt.Println(err)
		return
	}
	a := mat.Col(nil, 0, l.Components())
	fmt.Printf("direction (%.2f, %.2f)\n", a[0]/a[1], a[1]/a[1])
	Z, _ := l.Transform(X)
	for i := 0; i < 26; i++ {
		if Z.At(i, 0) < 0 {
			fmt.Print("-")
		} else {
			fmt.Print("+")
		}
	}
	fmt.Println()
	// Output:
	// direction (-0.01, 1.00)
	// -------------+++++++++++++
}
