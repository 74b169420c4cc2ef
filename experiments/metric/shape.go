package metric

import (
	"context"
	"fmt"

	"github.com/gsbench/gsbench/methods"
)

// Two metrics that record what a paper table prints besides scores: the
// shape of the data a method saw (journal Table XVIII counts the columns of
// an explicit feature map), and the coefficients of the components of a
// linear extraction method (journal Tables XVII and XIX, Example 4).

type coefOptions struct {
	Components int `param:"components" doc:"record the first this many components"`
	Features   int `param:"features" doc:"number of features (rows of the d x m component matrix) of the data; the values are coef_<component>_<feature>, both 1-based"`
}

func (o coefOptions) Validate() error {
	if o.Components < 1 || o.Features < 1 || o.Components*o.Features > 100000 {
		return fmt.Errorf("components (%d) and features (%d) must be >= 1, with at most 100000 values", o.Components, o.Features)
	}
	return nil
}

// coefName names the coefficient of feature f (1-based) in component c.
func coefName(c, f int) string { return fmt.Sprintf("coef_%d_%d", c, f) }

// ValueNames lists the values recorded with these options.
func (o coefOptions) ValueNames() []string {
	out := make([]string, 0, o.Components*o.Features)
	for c := 1; c <= o.Components; c++ {
		for f := 1; f <= o.Features; f++ {
			out = append(out, coefName(c, f))
		}
	}
	return out
}

func dataShape(_ context.Context, in *Input, _ noOptions) ([]Value, error) {
	n, d := in.X.Dims()
	return []Value{{"data_rows", float64(n)}, {"data_columns", float64(d)}}, nil
}

func coefficients(_ context.Context, in *Input, o coefOptions) ([]Value, error) {
	l, ok := in.Method.(methods.Linear)
	if !ok || l.Components() == nil {
		return nil, NotApplicable("method %s has no linear components", in.Spec.Name)
	}
	C := l.Components()
	d, m := C.Dims()
	if d != o.Features {
		return nil, fmt.Errorf("coefficients: the components have %d features, the metric's features is %d: set features: %d", d, o.Features, d)
	}
	var out []Value
	for c := 1; c <= min(m, o.Components); c++ {
		for f := 1; f <= d; f++ {
			out = append(out, Value{coefName(c, f), C.At(f-1, c-1)})
		}
	}
	return out, nil
}
