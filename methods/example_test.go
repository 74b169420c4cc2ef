package methods_test

import (
	"fmt"

	"gonum.org/v1/gonum/mat"

	"github.com/gsbench/gsbench/methods"
)

// example is 8 samples of 4 features: x1 is 2 x0 and x3 is x0 + x2, so two
// features carry all of the data's variance.
func example() *mat.Dense {
	x0 := []float64{1, -2, 3, 0, -1, 2, -3, 0}
	x2 := []float64{0, 1, 1, -2, 2, -1, 0, -1}
	X := mat.NewDense(8, 4, nil)
	for i := range x0 {
		X.SetRow(i, []float64{x0[i], 2 * x0[i], x2[i], x0[i] + x2[i]})
	}
	return X
}

// Every method is built by name from its parameters, fitted, and then asked
// for what it has. Here GFS with the linear family (multilinear:1) selects
// the feature of largest variance, x1 (14), then the one whose residual
// variance is largest once x1 is projected out, x2 (1.46; x3's is the
// same, and the earlier column wins a tie), and stops with no variance
// left (eps2 = 0: until the residual variance is exhausted). The trace is
// the variance of each selected residual, then the one that stopped it
// (rounding: 0 or 1e-16 or so, by the BLAS in use).
func ExampleNew() {
	m, err := methods.New("gfs", methods.Params{"family": "multilinear:1", "eps2": 0})
	if err != nil {
		fmt.Println(err)
		return
	}
	if err := m.Fit(example(), nil); err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println("selected:", m.(methods.Selector).Selected())
	if t, ok := m.(methods.Tracer); ok {
		tr := t.Trace()
		fmt.Printf("variances: %.3g; none left: %v\n", tr[:2], tr[2] < 1e-12)
	}
	// Output:
	// selected: [1 2]
	// variances: [14 1.46]; none left: true
}

// Features maps rows with a fitted method, whichever its kind: the selected
// columns of a Selector, Transform of an Extractor (here PCA).
func ExampleFeatures() {
	X := example()
	m, err := methods.New("pca", methods.Params{"k": 2})
	if err != nil {
		fmt.Println(err)
		return
	}
	if err := m.Fit(X, nil); err != nil {
		fmt.Println(err)
		return
	}
	Z, err := methods.Features(m, X)
	if err != nil {
		fmt.Println(err)
		return
	}
	r, c := Z.Dims()
	fmt.Println(r, "x", c)
	// Output: 8 x 2
}

// A parameter the method does not have is an error naming the ones it has.
func ExampleNew_unknownParameter() {
	_, err := methods.New("pca", methods.Params{"n_components": 2})
	fmt.Println(err)
	// Output: method pca has no parameter "n_components"; its parameters are: ddof, eps, eps2, k
}
