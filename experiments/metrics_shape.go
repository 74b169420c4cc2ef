package experiments

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

func (o coefOptions) names() []string {
	out := make([]string, 0, o.Components*o.Features)
	for c := 1; c <= o.Components; c++ {
		for f := 1; f <= o.Features; f++ {
			out = append(out, coefName(c, f))
		}
	}
	return out
}

func init() {
	registerMetric("data_shape", "rows and columns of the (preprocessed) data the method was fitted on",
		[]string{"data_rows", "data_columns"}, noOptions{},
		func(_ context.Context, e *evalCell, _ noOptions) ([]Value, error) {
			n, d := e.X.Dims()
			return []Value{{"data_rows", float64(n)}, {"data_columns", float64(d)}}, nil
		})
	registerMetric("coefficients",
		"coefficients of the components of a linear extraction method (d x m, as Components() gives them, e.g. PCA's unit directions with their largest entry positive; GFR's nu_j) (journal Tables XVII, XIX)",
		[]string{"coef_<component>_<feature>"}, coefOptions{Components: 3, Features: 5},
		func(_ context.Context, e *evalCell, o coefOptions) ([]Value, error) {
			l, ok := e.Method.(methods.Linear)
			if !ok || l.Components() == nil {
				return nil, skip("method %s has no linear components", e.Spec.Name)
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
		})
	lookupMetric("coefficients").names = func(opts any) []string { return opts.(coefOptions).names() }
}
