package metric

import (
	"context"
	"fmt"
	"math"
	"slices"

	"gonum.org/v1/gonum/mat"

	"github.com/gsbench/gsbench/evaluate"
	"github.com/gsbench/gsbench/methods"
)

type noOptions struct{}

type successOptions struct {
	MinCosine float64 `param:"min_cosine" doc:"extraction methods: a component counts as a true direction when |cos| with it is at least this"`
}

func (o successOptions) Validate() error {
	if !(o.MinCosine > 0 && o.MinCosine <= 1) {
		return fmt.Errorf("min_cosine %v: use a number in (0, 1]", o.MinCosine)
	}
	return nil
}

// The built-in metrics, registered in the order configs/README.md
// documents them.
func init() {
	Register("n_selected", "number of features the method selected or extracted", []string{"n_selected"}, noOptions{},
		func(_ context.Context, in *Input, _ noOptions) ([]Value, error) {
			k, err := in.NFeatures()
			if err != nil {
				return nil, err
			}
			return []Value{{"n_selected", float64(k)}}, nil
		})
	Register("selected_percent", "the features selected or extracted as a percentage of the data's columns (QMR-FS Figure 1's % features kept)",
		[]string{"selected_percent"}, noOptions{},
		func(_ context.Context, in *Input, _ noOptions) ([]Value, error) {
			k, err := in.NFeatures()
			if err != nil {
				return nil, err
			}
			_, d := in.X.Dims()
			if d == 0 {
				return nil, NotApplicable("the data has no columns")
			}
			return []Value{{"selected_percent", 100 * float64(k) / float64(d)}}, nil
		})
	Register("residual_variance",
		"Var(Z_{m+1}), the variance left after the m selected or extracted features, and its ratio to Var(Z_1) (journal Table III); needs a method with a variance trace",
		[]string{"residual_variance", "residual_ratio"}, noOptions{},
		func(_ context.Context, in *Input, _ noOptions) ([]Value, error) {
			t, ok := in.Method.(methods.Tracer)
			if !ok {
				return nil, NotApplicable("method %s has no variance trace", in.Spec.Name)
			}
			m, err := in.NFeatures()
			if err != nil {
				return nil, err
			}
			v, err := residual(t.Trace(), m, in.X)
			if err != nil {
				return nil, err
			}
			out := []Value{{"residual_variance", v[0]}}
			if len(v) > 1 {
				out = append(out, Value{"residual_ratio", v[1]})
			}
			return out, nil
		})
	Register("svm_accuracy",
		"cross-validated accuracy of an SVM classifier on the new features (RBF kernel, stratified folds; fraction in [0, 1])",
		[]string{"svm_accuracy", "svm_accuracy_std"}, evaluate.DefaultSVM(), svmAccuracy, CrossValidates())
	Register("kmeans_nmi",
		"normalized mutual information (and clustering accuracy) between the classes and the k-means++ clusters of the new features, mean and std over seeds",
		[]string{"kmeans_nmi", "kmeans_nmi_std", "kmeans_acc", "kmeans_acc_std"}, evaluate.DefaultKMeans(), kmeansNMI)
	Register("success_rate",
		"1 when the method's output is exactly the true non-redundant set of a synthetic dataset, else 0 (journal Tables VII-IX, XIV-XVI; averaged over repetitions)",
		[]string{"success_rate"}, successOptions{MinCosine: 0.9}, successRate)
	Register("redundant_selected",
		"number of truly redundant and of truly non-redundant features among those selected (journal Figure 5, CDC Table IX)",
		[]string{"redundant_selected", "nonredundant_selected"}, noOptions{},
		func(_ context.Context, in *Input, _ noOptions) ([]Value, error) {
			if in.Truth == nil {
				return nil, NotApplicable("the dataset has no ground truth")
			}
			sel, ok := in.Selected()
			if !ok || in.Truth.Basis != nil {
				return nil, NotApplicable("only selection methods on a dataset with redundant columns")
			}
			var red, non int
			for _, j := range sel {
				switch {
				case slices.Contains(in.Truth.Redundant, j):
					red++
				case slices.Contains(in.Truth.NonRedundant, j):
					non++
				}
			}
			return []Value{{"redundant_selected", float64(red)}, {"nonredundant_selected", float64(non)}}, nil
		})
	Register("time", "wall time of the method's Fit in seconds (the one metric that differs between runs); under protocol: pipeline also fold_fit_time, the method's fits on the training folds of the cross-validated metric listed before it, summed",
		[]string{"time", "fold_fit_time"}, noOptions{},
		func(_ context.Context, in *Input, _ noOptions) ([]Value, error) {
			vs := []Value{{"time", in.FitSeconds}}
			if in.FoldFitSeconds > 0 {
				vs = append(vs, Value{"fold_fit_time", in.FoldFitSeconds})
			}
			return vs, nil
		})
	Register("data_shape", "rows and columns of the (preprocessed) data the method was fitted on",
		[]string{"data_rows", "data_columns"}, noOptions{}, dataShape)
	Register("coefficients",
		"coefficients of the components of a linear extraction method (d x m, as Components() gives them, e.g. PCA's unit directions with their largest entry positive; GFR's nu_j) (journal Tables XVII, XIX)",
		[]string{"coef_<component>_<feature>"}, coefOptions{Components: 3, Features: 5}, coefficients)
}

// residual returns Var(Z_{m+1}) and Var(Z_{m+1}) / Var(Z_1) from a trace
// (variances in order, then the stopping value).
func residual(trace []float64, m int, X *mat.Dense) ([]float64, error) {
	var next float64
	switch _, d := X.Dims(); {
	case m < len(trace):
		next = trace[m]
	case m >= d:
		next = 0 // every feature used: nothing left
	default:
		return nil, fmt.Errorf("residual_variance: the trace has %d values, none after feature %d", len(trace), m)
	}
	if len(trace) == 0 || trace[0] <= 0 {
		return []float64{next}, nil
	}
	return []float64{next, next / trace[0]}, nil
}

func successRate(_ context.Context, in *Input, o successOptions) ([]Value, error) {
	t := in.Truth
	if t == nil {
		return nil, NotApplicable("the dataset has no ground truth")
	}
	ok := 0.0
	if sel, isSel := in.Selected(); isSel {
		if t.Basis != nil {
			return nil, NotApplicable("the ground truth is a set of components; use an extraction method")
		}
		if sameSet(sel, t.NonRedundant) {
			ok = 1
		}
		return []Value{{"success_rate", ok}}, nil
	}
	l, isLin := in.Method.(methods.Linear)
	if !isLin || t.Basis == nil {
		return nil, NotApplicable("success_rate of an extraction method needs components and a dataset with a true basis")
	}
	if matchDirections(l.Components(), t.Basis, t.NonRedundant, o.MinCosine) {
		ok = 1
	}
	return []Value{{"success_rate", ok}}, nil
}

func sameSet(a, b []int) bool {
	if len(a) != len(b) {
		return false
	}
	x, y := slices.Clone(a), slices.Clone(b)
	slices.Sort(x)
	slices.Sort(y)
	return slices.Equal(x, y)
}

// matchDirections reports whether the columns of C (d x m) are, one for
// one, the true directions basis[:, want] up to sign: every component has
// |cos| >= minCos with exactly one wanted direction, and each wanted
// direction is matched once.
func matchDirections(C, basis *mat.Dense, want []int, minCos float64) bool {
	if C == nil {
		return len(want) == 0
	}
	d, m := C.Dims()
	if bd, _ := basis.Dims(); bd != d || m != len(want) {
		return false
	}
	used := make([]bool, len(want))
	col := make([]float64, d)
	for j := range m {
		mat.Col(col, j, C)
		nrm := math.Sqrt(dot(col, col))
		if nrm == 0 {
			return false
		}
		hit := -1
		for w, i := range want {
			var s float64
			for r := range d {
				s += col[r] * basis.At(r, i)
			}
			if math.Abs(s)/nrm >= minCos {
				if hit >= 0 {
					return false
				}
				hit = w
			}
		}
		if hit < 0 || used[hit] {
			return false
		}
		used[hit] = true
	}
	return true
}

func dot(a, b []float64) float64 {
	var s float64
	for i := range a {
		s += a[i] * b[i]
	}
	return s
}
