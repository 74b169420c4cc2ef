package fastica

import (
	"context"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"

	"gonum.org/v1/gonum/blas"
	"gonum.org/v1/gonum/blas/blas64"
	"gonum.org/v1/gonum/floats"
	"gonum.org/v1/gonum/mat"

	"github.com/gsbench/gsbench/baselines/pca"
	"github.com/gsbench/gsbench/internal/linalg"
)

// Algorithm is the way the components are estimated.
type Algorithm string

// The algorithms (scikit-learn's names).
const (
	Parallel  Algorithm = "parallel"  // all components at once, symmetric decorrelation
	Deflation Algorithm = "deflation" // one component at a time, Gram-Schmidt deflation
)

// Choices lists the algorithms.
func (Algorithm) Choices() []string { return []string{string(Parallel), string(Deflation)} }

// Fun is the contrast function G; its derivative g is what the fixed-point
// step uses.
type Fun string

// The contrast functions (scikit-learn's names).
const (
	LogCosh Fun = "logcosh" // G(u) = log cosh(alpha u) / alpha, g(u) = tanh(alpha u)
	Exp     Fun = "exp"     // G(u) = -exp(-u^2/2), g(u) = u exp(-u^2/2)
	Cube    Fun = "cube"    // G(u) = u^4/4, g(u) = u^3
)

// Choices lists the contrast functions.
func (Fun) Choices() []string { return []string{string(LogCosh), string(Exp), string(Cube)} }

// FastICA is independent component analysis by FastICA. Start from New,
// which holds scikit-learn's defaults.
type FastICA struct {
	K         int       `param:"k" auto:"the rank of X (scikit-learn's n_components=None: all)" doc:"number of components; 0: automatic"`
	Algorithm Algorithm `param:"algorithm" doc:"parallel (all components at once, symmetric decorrelation) or deflation (one at a time)"`
	Fun       Fun       `param:"fun" doc:"contrast function: logcosh, exp or cube"`
	Alpha     float64   `param:"alpha" doc:"logcosh: G(u) = log cosh(alpha u) / alpha, alpha in [1, 2]"`
	MaxIter   int       `param:"max_iter" doc:"iterations before stopping unconverged (reported, as scikit-learn warns)"`
	Tol       float64   `param:"tol" doc:"converged when max_i | |<w_i, w_i_old>| - 1 | < tol"`
	Seed      uint64    `param:"seed" doc:"seed of the initial unmixing matrix"`

	mean       []float64
	components *mat.Dense // d x m unmixing matrix
	mixing     *mat.Dense // d x m
	iterations int
	converged  bool
	change     float64 // last max_i | |<w_i, w_i_old>| - 1 |
}

// New returns FastICA with the defaults of scikit-learn's FastICA:
// n_components=None (K 0: the rank of X), algorithm 'parallel', fun
// 'logcosh' with fun_args {'alpha': 1.0}, max_iter 200 and tol 1e-4.
func New() *FastICA {
	return &FastICA{Algorithm: Parallel, Fun: LogCosh, Alpha: 1, MaxIter: 200, Tol: 1e-4}
}

// Validate checks the parameters without data, with scikit-learn's
// constraints: max_iter >= 1, tol >= 0 (0: iterate max_iter times) and, for
// logcosh, alpha in [1, 2].
func (f *FastICA) Validate() error {
	switch {
	case f.K < 0:
		return fmt.Errorf("fastica: k = %d: want a non-negative number of components (0: the rank of X)", f.K)
	case !slices.Contains(f.Algorithm.Choices(), string(f.Algorithm)):
		return fmt.Errorf("fastica: unknown algorithm %q: use parallel or deflation", f.Algorithm)
	case !slices.Contains(f.Fun.Choices(), string(f.Fun)):
		return fmt.Errorf("fastica: unknown fun %q: use logcosh, exp or cube", f.Fun)
	case !(f.Alpha >= 1 && f.Alpha <= 2):
		return fmt.Errorf("fastica: alpha = %v: want a value in [1, 2] (scikit-learn's range; New sets 1)", f.Alpha)
	case f.MaxIter < 1:
		return fmt.Errorf("fastica: max_iter = %d: want at least 1 iteration (New sets 200)", f.MaxIter)
	case !(f.Tol >= 0) || math.IsInf(f.Tol, 0):
		return fmt.Errorf("fastica: tol = %v: want a non-negative finite tolerance (New sets 1e-4)", f.Tol)
	}
	return nil
}

// settings are the parameters of a fit, and its outcome.
type settings struct {
	fun        Fun
	alpha, tol float64
	maxIter    int
	iters      int     // iterations done (the largest over components for deflation)
	converged  bool    // every component met the tolerance
	change     float64 // the last max_i | |<w_i, w_i_old>| - 1 |
}

// Fit finds the unmixing matrix of the n x d matrix X. y is ignored; X is
// not modified. On error the estimator keeps the previous fit, if any.
func (f *FastICA) Fit(X *mat.Dense, y []int) error {
	return f.FitContext(context.Background(), X, y)
}

// FitContext is Fit stopping with ctx's error when ctx is canceled: it
// checks ctx after the whitening and before every fixed-point iteration.
func (f *FastICA) FitContext(ctx context.Context, X *mat.Dense, _ []int) error {
	if err := f.Validate(); err != nil {
		return err
	}
	if err := ctx.Err(); err != nil {
		return err
	}
	s := settings{fun: f.Fun, alpha: f.Alpha, tol: f.Tol, maxIter: f.MaxIter}
	n, _ := X.Dims()
	if n < 2 {
		return fmt.Errorf("fastica: need at least 2 samples, got %d", n)
	}
	// Whitening (population covariance, as scikit-learn's): the m leading
	// principal directions E scaled by 1/sqrt(lambda).
	p := &pca.PCA{K: f.K, Ddof: 0}
	if err := p.Fit(X, nil); err != nil {
		return fmt.Errorf("fastica: whitening: %w", err)
	}
	E, lambda := p.Components(), p.ExplainedVariance()
	m := len(lambda)
	if m == 0 {
		return fmt.Errorf("fastica: every column of X is constant: there is nothing to separate")
	}
	d, _ := E.Dims()
	white := mat.NewDense(d, m, nil)
	for j := 0; j < m; j++ {
		for i := 0; i < d; i++ {
			white.Set(i, j, E.At(i, j)/math.Sqrt(lambda[j]))
		}
	}
	Z, err := pca.Project(X, p.Mean(), white, "fastica")
	if err != nil {
		return err
	}
	// Whitened data one component a row (m x n), so that the fixed-point
	// products are row-major BLAS-3.
	zt := mat.DenseCopyOf(Z.T())

	rng := rand.New(rand.NewPCG(f.Seed, 0x696361)) // stream "ica"
	w0 := mat.NewDense(m, m, nil)
	for i := 0; i < m; i++ {
		for j := 0; j < m; j++ {
			w0.Set(i, j, rng.NormFloat64())
		}
	}
	var W *mat.Dense
	if f.Algorithm == Parallel {
		W, err = parallel(ctx, zt, w0, &s)
	} else {
		W, err = deflation(ctx, zt, w0, &s)
	}
	if err != nil {
		if errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded) {
			return err // ctx's error, as it is
		}
		return fmt.Errorf("fastica: %w", err)
	}

	// Unit-variance sources: divide each row of W by the standard deviation
	// of its source (1 up to rounding, W being orthogonal).
	var S mat.Dense
	S.Mul(W, zt)
	for i := 0; i < m; i++ {
		row := S.RawRowView(i)
		sd := math.Sqrt(floats.Dot(row, row) / float64(n))
		if !(sd > 0) {
			return fmt.Errorf("fastica: source %d has zero variance", i)
		}
		floats.Scale(1/sd, W.RawRowView(i))
	}
	// Unmixing matrix C = white W^T (d x m): sources = (X - mean) C.
	C := mat.NewDense(d, m, nil)
	C.Mul(white, W.T())
	col := make([]float64, d)
	for j := 0; j < m; j++ {
		mat.Col(col, j, C)
		if linalg.FlipSign(col) {
			C.SetCol(j, col)
		}
	}
	mixing, err := pinv(C)
	if err != nil {
		return fmt.Errorf("fastica: %w", err)
	}
	f.mean, f.components, f.mixing = p.Mean(), C, mixing
	f.iterations, f.converged, f.change = s.iters, s.converged, s.change
	return nil
}

// parallel runs the symmetric FastICA iteration on the whitened m x n data
// zt from the initial matrix w0 (Hyvärinen and Oja 2000, eq. 44-45):
// W <- E{g(W z) z^T} - diag(E{g'(W z)}) W, then W <- (W W^T)^(-1/2) W.
func parallel(ctx context.Context, zt, w0 *mat.Dense, s *settings) (*mat.Dense, error) {
	m, n := zt.Dims()
	W, err := symDecorrelate(w0)
	if err != nil {
		return nil, err
	}
	bl := blas64.Implementation()
	gx := mat.NewDense(m, n, nil)
	W1 := mat.NewDense(m, m, nil)
	gp := make([]float64, m)
	z := zt.RawMatrix()
	for s.iters = 1; ; s.iters++ {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		gx.Mul(W, zt)
		for i := 0; i < m; i++ {
			gp[i] = g(s.fun, s.alpha, gx.RawRowView(i))
		}
		// W1 = gx zt^T / n - diag(gp) W.
		w1 := W1.RawMatrix()
		gr := gx.RawMatrix()
		bl.Dgemm(blas.NoTrans, blas.Trans, m, m, n, 1/float64(n), gr.Data, gr.Stride, z.Data, z.Stride, 0, w1.Data, w1.Stride)
		for i := 0; i < m; i++ {
			floats.AddScaled(W1.RawRowView(i), -gp[i], W.RawRowView(i))
		}
		next, err := symDecorrelate(W1)
		if err != nil {
			return nil, err
		}
		s.change = 0
		for i := 0; i < m; i++ {
			c := math.Abs(math.Abs(floats.Dot(next.RawRowView(i), W.RawRowView(i))) - 1)
			s.change = math.Max(s.change, c)
		}
		W = next
		if s.change < s.tol {
			s.converged = true
			return W, nil
		}
		if s.iters == s.maxIter {
			return W, nil
		}
	}
}

// deflation estimates the components one at a time (Hyvärinen 1999, eq. 20):
// w <- E{z g(w^T z)} - E{g'(w^T z)} w, made orthogonal to the components
// already found and normalized.
func deflation(ctx context.Context, zt, w0 *mat.Dense, s *settings) (*mat.Dense, error) {
	m, n := zt.Dims()
	W := mat.NewDense(m, m, nil)
	bl := blas64.Implementation()
	z := zt.RawMatrix()
	wx := make([]float64, n)
	w1 := make([]float64, m)
	s.converged = true
	for j := 0; j < m; j++ {
		w := W.RawRowView(j)
		copy(w, w0.RawRowView(j))
		norm := floats.Norm(w, 2)
		if norm == 0 {
			return nil, fmt.Errorf("initial vector %d is zero", j)
		}
		floats.Scale(1/norm, w)
		done, change := false, 0.0
		it := 1
		for ; ; it++ {
			if err := ctx.Err(); err != nil {
				return nil, err
			}
			bl.Dgemv(blas.Trans, m, n, 1, z.Data, z.Stride, w, 1, 0, wx, 1)
			gp := g(s.fun, s.alpha, wx)
			bl.Dgemv(blas.NoTrans, m, n, 1/float64(n), z.Data, z.Stride, wx, 1, 0, w1, 1)
			floats.AddScaled(w1, -gp, w)
			for k := 0; k < j; k++ {
				q := W.RawRowView(k)
				floats.AddScaled(w1, -floats.Dot(w1, q), q)
			}
			norm := floats.Norm(w1, 2)
			if !(norm > 0) {
				return nil, fmt.Errorf("component %d vanished in the deflation step", j)
			}
			floats.Scale(1/norm, w1)
			change = math.Abs(math.Abs(floats.Dot(w1, w)) - 1)
			copy(w, w1)
			if change < s.tol {
				done = true
				break
			}
			if it == s.maxIter {
				break
			}
		}
		s.iters = max(s.iters, it)
		s.converged = s.converged && done
		s.change = math.Max(s.change, change)
	}
	return W, nil
}

// symDecorrelate returns (W W^T)^(-1/2) W, the orthogonal matrix nearest to
// W, through the eigendecomposition of W W^T.
func symDecorrelate(W *mat.Dense) (*mat.Dense, error) {
	m, _ := W.Dims()
	M := mat.NewSymDense(m, nil)
	M.SymOuterK(1, W)
	vals, U, err := linalg.EigenSym(M, 0, true)
	if err != nil {
		return nil, fmt.Errorf("symmetric decorrelation: %w", err)
	}
	// U diag(1/sqrt(s)) U^T W; eigenvalues are clipped away from 0 as in
	// scikit-learn (a singular W W^T means two rows are parallel).
	D := mat.NewDense(m, m, nil)
	for j := 0; j < m; j++ {
		s := math.Max(vals[j], math.SmallestNonzeroFloat64)
		for i := 0; i < m; i++ {
			D.Set(i, j, U.At(i, j)/math.Sqrt(s))
		}
	}
	var P, out mat.Dense
	P.Mul(D, U.T())
	out.Mul(&P, W)
	for _, v := range out.RawMatrix().Data {
		if math.IsNaN(v) || math.IsInf(v, 0) {
			return nil, fmt.Errorf("symmetric decorrelation produced non-finite values (the unmixing matrix became singular)")
		}
	}
	return &out, nil
}

// pinv returns the Moore-Penrose pseudo-inverse of the m x d matrix C^T as a
// d x m matrix, C (C^T C)^-1, C having full column rank.
func pinv(C *mat.Dense) (*mat.Dense, error) {
	_, m := C.Dims()
	G := mat.NewSymDense(m, nil)
	G.SymOuterK(1, C.T())
	var chol mat.Cholesky
	if !chol.Factorize(G) {
		return nil, fmt.Errorf("the unmixing matrix is singular: cannot form the mixing matrix")
	}
	var inv mat.SymDense
	if err := chol.InverseTo(&inv); err != nil {
		return nil, fmt.Errorf("mixing matrix: %w", err)
	}
	var out mat.Dense
	out.Mul(C, &inv)
	return &out, nil
}

// Components returns the d x m unmixing matrix C: the sources of the rows
// of X are (X - mean) C (scikit-learn's components_ transposed).
func (f *FastICA) Components() *mat.Dense { return f.components }

// Mixing returns the d x m mixing matrix A, the pseudo-inverse of C^T: X is
// approximately mean + S A^T (scikit-learn's mixing_).
func (f *FastICA) Mixing() *mat.Dense { return f.mixing }

// Trace returns the variance of each source on the training data: 1, as
// the sources are scaled to unit variance (listed so that FastICA reports
// the variances every extractor reports).
func (f *FastICA) Trace() []float64 {
	if f.components == nil {
		return nil
	}
	_, m := f.components.Dims()
	t := make([]float64, m)
	for i := range t {
		t[i] = 1
	}
	return t
}

// Mean returns the column means of the training data.
func (f *FastICA) Mean() []float64 { return f.mean }

// Transform returns the sources of the rows of X: (X - mean) C, n x m.
func (f *FastICA) Transform(X *mat.Dense) (*mat.Dense, error) {
	if f.mean == nil {
		return nil, fmt.Errorf("fastica: Transform called before Fit")
	}
	return pca.Project(X, f.mean, f.components, "fastica")
}

// Report returns the iterations done (scikit-learn's n_iter_; for
// deflation the largest over the components), whether every component met
// the tolerance, and the last change max_i | |<w_i, w_i_old>| - 1 |.
// Like scikit-learn, which only warns, Fit keeps a result that did not
// converge.
func (f *FastICA) Report() map[string]any {
	return map[string]any{"iterations": f.iterations, "converged": f.converged, "change": f.change}
}

// g applies the contrast derivative to u in place and returns the mean of
// its derivative g'(u) (scikit-learn's _logcosh, _exp, _cube).
func g(fun Fun, alpha float64, u []float64) float64 {
	sum := 0.0
	switch fun {
	case LogCosh:
		for i, v := range u {
			t := math.Tanh(alpha * v)
			u[i] = t
			sum += alpha * (1 - t*t)
		}
	case Exp:
		for i, v := range u {
			e := math.Exp(-v * v / 2)
			u[i] = v * e
			sum += (1 - v*v) * e
		}
	case Cube:
		for i, v := range u {
			u[i] = v * v * v
			sum += 3 * v * v
		}
	}
	return sum / float64(len(u))
}
