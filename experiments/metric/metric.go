package metric

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"

	"github.com/gsbench/gsbench/internal/registry"
	"github.com/gsbench/gsbench/params"
)

// Info describes a metric (gsbench list metrics).
type Info struct {
	Name    string         `json:"name"`
	Summary string         `json:"summary"`
	Values  []string       `json:"values"` // the values it records for a cell
	Params  []params.Param `json:"params,omitempty"`
	// CrossValidated marks a metric that cross-validates a model on the
	// features, so that a config's protocol (fit the method on all rows, or
	// inside each training fold) applies to it.
	CrossValidated bool `json:"cross_validated,omitempty"`
}

// Option modifies a metric at registration.
type Option func(*Info)

// CrossValidates marks a metric that cross-validates a model on the
// features: it gets the pipeline's feature step from Input.Featurizer.
func CrossValidates() Option { return func(i *Info) { i.CrossValidated = true } }

// Value is one named number recorded for a cell.
type Value struct {
	Name  string
	Value float64
}

// Metric is a registered metric.
type Metric struct {
	Info
	decode  func(params.Params) (any, error)
	compute func(ctx context.Context, in *Input, opts any) ([]Value, error)
	names   func(opts any) []string // nil: Info.Values
}

var (
	metrics = registry.New[*Metric]("metric")
	orderMu sync.Mutex
	order   []string // registration order
)

// Register adds a metric: its name (the key of a config's metrics list),
// a one-line summary, the names of the values it records for a cell, its
// options and the function that computes it.
//
// The options are the fields of defaults with param tags (as a method's
// parameters: package params), holding the defaults; a config's params of
// the metric are decoded into a copy of defaults. When O has a method
// Validate() error, decoded options are validated with it; when O has a
// method ValueNames() []string, it names the values recorded with those
// options (values then shows their pattern, e.g. coef_<component>_<feature>).
//
// compute returns the values, or an error from NotApplicable when the
// metric does not apply to the cell, or any other error, which fails the
// cell. Register panics when the name is taken or the options cannot be
// described: both are programming errors of the registering package.
func Register[O any](name, summary string, values []string, defaults O, compute func(ctx context.Context, in *Input, o O) ([]Value, error), opts ...Option) {
	ps, err := params.Describe(defaults)
	if err != nil {
		panic(fmt.Sprintf("metric %s: %v", name, err))
	}
	m := &Metric{Info: Info{Name: name, Summary: summary, Values: values, Params: ps}}
	for _, o := range opts {
		o(&m.Info)
	}
	m.decode = func(p params.Params) (any, error) {
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
	m.compute = func(ctx context.Context, in *Input, o any) ([]Value, error) { return compute(ctx, in, o.(O)) }
	if _, ok := any(defaults).(interface{ ValueNames() []string }); ok {
		m.names = func(o any) []string { return o.(interface{ ValueNames() []string }).ValueNames() }
	}
	metrics.Add(name, m)
	orderMu.Lock()
	order = append(order, name)
	orderMu.Unlock()
}

// Lookup returns the metric registered under name.
func Lookup(name string) (*Metric, bool) { return metrics.Lookup(name) }

// Names lists the metrics in the order they were registered (the built-in
// ones first, in the order configs/README.md documents them).
func Names() []string {
	orderMu.Lock()
	defer orderMu.Unlock()
	return append([]string(nil), order...)
}

// All describes every metric, in the order of Names.
func All() []Info {
	var out []Info
	for _, n := range Names() {
		m, _ := metrics.Lookup(n)
		out = append(out, m.Info)
	}
	return out
}

// Decode returns the metric's options with the parameters p set, checked.
// Errors start with "metric NAME".
func (m *Metric) Decode(p params.Params) (any, error) { return m.decode(p) }

// ValueNames lists the values the metric records with the options opts
// (from Decode).
func (m *Metric) ValueNames(opts any) []string {
	if m.names != nil && opts != nil {
		return m.names(opts)
	}
	return m.Values
}

// Measure computes the metric with the options opts (from Decode) on a
// fitted cell. A metric that does not apply to the cell gives no values
// and a note ("NAME: not computed: why"); an error names the metric.
func (m *Metric) Measure(ctx context.Context, in *Input, opts any) (values []Value, note string, err error) {
	vs, err := m.compute(ctx, in, opts)
	var na notApplicable
	if errors.As(err, &na) {
		return nil, m.Name + ": not computed: " + na.reason, nil
	}
	if err != nil {
		if strings.HasPrefix(err.Error(), m.Name) {
			return nil, "", err
		}
		return nil, "", fmt.Errorf("%s: %w", m.Name, err)
	}
	return vs, "", nil
}

// notApplicable marks a metric that does not apply to a cell (e.g. the
// residual variance of a method without a variance trace).
type notApplicable struct{ reason string }

func (n notApplicable) Error() string { return n.reason }

// NotApplicable returns the error a metric's compute function returns when
// the metric does not apply to the cell (the residual variance of a method
// without a trace, an accuracy on data without labels): the cell records a
// note instead of failing.
func NotApplicable(format string, args ...any) error {
	return notApplicable{fmt.Sprintf(format, args...)}
}
