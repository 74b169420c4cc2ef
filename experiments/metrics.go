package experiments

import (
	"context"
	"errors"
	"fmt"
	"math"
	"slices"
	"strings"

	"gonum.org/v1/gonum/mat"
	"gopkg.in/yaml.v3"

	"github.com/gsbench/gsbench/datasets"
	"github.com/gsbench/gsbench/evaluate"
	"github.com/gsbench/gsbench/internal/registry"
	"github.com/gsbench/gsbench/methods"
	"github.com/gsbench/gsbench/params"
)

// MetricInfo describes a metric (gsbench list metrics).
type MetricInfo struct {
	Name    string         `json:"name"`
	Summary string         `json:"summary"`
	Values  []string       `json:"values"` // the values it records for a cell
	Params  []params.Param `json:"params,omitempty"`
}

// MetricSpec is one entry of a config's metrics list.
type MetricSpec struct {
	Name   string
	Params params.Params
	Pos    Pos

	def  *metricDef
	opts any // the decoded options
}

// Value is one named number recorded for a cell.
type Value struct {
	Name  string
	Value float64
}

type metricDef struct {
	info    MetricInfo
	decode  func(params.Params) (any, error)
	compute func(ctx context.Context, e *evalCell, opts any) ([]Value, error)
	// names, when set, lists the values the metric records with the given
	// options (info.Values then shows their pattern).
	names func(opts any) []string
}

var metricDefs []*metricDef

// registerMetric adds a metric whose options are the tagged fields of the
// struct defaults.
func registerMetric[O any](name, summary string, values []string, defaults O, compute func(ctx context.Context, e *evalCell, o O) ([]Value, error)) {
	md := &metricDef{info: MetricInfo{Name: name, Summary: summary, Values: values, Params: mustDescribe(defaults)}}
	md.decode = func(p params.Params) (any, error) {
		o := defaults
		if err := p.Decode("metric "+name, &o); err != nil {
			return nil, err
		}
		if v, ok := any(o).(interface{ Validate() error }); ok {
			if err := v.Validate(); err != nil {
				return nil, fmt.Errorf("metric %s: %v", name, err)
			}
		}
		return o, nil
	}
	md.compute = func(ctx context.Context, e *evalCell, o any) ([]Value, error) { return compute(ctx, e, o.(O)) }
	metricDefs = append(metricDefs, md)
}

// Metrics lists the metrics a config can ask for.
func Metrics() []MetricInfo {
	out := make([]MetricInfo, len(metricDefs))
	for i, m := range metricDefs {
		out[i] = m.info
	}
	return out
}

func lookupMetric(name string) *metricDef {
	for _, m := range metricDefs {
		if m.info.Name == name {
			return m
		}
	}
	return nil
}

// notApplicable marks a metric that does not apply to a cell (e.g. the
// residual variance of a method without a variance trace): the cell records
// a note instead of failing.
type notApplicable struct{ reason string }

func (n notApplicable) Error() string { return n.reason }

func skip(format string, args ...any) error { return notApplicable{fmt.Sprintf(format, args...)} }

func decodeMetric(d *decoder, n *yaml.Node, path string) *MetricSpec {
	ms := &MetricSpec{Pos: posOf(n), Params: params.Params{}}
	if n.Kind == yaml.ScalarNode {
		ms.Name = d.str(n, path)
		return ms
	}
	d.mapping(n, path,
		field{"name", func(_, v *yaml.Node, p string) { ms.Name = d.str(v, p) }},
		field{"params", func(_, v *yaml.Node, p string) {
			for _, e := range d.entries(v, p) {
				if val, ok := d.plain(e.val, e.path); ok {
					ms.Params[e.key.Value] = val
				}
			}
		}},
	)
	return ms
}

func (c *Config) checkMetrics(d *decoder) {
	seen := map[string]bool{}
	for i, ms := range c.Metrics {
		path := fmt.Sprintf("metrics[%d]", i)
		ms.def = lookupMetric(ms.Name)
		if ms.def == nil {
			var names []string
			for _, m := range metricDefs {
				names = append(names, m.info.Name)
			}
			d.errAt(ms.Pos, path, "unknown metric %q%s; the metrics are %s", ms.Name, registry.Suggest(ms.Name, names), strings.Join(names, ", "))
			continue
		}
		if seen[ms.Name] {
			d.errAt(ms.Pos, path, "metric %s listed twice", ms.Name)
		}
		seen[ms.Name] = true
		o, err := ms.def.decode(ms.Params)
		if err != nil {
			d.errAt(ms.Pos, path+".params", "%v", err)
			continue
		}
		ms.opts = o
	}
}

// valueNames lists the values the config's metrics record.
func (c *Config) valueNames() []string {
	var out []string
	for _, ms := range c.Metrics {
		switch {
		case ms.def == nil:
		case ms.def.names != nil && ms.opts != nil:
			out = append(out, ms.def.names(ms.opts)...)
		default:
			out = append(out, ms.def.info.Values...)
		}
	}
	return out
}

// evalCell is what a metric sees: the data a method was fitted on and the
// fitted method.
type evalCell struct {
	X          *mat.Dense // the preprocessed data the method saw
	Y          []int
	Truth      *datasets.Truth
	Method     methods.Method
	Spec       methods.Spec
	FitSeconds float64
	Seed       uint64
	Workers    int // goroutines a metric may use

	feats    *mat.Dense
	featsErr error
	featsOK  bool
}

// selected returns the selected columns of a selection method, or nil.
func (e *evalCell) selected() ([]int, bool) {
	if s, ok := e.Method.(methods.Selector); ok {
		return s.Selected(), true
	}
	return nil, false
}

// nFeatures is the number of features the method produced.
func (e *evalCell) nFeatures() (int, error) {
	if sel, ok := e.selected(); ok {
		return len(sel), nil
	}
	if l, ok := e.Method.(methods.Linear); ok && l.Components() != nil {
		_, k := l.Components().Dims()
		return k, nil
	}
	Z, err := e.features()
	if err != nil {
		return 0, err
	}
	_, k := Z.Dims()
	return k, nil
}

// features returns the new representation of the training rows: the
// selected columns, the embedding of an Embedder or Transform(X).
func (e *evalCell) features() (*mat.Dense, error) {
	if e.featsOK {
		return e.feats, e.featsErr
	}
	e.featsOK = true
	switch m := e.Method.(type) {
	case methods.Selector:
		sel := m.Selected()
		n, d := e.X.Dims()
		for _, j := range sel {
			if j < 0 || j >= d {
				e.featsErr = fmt.Errorf("method selected column %d of a %d-column matrix", j, d)
				return nil, e.featsErr
			}
		}
		if len(sel) == 0 {
			e.feats = &mat.Dense{}
			return e.feats, nil
		}
		Z := mat.NewDense(n, len(sel), nil)
		for i := range n {
			row, src := Z.RawRowView(i), e.X.RawRowView(i)
			for k, j := range sel {
				row[k] = src[j]
			}
		}
		e.feats = Z
	case methods.Embedder:
		e.feats = m.Embedding()
	case methods.Extractor:
		e.feats, e.featsErr = m.Transform(e.X)
	default:
		e.featsErr = fmt.Errorf("method is neither a Selector nor an Extractor")
	}
	if e.featsErr == nil && e.feats != nil && !e.feats.IsEmpty() {
		if r, _ := e.feats.Dims(); r != e.X.RawMatrix().Rows {
			e.featsErr = fmt.Errorf("method returned %d rows of features for %d samples", r, e.X.RawMatrix().Rows)
		} else if !finite(e.feats.RawMatrix().Data) {
			e.featsErr = fmt.Errorf("method returned NaN or Inf features")
		}
	}
	return e.feats, e.featsErr
}

func finite(x []float64) bool {
	for _, v := range x {
		if math.IsNaN(v) || math.IsInf(v, 0) {
			return false
		}
	}
	return true
}

// nonEmptyFeatures is features() for metrics that need at least one.
func (e *evalCell) nonEmptyFeatures() (*mat.Dense, error) {
	Z, err := e.features()
	if err != nil {
		return nil, err
	}
	if Z == nil || Z.IsEmpty() {
		return nil, skip("the method produced no features")
	}
	return Z, nil
}

func (e *evalCell) labels() ([]int, error) {
	if e.Y == nil {
		return nil, skip("the dataset has no class labels")
	}
	return e.Y, nil
}

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

func init() {
	registerMetric("n_selected", "number of features the method selected or extracted", []string{"n_selected"}, noOptions{},
		func(_ context.Context, e *evalCell, _ noOptions) ([]Value, error) {
			k, err := e.nFeatures()
			if err != nil {
				return nil, err
			}
			return []Value{{"n_selected", float64(k)}}, nil
		})
	registerMetric("residual_variance",
		"Var(Z_{m+1}), the variance left after the m selected or extracted features, and its ratio to Var(Z_1) (journal Table III); needs a method with a variance trace",
		[]string{"residual_variance", "residual_ratio"}, noOptions{},
		func(_ context.Context, e *evalCell, _ noOptions) ([]Value, error) {
			t, ok := e.Method.(methods.Tracer)
			if !ok {
				return nil, skip("method %s has no variance trace", e.Spec.Name)
			}
			m, err := e.nFeatures()
			if err != nil {
				return nil, err
			}
			v, err := residual(t.Trace(), m, e.X)
			if err != nil {
				return nil, err
			}
			out := []Value{{"residual_variance", v[0]}}
			if len(v) > 1 {
				out = append(out, Value{"residual_ratio", v[1]})
			}
			return out, nil
		})
	registerMetric("svm_accuracy",
		"cross-validated accuracy of an SVM classifier on the new features (RBF kernel, stratified folds; fraction in [0, 1])",
		[]string{"svm_accuracy", "svm_accuracy_std"}, evaluate.DefaultSVM(), svmAccuracy)
	registerMetric("kmeans_nmi",
		"normalized mutual information (and clustering accuracy) between the classes and the k-means++ clusters of the new features, mean and std over seeds",
		[]string{"kmeans_nmi", "kmeans_nmi_std", "kmeans_acc", "kmeans_acc_std"}, evaluate.DefaultKMeans(), kmeansNMI)
	registerMetric("success_rate",
		"1 when the method's output is exactly the true non-redundant set of a synthetic dataset, else 0 (journal Tables VII-IX, XIV-XVI; averaged over repetitions)",
		[]string{"success_rate"}, successOptions{MinCosine: 0.9}, successRate)
	registerMetric("redundant_selected",
		"number of truly redundant and of truly non-redundant features among those selected (journal Figure 5, CDC Table IX)",
		[]string{"redundant_selected", "nonredundant_selected"}, noOptions{},
		func(_ context.Context, e *evalCell, _ noOptions) ([]Value, error) {
			if e.Truth == nil {
				return nil, skip("the dataset has no ground truth")
			}
			sel, ok := e.selected()
			if !ok || e.Truth.Basis != nil {
				return nil, skip("only selection methods on a dataset with redundant columns")
			}
			var red, non int
			for _, j := range sel {
				switch {
				case slices.Contains(e.Truth.Redundant, j):
					red++
				case slices.Contains(e.Truth.NonRedundant, j):
					non++
				}
			}
			return []Value{{"redundant_selected", float64(red)}, {"nonredundant_selected", float64(non)}}, nil
		})
	registerMetric("time", "wall time of the method's Fit in seconds (the one metric that differs between runs)", []string{"time"}, noOptions{},
		func(_ context.Context, e *evalCell, _ noOptions) ([]Value, error) {
			return []Value{{"time", e.FitSeconds}}, nil
		})
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

func successRate(_ context.Context, e *evalCell, o successOptions) ([]Value, error) {
	t := e.Truth
	if t == nil {
		return nil, skip("the dataset has no ground truth")
	}
	ok := 0.0
	if sel, isSel := e.selected(); isSel {
		if t.Basis != nil {
			return nil, skip("the ground truth is a set of components; use an extraction method")
		}
		if sameSet(sel, t.NonRedundant) {
			ok = 1
		}
		return []Value{{"success_rate", ok}}, nil
	}
	l, isLin := e.Method.(methods.Linear)
	if !isLin || t.Basis == nil {
		return nil, skip("success_rate of an extraction method needs components and a dataset with a true basis")
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

// computeMetrics runs every metric on a fitted cell.
func computeMetrics(ctx context.Context, specs []*MetricSpec, e *evalCell) (values []Value, notes []string, err error) {
	for _, ms := range specs {
		vs, err := ms.def.compute(ctx, e, ms.opts)
		var na notApplicable
		if errors.As(err, &na) {
			notes = append(notes, ms.Name+": not computed: "+na.reason)
			continue
		}
		if err != nil {
			if strings.HasPrefix(err.Error(), ms.Name) {
				return nil, notes, err
			}
			return nil, notes, fmt.Errorf("%s: %w", ms.Name, err)
		}
		values = append(values, vs...)
	}
	return values, notes, nil
}
