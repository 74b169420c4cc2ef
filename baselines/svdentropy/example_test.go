package svdentropy_test

import (
	"fmt"
	"math"

	"gonum.org/v1/gonum/mat"

	"github.com/gsbench/gsbench/baselines/svdentropy"
)

func Example() {
	// Columns 0 and 3 are the same signal; 1 and 2 are independent of it:
	// removing either of them lowers the entropy most.
	X := mat.NewDense(100, 4, nil)
	for i := 0; i < 100; i++ {
		a := math.Sin(float64(i))
		X.SetRow(i, []float64{a, math.Cos(float64(3 * i)), math.Sin(float64(7*i) + 1), a})
	}
	m := &svdentropy.SVDEntropy{K: 2}
	if err := m.Fit(X, nil); err != nil {
		panic(err)
	}
	fmt.Println(m.Selected())
	// Output: [1 2]
}
