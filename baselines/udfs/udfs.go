package udfs

import (
	"context"
	"fmt"
	"math"

	"gonum.org/v1/gonum/floats"
	"gonum.org/v1/gonum/mat"

	"github.com/gsbench/gsbench/baselines/graph"
	"github.com/gsbench/gsbench/baselines/internal/selection"
	"github.com/gsbench/gsbench/internal/linalg"
	"github.com/gsbench/gsbench/internal/memory"
	"github.com/gsbench/gsbench/internal/par"
	"github.com/gsbench/gsbench/preprocess"
)

// Defaults.
const (
	DefaultClusters  = 5
	DefaultNeighbors = 5
	DefaultGamma     = 0.1
	DefaultLambda    = 0.1 // = DefaultGamma, as scikit-feature uses it
	DefaultMaxIter   = 1000
	DefaultTol       = 1e-3
)

// UDFS selects the K features of largest ||w_i||. Start from New, which
// holds the defaults.
type UDFS struct {
	K         int     `param:"k" doc:"number of features to select (0 ranks all); largest ||w_i|| first"`
	NClusters int     `param:"n_clusters" doc:"columns of W"`
	Neighbors int     `param:"n_neighbors" doc:"neighbours of each sample in its local neighbourhood (k + 1 samples)"`
	Gamma     float64 `param:"gamma" doc:"weight of the l2,1 penalty"`
	Lambda    float64 `param:"lambda" doc:"regularization of the local scatter matrices (scikit-feature uses gamma; the authors' code defaults to 1000)"`
	MaxIter   int     `param:"max_iter" doc:"iteration cap"`
	Tol       float64 `param:"tol" doc:"stop when the objective changes by less than tol"`
	Workers   int     // goroutines; 0 means GOMAXPROCS

	scores    []float64
	selected  []int
	objective []float64
	converged bool
}

// New returns UDFS with scikit-feature's defaults (5 clusters, 5
// neighbours, gamma = 0.1 also used as lambda, 1000 iterations, tol 1e-3).
func New() *UDFS {
	return &UDFS{NClusters: DefaultClusters, Neighbors: DefaultNeighbors, Gamma: DefaultGamma, Lambda: DefaultLambda,
		MaxIter: DefaultMaxIter, Tol: DefaultTol}
}

// Validate checks the parameters that do not depend on the data.
func (m *UDFS) Validate() error {
	switch {
	case m.K < 0:
		return fmt.Errorf("udfs: k = %d: want 0 (rank all) or a positive number", m.K)
	case !(m.Gamma > 0) || !(m.Lambda > 0) || !(m.Tol > 0) || math.IsInf(m.Gamma+m.Lambda+m.Tol, 0):
		return fmt.Errorf("udfs: gamma, lambda and tol must be positive numbers (got %v, %v, %v)", m.Gamma, m.Lambda, m.Tol)
	case m.NClusters < 1:
		return fmt.Errorf("udfs: n_clusters = %d: want a positive number", m.NClusters)
	case m.Neighbors < 1:
		return fmt.Errorf("udfs: n_neighbors = %d: want a positive number", m.Neighbors)
	case m.MaxIter < 1:
		return fmt.Errorf("udfs: max_iter = %d: want a positive number", m.MaxIter)
	}
	return nil
}

// Fit selects the columns of X. y is ignored.
func (m *UDFS) Fit(X *mat.Dense, y []int) error { return m.FitContext(context.Background(), X, y) }

// FitContext is Fit, stopped with ctx's error when ctx is canceled.
func (m *UDFS) FitContext(ctx context.Context, X *mat.Dense, _ []int) error {
	if err := m.Validate(); err != nil {
		return err
	}
	if err := selection.Check("udfs", X, m.K); err != nil {
		return err
	}
	n, d := X.Dims()
	p := m
	switch {
	case p.NClusters > d:
		return fmt.Errorf("udfs: %d clusters: need 1..%d (the number of features)", p.NClusters, d)
	case p.Neighbors >= n:
		return fmt.Errorf("udfs: %d neighbours of %d samples: need 1..%d", p.Neighbors, n, n-1)
	}
	if err := memory.Check(fmt.Sprintf("udfs: the %d x %d matrix M and its eigendecomposition", d, d), 4*memory.Dense(d, d)+memory.Dense(n, d)); err != nil {
		return err
	}
	M, err := LocalScatter(X, p.Neighbors, p.Lambda, p.Workers)
	if err != nil {
		return err
	}
	W, obj, converged, err := iterate(ctx, M, p)
	if err != nil {
		return err
	}
	scores := make([]float64, d)
	for i := range scores {
		scores[i] = floats.Norm(W.RawRowView(i), 2)
	}
	m.scores, m.objective, m.converged = scores, obj, converged
	m.selected = selection.Top(selection.Order(scores, true, preprocess.ConstantColumns(X)), m.K)
	return nil
}

// LocalScatter returns the d x d matrix M of UDFS for the rows of X, with
// neighbourhoods of k+1 samples and regularization lambda.
func LocalScatter(X *mat.Dense, k int, lambda float64, workers int) (*mat.SymDense, error) {
	n, d := X.Dims()
	nb, err := graph.KNN(X, k, graph.KNNOptions{Workers: workers})
	if err != nil {
		return nil, fmt.Errorf("udfs: %w", err)
	}
	m := k + 1
	blocks := make([]float64, n*m*m) // H B_i H for every i
	idx := make([]int, n*m)
	failed := make([]bool, par.NumChunks(n, 32))
	par.Chunks(n, 32, workers, func(chunk, lo, hi int) {
		G := mat.NewSymDense(m, nil)
		H := centering(m)
		var HB, HBH mat.Dense
		var inv mat.SymDense
		var chol mat.Cholesky
		for i := lo; i < hi; i++ {
			N := idx[i*m : (i+1)*m]
			N[0] = i
			nbr, _ := nb.Row(i)
			copy(N[1:], nbr)
			// X~_i X~_i' = H (X_i X_i') H, then + lambda I.
			for a := 0; a < m; a++ {
				for b := a; b < m; b++ {
					G.SetSym(a, b, floats.Dot(X.RawRowView(N[a]), X.RawRowView(N[b])))
				}
			}
			var C mat.Dense
			C.Mul(H, G)
			C.Mul(&C, H)
			S := mat.NewSymDense(m, nil)
			for a := 0; a < m; a++ {
				for b := a; b < m; b++ {
					v := (C.At(a, b) + C.At(b, a)) / 2
					if a == b {
						v += lambda
					}
					S.SetSym(a, b, v)
				}
			}
			// lambda > 0 makes S positive definite unless values overflow.
			if !chol.Factorize(S) || chol.InverseTo(&inv) != nil {
				failed[chunk] = true
				return
			}
			HB.Mul(H, &inv)
			HBH.Mul(&HB, H)
			copy(blocks[i*m*m:(i+1)*m*m], HBH.RawMatrix().Data)
		}
	})
	for _, f := range failed {
		if f {
			return nil, fmt.Errorf("udfs: a local scatter matrix could not be inverted (values too large?)")
		}
	}
	// L = sum_i S_i (H B_i H) S_i' as a sparse n x n matrix, then M = X' L X.
	rows := make([]int, 0, n*m*m)
	cols := make([]int, 0, n*m*m)
	vals := make([]float64, 0, n*m*m)
	for i := 0; i < n; i++ {
		N := idx[i*m : (i+1)*m]
		for a := 0; a < m; a++ {
			for b := 0; b < m; b++ {
				rows = append(rows, N[a])
				cols = append(cols, N[b])
				vals = append(vals, blocks[i*m*m+a*m+b])
			}
		}
	}
	L, err := graph.FromCOO(n, rows, cols, vals)
	if err != nil {
		return nil, err
	}
	LX := L.MulDense(X, workers)
	var P mat.Dense
	P.Mul(X.T(), LX)
	M := mat.NewSymDense(d, nil)
	for a := 0; a < d; a++ {
		for b := a; b < d; b++ {
			M.SetSym(a, b, (P.At(a, b)+P.At(b, a))/2)
		}
	}
	return M, nil
}

func centering(m int) *mat.Dense {
	H := mat.NewDense(m, m, nil)
	for a := 0; a < m; a++ {
		for b := 0; b < m; b++ {
			v := -1 / float64(m)
			if a == b {
				v++
			}
			H.Set(a, b, v)
		}
	}
	return H
}

// iterate runs the paper's Algorithm 1 on M.
func iterate(ctx context.Context, M *mat.SymDense, p *UDFS) (*mat.Dense, []float64, bool, error) {
	d := M.SymmetricDim()
	c := p.NClusters
	dw := make([]float64, d)
	for i := range dw {
		dw[i] = 1 // D = I at first
	}
	negP := mat.NewSymDense(d, nil)
	var obj []float64
	var W *mat.Dense
	var MW mat.Dense
	for it := 0; it < p.MaxIter; it++ {
		if err := ctx.Err(); err != nil {
			return nil, nil, false, err
		}
		// The c smallest eigenvectors of M + gamma D are the largest of -(M + gamma D).
		for a := 0; a < d; a++ {
			for b := a; b < d; b++ {
				v := -M.At(a, b)
				if a == b {
					v -= p.Gamma * dw[a]
				}
				negP.SetSym(a, b, v)
			}
		}
		var err error
		if _, W, err = linalg.EigenSym(negP, c, true); err != nil {
			return nil, nil, false, fmt.Errorf("udfs: %w", err)
		}
		var l21 float64
		for i := range dw {
			nrm := smoothNorm(W.RawRowView(i))
			l21 += nrm
			dw[i] = 0.5 / nrm
		}
		MW.Mul(M, W)
		var tr float64
		for i := 0; i < d; i++ {
			tr += floats.Dot(W.RawRowView(i), MW.RawRowView(i))
		}
		obj = append(obj, tr+p.Gamma*l21)
		if it >= 1 && math.Abs(obj[it]-obj[it-1]) < p.Tol {
			return W, obj, true, nil
		}
	}
	return W, obj, false, nil
}

// smoothNorm returns sqrt(||w||^2 + eps), eps = 2^-52, the authors'
// smoothing of the row norms (LquadR21_reg): it bounds D by 0.5/sqrt(eps),
// so that M + gamma D keeps a moderate condition and its eigenvectors their
// accuracy when rows of W vanish (a floor of 1e-16 on the norm, as in
// scikit-feature, lets D reach 5e15 and the iteration stall or climb).
// The objective with these norms decreases monotonically.
func smoothNorm(w []float64) float64 {
	return math.Sqrt(floats.Dot(w, w) + 0x1p-52)
}

// Selected returns the selected columns, largest ||w_i|| first.
func (m *UDFS) Selected() []int { return m.selected }

// Scores returns ||w_i|| for every column: higher is better.
func (m *UDFS) Scores() []float64 { return m.scores }

// Report gives the objective of every iteration, their number and whether
// the objective settled before MaxIter.
func (m *UDFS) Report() map[string]any {
	return map[string]any{
		"objective":  m.objective,
		"iterations": len(m.objective),
		"converged":  m.converged,
	}
}

// RankingIgnoresK reports that k only cuts the ranking: a fit with k
// selects the first k features of the fit with k = 0 (methods.Ranker).
func (m *UDFS) RankingIgnoresK() bool { return true }
