package algorithms

import (
	"fmt"
	"math"

	"gonum.org/v1/gonum/blas"
	"gonum.org/v1/gonum/blas/blas64"
	"gonum.org/v1/gonum/floats"
	"gonum.org/v1/gonum/mat"

	"github.com/gsbench/gsbench/internal/linalg"
)

// GFR is Gram-Schmidt Functional Reduction (journal Algorithm 2; algebraic
// form Algorithm 7). At step j it takes the top unit eigenvector nu_j of the
// residual covariance Sigma_j, stops when lambda_j = nu_j^T Sigma_j nu_j <=
// Eps2 (or after K directions when K > 0), and otherwise orthogonalizes the
// functions of Z_j = X^T nu_j that the family makes available. With
// Multilinear(1) it coincides with PCA (population covariance, ddof 0).
//
// Directions follow linalg.FlipSign: the entry of largest magnitude is positive.
type GFR struct {
	Family Family  // function family F(z); required
	Eps2   float64 // threshold epsilon^2 on lambda_j (used when K == 0)
	K      int     // when > 0, extract exactly K directions (fewer if the variance is exhausted)
	Tol    float64 // dependence tolerance; 0 means DefaultTol

	mean       []float64
	components *mat.Dense // d x m
	trace      []float64
	stop       Stop
	stats      Stats
}

// Fit runs GFR on the n x d matrix X. y is ignored.
func (g *GFR) Fit(X *mat.Dense, _ []int) error {
	if g.K < 0 || g.Eps2 < 0 {
		return fmt.Errorf("gfr: thresholds and k must be non-negative")
	}
	o, err := NewOrthogonalizer(X, g.Family, g.Tol, true)
	if err != nil {
		return fmt.Errorf("gfr: %w", err)
	}
	d := o.d
	g.mean = columnMeans(X)
	if isLinear(g.Family) {
		return g.fitLinear(o.Covariance())
	}
	g.trace = g.trace[:0]
	sigma := o.Covariance()
	scale := 0.0 // bound on ||Sigma_j||: trace(Sigma_1) until lambda_1 is known
	for i := 0; i < d; i++ {
		scale += sigma.At(i, i)
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
		case g.K == 0 && lambda <= g.Eps2:
			g.stop = StopThreshold
		case lambda <= zeroVariance*scale:
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
// decreasing order, which one partial eigendecomposition gives at once (the
// K+1 largest, or every eigenvalue above Eps2).
func (g *GFR) fitLinear(sigma1 *mat.SymDense) error {
	d := sigma1.SymmetricDim()
	var vals []float64
	var vecs *mat.Dense
	var err error
	if g.K > 0 {
		vals, vecs, err = linalg.EigenSym(sigma1, min(g.K+1, d), true)
	} else {
		vals, vecs, err = linalg.EigenSymAbove(sigma1, g.Eps2, true)
	}
	if err != nil {
		return fmt.Errorf("gfr: %w", err)
	}
	var lambda1 float64
	if len(vals) > 0 {
		lambda1 = vals[0]
	} else if top, _, err := linalg.EigenSym(sigma1, 1, false); err == nil {
		lambda1 = top[0] // at or below Eps2: no direction
	} else {
		return fmt.Errorf("gfr: %w", err)
	}
	floor := zeroVariance * lambda1
	m := 0 // number of directions
	for m < len(vals) && !(g.K > 0 && m == g.K) && vals[m] > floor {
		m++
	}
	// The value that stops the method, lambda_{m+1}: returned already, or
	// (threshold mode, every eigenvalue above Eps2 taken) the largest
	// eigenvalue of the residual covariance Sigma_{m+1}.
	g.trace = make([]float64, 0, m+1)
	for _, v := range vals[:m] {
		g.trace = append(g.trace, math.Max(v, 0))
	}
	next := lambda1
	switch {
	case m == d:
	case m < len(vals):
		next = vals[m]
	case m > 0:
		next = residualTop(sigma1, vals[:m], vecs)
	}
	if m < d {
		g.trace = append(g.trace, math.Max(next, 0))
	}
	switch {
	case m == d:
		g.stop = StopAll
	case g.K > 0 && m == g.K:
		g.stop = StopCount
	case g.K == 0 && next <= g.Eps2:
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

// residualTop returns the largest eigenvalue of Sigma_{m+1} = Sigma_1 -
// sum_{j<=m} lambda_j nu_j nu_j^T, for the m leading eigenpairs of Sigma_1,
// without a second factorization: the Krylov solver on the deflated matrix.
func residualTop(sigma1 *mat.SymDense, vals []float64, vecs *mat.Dense) float64 {
	d := sigma1.SymmetricDim()
	m := len(vals)
	S := mat.NewSymDense(d, nil)
	S.CopySym(sigma1)
	// Sigma_{m+1} = Sigma_1 - W W^T with W = [sqrt(lambda_j) nu_j].
	W := mat.NewDense(d, m, nil)
	for j, v := range vals {
		for i := 0; i < d; i++ {
			W.Set(i, j, math.Sqrt(math.Max(v, 0))*vecs.At(i, j))
		}
	}
	raw := S.RawSymmetric()
	w := W.RawMatrix()
	blas64.Implementation().Dsyrk(blas.Upper, blas.NoTrans, d, m, -1, w.Data, w.Stride, 1, raw.Data, raw.Stride)
	lambda, _ := newTopEigen().top(S, vals[0])
	return lambda
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
func (g *GFR) Report() map[string]any { return report(g.stop, g.stats) }

func columnMeans(X mat.Matrix) []float64 {
	n, d := X.Dims()
	mean := make([]float64, d)
	col := make([]float64, n)
	for j := range mean {
		mat.Col(col, j, X)
		mean[j] = floats.Sum(col) / float64(n)
	}
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
