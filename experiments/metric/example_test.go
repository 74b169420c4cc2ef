package metric_test

import (
	"context"
	"fmt"

	"gonum.org/v1/gonum/mat"

	"github.com/gsbench/gsbench/experiments/metric"
	"github.com/gsbench/gsbench/params"
)

// sparsity is the options of a new metric: a struct with param tags
// holding the defaults.
type sparsity struct {
	Tol float64 `param:"tol" doc:"an entry counts as zero below this"`
}

// Validate is called on the options a config gives.
func (o sparsity) Validate() error {
	if o.Tol < 0 {
		return fmt.Errorf("tol %v: use a non-negative number", o.Tol)
	}
	return nil
}

type fixed struct{ C *mat.Dense }

func (f fixed) Fit(*mat.Dense, []int) error { return nil }
func (f fixed) Components() *mat.Dense      { return f.C }
func (f fixed) Transform(X *mat.Dense) (*mat.Dense, error) {
	var Z mat.Dense
	Z.Mul(X, f.C)
	return &Z, nil
}

// A metric is registered once, with its options, and is then known to
// every config (metrics: [{name: example_sparsity, params: {tol: 0.1}}]).
func ExampleRegister() {
	metric.Register("example_sparsity", "fraction of zero coefficients of a linear extraction method",
		[]string{"sparsity"}, sparsity{Tol: 1e-12},
		func(_ context.Context, in *metric.Input, o sparsity) ([]metric.Value, error) {
			l, ok := in.Method.(interface{ Components() *mat.Dense })
			if !ok {
				return nil, metric.NotApplicable("method %s has no components", in.Spec.Name)
			}
			C := l.Components()
			r, c := C.Dims()
			zeros := 0
			for i := range r {
				for j := range c {
					if v := C.At(i, j); v < o.Tol && v > -o.Tol {
						zeros++
					}
				}
			}
			return []metric.Value{{Name: "sparsity", Value: float64(zeros) / float64(r*c)}}, nil
		})

	m, _ := metric.Lookup("example_sparsity")
	opts, err := m.Decode(params.Params{"tol": 0.1})
	if err != nil {
		fmt.Println(err)
		return
	}
	in := &metric.Input{X: mat.NewDense(2, 2, []float64{1, 2, 3, 4}), Method: fixed{mat.NewDense(2, 2, []float64{1, 0.05, 0, 1})}}
	values, note, err := m.Measure(context.Background(), in, opts)
	fmt.Println(values, note, err)
	_, err = m.Decode(params.Params{"tol": -1})
	fmt.Println(err)
	// Output:
	// [{sparsity 0.5}]  <nil>
	// metric example_sparsity: tol -1: use a non-negative number
}
