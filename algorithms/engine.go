package algorithms

import (
	"fmt"
	"math"
	"slices"

	"gonum.org/v1/gonum/blas"
	"gonum.org/v1/gonum/blas/blas64"
	"gonum.org/v1/gonum/floats"
	"gonum.org/v1/gonum/mat"

	_ "github.com/gsbench/gsbench/internal/fastblas" // OpenBLAS for the block products, when installed
)

// DefaultTol is the default relative tolerance below which a new function is
// treated as numerically dependent on the functions already kept.
const DefaultTol = 1e-10

// blockSize is the number of functions evaluated and orthogonalized together.
const blockSize = 32

// Stats counts what the orthogonalization engine did with the functions it
// was given.
type Stats struct {
	Evaluated int // functions evaluated
	Kept      int // functions added to the orthonormal set
	Dependent int // dropped: residual norm <= Tol x norm before projection (includes constants)
	Skipped   int // not orthogonalized: the kept functions already span every centered function of the samples
}

// Orthogonalizer is the Gram-Schmidt process over a function family
// (journal Algorithm 1, algebraic form Algorithm 6). It holds an orthonormal
// set T of functions of the samples, w.r.t. the empirical inner product
// <f,g> = (1/N) sum_i f(x_i) g(x_i), all orthogonal to the constant function,
// and the residual variances of X after projection on T.
//
// Add(z_j) evaluates F(z_[j]) \ F(z_[j-1]) on the samples, orthogonalizes the
// new functions against T and against each other (block classical
// Gram-Schmidt with re-orthogonalization, CGS2, through BLAS-3), drops the
// numerically dependent ones, and updates the variance vector sigma and,
// when tracked, the covariance Sigma by Lemma 2(a):
//
//	C = E[X f] over the new orthonormal f,   Sigma <- Sigma - C C^T,   sigma <- sigma - rowsums(C o C).
//
// The residual d_j(X) is never formed. Memory: the kept functions take
// N x |T| x 8 bytes (|T| <= N-1), plus a copy of X (N x d x 8) and, with the
// covariance, d x d x 8.
type Orthogonalizer struct {
	fam Family
	tol float64

	n, d  int
	xt    []float64   // d x n: row i is the centered column i of X
	q     []float64   // r x n: rows are Euclidean-orthonormal (q_paper = sqrt(N) q)
	r     int         // number of kept functions
	vars  [][]float64 // the centered variables z_0, z_1, ... given to Add
	cache map[Factor][]float64

	sigma []float64     // residual variances of X's columns
	cov   *mat.SymDense // residual covariance, nil unless tracked

	stats Stats
	work  []float64
	norms []float64
}

// NewOrthogonalizer starts the process on the n x d matrix X, which it
// centers (the constant function is the first member of every family). With
// covariance true it also maintains the residual covariance matrix (GFR needs
// it; the selection methods only need the variances). tol <= 0 means
// DefaultTol. X must be finite.
func NewOrthogonalizer(X mat.Matrix, fam Family, tol float64, covariance bool) (*Orthogonalizer, error) {
	n, d := X.Dims()
	if n < 2 || d < 1 {
		return nil, fmt.Errorf("need at least 2 samples and 1 feature, got %d x %d", n, d)
	}
	if fam == nil {
		return nil, fmt.Errorf("no function family")
	}
	if tol <= 0 {
		tol = DefaultTol
	}
	o := &Orthogonalizer{fam: fam, tol: tol, n: n, d: d, cache: map[Factor][]float64{}}
	o.xt = make([]float64, d*n)
	o.sigma = make([]float64, d)
	col := make([]float64, n)
	for j := 0; j < d; j++ {
		mat.Col(col, j, X)
		if !allFinite(col) {
			return nil, fmt.Errorf("column %d holds a NaN or Inf value", j)
		}
		mean := floats.Sum(col) / float64(n)
		row := o.xt[j*n : (j+1)*n]
		for i, v := range col {
			row[i] = v - mean
		}
		o.sigma[j] = floats.Dot(row, row) / float64(n)
		if math.IsInf(o.sigma[j], 0) {
			return nil, fmt.Errorf("column %d: its variance overflows float64; rescale the data (e.g. standardize)", j)
		}
	}
	if covariance {
		// Sigma_1 = (1/N) X^T X of the centered data.
		o.cov = mat.NewSymDense(d, nil)
		blas64.Implementation().Dsyrk(blas.Upper, blas.NoTrans, d, n, 1/float64(n), o.xt, n, 0, o.cov.RawSymmetric().Data, d)
	}
	return o, nil
}

func allFinite(x []float64) bool {
	for _, v := range x {
		if math.IsNaN(v) || math.IsInf(v, 0) {
			return false
		}
	}
	return true
}

// Centered returns the centered column j of X (shared; do not modify).
func (o *Orthogonalizer) Centered(j int) []float64 { return o.xt[j*o.n : (j+1)*o.n] }

// Variances returns the current residual variances sigma_j (shared; do not modify).
func (o *Orthogonalizer) Variances() []float64 { return o.sigma }

// Covariance returns the current residual covariance Sigma_j, or nil when it
// is not tracked (shared; do not modify).
func (o *Orthogonalizer) Covariance() *mat.SymDense { return o.cov }

// Rank returns the number of orthonormal functions kept so far.
func (o *Orthogonalizer) Rank() int { return o.r }

// Stats returns the counts of evaluated, kept, dependent and skipped functions.
func (o *Orthogonalizer) Stats() Stats { return o.stats }

// Full reports whether the kept functions span every centered function of
// the samples (rank N-1), so that every residual is zero.
func (o *Orthogonalizer) Full() bool { return o.r >= o.n-1 }

// Basis returns the kept functions as an N x r matrix scaled to the paper's
// normalization, Q^T Q / N = I.
func (o *Orthogonalizer) Basis() *mat.Dense {
	b := mat.NewDense(o.n, max(o.r, 1), nil)
	if o.r == 0 {
		return b.Slice(0, o.n, 0, 0).(*mat.Dense)
	}
	s := math.Sqrt(float64(o.n))
	for k := 0; k < o.r; k++ {
		for i, v := range o.q[k*o.n : (k+1)*o.n] {
			b.Set(i, k, v*s)
		}
	}
	return b
}

// Add specifies the next variable z_j (its values on the samples; it is
// centered by Add) and runs Algorithm 1 on F(z_[j]) \ F(z_[j-1]). It returns
// an error only when a function of the family overflows (an Inf or NaN
// value), which happens for high powers of badly scaled data.
func (o *Orthogonalizer) Add(z []float64) error {
	if len(z) != o.n {
		return fmt.Errorf("variable has %d values, want %d", len(z), o.n)
	}
	zc := slices.Clone(z)
	mean := floats.Sum(zc) / float64(o.n)
	for i := range zc {
		zc[i] -= mean
	}
	j := len(o.vars)
	o.vars = append(o.vars, zc)
	terms := o.fam.New(j)
	r0 := o.r
	for start := 0; start < len(terms); start += blockSize {
		if o.Full() {
			o.stats.Skipped += len(terms) - start
			break
		}
		block := terms[start:min(start+blockSize, len(terms))]
		if err := o.addBlock(block); err != nil {
			return err
		}
	}
	o.update(r0)
	return nil
}

// addBlock evaluates the terms into the rows after the kept ones, then
// orthogonalizes and keeps the independent ones.
func (o *Orthogonalizer) addBlock(block []Term) error {
	n := o.n
	l := len(block)
	o.q = slices.Grow(o.q[:o.r*n], l*n)[:(o.r+l)*n]
	B := o.q[o.r*n:]
	for t, term := range block {
		row := B[t*n : (t+1)*n]
		o.eval(term, row)
		if !allFinite(row) {
			return fmt.Errorf("function %s has non-finite values on the data (overflow); standardize the data or use a lower degree", term)
		}
	}
	o.stats.Evaluated += l

	// Scale every function to unit norm, then remove its mean (projection on
	// the constant function). The dependence test compares the final residual
	// norm with this unit norm before projection.
	live := 0
	for t := 0; t < l; t++ {
		row := B[t*n : (t+1)*n]
		nrm := floats.Norm(row, 2)
		if nrm == 0 {
			o.stats.Dependent++
			continue
		}
		floats.Scale(1/nrm, row)
		mean := floats.Sum(row) / float64(n)
		for i := range row {
			row[i] -= mean
		}
		if live != t {
			copy(B[live*n:(live+1)*n], row)
		}
		live++
	}
	l = live
	B = B[:l*n]

	// Block classical Gram-Schmidt against the kept functions, repeated when
	// a function lost more than 1 - 1/sqrt(2) of its norm in the pass (the
	// Daniel-Gragg-Kaufman-Stewart criterion): then rounding errors of the
	// size of the removed part may remain along the kept functions. Two
	// passes are enough ("twice is enough", Giraud et al. 2005); without
	// heavy cancellation one suffices.
	if o.r > 0 && l > 0 {
		before := o.rowNorms(B, l, nil)
		for pass := 0; pass < 2; pass++ {
			o.project(B, l, o.q[:o.r*n], o.r)
			after := o.rowNorms(B, l, o.normBuf(l))
			again := false
			for t := range after {
				if after[t] < 0.7071*before[t] {
					again = true
				}
				before[t] = after[t]
			}
			if !again {
				break
			}
		}
	}

	// Modified Gram-Schmidt with re-orthogonalization inside the block.
	kept := 0
	for t := 0; t < l; t++ {
		row := B[t*n : (t+1)*n]
		accepted := B[:kept*n]
		for pass := 0; pass < 2; pass++ {
			for a := 0; a < kept; a++ {
				qa := accepted[a*n : (a+1)*n]
				floats.AddScaled(row, -floats.Dot(qa, row), qa)
			}
		}
		nrm := floats.Norm(row, 2)
		if nrm <= o.tol {
			o.stats.Dependent++
			continue
		}
		if nrm < 1e-3 {
			// Heavy cancellation: rounding errors along the kept functions
			// are amplified by 1/nrm on normalization, so project once more
			// against everything kept so far.
			o.project(row, 1, o.q[:o.r*n], o.r)
			for a := 0; a < kept; a++ {
				qa := accepted[a*n : (a+1)*n]
				floats.AddScaled(row, -floats.Dot(qa, row), qa)
			}
			if nrm = floats.Norm(row, 2); nrm <= o.tol {
				o.stats.Dependent++
				continue
			}
		}
		floats.Scale(1/nrm, row)
		if kept != t {
			copy(B[kept*n:(kept+1)*n], row)
		}
		kept++
		if o.r+kept >= n-1 { // the samples admit no further independent function
			o.stats.Skipped += l - t - 1
			break
		}
	}
	o.r += kept
	o.stats.Kept += kept
	o.q = o.q[:o.r*n]
	return nil
}

// rowNorms returns the Euclidean norms of the l rows of B in dst (allocated
// when nil).
func (o *Orthogonalizer) rowNorms(B []float64, l int, dst []float64) []float64 {
	if dst == nil {
		dst = make([]float64, l)
	}
	for t := 0; t < l; t++ {
		dst[t] = floats.Norm(B[t*o.n:(t+1)*o.n], 2)
	}
	return dst
}

func (o *Orthogonalizer) normBuf(l int) []float64 {
	if cap(o.norms) < l {
		o.norms = make([]float64, l)
	}
	return o.norms[:l]
}

// project removes from the l rows of B their components along the r
// orthonormal rows of Q: B <- B - (B Q^T) Q.
func (o *Orthogonalizer) project(B []float64, l int, Q []float64, r int) {
	if r == 0 {
		return
	}
	n := o.n
	c := o.scratch(l * r)
	impl := blas64.Implementation()
	impl.Dgemm(blas.NoTrans, blas.Trans, l, r, n, 1, B, n, Q, n, 0, c, r)
	impl.Dgemm(blas.NoTrans, blas.NoTrans, l, n, r, -1, c, r, Q, n, 1, B, n)
}

// update applies Lemma 2(a) for the functions kept since row r0.
func (o *Orthogonalizer) update(r0 int) {
	a := o.r - r0
	if a == 0 {
		return
	}
	n, d := o.n, o.d
	// C = X^T q / sqrt(N) = E[X f] for f = sqrt(N) q.
	c := o.scratch(d * a)
	impl := blas64.Implementation()
	impl.Dgemm(blas.NoTrans, blas.Trans, d, a, n, 1/math.Sqrt(float64(n)), o.xt, n, o.q[r0*n:o.r*n], n, 0, c, a)
	for i := 0; i < d; i++ {
		ci := c[i*a : (i+1)*a]
		o.sigma[i] = math.Max(0, o.sigma[i]-floats.Dot(ci, ci))
	}
	if o.cov != nil {
		impl.Dsyrk(blas.Upper, blas.NoTrans, d, a, -1, c, a, 1, o.cov.RawSymmetric().Data, d)
	}
}

func (o *Orthogonalizer) scratch(size int) []float64 {
	if cap(o.work) < size {
		o.work = make([]float64, size)
	}
	return o.work[:size]
}

// eval writes the values of term on the samples into dst.
func (o *Orthogonalizer) eval(term Term, dst []float64) {
	first := true
	for _, f := range term {
		col := o.factor(f)
		if first {
			copy(dst, col)
			first = false
			continue
		}
		for i, v := range col {
			dst[i] *= v
		}
	}
	if first {
		for i := range dst {
			dst[i] = 1
		}
	}
}

// factor returns b_k(z_v) on the samples, evaluating it once per run.
func (o *Orthogonalizer) factor(f Factor) []float64 {
	if f.Basis == Power && f.Order == 1 {
		return o.vars[f.Var]
	}
	if col, ok := o.cache[f]; ok {
		return col
	}
	col := make([]float64, o.n)
	evalFactor(f, o.vars[f.Var], col)
	o.cache[f] = col
	return col
}
