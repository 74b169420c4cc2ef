package lapscore_test

import (
	"fmt"
	"math"

	"gonum.org/v1/gonum/mat"

	"github.com/gsbench/gsbench/baselines/lapscore"
)

func Example() {
	// Two clusters along feature 0; feature 1 is noise, feature 2 mixes both.
	X := mat.NewDense(40, 3, nil)
	for i := 0; i < 40; i++ {
		c := float64(i / 20)
		noise := math.Sin(float64(7 * i))
		X.SetRow(i, []float64{4*c + 0.1*math.Cos(float64(i)), noise, 2*c + noise})
	}
	m := lapscore.New()
	m.K = 2
	if err := m.Fit(X, nil); err != nil {
		panic(err)
	}
	fmt.Println(m.Selected())
	// Output: [0 2]
}
