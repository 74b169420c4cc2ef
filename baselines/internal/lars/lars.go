package lars

import (
	"fmt"
	"math"

	"gonum.org/v1/gonum/blas"
	"gonum.org/v1/gonum/blas/blas64"
	"gonum.org/v1/gonum/floats"
	"gonum.org/v1/gonum/mat"

	"github.com/gsbench/gsbench/internal/linalg"
)

// Problem holds the centered design matrix of a family of regressions that
// share it, and its Gram matrix when it is worth keeping.
type Problem struct {
	n, d int
	xc   *mat.Dense // n x d, centered columns
	gram *mat.Dense // d x d X'X (both triangles), or nil
	diag []float64  // ||x_j||^2
}

// NewProblem centers the columns of X (X is not modified). The d x d Gram
// matrix is precomputed when d <= n, as scikit-learn's precompute="auto"
// does; otherwise inner products are computed from X at each step.
func NewProblem(X *mat.Dense) *Problem {
	n, d := X.Dims()
	xc := mat.DenseCopyOf(X)
	mean := make([]float64, d)
	for i := 0; i < n; i++ {
		floats.Add(mean, xc.RawRowView(i))
	}
	floats.Scale(1/float64(n), mean)
	for i := 0; i < n; i++ {
		floats.Sub(xc.RawRowView(i), mean)
	}
	p := &Problem{n: n, d: d, xc: xc, diag: make([]float64, d)}
	if d <= n {
		var g mat.SymDense
		g.SymOuterK(1, xc.T())
		p.gram = mat.NewDense(d, d, nil)
		for i := 0; i < d; i++ {
			for j := i; j < d; j++ {
				v := g.At(i, j)
				p.gram.Set(i, j, v)
				p.gram.Set(j, i, v)
			}
		}
		for j := range p.diag {
			p.diag[j] = p.gram.At(j, j)
		}
	} else {
		for i := 0; i < n; i++ {
			for j, v := range xc.RawRowView(i) {
				p.diag[j] += v * v
			}
		}
	}
	return p
}

// Result is the outcome of one regression.
type Result struct {
	Coef   []float64 // d coefficients, nonzero on the active set
	Active []int     // the variables in their order of entry
	// Dropped lists variables that tied for entry but were linearly
	// dependent on the active ones (their Cholesky pivot vanished); they are
	// skipped. FitSKLearn lists the variables scikit-learn found
	// degenerate (pivot below 1e-7) and did not add.
	Dropped []int
	// Steps is the number of LAR steps taken (FitSKLearn).
	Steps int
	// SignChanges lists, for FitSKLearn, the active variables whose
	// coefficient crossed zero and whose sign in the equiangular direction
	// was flipped, once per event.
	SignChanges []int
	// Path holds the coefficients after every step, from zero, when
	// FitSKLearn is asked to keep it (lars_path's coefs, transposed).
	Path [][]float64
}

// Fit regresses y (length n, centered here) on the columns of the problem
// with at most maxActive nonzero coefficients (0 means as many as the data
// allow, min(d, n-1)).
func (p *Problem) Fit(y []float64, maxActive int) (Result, error) {
	n, d := p.n, p.d
	if len(y) != n {
		return Result{}, fmt.Errorf("lars: %d responses for %d rows", len(y), n)
	}
	limit := min(d, n-1)
	if maxActive > 0 {
		limit = min(limit, maxActive)
	}
	yc := append([]float64(nil), y...)
	floats.AddConst(-floats.Sum(yc)/float64(n), yc)

	// cov = X'r, the correlations of the residual (r = y at the start).
	cov := make([]float64, d)
	blas64.Gemv(blas.Trans, 1, p.xc.RawMatrix(), blas64.Vector{N: n, Inc: 1, Data: yc}, 0, blas64.Vector{N: d, Inc: 1, Data: cov})

	res := Result{Coef: make([]float64, d)}
	state := make([]byte, d) // 0 inactive, 1 active, 2 dropped
	var sign []float64
	chol := make([]float64, 0, limit*limit) // lower-triangular factor of G_AA, row-major, stride limit
	c0 := floats.Norm(cov, math.Inf(1))
	a := make([]float64, d)
	u := make([]float64, n)
	for {
		// The inactive variable most correlated with the residual.
		j, C := -1, 0.0
		for k, v := range cov {
			if state[k] == 0 && math.Abs(v) > C {
				j, C = k, math.Abs(v)
			}
		}
		if j < 0 || C <= 1e-13*c0 || len(res.Active) >= limit {
			break
		}
		// Cholesky update of G_AA with variable j.
		m := len(res.Active)
		g := p.gramColumn(j, res.Active)
		w := make([]float64, m)
		for r := 0; r < m; r++ {
			s := g[r]
			for c := 0; c < r; c++ {
				s -= chol[r*limit+c] * w[c]
			}
			w[r] = s / chol[r*limit+r]
		}
		piv := p.diag[j] - floats.Dot(w, w)
		if !(piv > linalg.RelativeNoise*p.diag[j]) {
			state[j] = 2
			res.Dropped = append(res.Dropped, j)
			continue
		}
		chol = chol[:(m+1)*limit]
		copy(chol[m*limit:], w)
		chol[m*limit+m] = math.Sqrt(piv)
		state[j] = 1
		res.Active = append(res.Active, j)
		sign = append(sign, math.Copysign(1, cov[j]))
		m++

		// Equiangular direction (Efron et al. eqs. 2.5-2.6): G_AA z = s,
		// A_A = (s'z)^-1/2, coefficients move along delta = A_A z.
		z := cholSolve(chol, limit, m, sign)
		AA := 1 / math.Sqrt(floats.Dot(sign, z))
		floats.Scale(AA, z)
		// a = X' X_A delta: correlations of the equiangular vector.
		p.correlations(a, u, res.Active, z)

		// Step (eq. 2.13): up to the next variable's entry, or to the
		// least-squares fit.
		gamma := C / AA
		for k, v := range cov {
			if state[k] != 0 {
				continue
			}
			if g1 := (C - v) / (AA - a[k]); g1 > 0 && g1 < gamma {
				gamma = g1
			}
			if g2 := (C + v) / (AA + a[k]); g2 > 0 && g2 < gamma {
				gamma = g2
			}
		}
		for t, k := range res.Active {
			res.Coef[k] += gamma * z[t]
		}
		floats.AddScaled(cov, -gamma, a)
	}
	return res, nil
}

// gramColumn returns x_a . x_j for a in active.
func (p *Problem) gramColumn(j int, active []int) []float64 {
	g := make([]float64, len(active))
	if p.gram != nil {
		row := p.gram.RawRowView(j)
		for t, a := range active {
			g[t] = row[a]
		}
		return g
	}
	for i := 0; i < p.n; i++ {
		x := p.xc.RawRowView(i)
		for t, a := range active {
			g[t] += x[a] * x[j]
		}
	}
	return g
}

// correlations sets a = X' X_A delta (u is scratch of length n).
func (p *Problem) correlations(a, u []float64, active []int, delta []float64) {
	if p.gram != nil {
		for k := range a {
			a[k] = 0
		}
		for t, k := range active {
			floats.AddScaled(a, delta[t], p.gram.RawRowView(k))
		}
		return
	}
	for i := range u {
		x := p.xc.RawRowView(i)
		var s float64
		for t, k := range active {
			s += x[k] * delta[t]
		}
		u[i] = s
	}
	blas64.Gemv(blas.Trans, 1, p.xc.RawMatrix(), blas64.Vector{N: p.n, Inc: 1, Data: u}, 0, blas64.Vector{N: p.d, Inc: 1, Data: a})
}

// cholSolve solves L L' z = b for the m x m factor stored with stride ld.
func cholSolve(L []float64, ld, m int, b []float64) []float64 {
	z := append([]float64(nil), b...)
	for r := 0; r < m; r++ {
		s := z[r]
		for c := 0; c < r; c++ {
			s -= L[r*ld+c] * z[c]
		}
		z[r] = s / L[r*ld+r]
	}
	for r := m - 1; r >= 0; r-- {
		s := z[r]
		for c := r + 1; c < m; c++ {
			s -= L[c*ld+r] * z[c]
		}
		z[r] = s / L[r*ld+r]
	}
	return z
}
