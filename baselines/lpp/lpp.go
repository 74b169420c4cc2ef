package lpp

import (
	"fmt"
	"math"
	"slices"

	"gonum.org/v1/gonum/floats"
	"gonum.org/v1/gonum/mat"

	"github.com/gsbench/gsbench/baselines/graph"
	"github.com/gsbench/gsbench/baselines/pca"
	"github.com/gsbench/gsbench/internal/linalg"
	"github.com/gsbench/gsbench/internal/par"
)

// Weight is the edge weight of the neighbour graph.
type Weight string

// The edge weights (lpproj's names).
const (
	Adjacency Weight = "adjacency" // 1 on every edge (lpproj's default)
	Heat      Weight = "heat"      // exp(-||x_i - x_j||^2 / weight_width^2) (lpproj's 'heat')
)

// Choices lists the edge weights.
func (Weight) Choices() []string { return []string{string(Adjacency), string(Heat)} }

// LPP is Locality Preserving Projections. Start from New, which holds
// lpproj's defaults.
type LPP struct {
	K           int     `param:"k" doc:"number of components (lpproj's n_components)"`
	NNeighbors  int     `param:"n_neighbors" doc:"neighbours of each point in the graph, the point itself included (as lpproj)"`
	Weight      Weight  `param:"weight" doc:"edge weights: adjacency (1) or heat (exp(-||x_i - x_j||^2 / weight_width^2))"`
	WeightWidth float64 `param:"weight_width" doc:"width of the heat kernel"`
	Ridge       float64 `param:"ridge" doc:"ridge added to X^T D X, relative to its largest eigenvalue; 0 for none"`

	mean        []float64
	components  *mat.Dense // d x m
	eigenvalues []float64
	variances   []float64
	rank        int
	offDiagonal float64
}

// New returns LPP with the defaults of lpproj's
// LocalityPreservingProjection: n_components 2, n_neighbors 5 (the point
// itself included), adjacency weights and weight_width 1 (used by heat
// weights only); and a ridge of 1e-10 times the largest eigenvalue of
// X^T D X, this package's own safeguard for nearly singular X^T D X (lpproj
// has none: ridge 0).
func New() *LPP {
	return &LPP{K: 2, NNeighbors: 5, Weight: Adjacency, WeightWidth: 1, Ridge: 1e-10}
}

// Validate checks the parameters without data.
func (l *LPP) Validate() error {
	switch {
	case l.K < 1:
		return fmt.Errorf("lpp: k = %d: want at least 1 (the number of components)", l.K)
	case l.NNeighbors < 2:
		return fmt.Errorf("lpp: n_neighbors = %d: the graph needs at least 2 (each point and one neighbour)", l.NNeighbors)
	case !slices.Contains(l.Weight.Choices(), string(l.Weight)):
		return fmt.Errorf("lpp: unknown weight %q: use adjacency or heat", l.Weight)
	case !(l.WeightWidth > 0) || math.IsInf(l.WeightWidth, 0):
		return fmt.Errorf("lpp: weight_width = %v: want a positive finite heat-kernel width", l.WeightWidth)
	case !(l.Ridge >= 0) || math.IsInf(l.Ridge, 0):
		return fmt.Errorf("lpp: ridge = %v: want a non-negative finite number (0: no ridge)", l.Ridge)
	}
	return nil
}

// Fit computes the projections of the n x d matrix X. y is ignored; X is
// not modified. On error the estimator keeps the previous fit, if any.
func (l *LPP) Fit(X *mat.Dense, _ []int) error {
	if err := l.Validate(); err != nil {
		return err
	}
	nb := l.NNeighbors
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
	if l.Weight == Heat {
		opt.Weight, opt.T = graph.HeatKernel, l.WeightWidth/math.Sqrt2
	}
	W, err := graph.Affinity(xc, opt)
	if err != nil {
		return fmt.Errorf("lpp: %w", err)
	}
	offDiagonal := W.OffDiagonalFraction()
	if offDiagonal == 0 {
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
		f := 1 / math.Sqrt(s[j]+l.Ridge*s[0])
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
	eigenvalues := make([]float64, l.K)
	col := make([]float64, d)
	for j := range eigenvalues {
		eigenvalues[j] = math.Max(-vals[j], 0) // A is positive semidefinite
		mat.Col(col, j, C)
		linalg.FlipSign(col)
		C.SetCol(j, col)
	}
	var Z mat.Dense
	Z.Mul(xc, C)
	variances := make([]float64, l.K)
	for j := range variances {
		z := mat.Col(nil, j, &Z)
		variances[j] = floats.Dot(z, z) / float64(n)
	}
	l.mean, l.components, l.eigenvalues, l.variances = mean, C, eigenvalues, variances
	l.rank, l.offDiagonal = r, offDiagonal
	return nil
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
