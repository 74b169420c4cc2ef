package pca

import (
	"fmt"
	"math"

	"gonum.org/v1/gonum/floats"
	"gonum.org/v1/gonum/mat"

	"github.com/gsbench/gsbench/internal/linalg"
)

// Why Fit stopped adding components.
const (
	StopCount     = "count"     // K components were extracted
	StopThreshold = "threshold" // the next eigenvalue was <= eps2
	StopRank      = "rank"      // the remaining directions have no variance
	StopAll       = "all"       // every direction was extracted
)

// PCA is principal component analysis. Start from New, which holds the
// defaults; a literal must set Ddof (its zero value, the population
// covariance, is used as given).
type PCA struct {
	K    int     `param:"k" doc:"extract exactly k components instead of using the threshold"`
	Eps2 float64 `param:"eps2" doc:"threshold epsilon^2: stop at the first eigenvalue <= eps2 (the residual variance, as GFR; used when k = 0); 0 keeps every direction of non-zero variance (scikit-learn's n_components=None)"`
	Eps  float64 `param:"eps" excludes:"eps2" doc:"the threshold as epsilon: eps2 = eps^2 (0: not given)"`
	Ddof int     `param:"ddof" doc:"covariance divisor n - ddof: 1 as scikit-learn's explained_variance_, 0 as GFR (the PCA row of journal Table II)"`

	mean       []float64
	components *mat.Dense // d x m
	trace      []float64  // m variances, then the (m+1)-th when there is one
	m          int
	total      float64 // total variance: trace of the covariance
	stop       string
}

// New returns PCA with the defaults: every direction of non-zero variance
// (no count, no threshold: scikit-learn's n_components=None) and the
// covariance divisor n - 1 of scikit-learn's explained_variance_.
func New() *PCA { return &PCA{Ddof: 1} }

// Validate checks the parameters without data.
func (p *PCA) Validate() error {
	_, err := p.threshold()
	return err
}

// threshold checks the parameters and returns the threshold epsilon^2
// (journal Table II: the PCA row stops, as GFR, at the first eigenvalue
// <= eps2).
func (p *PCA) threshold() (float64, error) {
	switch {
	case p.K < 0:
		return 0, fmt.Errorf("pca: k = %d: want a non-negative number of components (0: use the threshold)", p.K)
	case !(p.Eps2 >= 0) || !(p.Eps >= 0) || math.IsInf(p.Eps2, 0) || math.IsInf(p.Eps, 0):
		return 0, fmt.Errorf("pca: eps2 = %v, eps = %v: a threshold must be non-negative and finite", p.Eps2, p.Eps)
	case p.Eps2 > 0 && p.Eps > 0:
		return 0, fmt.Errorf("pca: give eps2 or eps, not both")
	case p.Ddof < 0:
		return 0, fmt.Errorf("pca: ddof = %d: want a non-negative covariance divisor offset (1 as scikit-learn, 0 as GFR)", p.Ddof)
	}
	if p.Eps > 0 {
		return p.Eps * p.Eps, nil
	}
	return p.Eps2, nil
}

// Fit computes the principal components of the n x d matrix X (rows are
// samples). y is ignored. X is not modified; on error the estimator keeps
// the previous fit, if any.
func (p *PCA) Fit(X *mat.Dense, _ []int) error {
	eps2, err := p.threshold()
	if err != nil {
		return err
	}
	n, d := X.Dims()
	if n == 0 || d == 0 {
		return fmt.Errorf("pca: empty matrix (%d x %d)", n, d)
	}
	if n-p.Ddof < 1 {
		return fmt.Errorf("pca: %d samples with ddof %d leave no degrees of freedom; need at least %d samples", n, p.Ddof, p.Ddof+1)
	}
	if p.K > d {
		return fmt.Errorf("pca: k = %d components requested, but the data has only %d features", p.K, d)
	}
	xc, mean, err := Center(X)
	if err != nil {
		return fmt.Errorf("pca: %w", err)
	}
	cov := mat.NewSymDense(d, nil)
	cov.SymOuterK(1/float64(n-p.Ddof), xc.T()) // one BLAS-3 product (dsyrk)
	total := 0.0
	for j := 0; j < d; j++ {
		total += cov.At(j, j)
	}
	if math.IsInf(total, 0) || math.IsNaN(total) {
		return fmt.Errorf("pca: the variance of X overflows float64; rescale the data (e.g. --preprocess standardize)")
	}
	if total == 0 {
		// Every column is constant: there is no direction to extract.
		if p.K > 0 {
			return fmt.Errorf("pca: k = %d components requested, but every column of X is constant (rank 0)", p.K)
		}
		p.mean, p.total, p.components, p.trace, p.m, p.stop = mean, total, &mat.Dense{}, []float64{0}, 0, StopRank
		return nil
	}

	want := d // threshold rule: the number of components is found from the eigenvalues
	if p.K > 0 {
		want = min(p.K+1, d) // K components and the residual variance after them
	}
	vals, vecs, err := linalg.EigenSym(cov, want, true)
	if err != nil {
		return fmt.Errorf("pca: %w", err)
	}
	for j, v := range vals {
		vals[j] = math.Max(v, 0) // rounding can make zero eigenvalues slightly negative
	}
	// Eigenvalues below this are rounding noise of the covariance product:
	// the corresponding directions carry no variance.
	zero := float64(max(n, d)) * 0x1p-52 * vals[0]
	m := 0
	var stop string
	switch {
	case p.K > 0:
		if vals[p.K-1] <= zero {
			r := 0
			for r < len(vals) && vals[r] > zero {
				r++
			}
			return fmt.Errorf("pca: k = %d components requested, but X has rank %d (only %d directions of non-zero variance); ask for at most %d", p.K, r, r, r)
		}
		m, stop = p.K, StopCount
	default:
		for m < d && vals[m] > eps2 && vals[m] > zero {
			m++
		}
		switch {
		case m == d:
			stop = StopAll
		case vals[m] > eps2:
			stop = StopRank
		default:
			stop = StopThreshold
		}
	}
	components := &mat.Dense{}
	if m > 0 {
		components = mat.DenseCopyOf(vecs.Slice(0, d, 0, m))
	}
	p.mean, p.total, p.components, p.trace, p.m, p.stop = mean, total, components, vals[:min(m+1, len(vals))], m, stop
	return nil
}

// Components returns the d x m matrix whose columns are the principal
// directions, by decreasing variance, each with its entry of largest
// magnitude positive.
func (p *PCA) Components() *mat.Dense { return p.components }

// Trace returns the variances of the m components (the eigenvalues of the
// covariance, divisor n - Ddof) in decreasing order, followed by the
// (m+1)-th eigenvalue when m < d: the residual variance that stopped Fit.
func (p *PCA) Trace() []float64 { return p.trace }

// ExplainedVariance returns the variances of the m components
// (scikit-learn's explained_variance_ with Ddof 1).
func (p *PCA) ExplainedVariance() []float64 { return p.trace[:p.m] }

// ExplainedVarianceRatio returns each component's share of the total
// variance (scikit-learn's explained_variance_ratio_).
func (p *PCA) ExplainedVarianceRatio() []float64 {
	r := make([]float64, p.m)
	for j := range r {
		r[j] = p.trace[j] / p.total
	}
	return r
}

// Mean returns the column means of the training data.
func (p *PCA) Mean() []float64 { return p.mean }

// Transform projects the rows of X, centered with the training means, on the
// components: Z = (X - mean) W, an n x m matrix.
func (p *PCA) Transform(X *mat.Dense) (*mat.Dense, error) {
	if p.mean == nil {
		return nil, fmt.Errorf("pca: Transform called before Fit")
	}
	return Project(X, p.mean, p.components, "pca")
}

// Report returns why Fit stopped, the number of components and the total
// variance of the data.
func (p *PCA) Report() map[string]any {
	return map[string]any{"stop": p.stop, "components": p.m, "total_variance": p.total}
}

// Center returns X minus its column means, and the means. It fails on NaN or
// Inf entries, naming the first one.
func Center(X *mat.Dense) (*mat.Dense, []float64, error) {
	n, d := X.Dims()
	mean := make([]float64, d)
	for i := 0; i < n; i++ {
		for j, v := range X.RawRowView(i) {
			if math.IsNaN(v) || math.IsInf(v, 0) {
				return nil, nil, fmt.Errorf("X[%d][%d] = %v; remove or impute non-finite values first", i, j, v)
			}
			mean[j] += v
		}
	}
	for j := range mean {
		mean[j] /= float64(n)
	}
	xc := mat.NewDense(n, d, nil)
	for i := 0; i < n; i++ {
		floats.SubTo(xc.RawRowView(i), X.RawRowView(i), mean)
	}
	return xc, mean, nil
}

// Project returns (X - mean) W for the n x d matrix X and the d x m matrix
// W, checking the shapes and that X is finite; method prefixes the errors.
// An empty W gives an n x 0 result.
func Project(X *mat.Dense, mean []float64, W *mat.Dense, method string) (*mat.Dense, error) {
	n, d := X.Dims()
	if d != len(mean) {
		return nil, fmt.Errorf("%s: X has %d columns, the model was fitted on %d", method, d, len(mean))
	}
	if W.IsEmpty() {
		return mat.NewDense(n, 1, nil).Slice(0, n, 0, 0).(*mat.Dense), nil
	}
	xc := mat.NewDense(n, d, nil)
	for i := 0; i < n; i++ {
		row, x := xc.RawRowView(i), X.RawRowView(i)
		for j := range row {
			v := x[j]
			if math.IsNaN(v) || math.IsInf(v, 0) {
				return nil, fmt.Errorf("%s: X[%d][%d] = %v is not finite", method, i, j, v)
			}
			row[j] = v - mean[j]
		}
	}
	var z mat.Dense
	z.Mul(xc, W)
	return &z, nil
}
