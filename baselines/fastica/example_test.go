package fastica_test

import (
	"fmt"
	"math"

	"gonum.org/v1/gonum/mat"
	"gonum.org/v1/gonum/stat"

	"github.com/gsbench/gsbench/baselines/fastica"
)

func Example() {
	// Two signals, a square wave and a sawtooth, observed only through two
	// different mixtures of them.
	const n = 1000
	square, saw := make([]float64, n), make([]float64, n)
	X := mat.NewDense(n, 2, nil)
	for i := range n {
		square[i] = math.Copysign(1, math.Sin(float64(i)/25))
		saw[i] = math.Mod(float64(i), 77)/77 - 0.5
		X.SetRow(i, []float64{square[i] + 2*saw[i], 0.5*square[i] - saw[i]})
	}
	f := fastica.New() // scikit-learn's defaults
	f.Seed = 1
	if err := f.Fit(X, nil); err != nil {
		fmt.Println(err)
		return
	}
	S, _ := f.Transform(X)
	for j := range 2 {
		s := mat.Col(nil, j, S)
		r1 := math.Abs(stat.Correlation(s, square, nil))
		r2 := math.Abs(stat.Correlation(s, saw, nil))
		fmt.Printf("source %d: |r| with square %.3f, with sawtooth %.3f\n", j, r1, r2)
	}
	fmt.Println("converged:", f.Report()["converged"])
	// Output:
	// source 0: |r| with square 0.008, with sawtooth 1.000
	// source 1: |r| with square 1.000, with sawtooth 0.021
	// converged: true
}
