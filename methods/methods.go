package methods

import (
	"context"
	"fmt"
	"iter"
	"strings"

	"gonum.org/v1/gonum/mat"

	"github.com/gsbench/gsbench/internal/registry"
	"github.com/gsbench/gsbench/params"
)

// Method is a fitted-on-demand estimator. y holds class labels 0..c-1; it is
// required by supervised methods and ignored (may be nil) by the others.
type Method interface {
	Fit(X *mat.Dense, y []int) error
}

// ContextFitter is implemented by methods whose Fit can take long (UMAP,
// autoencoders, iterative solvers): FitContext stops with ctx's error when
// ctx is canceled. Use Fit(ctx, m, X, y) to fit any method.
type ContextFitter interface {
	FitContext(ctx context.Context, X *mat.Dense, y []int) error
}

// StreamFitter is implemented by methods that fit in one pass over the
// rows of a matrix delivered in blocks (k x d each, any k), so that the
// matrix never has to be in memory: QMR-FS. The result equals Fit's on the
// whole matrix, whatever the block sizes. A block may be reused by the
// sequence once the method has taken its values; an error from the
// sequence stops the fit and is returned (wrapped). Use FitStream to stop
// on a canceled context.
type StreamFitter interface {
	Method
	// CanStream reports whether the method, with its parameters, can fit
	// from row blocks (QMR-FS cannot in the entropy order, which needs
	// whole columns); when it cannot, load the matrix and call Fit.
	CanStream() bool
	FitStream(d int, blocks iter.Seq2[*mat.Dense, error]) error
}

// FitStream fits m on the row blocks, stopping at the next block with
// ctx's error when ctx is canceled.
func FitStream(ctx context.Context, m StreamFitter, d int, blocks iter.Seq2[*mat.Dense, error]) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	return m.FitStream(d, func(yield func(*mat.Dense, error) bool) {
		for X, err := range blocks {
			if err == nil {
				err = ctx.Err()
			}
			if !yield(X, err) || err != nil {
				return
			}
		}
	})
}

// Validator is implemented by methods that can check their parameters
// before seeing data. The registry calls it on every method it builds, so
// that a config or a flag with a bad value fails before anything runs.
type Validator interface {
	Validate() error
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

// LabelUser is implemented by methods whose use of the class labels is a
// parameter (the external methods' supervised) rather than a property of
// the method: UsesLabels, not Spec.Supervised, says whether Fit gets them.
type LabelUser interface {
	UsesLabels() bool
}

// UsesLabels reports whether m, built from s, is fitted with the class
// labels: the harness and the command line pass them only then (and fail
// on data without labels).
func UsesLabels(s Spec, m Method) bool {
	if l, ok := m.(LabelUser); ok {
		return l.UsesLabels()
	}
	return s.Supervised
}

// Reporter is implemented by methods with diagnostics worth recording
// (iterations, convergence, dropped functions, ...). Values must be
// JSON-encodable. A "warning" entry (a string) is a result the user should
// not trust as it is (e.g. an affinity kernel that underflowed): gsbench
// select/extract print it, and the harness records it among the cell's
// notes.
type Reporter interface {
	Report() map[string]any
}

// Fit fits m on X (and y), through FitContext when m implements it, so
// that a canceled ctx stops it; other methods are not started when ctx is
// already canceled.
func Fit(ctx context.Context, m Method, X *mat.Dense, y []int) error {
	if cf, ok := m.(ContextFitter); ok {
		return cf.FitContext(ctx, X, y)
	}
	if err := ctx.Err(); err != nil {
		return err
	}
	return m.Fit(X, y)
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
	Name       string  `json:"name"`
	Kind       Kind    `json:"kind"`
	Summary    string  `json:"summary"`
	Supervised bool    `json:"supervised"` // uses the labels (reports mark it)
	Params     []Param `json:"params"`
	// PassThrough: parameters other than Params are accepted and handed
	// to the method as given (an external program's own; params.HasRest).
	PassThrough bool `json:"pass_through,omitempty"`

	build func(Params) (Method, error)
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

// New builds the method with the parameters p (the others keep their
// defaults) and validates them.
func (s Spec) New(p Params) (Method, error) { return s.build(p) }

// Option modifies a Spec at registration.
type Option func(*Spec)

// Supervised marks a method that uses the class labels.
func Supervised() Option { return func(s *Spec) { s.Supervised = true } }

var registered = registry.New[Spec]("method")

// Register adds a method. newMethod returns the method with its default
// parameters: a pointer to a struct whose exported fields tagged
// `param:"name" doc:"..."` are the parameters (package params). The kind is
// Selection when the method is a Selector, Extraction when it is an
// Extractor. Register panics on a duplicate name, a method that is neither
// kind, or a malformed parameter struct: all are programming errors.
func Register[M Method](name, summary string, newMethod func() M, opts ...Option) {
	proto := newMethod()
	ps, err := params.Describe(proto)
	if err != nil {
		panic(fmt.Sprintf("methods.Register(%q): %v", name, err))
	}
	spec := Spec{Name: name, Summary: summary, Params: ps, PassThrough: params.HasRest(proto)}
	spec.build = func(p Params) (Method, error) {
		m := newMethod()
		if err := p.Decode("method "+name, m); err != nil {
			return nil, err
		}
		if v, ok := any(m).(Validator); ok {
			if err := v.Validate(); err != nil {
				return nil, err
			}
		}
		return m, nil
	}
	switch any(proto).(type) {
	case Selector:
		spec.Kind = Selection
	case Extractor:
		spec.Kind = Extraction
	default:
		panic(fmt.Sprintf("methods.Register(%q): %T is neither a Selector nor an Extractor", name, proto))
	}
	for _, o := range opts {
		o(&spec)
	}
	registered.Add(name, spec)
}

// Lookup returns the Spec of a registered method.
func Lookup(name string) (Spec, bool) { return registered.Lookup(strings.ToLower(name)) }

// All returns every registered method sorted by kind (selection first),
// then name.
func All() []Spec {
	var sel, ext []Spec
	for _, s := range registered.All() {
		if s.Kind == Selection {
			sel = append(sel, s)
		} else {
			ext = append(ext, s)
		}
	}
	return append(sel, ext...)
}

// Names returns the registered names of one kind ("" for all), sorted.
func Names(kind Kind) []string {
	var names []string
	for _, s := range registered.All() {
		if kind == "" || s.Kind == kind {
			names = append(names, s.Name)
		}
	}
	return names
}

// New builds the named method from params.
func New(name string, p Params) (Method, error) {
	s, err := registered.Get(strings.ToLower(name))
	if err != nil {
		return nil, err
	}
	return s.New(p)
}
