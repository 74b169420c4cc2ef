package external

import (
	"context"
	"fmt"
	"math"
	"strings"
	"time"

	"gonum.org/v1/gonum/mat"

	"github.com/gsbench/gsbench/params"
)

// Method holds the parameters and the provenance shared by Selector and
// Extractor.
type Method struct {
	Command    string        `param:"command" doc:"the program to run, by /bin/sh -c with the exchange directory as one more argument, e.g. 'python3 my_method.py' (go doc ./methods/external: the files); any parameter not listed here is passed to it"`
	K          int           `param:"k" doc:"number of features to produce (0: the command decides); the command must return exactly k when k > 0"`
	Seed       uint64        `param:"seed" doc:"random seed handed to the command (params.json)"`
	Supervised bool          `param:"supervised" doc:"write the class labels (y.txt); data without labels is then an error"`
	Timeout    Duration      `param:"timeout" doc:"kill the command after this long (Go duration: 90s, 10m, 2h; 0 waits for ever)"`
	Others     params.Params `param:",rest"` // the command's own parameters, passed through

	extraction bool // an Extractor's: the result holds features
	runs       int
	files      map[string]string // file named by the command -> "sha256:..."
	prog       string            // the program the command starts, resolved on PATH
	ctx        context.Context   // of the last Fit, for Transform
}

// defaults are the parameters New returns.
func defaults() Method { return Method{Timeout: Duration(time.Hour)} }

// Validate checks the parameters that do not depend on the data.
func (m *Method) Validate() error {
	if strings.TrimSpace(m.Command) == "" {
		return fmt.Errorf("external method: parameter command is required: the program to run, e.g. command: python3 my_method.py")
	}
	if m.K < 0 {
		return fmt.Errorf("external method: k = %d: want 0 (the command decides) or a positive number", m.K)
	}
	if m.Timeout < 0 {
		return fmt.Errorf("external method: timeout = %v: want 0 (no limit) or a positive duration", time.Duration(m.Timeout))
	}
	return nil
}

// UsesLabels implements methods.LabelUser: the labels are given to the
// command when supervised is set.
func (m *Method) UsesLabels() bool { return m.Supervised }

// Report returns the provenance of the last fit: the command, the program
// it starts, the SHA-256 of each file it names, and the number of runs.
func (m *Method) Report() map[string]any {
	r := map[string]any{"command": m.Command, "runs": m.runs}
	if m.prog != "" {
		r["program"] = m.prog
	}
	if len(m.files) > 0 {
		r["files"] = m.files
	}
	return r
}

// check validates the inputs of a fit before anything runs.
func (m *Method) check(X *mat.Dense, y []int) error {
	if err := m.Validate(); err != nil {
		return err
	}
	if err := checkFinite(X); err != nil {
		return err
	}
	n, _ := X.Dims()
	if !m.Supervised {
		return nil
	}
	if y == nil {
		return fmt.Errorf("external method: supervised is set but no class labels were given")
	}
	if len(y) != n {
		return fmt.Errorf("external method: %d labels for %d rows", len(y), n)
	}
	for i, l := range y {
		if l < 0 {
			return fmt.Errorf("external method: label y[%d] = %d; class labels must be 0..c-1", i, l)
		}
	}
	return nil
}

// checkFinite checks that X has rows and columns, all finite.
func checkFinite(X *mat.Dense) error {
	if X == nil || X.IsEmpty() {
		return fmt.Errorf("external method: empty data matrix")
	}
	n, _ := X.Dims()
	for i := range n {
		for j, v := range X.RawRowView(i) {
			if math.IsNaN(v) || math.IsInf(v, 0) {
				return fmt.Errorf("external method: X[%d][%d] = %v; remove or impute non-finite values first", i, j, v)
			}
		}
	}
	return nil
}

// fit records the provenance and runs the command once on X (and y).
func (m *Method) fit(ctx context.Context, X *mat.Dense, y []int, apply *mat.Dense) (*result, error) {
	m.ctx = ctx
	if m.runs == 0 || m.files == nil {
		m.prog, m.files = provenance(m.Command)
	}
	if !m.Supervised {
		y = nil
	}
	m.runs++
	return run(ctx, m, X, y, apply)
}

// Selector is the external selection method (external-select).
type Selector struct {
	Method `param:",inline"`

	selected []int
	scores   []float64
}

// NewSelector returns an external selection method with the defaults (no
// command yet: a config or flag must give one).
func NewSelector() *Selector { return &Selector{Method: defaults()} }

// Fit runs the command on X (and y when supervised).
func (s *Selector) Fit(X *mat.Dense, y []int) error {
	return s.FitContext(context.Background(), X, y)
}

// FitContext is Fit, killing the command when ctx is canceled.
func (s *Selector) FitContext(ctx context.Context, X *mat.Dense, y []int) error {
	s.selected, s.scores, s.runs = nil, nil, 0
	if err := s.check(X, y); err != nil {
		return err
	}
	if _, d := X.Dims(); s.K > d {
		return fmt.Errorf("external method: k = %d but the data has %d columns", s.K, d)
	}
	res, err := s.fit(ctx, X, y, nil)
	if err != nil {
		return err
	}
	s.selected, s.scores = res.selected, res.scores
	return nil
}

// Selected returns the columns the command chose, most important first.
func (s *Selector) Selected() []int { return s.selected }

// Scores returns the command's per-column scores (nil when it gave none).
func (s *Selector) Scores() []float64 { return s.scores }

// Extractor is the external extraction method (external-extract).
type Extractor struct {
	Method `param:",inline"`

	train    *mat.Dense // a copy of the training matrix
	y        []int
	features *mat.Dense
}

// NewExtractor returns an external extraction method with the defaults (no
// command yet).
func NewExtractor() *Extractor {
	e := &Extractor{Method: defaults()}
	e.extraction = true
	return e
}

// Fit runs the command on X (and y when supervised).
func (e *Extractor) Fit(X *mat.Dense, y []int) error {
	return e.FitContext(context.Background(), X, y)
}

// FitContext is Fit, killing the command when ctx is canceled.
func (e *Extractor) FitContext(ctx context.Context, X *mat.Dense, y []int) error {
	e.train, e.y, e.features, e.runs = nil, nil, nil, 0
	if err := e.check(X, y); err != nil {
		return err
	}
	res, err := e.fit(ctx, X, y, nil)
	if err != nil {
		return err
	}
	e.train, e.features = mat.DenseCopyOf(X), res.features
	if e.Supervised {
		e.y = append([]int(nil), y...)
	}
	return nil
}

// Embedding returns the features of the training rows.
func (e *Extractor) Embedding() *mat.Dense { return e.features }

// Transform returns the features of the rows of X: those the command gave
// for the training rows when X holds them (bit for bit), otherwise the
// apply_features of a new run with X as apply.txt, under the context of the
// last Fit. The features that run gives for the training rows must equal
// the first run's.
func (e *Extractor) Transform(X *mat.Dense) (*mat.Dense, error) {
	if e.features == nil {
		return nil, fmt.Errorf("external method: Transform before Fit")
	}
	if err := checkFinite(X); err != nil {
		return nil, err
	}
	_, d := e.train.Dims()
	if _, c := X.Dims(); c != d {
		return nil, fmt.Errorf("external method: Transform of a matrix with %d columns; it was fitted on %d", c, d)
	}
	if mat.Equal(X, e.train) {
		return mat.DenseCopyOf(e.features), nil
	}
	res, err := e.fit(e.ctx, e.train, e.y, X)
	if err != nil {
		return nil, err
	}
	if diff, scale := maxDiff(res.features, e.features); !(diff <= 1e-8*math.Max(1, scale)) {
		return nil, fmt.Errorf("external method %q: the features of the training rows differ between two runs with the same input and seed (largest difference %.3g): the command must be deterministic, or the rows it transforms get features in another basis", e.Command, diff)
	}
	return res.apply, nil
}

// maxDiff returns the largest absolute difference of a and b (+Inf when
// their shapes differ) and the largest magnitude in b.
func maxDiff(a, b *mat.Dense) (diff, scale float64) {
	ra, ca := a.Dims()
	rb, cb := b.Dims()
	if ra != rb || ca != cb {
		return math.Inf(1), 0
	}
	for i := range ra {
		x, y := a.RawRowView(i), b.RawRowView(i)
		for j := range x {
			diff = math.Max(diff, math.Abs(x[j]-y[j]))
			scale = math.Max(scale, math.Abs(y[j]))
		}
	}
	return diff, scale
}

// Duration is a parameter holding a time.Duration, written as Go writes
// durations (90s, 10m, 1h30m; 0 for none).
type Duration time.Duration

// UnmarshalText reads a Go duration (or 0).
func (d *Duration) UnmarshalText(b []byte) error {
	s := strings.TrimSpace(string(b))
	if s == "0" {
		*d = 0
		return nil
	}
	v, err := time.ParseDuration(s)
	if err != nil {
		return fmt.Errorf("%q is not a duration: write it with a unit, e.g. 90s, 10m or 2h", s)
	}
	*d = Duration(v)
	return nil
}

// MarshalText writes the duration as time.Duration's String does.
func (d Duration) MarshalText() ([]byte, error) { return []byte(time.Duration(d).String()), nil }

func (d Duration) String() string { return time.Duration(d).String() }
