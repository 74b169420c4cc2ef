package algorithms

import (
	"fmt"
	"math"

	"gonum.org/v1/gonum/floats"
	"gonum.org/v1/gonum/mat"

	"github.com/gsbench/gsbench/internal/linalg"
	"github.com/gsbench/gsbench/internal/memory"
)

// GFR is Gram-Schmidt Functional Reduction (journal Algorithm 2; algebraic
// form Algorithm 7). At step j it takes the top unit eigenvector nu_j of the
// residual covariance Sigma_j, stops when lambda_j = nu_j^T Sigma_j nu_j <=
// Eps2 (or after K directions when K > 0), and otherwise orthogonalizes the
// functions of Z_j = X^T nu_j that the family makes available. With
// Multilinear(1) it coincides with PCA (population covariance, ddof 0).
//
// Directions follow linalg.FlipSign: the entry of largest magnitude is
// positive. Start from NewGFR, which holds the defaults.
type GFR struct {
	Family Family    `param:"family" doc:"function family F(z): multilinear:k, multilinear:k+squares, poly:k, hermite:k, fourier:k or monomials:z1,z1*z2,... (gsbench list families)"`
	Eps2   float64   `param:"eps2" doc:"threshold epsilon^2: stop when lambda_j, the residual variance along the next direction, is <= eps2 (used when k = 0); 0 runs until the residual variance is exhausted"`
	Eps    float64   `param:"eps" excludes:"eps2" doc:"the threshold as epsilon: eps2 = eps^2 (0: not given)"`
	K      int       `param:"k" doc:"when > 0, extract exactly k directions (fewer if the variance is exhausted) instead of using the threshold"`
	Tol    float64   `param:"tol" doc:"relative residual norm below which a function counts as dependent on the kept ones"`
	Basis  Precision `param:"basis" key:"omitdefault" doc:"storage of the orthonormal functions: float64, or float32 for half the memory (products and variances still accumulated in float64; the dependence tolerance is then at least 1e-5, Float32Tol)"`

	mean       []float64
	components *mat.Dense // d x m
	trace      []float64
	stop       Stop
	stats      Stats
}

// NewGFR returns GFR with the defaults: the multilinear family of degree 2,
// no threshold (eps2 = 0: extract until the residual variance is exhausted,
// or K directions) and the dependence tolerance DefaultTol.
func NewGFR() *GFR { return &GFR{Family: Multilinear(2), Tol: DefaultTol} }

// Validate checks the parameters.
func (g *GFR) Validate() error {
	_, err := threshold("gfr", g.Family, g.Eps2, g.Eps, g.K, g.Tol, g.Basis)
	return err
}

// Fit runs GFR on the n x d matrix X. y is ignored.
func (g *GFR) Fit(X *mat.Dense, _ []int) error {
	eps2, err := threshold("gfr", g.Family, g.Eps2, g.Eps, g.K, g.Tol, g.Basis)
	if err != nil {
		return err
	}
	n, d := X.Dims()
	if g.K > d {
		return fmt.Errorf("gfr: k = %d directions requested, but the data has %d features", g.K, d)
	}
	opt := EngineOptions{Tol: g.Tol, Covariance: true, Basis: g.Basis, What: "gfr"}
	extra := int64(0)
	if isLinear(g.Family) {
		extra = 3 * memory.Dense(d, d) // the eigendecomposition of Sigma_1 (fitLinear)
	}
	if err := checkFit("gfr", n, d, g.Family, g.K, opt, extra); err != nil {
		return err
	}
	o, err := NewEngine(X, g.Family, opt)
	if err != nil {
		return fmt.Errorf("gfr: %w", err)
	}
	defer o.Free()
	g.mean = o.Means()
	if isLinear(g.Family) {
		return g.fitLinear(o.Covariance(), eps2)
	}
	g.trace = g.trace[:0]
	sigma := o.Covariance()
	scale := 0.0 // bound on ||Sigma_j||: trace(Sigma_1) until lambda_1 is known
	initial := make([]float64, d)
	for i := 0; i < d; i++ {
		initial[i] = sigma.At(i, i)
		scale += initial[i]
	}
	var dirs [][]float64
	g.stop = ""
	eig := newTopEigen()
	for step := 0; ; step++ {
		if len(dirs) == d {
			g.stop = StopAll
			break
		}
		lambda, nu := eig.top(sigma, scale)
		if step == 0 {
			scale = lambda
		}
		g.trace = append(g.trace, lambda)
		switch {
		case g.K > 0 && len(dirs) == g.K:
			g.stop = StopCount
		case g.K == 0 && lambda <= eps2:
			g.stop = StopThreshold
		case lambda <= zeroVariance*startVariance(nu, initial):
			g.stop = StopExhausted
		case o.Full():
			g.stop = StopSamples
		}
		if g.stop != "" {
			break
		}
		dirs = append(dirs, nu)
		if err := o.AddDirection(nu); err != nil {
			return fmt.Errorf("gfr: %w", err)
		}
		eig.deflate(o.LastUpdate())
	}
	g.components = columnsMatrix(d, dirs)
	g.stats = o.Stats()
	return nil
}

// fitLinear is GFR for a linear family. Then C = Sigma_j nu_j / sqrt(lambda_j)
// = sqrt(lambda_j) nu_j (Lemma 2(a)), so Sigma_{j+1} = Sigma_j - lambda_j
// nu_j nu_j^T: the steps of Algorithm 2 are the eigenpairs of Sigma_1 in
// decreasing order, and the value that stops the method, the top eigenvalue
// of Sigma_{m+1}, is lambda_{m+1}. One partial eigendecomposition gives them
// all (the K+1 largest, or every eigenvalue above Eps2 and the next one).
func (g *GFR) fitLinear(sigma1 *mat.SymDense, eps2 float64) error {
	d := sigma1.SymmetricDim()
	var vals []float64
	var vecs *mat.Dense
	var err error
	if g.K > 0 {
		vals, vecs, err = linalg.EigenSym(sigma1, min(g.K+1, d), true)
	} else {
		vals, vecs, err = linalg.EigenSymDownTo(sigma1, eps2, true)
	}
	if err != nil {
		return fmt.Errorf("gfr: %w", err)
	}
	initial := make([]float64, d)
	for i := range initial {
		initial[i] = sigma1.At(i, i)
	}
	nu := make([]float64, d)
	m := 0 // number of directions
	for m < len(vals) && (g.K > 0 && m < g.K || g.K == 0 && vals[m] > eps2) {
		if vals[m] <= zeroVariance*startVariance(mat.Col(nu, m, vecs), initial) {
			break
		}
		m++
	}
	g.trace = make([]float64, 0, m+1)
	for _, v := range vals[:min(m+1, len(vals))] {
		g.trace = append(g.trace, math.Max(v, 0))
	}
	switch {
	case m == d:
		g.stop = StopAll
	case g.K > 0 && m == g.K:
		g.stop = StopCount
	case g.K == 0 && vals[m] <= eps2:
		g.stop = StopThreshold
	default:
		g.stop = StopExhausted
	}
	g.components = &mat.Dense{}
	if m > 0 {
		g.components = mat.DenseCopyOf(vecs.Slice(0, d, 0, m))
	}
	g.stats = Stats{Evaluated: m, Kept: m}
	return nil
}

// Components returns the d x m matrix of the directions nu_1..nu_m.
func (g *GFR) Components() *mat.Dense { return g.components }

// Trace returns lambda_j for every extracted direction, followed by the value
// that stopped the method (at or below Eps2) when there is one.
func (g *GFR) Trace() []float64 { return g.trace }

// Transform projects the rows of X, centered with the training means, on the
// directions: Z = (X - mean) [nu_1 ... nu_m].
func (g *GFR) Transform(X *mat.Dense) (*mat.Dense, error) {
	return project(X, g.mean, g.components, "gfr")
}

// Report returns why GFR stopped and what the orthogonalization did.
func (g *GFR) Report() map[string]any { return report(g.stop, g.stats, g.Basis) }

// startVariance is the variance the direction nu had before any step,
// sum_i nu_i^2 Var(X_i) up to the covariances: the scale of the rounding
// noise in the residual variance along nu, below zeroVariance times which
// that residual counts as exhausted.
func startVariance(nu, initial []float64) float64 {
	var v float64
	for i, x := range nu {
		v += x * x * initial[i]
	}
	return v
}

// columnMeans returns the column means of X, summed row by row (a strided
// pass per column was a twentieth of GFR's time on COIL-20).
func columnMeans(X *mat.Dense) []float64 {
	n, d := X.Dims()
	mean := make([]float64, d)
	for i := 0; i < n; i++ {
		floats.Add(mean, X.RawRowView(i))
	}
	floats.Scale(1/float64(n), mean)
	return mean
}

// columnsMatrix returns the d x len(cols) matrix with the given columns.
func columnsMatrix(d int, cols [][]float64) *mat.Dense {
	if len(cols) == 0 {
		return &mat.Dense{}
	}
	m := mat.NewDense(d, len(cols), nil)
	for j, c := range cols {
		m.SetCol(j, c)
	}
	return m
}

// project returns (X - mean) W, checking shapes.
func project(X *mat.Dense, mean []float64, W *mat.Dense, method string) (*mat.Dense, error) {
	if mean == nil {
		return nil, fmt.Errorf("%s: Transform called before Fit", method)
	}
	n, d := X.Dims()
	if d != len(mean) {
		return nil, fmt.Errorf("%s: X has %d columns, the model was fitted on %d", method, d, len(mean))
	}
	if W.IsEmpty() {
		return mat.NewDense(n, 1, nil).Slice(0, n, 0, 0).(*mat.Dense), nil
	}
	xc := mat.NewDense(n, d, nil)
	for i := 0; i < n; i++ {
		row := xc.RawRowView(i)
		for j := range row {
			row[j] = X.At(i, j) - mean[j]
			if math.IsNaN(row[j]) || math.IsInf(row[j], 0) {
				return nil, fmt.Errorf("%s: X[%d][%d] is not finite", method, i, j)
			}
		}
	}
	var z mat.Dense
	z.Mul(xc, W)
	return &z, nil
}
