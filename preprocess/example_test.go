package preprocess_test

import (
	"fmt"
	"log"

	"gonum.org/v1/gonum/mat"

	"github.com/gsbench/gsbench/preprocess"
)

// Standardize a matrix whose columns live at very different scales: the
// column of size 1e-200 is scaled like the others, and only the truly
// constant column is reported (and mapped to 0).
func ExampleApply() {
	X := mat.NewDense(4, 3, []float64{
		1, 1e-200, 7,
		2, 3e-200, 7,
		3, 2e-200, 7,
		6, 4e-200, 7,
	})
	Z, s, err := preprocess.Apply(preprocess.Standardize, X)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Printf("%.4f\n", mat.Formatted(Z))
	fmt.Println("constant:", s.Constant)
	// Output:
	// ⎡-1.0690  -1.3416   0.0000⎤
	// ⎢-0.5345   0.4472   0.0000⎥
	// ⎢ 0.0000  -0.4472   0.0000⎥
	// ⎣ 1.6036   1.3416   0.0000⎦
	// constant: [2]
}

// The one constant-column rule: equal up to rounding relative to the
// column's own magnitude.
func ExampleIsConstant() {
	fmt.Println(preprocess.IsConstant([]float64{5, 5, 5}))
	fmt.Println(preprocess.IsConstant([]float64{1, 1 + 1e-15}))
	fmt.Println(preprocess.IsConstant([]float64{1e-200, 2e-200}))
	// Output:
	// true
	// true
	// false
}
