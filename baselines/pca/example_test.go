package pca_test

import (
	"fmt"

	"gonum.org/v1/gonum/mat"

	"github.com/gsbench/gsbench/baselines/pca"
)

func Example() {
	// Points along the direction (3, 4)/5 with a little spread across it.
	X := mat.NewDense(6, 2, []float64{
		3, 4,
		6, 8,
		-3, -4,
		-6, -8,
		0.8, -0.6,
		-0.8, 0.6,
	})
	p := pca.New() // scikit-learn's defaults: divisor n - 1
	p.K = 1
	if err := p.Fit(X, nil); err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("direction %.2f\n", mat.Col(nil, 0, p.Components()))
	fmt.Printf("variance %.2f, residual %.2f\n", p.Trace()[0], p.Trace()[1])
	Z, _ := p.Transform(mat.NewDense(1, 2, []float64{6, 8}))
	fmt.Printf("score of (6, 8): %.2f\n", Z.At(0, 0))
	// Output:
	// direction [0.60 0.80]
	// variance 50.00, residual 0.40
	// score of (6, 8): 10.00
}
