package metric

import (
	"context"
	"math"
	"slices"
	"strings"
	"testing"

	"gonum.org/v1/gonum/mat"

	"github.com/gsbench/gsbench/datasets"
	"github.com/gsbench/gsbench/methods"
	"github.com/gsbench/gsbench/params"
)

// The built-in metrics are listed in the order configs/README.md documents
// them, with their options and defaults.
func TestBuiltins(t *testing.T) {
	want := []string{"n_selected", "selected_percent", "residual_variance", "svm_accuracy", "kmeans_nmi", "success_rate", "redundant_selected", "time", "data_shape", "coefficients"}
	if got := Names(); !slices.Equal(got[:len(want)], want) {
		t.Errorf("Names = %v", got)
	}
	m, ok := Lookup("svm_accuracy")
	if !ok {
		t.Fatal("no svm_accuracy")
	}
	var folds params.Param
	for _, p := range m.Params {
		if p.Name == "folds" {
			folds = p
		}
	}
	if folds.Type != "int" || params.Format(folds.Default) != "5" {
		t.Errorf("svm_accuracy folds: %+v", folds)
	}
	coef, _ := Lookup("coefficients")
	opts, err := coef.Decode(params.Params{"components": 2, "features": 2})
	if err != nil {
		t.Fatal(err)
	}
	if got := coef.ValueNames(opts); !slices.Equal(got, []string{"coef_1_1", "coef_1_2", "coef_2_1", "coef_2_2"}) {
		t.Errorf("coefficients value names %v", got)
	}
	if got := coef.ValueNames(nil); !slices.Equal(got, []string{"coef_<component>_<feature>"}) {
		t.Errorf("coefficients pattern %v", got)
	}
}

// Options are decoded strictly and validated; errors name the metric.
func TestDecode(t *testing.T) {
	for _, tc := range []struct {
		metric string
		p      params.Params
		want   string
	}{
		{"svm_accuracy", params.Params{"folds": 1}, "metric svm_accuracy: folds 1: use at least 2"},
		{"svm_accuracy", params.Params{"fold": 3}, "metric svm_accuracy"},
		{"kmeans_nmi", params.Params{"seeds": 0}, "metric kmeans_nmi: seeds 0: use at least 1"},
		{"success_rate", params.Params{"min_cosine": 1.5}, "metric success_rate: min_cosine 1.5"},
		{"coefficients", params.Params{"components": 0}, "metric coefficients: components (0)"},
	} {
		m, _ := Lookup(tc.metric)
		if _, err := m.Decode(tc.p); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s %v: error %v, want %q", tc.metric, tc.p, err, tc.want)
		}
	}
}

// traced is a selection method with a variance trace.
type traced struct {
	sel   []int
	trace []float64
}

func (m *traced) Fit(*mat.Dense, []int) error { return nil }
func (m *traced) Selected() []int             { return m.sel }
func (m *traced) Trace() []float64            { return m.trace }

// linear is an extraction method with components.
type linear struct{ C *mat.Dense }

func (m *linear) Fit(*mat.Dense, []int) error { return nil }
func (m *linear) Components() *mat.Dense      { return m.C }
func (m *linear) Transform(X *mat.Dense) (*mat.Dense, error) {
	var Z mat.Dense
	Z.Mul(X, m.C)
	return &Z, nil
}

func measure(t *testing.T, name string, in *Input, p params.Params) ([]Value, string, error) {
	t.Helper()
	m, ok := Lookup(name)
	if !ok {
		t.Fatalf("no metric %s", name)
	}
	opts, err := m.Decode(p)
	if err != nil {
		t.Fatal(err)
	}
	return m.Measure(context.Background(), in, opts)
}

// Each built-in metric on small fitted cells, against hand-computed values.
func TestMeasure(t *testing.T) {
	X := mat.NewDense(4, 3, []float64{1, 2, 0, 3, 1, 1, 5, 0, 1, 7, 3, 0})
	truth := &datasets.Truth{NonRedundant: []int{0, 2}, Redundant: []int{1}}
	sel := &Input{X: X, Truth: truth, Method: &traced{sel: []int{2, 0}, trace: []float64{8, 0.5, 0.25}}, Spec: methods.Spec{Name: "t"}}
	for _, tc := range []struct {
		metric string
		in     *Input
		p      params.Params
		want   map[string]float64
		note   string
	}{
		{"n_selected", sel, nil, map[string]float64{"n_selected": 2}, ""},
		{"selected_percent", sel, nil, map[string]float64{"selected_percent": 200.0 / 3}, ""},
		{"residual_variance", sel, nil, map[string]float64{"residual_variance": 0.25, "residual_ratio": 0.25 / 8}, ""},
		{"success_rate", sel, nil, map[string]float64{"success_rate": 1}, ""},
		{"redundant_selected", sel, nil, map[string]float64{"redundant_selected": 0, "nonredundant_selected": 2}, ""},
		{"data_shape", sel, nil, map[string]float64{"data_rows": 4, "data_columns": 3}, ""},
		{"svm_accuracy", sel, nil, nil, "svm_accuracy: not computed: the dataset has no class labels"},
		{"coefficients", sel, nil, nil, "coefficients: not computed: method t has no linear components"},
		{"coefficients", &Input{X: X, Method: &linear{mat.NewDense(3, 1, []float64{0.6, 0, -0.8})}}, params.Params{"components": 1, "features": 3},
			map[string]float64{"coef_1_1": 0.6, "coef_1_2": 0, "coef_1_3": -0.8}, ""},
		{"residual_variance", &Input{X: X, Method: &linear{mat.NewDense(3, 1, nil)}, Spec: methods.Spec{Name: "l"}}, nil, nil,
			"residual_variance: not computed: method l has no variance trace"},
	} {
		vs, note, err := measure(t, tc.metric, tc.in, tc.p)
		if err != nil {
			t.Errorf("%s: %v", tc.metric, err)
			continue
		}
		got := map[string]float64{}
		for _, v := range vs {
			got[v.Name] = v.Value
		}
		if note != tc.note || len(got) != len(tc.want) {
			t.Errorf("%s: values %v, note %q; want %v, %q", tc.metric, got, note, tc.want, tc.note)
			continue
		}
		for k, w := range tc.want {
			if math.Abs(got[k]-w) > 1e-15 {
				t.Errorf("%s: %s = %v, want %v", tc.metric, k, got[k], w)
			}
		}
	}
	// An error of a metric fails the cell and names the metric.
	bad := &Input{X: X, Method: &linear{mat.NewDense(3, 1, nil)}}
	if _, _, err := measure(t, "coefficients", bad, params.Params{"features": 5, "components": 1}); err == nil || !strings.Contains(err.Error(), "set features: 3") {
		t.Errorf("coefficients with the wrong number of features: %v", err)
	}
}

// An extraction method succeeds when its components are the true
// directions up to sign, one for one.
func TestMatchDirections(t *testing.T) {
	basis := mat.NewDense(3, 3, []float64{1, 0, 0, 0, 1, 0, 0, 0, 1})
	for _, tc := range []struct {
		c1, c2 []float64 // the two components
		want   bool
	}{
		{[]float64{0, 1, 0}, []float64{-1, 0, 0}, true},            // e2, -e1
		{[]float64{1, 0.1, 0}, []float64{0, 2, 0}, true},           // |cos| 0.995 with e1; 2 e2
		{[]float64{1, 1, 0}, []float64{1, -1, 0}, false},           // halfway between e1 and e2
		{[]float64{1, 0, 0}, []float64{1, 0, 0.01}, false},         // e1 twice
		{[]float64{0, 0, 0}, []float64{1, 0, 0}, false},            // a zero component
		{[]float64{1, 0, 0}, []float64{0, 0, 1}, false},            // e3 is redundant
		{[]float64{0.001, 1, 0}, []float64{1, 0.001, 0.001}, true}, // almost e2, e1
	} {
		C := mat.NewDense(3, 2, nil)
		C.SetCol(0, tc.c1)
		C.SetCol(1, tc.c2)
		if got := matchDirections(C, basis, []int{0, 1}, 0.9); got != tc.want {
			t.Errorf("components %v, %v: %v, want %v", tc.c1, tc.c2, got, tc.want)
		}
	}
	if matchDirections(mat.NewDense(3, 1, []float64{1, 0, 0}), basis, []int{0, 1}, 0.9) {
		t.Error("one component for two directions matched")
	}
}
