package methods

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"gonum.org/v1/gonum/mat"

	"github.com/gsbench/gsbench/internal/testutil"
)

// The estimator contract (CONTRIBUTING.md), checked on every registered
// method in the style of scikit-learn's check_estimator: Fit never panics
// and never modifies X; on constant, duplicated, tiny, p >> n and badly
// scaled inputs it returns an error or a result without NaN or Inf; on
// non-finite input it returns an error; the same parameters give the same
// result; a method that fits under a context stops when it is canceled.

// conformanceParams makes each method small and fast enough for the suite;
// every other parameter keeps its default.
var conformanceParams = map[string]Params{
	"umap":        {"n_epochs": 20, "n_neighbors": 5},
	"autoencoder": {"epochs": 3, "layers": "8"},
	"ndfs":        {"max_iter": 30, "n_clusters": 2},
	"udfs":        {"max_iter": 30, "n_clusters": 2},
	"mcfs":        {"n_clusters": 2},
	// The external methods run awk scripts (awk is in every POSIX system).
	"external-select":  {"command": "awk -f ../examples/awk/fisher.awk", "supervised": true},
	"external-extract": {"command": "awk -f external/testdata/center.awk"},
}

type conformanceCase struct {
	name   string
	X      *mat.Dense
	finite bool // false: the input holds NaN or Inf, and Fit must fail
	must   bool // Fit must succeed (well-posed input)
}

func conformanceInputs() []conformanceCase {
	rng := rand.New(rand.NewPCG(2026, 11))
	normal := testutil.RandNormal(rng, 40, 6)
	withCol := func(f func(X *mat.Dense)) *mat.Dense {
		X := mat.DenseCopyOf(normal)
		f(X)
		return X
	}
	return []conformanceCase{
		{"normal", normal, true, true},
		{"constant column", withCol(func(X *mat.Dense) {
			for i := range 40 {
				X.Set(i, 2, 3)
			}
		}), true, true},
		{"duplicated column", withCol(func(X *mat.Dense) {
			for i := range 40 {
				X.Set(i, 5, X.At(i, 1))
			}
		}), true, true},
		{"all constant", mat.NewDense(40, 4, slices.Repeat([]float64{1}, 160)), true, false},
		{"p >> n", testutil.RandNormal(rng, 12, 60), true, false},
		{"tiny", mat.NewDense(3, 2, []float64{1, 2, 3, 5, 4, 1}), true, false},
		{"badly scaled", withCol(func(X *mat.Dense) {
			for i := range 40 {
				X.Set(i, 0, X.At(i, 0)*1e-100)
				X.Set(i, 3, X.At(i, 3)*1e100)
			}
		}), true, false},
		{"NaN", withCol(func(X *mat.Dense) { X.Set(7, 1, math.NaN()) }), false, false},
		{"Inf", withCol(func(X *mat.Dense) { X.Set(3, 4, math.Inf(-1)) }), false, false},
	}
}

func labels(n int) []int {
	y := make([]int, n)
	for i := range y {
		y[i] = i % 2
	}
	return y
}

// fitted is what one fit produced, for the determinism check.
type fitted struct {
	selected []int
	features *mat.Dense
}

func TestConformance(t *testing.T) {
	for _, spec := range All() {
		if strings.HasSuffix(spec.Name, "-test") {
			continue // registered by this package's own tests
		}
		// Not in parallel: the methods share the BLAS library's thread pool,
		// whose size a parallel section changes, and rounding (amplified on
		// rank-deficient inputs) can depend on it.
		t.Run(spec.Name, func(t *testing.T) {
			for _, in := range conformanceInputs() {
				n, d := in.X.Dims()
				p := conformanceParams[spec.Name].Clone()
				if _, ok := spec.Param("k"); ok {
					p["k"] = min(2, d)
				}
				first, err := conformanceFit(spec, p, in.X, labels(n))
				var v violation
				switch {
				case !in.finite && err == nil:
					t.Errorf("%s: Fit accepted non-finite input", in.name)
				case errors.As(err, &v):
					t.Errorf("%s: %v", in.name, err)
				case err != nil && in.must:
					t.Errorf("%s: Fit failed on a well-posed input: %v", in.name, err)
				case err != nil:
					t.Logf("%s: %v", in.name, err) // a clear error is an acceptable answer
				case err == nil && in.finite:
					again, err := conformanceFit(spec, p, in.X, labels(n))
					if err != nil {
						t.Errorf("%s: the second fit failed: %v", in.name, err)
					} else if !slices.Equal(first.selected, again.selected) ||
						first.features != nil && !mat.Equal(first.features, again.features) {
						t.Errorf("%s: two fits with the same parameters differ", in.name)
					}
				}
			}
		})
	}
}

// violation is a breach of the contract (as opposed to an error Fit may
// legitimately return on a degenerate input).
type violation struct{ msg string }

func (v violation) Error() string { return v.msg }

func violated(format string, args ...any) error { return violation{fmt.Sprintf(format, args...)} }

// conformanceFit builds the method, fits it on a copy of X, checks the
// contract on the result and returns it. A panic, a modified X and a bad
// output are violations; the error Fit returns is not.
func conformanceFit(spec Spec, p Params, X *mat.Dense, y []int) (res fitted, err error) {
	defer func() {
		if r := recover(); r != nil {
			err = violated("panic: %v", r)
		}
	}()
	m, err := spec.New(p)
	if err != nil {
		return res, violated("building with %v: %v", p, err)
	}
	Xc := mat.DenseCopyOf(X)
	if err := m.Fit(Xc, y); err != nil {
		if !sameBits(Xc, X) {
			return res, violated("a failed Fit modified X (%v)", err)
		}
		return res, err
	}
	if !sameBits(Xc, X) {
		return res, violated("Fit modified X")
	}
	return res, checkFitted(m, Xc, &res)
}

// sameBits reports whether a and b hold the same bits (NaN equal to NaN).
func sameBits(a, b *mat.Dense) bool {
	ra, rb := a.RawMatrix(), b.RawMatrix()
	if ra.Rows != rb.Rows || ra.Cols != rb.Cols {
		return false
	}
	for i := range ra.Rows {
		x, y := a.RawRowView(i), b.RawRowView(i)
		for j := range x {
			if math.Float64bits(x[j]) != math.Float64bits(y[j]) {
				return false
			}
		}
	}
	return true
}

func finiteAll(xs []float64) bool {
	for _, v := range xs {
		if math.IsNaN(v) || math.IsInf(v, 0) {
			return false
		}
	}
	return true
}

// checkFitted checks the outputs of a fitted method.
func checkFitted(m Method, X *mat.Dense, res *fitted) error {
	n, d := X.Dims()
	bad := violated
	if s, ok := m.(Selector); ok {
		sel := s.Selected()
		seen := map[int]bool{}
		for _, j := range sel {
			if j < 0 || j >= d || seen[j] {
				return bad("Selected() = %v is not a set of distinct columns of 0..%d", sel, d-1)
			}
			seen[j] = true
		}
		res.selected = slices.Clone(sel)
	}
	if s, ok := m.(Scorer); ok {
		if sc := s.Scores(); len(sc) != d || !finiteAll(sc) {
			return bad("Scores() = %v: want %d finite scores", sc, d)
		}
	}
	if tr, ok := m.(Tracer); ok && !finiteAll(tr.Trace()) {
		return bad("Trace() = %v holds NaN or Inf", tr.Trace())
	}
	if e, ok := m.(Extractor); ok {
		Z, err := e.Transform(X)
		if err != nil {
			return bad("Transform of the training rows failed: %v", err)
		}
		if r, _ := Z.Dims(); r != n || !finiteAll(Z.RawMatrix().Data) {
			return bad("Transform gives %d rows (want %d) or NaN/Inf", r, n)
		}
		res.features = Z
	}
	if e, ok := m.(Embedder); ok {
		if Z := e.Embedding(); Z != nil && !finiteAll(mat.DenseCopyOf(Z).RawMatrix().Data) {
			return bad("Embedding() holds NaN or Inf")
		}
	}
	if r, ok := m.(Reporter); ok {
		if _, err := json.Marshal(r.Report()); err != nil {
			return bad("Report() is not JSON-encodable: %v", err)
		}
	}
	return nil
}

// TestConformanceCanceled checks that every method that fits under a
// context stops with the context's error when it is canceled.
func TestConformanceCanceled(t *testing.T) {
	X := testutil.RandNormal(rand.New(rand.NewPCG(1, 1)), 60, 5)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	for _, spec := range All() {
		p := conformanceParams[spec.Name].Clone()
		if _, ok := spec.Param("k"); ok {
			p["k"] = 2
		}
		m, err := spec.New(p)
		if err != nil {
			t.Fatalf("%s: %v", spec.Name, err)
		}
		if _, ok := m.(ContextFitter); !ok {
			continue
		}
		if err := Fit(ctx, m, X, labels(60)); !errors.Is(err, context.Canceled) {
			t.Errorf("%s: FitContext with a canceled context returned %v, want context.Canceled", spec.Name, err)
		}
	}
}
