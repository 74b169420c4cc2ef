package lpp

import (
	"fmt"
	"math"

	"gonum.org/v1/gonum/floats"
	"gonum.org/v1/gonum/mat"

	"github.com/gsbench/gsbench/baselines/graph"
	"github.com/gsbench/gsbench/baselines/pca"
	_ "github.com/gsbench/gsbench/internal/fastblas" // OpenBLAS for the d x d products
	"github.com/gsbench/gsbench/internal/linalg"
	"github.com/gsbench/gsbench/internal/par"
)

// Edge weights.
const (
	Adjacency = "adjacency" // 1 on every edge (lpproj's default)
	Heat      = "heat"      // exp(-||x_i - x_j||^2 / width^2) (lpproj's 'heat')
)

// Defaults: lpproj's LocalityPreservingProjection.
const (
	DefaultNeighbors = 5   // n_neighbors, the point itself included
	DefaultWidth     = 1.0 // weight_width
	// DefaultRidge is the ridge added to X^T D X, relative to its largest
	// eigenvalue.
	DefaultRidge = 1e-10
)

// LPP is Locality Preserving Projections. Zero values of the fields other
// than K mean lpproj's defaults.
type LPP struct {
	K         int     // number of components; required
	Neighbors int     // k-nearest-neighbour graph, the point itself included; 0 means 5
	Weight    string  // Adjacency ("" too) or Heat
	Width     float64 // heat-kernel width; 0 means 1
	// Ridge, relative to the largest eigenvalue of X^T D X, is added to
	// it; 0 means DefaultRidge, negative means none.
	Ridge float64

	mean        []float64
	components  *mat.Dense // d x m
	eigenvalues []float64
	variances   []float64
	rank        int
	offDiagonal float64
}

// Fit computes the projections of the n x d matrix X. y is ignored; X is
// not modified.
func (l *LPP) Fit(X *mat.Dense, _ []int) error {
	nb, weight, width, ridge, err := l.resolve()
	if err != nil {
		return err
	}
	n, d := X.Dims()
	switch {
	case l.K > d:
		return fmt.Errorf("lpp: k = %d components requested, but X has only %d features", l.K, d)
	case nb > n:
		return fmt.Errorf("lpp: n_neighbors = %d (the point itself included) but X has only %d samples", nb, n)
	}
	xc, mean, err := pca.Center(X)
	if err != nil {
		return fmt.Errorf("lpp: %w", err)
	}

	// lpproj links every point to its n_neighbors nearest points, itself
	// included, and symmetrizes with the maximum; graph.Affinity counts
	// the neighbours besides the point and writes the heat kernel as
	// exp(-d^2 / (2 t^2)), so width = sqrt(2) t.
	opt := graph.Options{NNeighbors: nb - 1, Weight: graph.Binary, SelfLoops: true}
	if weight == Heat {
		opt.Weight, opt.T = graph.HeatKernel, width/math.Sqrt2
	}
	W, err := graph.Affinity(xc, opt)
	if err != nil {
		return fmt.Errorf("lpp: %w", err)
	}
	l.offDiagonal = W.OffDiagonalFraction()
	if l.offDiagonal == 0 {
		return fmt.Errorf("lpp: every edge weight of the neighbour graph is 0 (the heat kernel underflows at these distances): raise weight_width or use adjacency weights")
	}
	A, B := laplacianForms(xc, W)

	// Generalized problem A a = lambda B a, smallest lambda (He and Niyogi
	// 2003, eq. 4). With B = U S U^T: directions where S is numerically
	// zero carry no data and are dropped, a ridge is added to the rest, and
	// M = S^-1/2 U^T A U S^-1/2 is a standard symmetric problem;
	// a = U S^-1/2 v is then normalized a^T B a = 1 (scipy.linalg.eigh's
	// convention, which lpproj returns).
	s, U, err := linalg.EigenSym(B, 0, true)
	if err != nil {
		return fmt.Errorf("lpp: %w", err)
	}
	if s[0] <= 0 {
		return fmt.Errorf("lpp: every column of X is constant: there is nothing to project")
	}
	zero := float64(max(n, d)) * 0x1p-52 * s[0]
	r := 0
	for r < d && s[r] > zero {
		r++
	}
	if l.K > r {
		return fmt.Errorf("lpp: k = %d components requested, but X has rank %d (only %d directions of non-zero variance); ask for at most %d", l.K, r, r, r)
	}
	P := mat.NewDense(d, r, nil) // U S^-1/2 on the kept directions
	for j := 0; j < r; j++ {
		f := 1 / math.Sqrt(s[j]+ridge*s[0])
		for i := 0; i < d; i++ {
			P.Set(i, j, U.At(i, j)*f)
		}
	}
	var AP, M mat.Dense
	AP.Mul(A, P)
	M.Mul(P.T(), &AP)
	Ms := mat.NewSymDense(r, nil)
	for i := 0; i < r; i++ {
		for j := i; j < r; j++ {
			Ms.SetSym(i, j, -0.5*(M.At(i, j)+M.At(j, i))) // negated: EigenSym returns the largest
		}
	}
	vals, V, err := linalg.EigenSym(Ms, l.K, true)
	if err != nil {
		return fmt.Errorf("lpp: %w", err)
	}
	C := mat.NewDense(d, l.K, nil)
	C.Mul(P, V)
	l.eigenvalues = make([]float64, l.K)
	col := make([]float64, d)
	for j := range l.eigenvalues {
		l.eigenvalues[j] = math.Max(-vals[j], 0) // A is positive semidefinite
		mat.Col(col, j, C)
		linalg.FlipSign(col)
		C.SetCol(j, col)
	}
	var Z mat.Dense
	Z.Mul(xc, C)
	l.variances = make([]float64, l.K)
	for j := range l.variances {
		z := mat.Col(nil, j, &Z)
		l.variances[j] = floats.Dot(z, z) / float64(n)
	}
	l.mean, l.components, l.rank = mean, C, r
	return nil
}

// Validate checks the parameters without data.
func (l *LPP) Validate() error {
	_, _, _, _, err := l.resolve()
	return err
}

// resolve returns the parameters with their defaults, or an error.
func (l *LPP) resolve() (nb int, weight string, width, ridge float64, err error) {
	nb, weight, width, ridge = l.Neighbors, l.Weight, l.Width, l.Ridge
	if nb == 0 {
		nb = DefaultNeighbors
	}
	if weight == "" {
		weight = Adjacency
	}
	if width == 0 {
		width = DefaultWidth
	}
	if ridge == 0 {
		ridge = DefaultRidge
	}
	ridge = math.Max(ridge, 0)
	switch {
	case l.K < 1:
		err = fmt.Errorf("lpp: k must be at least 1 (the number of components), got %d", l.K)
	case nb < 2:
		err = fmt.Errorf("lpp: n_neighbors = %d: the graph needs at least 2 (each point and one neighbour)", nb)
	case weight != Adjacency && weight != Heat:
		err = fmt.Errorf("lpp: unknown weight %q: use adjacency or heat", weight)
	case !(width > 0) || math.IsInf(width, 0):
		err = fmt.Errorf("lpp: weight_width must be positive and finite, got %g", width)
	case math.IsNaN(ridge) || math.IsInf(ridge, 0):
		err = fmt.Errorf("lpp: ridge must be finite, got %g", l.Ridge)
	}
	return
}

// laplacianForms returns A = X^T L X and B = X^T D X for the centered n x d
// matrix X and the graph W, L = D - W. The rows of L X are formed edge by
// edge as sum_j W_ij (x_i - x_j), without the cancellation of D X - W X, so
// that A keeps its accuracy when the projections are smooth on the graph
// (small eigenvalues, the ones LPP wants).
func laplacianForms(X *mat.Dense, W *graph.Sparse) (A, B *mat.SymDense) {
	n, d := X.Dims()
	deg := W.Degrees()
	LX := mat.NewDense(n, d, nil)
	DX := mat.NewDense(n, d, nil) // sqrt(D) X
	par.Chunks(n, 256, 0, func(_, lo, hi int) {
		for i := lo; i < hi; i++ {
			xi, dst := X.RawRowView(i), LX.RawRowView(i)
			cols, vals := W.Row(i)
			for p, j := range cols {
				if j == i {
					continue
				}
				xj, w := X.RawRowView(j), vals[p]
				for t := range dst {
					dst[t] += w * (xi[t] - xj[t])
				}
			}
			floats.ScaleTo(DX.RawRowView(i), math.Sqrt(deg[i]), xi)
		}
	})
	var XLX mat.Dense
	XLX.Mul(X.T(), LX)
	A = mat.NewSymDense(d, nil)
	for i := 0; i < d; i++ {
		for j := i; j < d; j++ {
			A.SetSym(i, j, 0.5*(XLX.At(i, j)+XLX.At(j, i)))
		}
	}
	B = mat.NewSymDense(d, nil)
	B.SymOuterK(1, DX.T())
	return A, B
}

// Components returns the d x m matrix of the projection vectors a_j, by
// increasing eigenvalue, normalized a^T X^T D X a = 1 (up to the ridge) and
// with the entry of largest magnitude positive.
func (l *LPP) Components() *mat.Dense { return l.components }

// Eigenvalues returns the m smallest generalized eigenvalues lambda_j of
// X^T L X a = lambda X^T D X a, in increasing order: the locality cost of
// each projection, between 0 and 2 (smaller is smoother on the graph).
func (l *LPP) Eigenvalues() []float64 { return l.eigenvalues }

// Trace returns the (population) variance of each extracted feature on the
// training data.
func (l *LPP) Trace() []float64 { return l.variances }

// Mean returns the column means of the training data.
func (l *LPP) Mean() []float64 { return l.mean }

// Transform projects the rows of X, centered with the training means:
// (X - mean) C, n x m.
func (l *LPP) Transform(X *mat.Dense) (*mat.Dense, error) {
	if l.mean == nil {
		return nil, fmt.Errorf("lpp: Transform called before Fit")
	}
	return pca.Project(X, l.mean, l.components, "lpp")
}

// Report returns the rank of X (the directions kept in the generalized
// problem) and the share of the graph's weight off its diagonal (0 would
// mean only self-loops).
func (l *LPP) Report() map[string]any {
	return map[string]any{"rank": l.rank, "off_diagonal_weight": l.offDiagonal}
}
