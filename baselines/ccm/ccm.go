package ccm

import (
	"cmp"
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

	"github.com/gsbench/gsbench/baselines/internal/selection"
	"github.com/gsbench/gsbench/internal/memory"
	"github.com/gsbench/gsbench/internal/par"
	"github.com/gsbench/gsbench/preprocess"
)

// streamTies is the random stream (second argument of rand.NewPCG) of the
// order among equal weights.
const streamTies = 1

// CCM selects features by kernel conditional covariance minimization.
// Create it with New.
type CCM struct {
	K            int     `param:"k" doc:"number of features to select; 0 ranks them all"`
	NumFeatures  int     `param:"num_features" auto:"k when k > 0, else ceil(d/5) for d <= 100 and 100 beyond" doc:"m: the constraint sum w = m of the relaxed problem; 0: k when k > 0, else the UFFS authors' rule ceil(d/5) for d <= 100 and 100 beyond"`
	Epsilon      float64 `param:"epsilon" doc:"regularization: (G_X + n epsilon I)^-1 (the CCM authors' classification examples and the UFFS authors: 0.001)"`
	LearningRate float64 `param:"learning_rate" doc:"step of the projected gradient descent (CCM authors' ccm(): 0.001)"`
	Iterations   int     `param:"iterations" doc:"projected gradient steps (the CCM authors' classification examples and the UFFS authors: 100)"`
	Bandwidth    float64 `param:"bandwidth" auto:"the median of the pairwise distances" doc:"sigma of the Gaussian kernel exp(-||x - x'||^2 / (2 sigma^2)) on the standardized data; 0: the median of the pairwise distances, the authors' choice"`
	Seed         uint64  `param:"seed" doc:"seed of the random order among equal final weights (the authors break ties with a random permutation)"`
	Workers      int     // goroutines for the O(n^2) loops; 0: GOMAXPROCS. Results do not depend on it.

	scores   []float64
	selected []int
	report   map[string]any
}

// New returns CCM with the settings of the CCM authors' classification
// examples (run_synthetic.py), which the UFFS authors also used: epsilon =
// 0.001, 100 iterations, learning rate 0.001 (ccm()'s default), the median
// heuristic for the bandwidth.
func New() *CCM { return &CCM{Epsilon: 1e-3, LearningRate: 1e-3, Iterations: 100} }

// Validate checks the parameters that do not depend on the data.
func (m *CCM) Validate() error {
	switch {
	case m.K < 0:
		return fmt.Errorf("ccm: k = %d: want 0 (rank all) or a positive number of features", m.K)
	case m.NumFeatures < 0:
		return fmt.Errorf("ccm: num_features = %d: want a positive budget m (sum w = m), or 0 for k or the UFFS authors' rule", m.NumFeatures)
	case !(m.Epsilon > 0) || math.IsInf(m.Epsilon, 1):
		return fmt.Errorf("ccm: epsilon = %v: want a positive regularization (the authors use 0.001)", m.Epsilon)
	case !(m.LearningRate > 0) || math.IsInf(m.LearningRate, 1):
		return fmt.Errorf("ccm: learning_rate = %v: want a positive step (the authors use 0.001)", m.LearningRate)
	case m.Iterations < 0:
		return fmt.Errorf("ccm: iterations = %d: want a non-negative number (the authors use 100)", m.Iterations)
	case !(m.Bandwidth >= 0) || math.IsInf(m.Bandwidth, 1):
		return fmt.Errorf("ccm: bandwidth = %v: want a positive sigma, or 0 for the median heuristic", m.Bandwidth)
	}
	return nil
}

// Budget returns the constraint sum w = m used for d features: NumFeatures,
// or K when it is 0 and K > 0, or else the UFFS authors' rule (ICML_final.py,
// ccm_feature_selection): ceil(d/5) for d <= 100, 100 beyond.
func (m *CCM) Budget(d int) int {
	switch {
	case m.NumFeatures > 0:
		return m.NumFeatures
	case m.K > 0:
		return m.K
	case d <= 100:
		return (d + 4) / 5
	}
	return 100
}

// Bytes returns the memory CCM needs for n samples and d features: four n x
// n matrices (kernel, centered system, its Cholesky factor, the gradient
// weights), the n(n-1)/2 distances of the median heuristic, and the
// standardized data.
func Bytes(n, d int) int64 {
	nn := memory.Dense(n, n)
	if nn < 0 || nn > math.MaxInt64/5 {
		return -1
	}
	return 4*nn + nn/2 + 3*memory.Dense(n, d)
}

// Fit calls FitContext with a background context.
func (m *CCM) Fit(X *mat.Dense, y []int) error { return m.FitContext(context.Background(), X, y) }

// FitContext runs the projected gradient descent of CCM on X (n x d) and
// the class labels y (0..c-1, at least two classes with samples), checking
// ctx between iterations. X is not modified.
func (m *CCM) FitContext(ctx context.Context, X *mat.Dense, y []int) error {
	if err := m.Validate(); err != nil {
		return err
	}
	if err := selection.Check("ccm", X, m.K); err != nil {
		return err
	}
	n, d := X.Dims()
	Y, err := targets(y, n)
	if err != nil {
		return err
	}
	budget := m.Budget(d)
	if budget > d {
		return fmt.Errorf("ccm: num_features = %d exceeds the %d features", budget, d)
	}
	if err := memory.Check(fmt.Sprintf("ccm: the n x n kernel matrices of %d samples (CCM is cubic in n)", n), Bytes(n, d)); err != nil {
		return err
	}
	Z, constant := standardize(X)
	sigma := m.Bandwidth
	if sigma == 0 {
		sigma = medianDistance(Z, m.Workers)
		if !(sigma > 0) {
			return fmt.Errorf("ccm: all samples coincide (median distance 0): no bandwidth for the Gaussian kernel; set bandwidth")
		}
	}
	w := project(slices.Repeat([]float64{1}, d), float64(budget))
	s := newSolver(Z, Y, sigma, m.Epsilon, m.Workers)
	losses := make([]float64, 0, m.Iterations)
	for it := 0; it < m.Iterations; it++ {
		if err := ctx.Err(); err != nil {
			return err
		}
		loss, grad, err := s.gradient(w)
		if err != nil {
			return err
		}
		losses = append(losses, loss)
		// The authors' update: w -= lr * gradient, clip to [0, 1], then
		// project onto the simplex of size m when sum w > m.
		for j := range w {
			w[j] = min(max(w[j]-m.LearningRate*grad[j], 0), 1)
		}
		if floats.Sum(w) > float64(budget) {
			w = project(w, float64(budget))
		}
	}
	for _, v := range w {
		if math.IsNaN(v) {
			return fmt.Errorf("ccm: the weights diverged (NaN); lower learning_rate or raise epsilon")
		}
	}
	// Rank by decreasing weight, ties in a random order (the authors'
	// np.random.permutation), constant columns last.
	order := rand.New(rand.NewPCG(m.Seed, streamTies)).Perm(d)
	slices.SortStableFunc(order, func(a, b int) int {
		if constant[a] != constant[b] {
			if constant[a] {
				return 1
			}
			return -1
		}
		return cmp.Compare(w[b], w[a])
	})
	m.scores, m.selected = w, selection.Top(order, m.K)
	m.report = map[string]any{"bandwidth": sigma, "num_features": budget, "loss": losses, "iterations": m.Iterations}
	return nil
}

// targets returns the centered response of the authors' classification
// types: +-1 (the smaller present label -1) for two classes ("binary"), the
// one-hot indicators of the present classes for more ("categorical"; the
// UFFS authors choose the type by the number of classes).
func targets(y []int, n int) (*mat.Dense, error) {
	col, present, err := selection.Present("ccm", y, n)
	if err != nil {
		return nil, err
	}
	if present < 2 {
		return nil, fmt.Errorf("ccm: the labels name %d class; CCM needs at least two", present)
	}
	var Y *mat.Dense
	if present == 2 {
		Y = mat.NewDense(n, 1, nil)
		for i, l := range y {
			Y.Set(i, 0, float64(2*col[l]-1))
		}
	} else {
		Y = mat.NewDense(n, present, nil)
		for i, l := range y {
			Y.Set(i, col[l], 1)
		}
	}
	_, k := Y.Dims()
	for j := 0; j < k; j++ {
		var s float64
		for i := 0; i < n; i++ {
			s += Y.At(i, j)
		}
		mean := s / float64(n)
		for i := 0; i < n; i++ {
			Y.Set(i, j, Y.At(i, j)-mean)
		}
	}
	return Y, nil
}

// standardize returns (X - mean) / std per column (ddof 0, the authors'
// whitening) and the columns that are constant, which are set to 0 (the
// authors' code would divide by 0).
func standardize(X *mat.Dense) (*mat.Dense, []bool) {
	n, d := X.Dims()
	constant := preprocess.ConstantColumns(X)
	Z := mat.NewDense(n, d, nil)
	x := make([]float64, n)
	for j := 0; j < d; j++ {
		if constant[j] {
			continue
		}
		mat.Col(x, j, X)
		mean := floats.Sum(x) / float64(n)
		var ss float64
		for i, v := range x {
			x[i] = v - mean
			ss += x[i] * x[i]
		}
		std := math.Sqrt(ss / float64(n))
		for i := range x {
			x[i] /= std
		}
		Z.SetCol(j, x)
	}
	return Z, constant
}

// medianDistance returns the median of the Euclidean distances between all
// n^2 ordered pairs of rows, the n zero self-distances included (the
// authors' np.median over the n x n distance tensor).
func medianDistance(Z *mat.Dense, workers int) float64 {
	n, _ := Z.Dims()
	if n == 1 {
		return 0
	}
	off := make([]float64, n*(n-1)/2)
	par.Chunks(n, 16, workers, func(_, lo, hi int) {
		for i := lo; i < hi; i++ {
			zi := Z.RawRowView(i)
			p := i*(n-1) - i*(i-1)/2 // start of row i's pairs (i, j > i)
			for j := i + 1; j < n; j++ {
				var s float64
				for k, v := range Z.RawRowView(j) {
					e := zi[k] - v
					s += e * e
				}
				off[p+j-i-1] = math.Sqrt(s)
			}
		}
	})
	slices.Sort(off)
	// Position p of the sorted n^2 values: n zeros, then every distance twice.
	at := func(p int) float64 {
		if p < n {
			return 0
		}
		return off[(p-n)/2]
	}
	N := n * n
	if N%2 == 1 {
		return at(N / 2)
	}
	return (at(N/2-1) + at(N/2)) / 2
}

// project returns the Euclidean projection of v onto the simplex {w >= 0,
// sum w = z} (Duchi, Shalev-Shwartz, Singer & Chandra, ICML 2008, Fig. 1),
// as the authors' project.
func project(v []float64, z float64) []float64 {
	mu := slices.Clone(v)
	slices.Sort(mu)
	slices.Reverse(mu)
	var cum, theta float64
	for j, u := range mu {
		cum += u
		if u*float64(j+1) > cum-z {
			theta = (cum - z) / float64(j+1)
		}
	}
	out := make([]float64, len(v))
	for i, x := range v {
		out[i] = max(x-theta, 0)
	}
	return out
}

// solver evaluates the relaxed CCM objective and its gradient.
type solver struct {
	Z, Y       *mat.Dense
	sigma, eps float64
	workers    int
	n, d       int
	A, K, C    *mat.Dense // scaled rows, kernel, gradient weights
	norms      []float64
}

func newSolver(Z, Y *mat.Dense, sigma, eps float64, workers int) *solver {
	n, d := Z.Dims()
	return &solver{Z: Z, Y: Y, sigma: sigma, eps: eps, workers: workers, n: n, d: d,
		A: mat.NewDense(n, d, nil), K: mat.NewDense(n, n, nil), norms: make([]float64, n)}
}

// gradient returns the loss tr(Y' (G_X(w) + n eps I)^-1 Y) and its gradient
// in w, G_X(w) = H K H the centered Gaussian kernel of the rows of Z * w
// (CCM Eq. 10 relaxed with w in place of the binary selector; the authors'
// CCM graph). With Ahat = H (G_X + n eps I)^-1 Y, B = Ahat Ahat' and C = B .* K,
//
//	dL/dw_l = (2 w_l / sigma^2) (sum_i (C 1)_i z_il^2 - z_l' C z_l).
func (s *solver) gradient(w []float64) (float64, []float64, error) {
	n, d := s.n, s.d
	for i := 0; i < n; i++ {
		floats.MulTo(s.A.RawRowView(i), s.Z.RawRowView(i), w)
		a := s.A.RawRowView(i)
		s.norms[i] = floats.Dot(a, a)
	}
	// K_ij = exp(-||a_i - a_j||^2 / (2 sigma^2)) from the Gram matrix.
	gram := blas64.General{Rows: n, Cols: n, Stride: n, Data: s.K.RawMatrix().Data}
	blas64.Gemm(blas.NoTrans, blas.Trans, 1, s.A.RawMatrix(), s.A.RawMatrix(), 0, gram)
	inv2s2 := 1 / (2 * s.sigma * s.sigma)
	par.Chunks(n, 32, s.workers, func(_, lo, hi int) {
		for i := lo; i < hi; i++ {
			row := s.K.RawRowView(i)
			for j := range row {
				d2 := max(s.norms[i]+s.norms[j]-2*row[j], 0)
				row[j] = math.Exp(-d2 * inv2s2)
			}
			row[i] = 1
		}
	})
	// G = H K H + n eps I, K symmetric: G_ij = K_ij - m_i - m_j + m.
	mean := make([]float64, n)
	var all float64
	for i := 0; i < n; i++ {
		mean[i] = floats.Sum(s.K.RawRowView(i)) / float64(n)
		all += mean[i]
	}
	all /= float64(n)
	G := mat.NewSymDense(n, nil)
	par.Chunks(n, 32, s.workers, func(_, lo, hi int) {
		for i := lo; i < hi; i++ {
			row := s.K.RawRowView(i)
			for j := i; j < n; j++ {
				G.SetSym(i, j, row[j]-mean[i]-mean[j]+all)
			}
			G.SetSym(i, i, G.At(i, i)+float64(n)*s.eps)
		}
	})
	var chol mat.Cholesky
	if !chol.Factorize(G) {
		return 0, nil, fmt.Errorf("ccm: the regularized kernel matrix is not positive definite (raise epsilon)")
	}
	var Ahat mat.Dense
	if err := chol.SolveTo(&Ahat, s.Y); err != nil {
		var c mat.Condition
		if !errors.As(err, &c) {
			return 0, nil, fmt.Errorf("ccm: %w", err)
		}
	}
	loss := 0.0
	_, c := s.Y.Dims()
	for i := 0; i < n; i++ {
		loss += floats.Dot(s.Y.RawRowView(i), Ahat.RawRowView(i))
	}
	// Center Ahat's columns (H A; exactly centered in exact arithmetic).
	for j := 0; j < c; j++ {
		var sum float64
		for i := 0; i < n; i++ {
			sum += Ahat.At(i, j)
		}
		mu := sum / float64(n)
		for i := 0; i < n; i++ {
			Ahat.Set(i, j, Ahat.At(i, j)-mu)
		}
	}
	// C = (Ahat Ahat') .* K, in place of K.
	if s.C == nil {
		s.C = mat.NewDense(n, n, nil)
	}
	s.C.Mul(&Ahat, Ahat.T())
	r := make([]float64, n)
	par.Chunks(n, 32, s.workers, func(_, lo, hi int) {
		for i := lo; i < hi; i++ {
			floats.Mul(s.C.RawRowView(i), s.K.RawRowView(i))
			r[i] = floats.Sum(s.C.RawRowView(i))
		}
	})
	var CZ mat.Dense
	CZ.Mul(s.C, s.Z)
	grad := make([]float64, d)
	for i := 0; i < n; i++ {
		z, cz := s.Z.RawRowView(i), CZ.RawRowView(i)
		for l := range grad {
			grad[l] += r[i]*z[l]*z[l] - z[l]*cz[l]
		}
	}
	for l := range grad {
		grad[l] *= 2 * w[l] / (s.sigma * s.sigma)
	}
	return loss, grad, nil
}

// Selected returns the selected columns, largest weight first (equal
// weights in a random order drawn from Seed, constant columns last).
func (m *CCM) Selected() []int { return m.selected }

// Scores returns the final weight w_j in [0, 1] of every column: higher is
// better.
func (m *CCM) Scores() []float64 { return m.scores }

// Report gives the bandwidth sigma, the budget m, the iterations and the
// loss tr(Y' (G_X(w) + n eps I)^-1 Y) before every update.
func (m *CCM) Report() map[string]any { return m.report }
