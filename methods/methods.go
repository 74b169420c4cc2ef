package methods

import (
	"fmt"
	"slices"
	"sort"
	"strings"
	"sync"

	"github.com/gsbench/gsbench/params"
	"gonum.org/v1/gonum/mat"
)

// Method is a fitted-on-demand estimator. y holds class labels 0..c-1; it is
// required by supervised methods and ignored (may be nil) by the others.
type Method interface {
	Fit(X *mat.Dense, y []int) error
}

// Selector is a feature selection method.
type Selector interface {
	Method
	// Selected returns the chosen column indices, most important first.
	Selected() []int
}

// Extractor is a feature extraction method.
type Extractor interface {
	Method
	// Transform maps the rows of X (with the columns seen by Fit) to the
	// extracted features, one column per feature.
	Transform(X *mat.Dense) (*mat.Dense, error)
}

// Scorer is implemented by methods that score every feature.
type Scorer interface {
	// Scores returns one score per column of the fitted matrix; whether
	// larger or smaller is better is method-specific and documented there.
	Scores() []float64
}

// Tracer is implemented by the variance-pursuit methods (GFS, GFR, PCA, ...).
type Tracer interface {
	// Trace returns the variance of each extracted feature or selected
	// residual, in order, followed by the residual variance that stopped the
	// method when it stopped before running out of features.
	Trace() []float64
}

// Linear is implemented by linear extractors.
type Linear interface {
	// Components returns the d x m matrix whose columns are the directions.
	Components() *mat.Dense
}

// Embedder is implemented by extractors that keep the features of the
// training rows (kernel PCA, UMAP, autoencoders).
type Embedder interface {
	Embedding() *mat.Dense
}

// Reporter is implemented by methods with diagnostics worth recording
// (iterations, convergence, dropped functions, ...). Values must be
// JSON-encodable.
type Reporter interface {
	Report() map[string]any
}

// Kind says whether a method selects columns or extracts features.
type Kind string

// The two kinds of method.
const (
	Selection  Kind = "selection"
	Extraction Kind = "extraction"
)

// Params holds parameter values by name (see package params).
type Params = params.Params

// Param describes one parameter of a method.
type Param = params.Param

// Spec describes a registered method.
type Spec struct {
	Name       string
	Kind       Kind
	Summary    string
	Supervised bool // uses the labels (reports mark it)
	Params     []Param
	build      func(Params) (Method, error)
}

// Param returns the named parameter.
func (s Spec) Param(name string) (Param, bool) {
	name = params.NormalizeName(name)
	for _, p := range s.Params {
		if p.Name == name {
			return p, true
		}
	}
	return Param{}, false
}

// Option modifies a Spec at registration.
type Option func(*Spec)

// Supervised marks a method that uses the class labels.
func Supervised() Option { return func(s *Spec) { s.Supervised = true } }

var (
	mu       sync.RWMutex
	registry = map[string]Spec{}
)

// Register adds a method. defaults is a struct (not a pointer) whose exported
// fields tagged `param:"name"` are the method's parameters with their default
// values; build turns a decoded copy into a Method. Register panics on a
// duplicate name or a malformed parameter struct: both are programming errors.
func Register[C any](name string, kind Kind, summary string, defaults C, build func(C) (Method, error), opts ...Option) {
	ps, err := params.Describe(defaults)
	if err != nil {
		panic(fmt.Sprintf("methods.Register(%q): %v", name, err))
	}
	spec := Spec{Name: name, Kind: kind, Summary: summary, Params: ps}
	spec.build = func(p Params) (Method, error) {
		c := defaults
		if err := p.Decode("method "+name, &c); err != nil {
			return nil, err
		}
		return build(c)
	}
	for _, o := range opts {
		o(&spec)
	}
	mu.Lock()
	defer mu.Unlock()
	if _, dup := registry[name]; dup {
		panic(fmt.Sprintf("methods.Register: %q registered twice", name))
	}
	registry[name] = spec
}

// Lookup returns the Spec of a registered method.
func Lookup(name string) (Spec, bool) {
	mu.RLock()
	defer mu.RUnlock()
	s, ok := registry[strings.ToLower(name)]
	return s, ok
}

// All returns every registered method sorted by kind, then name.
func All() []Spec {
	mu.RLock()
	defer mu.RUnlock()
	out := make([]Spec, 0, len(registry))
	for _, s := range registry {
		out = append(out, s)
	}
	sort.Slice(out, func(i, j int) bool {
		if out[i].Kind != out[j].Kind {
			return out[i].Kind > out[j].Kind // selection before extraction
		}
		return out[i].Name < out[j].Name
	})
	return out
}

// Names returns the registered names of one kind ("" for all), sorted.
func Names(kind Kind) []string {
	var names []string
	for _, s := range All() {
		if kind == "" || s.Kind == kind {
			names = append(names, s.Name)
		}
	}
	slices.Sort(names)
	return names
}

// New builds the named method from params.
func New(name string, p Params) (Method, error) {
	s, ok := Lookup(name)
	if !ok {
		return nil, fmt.Errorf("unknown method %q: known methods are %s", name, strings.Join(Names(""), ", "))
	}
	return s.build(p)
}
