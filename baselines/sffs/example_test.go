package sffs_test

import (
	"fmt"
	"math/rand/v2"

	"gonum.org/v1/gonum/mat"

	"github.com/gsbench/gsbench/baselines/sffs"
)

// The label is the parity of features 3 and 5 (y = 1 when x3 x5 > 0): no
// single feature carries information, so depth 1 ranks by noise, while
// depth 2 sees the pair's coefficient f_{3,5} and puts it first.
func Example() {
	r := rand.New(rand.NewPCG(1, 2))
	n, d := 400, 8
	X := mat.NewDense(n, d, nil)
	y := make([]int, n)
	for i := range n {
		for j := range d {
			X.Set(i, j, r.NormFloat64())
		}
		if X.At(i, 3)*X.At(i, 5) > 0 {
			y[i] = 1
		}
	}
	for _, depth := range []int{1, 2} {
		m := sffs.New()
		m.Depth, m.K = depth, 2
		if err := m.Fit(X, y); err != nil {
			panic(err)
		}
		fmt.Printf("depth %d: selected %v, subsets scored %d\n", depth, m.Selected(), m.Report()["subsets"])
	}
	// Output:
	// depth 1: selected [2 7], subsets scored 8
	// depth 2: selected [3 5], subsets scored 36
}
