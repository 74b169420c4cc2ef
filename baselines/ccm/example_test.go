package ccm_test

import (
	"fmt"
	"math"
	"slices"

	"gonum.org/v1/gonum/mat"

	"github.com/gsbench/gsbench/baselines/ccm"
)

func Example() {
	// The class is the sign of x0 * x1 (an XOR); x2 and x3 are noise.
	const n = 60
	X := mat.NewDense(n, 4, nil)
	y := make([]int, n)
	for i := 0; i < n; i++ {
		a, b := math.Sin(float64(7*i)), math.Cos(float64(11*i))
		X.SetRow(i, []float64{a, b, math.Sin(float64(13 * i)), math.Cos(float64(17 * i))})
		if a*b > 0 {
			y[i] = 1
		}
	}
	m := ccm.New()
	m.NumFeatures = 2
	if err := m.Fit(X, y); err != nil {
		panic(err)
	}
	// x0 and x1 come first; they may share the largest weight (both clipped
	// at 1), and equal weights come in a random order.
	fmt.Println(slices.Sorted(slices.Values(m.Selected()[:2])))
	// Output:
	// [0 1]
}
