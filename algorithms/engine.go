package algorithms

import (
	"fmt"
	"math"
	"runtime"
	"slices"

	"gonum.org/v1/gonum/blas"
	"gonum.org/v1/gonum/blas/blas64"
	"gonum.org/v1/gonum/floats"
	"gonum.org/v1/gonum/mat"

	"github.com/gsbench/gsbench/internal/memory"
	"github.com/gsbench/gsbench/internal/par"
)

// DefaultTol is the default relative tolerance below which a new function is
// treated as numerically dependent on the functions already kept.
const DefaultTol = 1e-10

// blockSize is the number of functions evaluated and orthogonalized together.
const blockSize = 32

// Precision is how the engine stores the orthonormal functions it keeps, the
// largest part of its memory (N x |T| values for |T| kept functions).
type Precision string

// The storage precisions of the kept functions.
const (
	// Float64 stores them in float64 (8 bytes a value). It is the default;
	// the zero value "" means Float64 too.
	Float64 Precision = "float64"
	// Float32 stores them rounded to float32 (4 bytes a value, half the
	// memory). Inner products, norms, variances and covariances are still
	// accumulated in float64 (the stored rows are converted back before
	// every product), so the only error added is the rounding of the stored
	// functions, 2^-24 relative per value. It bounds the dependence test: a
	// function within that rounding of the span of the kept ones cannot be
	// told from a dependent one, so the relative residual below which a
	// function is dropped is at least Float32Tol.
	Float32 Precision = "float32"
)

// Float32Tol is the smallest dependence tolerance with a Float32 basis. A
// function that depends exactly on the kept ones (a residual of 1e-18 to
// 1e-10 in float64) keeps, after projection on their rounded values, a
// residual that grows with the number of kept functions: on Credit Approval
// (one-hot, GFS multilinear:3), MNIST (3000 rows, GFS multilinear:2) and
// COIL-20 (GFA multilinear:2), the same functions in the same order, its
// median was 9e-9, 4e-9 and 2e-10, its 99th percentile 3e-7, 3e-7 and 1e-7,
// and 2, 2 and 7 of 2334, 4192 and 12423 such functions exceeded 1e-5 (at
// most 1e-4, 4e-5 and 5e-4). Functions that are independent in float64 but
// have a residual below 1e-5 are rare (1 of 2024 kept on MNIST, 9.1e-6;
// the others were at 1e-10, the float64 process's own rounding level). So
// with a float32 basis a handful of dependent functions may be kept and
// a few nearly dependent ones dropped; see the package documentation for
// what this does to selections and traces.
const Float32Tol = 1e-5

// Choices lists the storage precisions.
func (Precision) Choices() []string { return []string{string(Float64), string(Float32)} }

// size returns the bytes of one stored value.
func (p Precision) size() int64 {
	if p == Float32 {
		return 4
	}
	return 8
}

// checkPrecision checks a method's basis parameter.
func checkPrecision(method string, p Precision) error {
	switch p {
	case "", Float64, Float32:
		return nil
	}
	return fmt.Errorf("%s: basis %q: use %q (the default) or %q (half the memory)", method, p, Float64, Float32)
}

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
// N x |T| x 8 bytes (|T| <= N-1; 4 bytes a value with a Float32 basis),
// plus a copy of X (N x d x 8) and, with the covariance, d x d x 8; see
// EngineBytes. The kept functions are stored in address space reserved for
// N-1 of them (internal/memory.Slab), which the system commits as they are
// written: growing the basis never copies it. Before the functions of a new
// variable are evaluated, the engine checks that the memory they may take
// is available (internal/memory.Check) and refuses with the figure when it
// is not.
type Orthogonalizer struct {
	fam   Family
	tol   float64 // the dependence tolerance used (at least Float32Tol with a Float32 basis)
	basis Precision

	// Covariance mode, for linear families (every block is z_j alone): no
	// function is formed on the samples. The residual variance of z_j =
	// X^T nu and its C follow from Sigma_1 and the earlier C's, as in a
	// pivoted Cholesky factorization of Sigma_1: with u = Sigma_j nu =
	// Sigma_1 nu - Cacc Cacc^T nu, the new orthonormal function has
	// C = u / sqrt(nu^T u) (Lemma 2(a)).
	linear bool
	sigma1 []float64 // d x d, Sigma_1 (covariance mode)
	cacc   []float64 // r x d: the C of every kept function, as rows (covariance mode)

	n, d int
	xt   []float64 // d x n: row i is the centered column i of X
	// The kept functions, r x n: rows are Euclidean-orthonormal (q_paper =
	// sqrt(N) q). With a Float64 basis q holds them, followed by the block
	// being orthogonalized; with Float32 q32 holds them, and blk the block.
	q      []float64
	q32    []float32
	slab   *memory.Slab[float64]
	slab32 *memory.Slab[float32]
	blk    []float64
	panel  *memory.Slab[float64] // Float32: rows of q32 converted to float64 for a product
	r      int                   // number of kept functions
	vars   [][]float64           // the centered variables z_0, z_1, ... given to Add
	cache  map[Factor][]float64
	what   string // what the memory check names: "gfr: ..." when set by a method

	mean  []float64     // column means of X
	sigma []float64     // residual variances of X's columns
	cov   *mat.SymDense // residual covariance, nil unless tracked

	stats Stats
	work  []float64
	norms []float64
	lastC []float64 // C of the last Add (aliases work)
	lastA int
}

// LinearFamily is implemented by families that can report that every block
// New(j) is the single function z_j (multilinear:1, poly:1, hermite:1, a
// monomials list of singletons). For them the Gram-Schmidt process reduces
// to a pivoted Cholesky factorization of the covariance, which the engine
// and GFR use.
type LinearFamily interface {
	IsLinear() bool
}

func isLinear(f Family) bool {
	l, ok := f.(LinearFamily)
	return ok && l.IsLinear()
}

// maxCovarianceMode bounds d for the covariance mode (Sigma_1 takes d^2 x 8
// bytes); beyond it linear families are processed like any other.
const maxCovarianceMode = 8192

// EngineOptions are the settings of an Orthogonalizer.
type EngineOptions struct {
	// Tol is the relative dependence tolerance, in (0, 1): a function whose
	// residual norm is at most Tol times its norm before projection is
	// dropped (DefaultTol is the methods' default). With a Float32 basis the
	// test uses max(Tol, Float32Tol).
	Tol float64
	// Covariance maintains the residual covariance matrix (GFR needs it;
	// the selection methods only need the variances).
	Covariance bool
	// Basis is the storage of the kept functions: Float64 (or "") or Float32.
	Basis Precision
	// What names the computation in the error of a memory check (e.g.
	// "gfr"); "" names the engine.
	What string
}

// NewOrthogonalizer is NewEngine with a Float64 basis.
func NewOrthogonalizer(X mat.Matrix, fam Family, tol float64, covariance bool) (*Orthogonalizer, error) {
	return NewEngine(X, fam, EngineOptions{Tol: tol, Covariance: covariance})
}

// NewEngine starts the process on the n x d matrix X, which it centers (the
// constant function is the first member of every family). X must be finite.
//
// For a linear family without covariance (GFS, GFA and GCA with
// multilinear:1) the engine works in covariance mode: it never forms
// functions on the samples, so Basis is empty, and the dependence test is on
// the residual variance (relative level max(tol^2, 1e-14)).
//
// Free returns the memory of the kept functions when the process is done.
func NewEngine(X mat.Matrix, fam Family, opt EngineOptions) (*Orthogonalizer, error) {
	n, d := X.Dims()
	if n < 2 || d < 1 {
		return nil, fmt.Errorf("need at least 2 samples and 1 feature, got %d x %d", n, d)
	}
	if fam == nil {
		return nil, fmt.Errorf("no function family")
	}
	if v, ok := fam.(interface{ Variables() int }); ok && v.Variables() > d {
		return nil, fmt.Errorf("family %s uses z%d, but the data has %d features", fam, v.Variables(), d)
	}
	tol := opt.Tol
	if !(tol > 0 && tol < 1) {
		return nil, fmt.Errorf("dependence tolerance %v: want a number in (0, 1), e.g. DefaultTol = %g", tol, DefaultTol)
	}
	if err := checkPrecision("engine", opt.Basis); err != nil {
		return nil, err
	}
	basis := opt.Basis
	if basis == "" {
		basis = Float64
	}
	if basis == Float32 {
		tol = math.Max(tol, Float32Tol)
	}
	what := opt.What
	if what == "" {
		what = "the Gram-Schmidt engine"
	}
	linear := isLinear(fam) && !opt.Covariance && d <= maxCovarianceMode
	fixed := EngineBytes(n, d, 0, 0, EngineOptions{Covariance: opt.Covariance, Basis: basis}, linear)
	if err := memory.Check(fmt.Sprintf("%s: the centered %d x %d data", what, n, d), fixed); err != nil {
		return nil, err
	}
	o := &Orthogonalizer{fam: fam, tol: tol, basis: basis, what: what, n: n, d: d, cache: map[Factor][]float64{}}
	o.xt = make([]float64, d*n)
	o.sigma = make([]float64, d)
	o.mean = make([]float64, d)
	transpose(o.xt, X)
	for j := 0; j < d; j++ {
		row := o.xt[j*n : (j+1)*n]
		if !allFinite(row) {
			return nil, fmt.Errorf("column %d holds a NaN or Inf value", j)
		}
		mean := floats.Sum(row) / float64(n)
		for i := range row {
			row[i] -= mean
		}
		o.mean[j] = mean
		o.sigma[j] = floats.Dot(row, row) / float64(n)
		if math.IsInf(o.sigma[j], 0) {
			return nil, fmt.Errorf("column %d: its variance overflows float64; rescale the data (e.g. standardize)", j)
		}
	}
	o.linear = linear
	switch {
	case opt.Covariance:
		o.cov = mat.NewSymDense(d, o.covariance1(false))
	case o.linear:
		o.sigma1 = o.covariance1(true)
	}
	return o, nil
}

// EngineBytes predicts the peak memory, in bytes, of an Orthogonalizer on
// n x d data holding r kept functions after m variables: the centered copy
// of X (n d 8), the kept functions (n r 8, or n r 4 with a Float32 basis)
// and the block being orthogonalized (blockSize n 8; with Float32 also the
// rows converted back to float64 for a product, about panelBytes), the
// variables z_j (n m 8), the covariance (d^2 8) when tracked, and in
// covariance mode (linear families without covariance) Sigma_1 (d^2 8) and
// the r x d matrix of C's instead of functions. Factors other than z_j
// itself (powers, Hermite polynomials, cos and sin), cached as n-vectors,
// are not counted, nor the caller's X.
func EngineBytes(n, d, m, r int, opt EngineOptions, linear bool) int64 {
	N, D, M, R := int64(n), int64(d), int64(m), int64(r)
	b := 8 * N * D // xt
	if opt.Covariance {
		b += 8 * D * D
	}
	if linear {
		return b + 8*D*D + 8*R*D
	}
	b += 8 * N * M
	if r > 0 || m > 0 {
		b += Precision(opt.Basis).size()*N*R + 8*blockSize*N
		if opt.Basis == Float32 {
			b += 8 * N * int64(panelRows(n, r))
		}
	}
	return b
}

// functionCount returns the number of functions of the first k variables
// of fam, counting no further than limit.
func functionCount(fam Family, k, limit int) int {
	c := 0
	for j := 0; j < k && c < limit; j++ {
		c += len(fam.New(j))
	}
	return min(c, limit)
}

// checkFit refuses, before a fit that will specify k > 0 variables, data on
// which the engine would need more memory than is available (extra: what
// the method holds beside it), naming the figure for both storage
// precisions. With a threshold (k = 0) the number of variables is not known
// in advance: the engine checks before each one (checkGrowth).
func checkFit(method string, n, d int, fam Family, k int, opt EngineOptions, extra int64) error {
	if k <= 0 {
		return nil
	}
	linear := isLinear(fam) && !opt.Covariance && d <= maxCovarianceMode
	m, rows := k, functionCount(fam, k, n-1)
	switch {
	case linear:
		rows = min(k, n-1)
	case isLinear(fam): // GFR: one eigendecomposition, no functions (fitLinear)
		m, rows = 0, 0
	}
	need := EngineBytes(n, d, m, rows, opt, linear) + extra
	basis := opt.Basis
	if basis == "" {
		basis = Float64
	}
	what := fmt.Sprintf("%s: %d variables of %s on %d x %d data (%d functions in a %s basis", method, k, fam, n, d, rows, basis)
	if basis == Float64 && rows > 0 && !linear {
		opt.Basis = Float32
		what += fmt.Sprintf("; %s with basis float32", memory.Format(EngineBytes(n, d, m, rows, opt, linear)+extra))
	}
	return memory.Check(what+")", need)
}

// Free returns the memory of the kept functions to the system. The
// Orthogonalizer must not be used afterwards (the methods free theirs when
// Fit returns); an Orthogonalizer that is not freed releases it when it is
// garbage collected.
func (o *Orthogonalizer) Free() {
	if o.slab != nil {
		o.slab.Free()
	}
	if o.slab32 != nil {
		o.slab32.Free()
	}
	if o.panel != nil {
		o.panel.Free()
	}
	o.slab, o.slab32, o.q, o.q32, o.blk, o.panel = nil, nil, nil, nil, nil, nil
}

// transpose writes the n x d matrix X into xt as d rows of n, in tiles so
// that both the reads and the writes stay in cache (column by column, a
// strided copy of 1440 x 1024 COIL-20 took a tenth of GFS's time).
func transpose(xt []float64, X mat.Matrix) {
	n, d := X.Dims()
	dense, ok := X.(*mat.Dense)
	if !ok {
		dense = mat.DenseCopyOf(X)
	}
	raw := dense.RawMatrix()
	const tile = 64
	for i0 := 0; i0 < n; i0 += tile {
		for j0 := 0; j0 < d; j0 += tile {
			for i := i0; i < min(i0+tile, n); i++ {
				src := raw.Data[i*raw.Stride:]
				for j := j0; j < min(j0+tile, d); j++ {
					xt[j*n+i] = src[j]
				}
			}
		}
	}
}

// covariance1 returns Sigma_1 = (1/N) X^T X of the centered data, d x d,
// with the upper triangle stored, and the lower one too when full is true
// (covariance mode reads rows; a SymDense reads only the upper triangle).
func (o *Orthogonalizer) covariance1(full bool) []float64 {
	n, d := o.n, o.d
	c := make([]float64, d*d)
	blas64.Implementation().Dsyrk(blas.Upper, blas.NoTrans, d, n, 1/float64(n), o.xt, n, 0, c, d)
	for i := 0; full && i < d; i++ {
		for j := i + 1; j < d; j++ {
			c[j*d+i] = c[i*d+j]
		}
	}
	return c
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

// Means returns the column means of X (shared; do not modify).
func (o *Orthogonalizer) Means() []float64 { return o.mean }

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
		for i, v := range o.row(k) {
			b.Set(i, k, v*s)
		}
	}
	runtime.KeepAlive(o)
	return b
}

// row returns the kept function k (float64 basis: shared; float32: a copy).
func (o *Orthogonalizer) row(k int) []float64 {
	if o.basis == Float32 {
		out := make([]float64, o.n)
		widen(out, o.q32[k*o.n:(k+1)*o.n])
		return out
	}
	return o.q[k*o.n : (k+1)*o.n]
}

// widen converts float32 values to float64.
func widen(dst []float64, src []float32) {
	dst = dst[:len(src)]
	for i, v := range src {
		dst[i] = float64(v)
	}
}

// AddFeature specifies column i of X as the next variable, z_j = X_i (GFS,
// GFA; GCA on the principal component scores), and runs Algorithm 1 on
// F(z_[j]) \ F(z_[j-1]).
func (o *Orthogonalizer) AddFeature(i int) error {
	if i < 0 || i >= o.d {
		return fmt.Errorf("feature %d out of range [0, %d)", i, o.d)
	}
	if o.linear {
		o.addLinear(i)
		return nil
	}
	defer runtime.KeepAlive(o) // o's basis is memory the garbage collector would release
	return o.add(slices.Clone(o.Centered(i)))
}

// AddDirection specifies z_j = nu^T X as the next variable (GFR) and runs
// Algorithm 1 on F(z_[j]) \ F(z_[j-1]).
func (o *Orthogonalizer) AddDirection(nu []float64) error {
	if len(nu) != o.d {
		return fmt.Errorf("direction has %d entries, want %d", len(nu), o.d)
	}
	if o.linear {
		return fmt.Errorf("AddDirection is not available in covariance mode")
	}
	z := make([]float64, o.n)
	blas64.Implementation().Dgemv(blas.Trans, o.d, o.n, 1, o.xt, o.n, nu, 1, 0, z, 1)
	defer runtime.KeepAlive(o)
	return o.add(z)
}

// add runs Algorithm 1 for the centered variable zc. It returns an error
// only when a function of the family overflows (an Inf or NaN value), which
// happens for high powers of badly scaled data.
func (o *Orthogonalizer) add(zc []float64) error {
	mean := floats.Sum(zc) / float64(o.n)
	for i := range zc {
		zc[i] -= mean // removes rounding drift; zc is centered already
	}
	j := len(o.vars)
	terms := o.fam.New(j)
	if err := o.checkGrowth(j, len(terms)); err != nil {
		return err
	}
	o.vars = append(o.vars, zc)
	o.lastA = 0
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

// addLinear is Algorithm 1 in covariance mode for z_j = X_i: the block is
// z_j alone, and its orthonormalized residual f has C = E[X f] =
// Sigma_j e_i / sqrt(sigma_{j,i}).
func (o *Orthogonalizer) addLinear(i int) {
	d := o.d
	o.vars = append(o.vars, nil)
	o.stats.Evaluated++
	o.lastA = 0
	if o.Full() {
		o.stats.Skipped++
		return
	}
	u := slices.Clone(o.sigma1[i*d : (i+1)*d]) // Sigma_1 e_i
	if o.r > 0 {
		// u -= Cacc^T (Cacc e_i): the earlier functions' part of the covariance.
		ci := make([]float64, o.r)
		for k := range ci {
			ci[k] = o.cacc[k*d+i]
		}
		blas64.Implementation().Dgemv(blas.Trans, o.r, d, -1, o.cacc, d, ci, 1, 1, u, 1)
	}
	v := u[i] // residual variance of z_j
	if v <= math.Max(o.tol*o.tol, 1e-14)*o.sigma1[i*d+i] || v <= 0 {
		o.stats.Dependent++
		return
	}
	floats.Scale(1/math.Sqrt(v), u)
	o.cacc = append(o.cacc, u...)
	o.r++
	o.stats.Kept++
	for k, c := range u {
		o.sigma[k] = math.Max(0, o.sigma[k]-c*c)
	}
	o.sigma[i] = 0 // exactly: z_j is now in the span
	o.lastC, o.lastA = u, 1
}

// checkGrowth checks, before the functions of variable j are evaluated,
// that the memory they may take (all of them kept, up to N-1 functions in
// all) is available, and starts the storage of the basis at the first call.
func (o *Orthogonalizer) checkGrowth(j, terms int) error {
	n := int64(o.n)
	rows := min(o.r+terms, o.n-1)
	more := 8*n + o.basis.size()*n*int64(rows-o.r) // z_j and the new functions
	started := o.slab != nil || o.slab32 != nil
	if !started {
		more += 8 * blockSize * n
	}
	if o.basis == Float32 { // the panel converted for a product grows with r
		more += 8 * n * int64(panelRows(o.n, rows)-panelRows(o.n, o.r))
	}
	opt := EngineOptions{Covariance: o.cov != nil, Basis: o.basis}
	need := EngineBytes(o.n, o.d, j+1, rows, opt, false)
	what := fmt.Sprintf("%s: the functions of variable %d (up to %d more; %d functions of %d samples in a %s basis, %s in all",
		o.what, j+1, rows-o.r, rows, n, o.basis, memory.Format(need))
	if o.basis != Float32 {
		opt.Basis = Float32
		what += fmt.Sprintf(", %s with basis float32", memory.Format(EngineBytes(o.n, o.d, j+1, rows, opt, false)))
	}
	if err := memory.CheckMore(what+")", need-more, more); err != nil {
		return err
	}
	if !started {
		// Address space for every function the samples admit (N-1) and one
		// block: committed only as it is written.
		size := (o.n - 1 + blockSize) * o.n
		if o.basis == Float32 {
			o.slab32 = memory.NewSlab[float32](size)
			o.blk = make([]float64, blockSize*o.n)
		} else {
			o.slab = memory.NewSlab[float64](size)
		}
	}
	return nil
}

// addBlock evaluates the terms into the rows after the kept ones (Float64)
// or into the block buffer (Float32), then orthogonalizes them and keeps the
// independent ones.
func (o *Orthogonalizer) addBlock(block []Term) error {
	n := o.n
	l := len(block)
	var B []float64
	if o.basis == Float32 {
		B = o.blk[:l*n]
	} else {
		o.q = o.slab.Grow((o.r + l) * n)
		B = o.q[o.r*n:]
	}
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
			o.projectKept(B, l)
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
			o.projectKept(row, 1)
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
		if o.basis == Float32 {
			// The function as it will be stored: the block's later functions
			// are orthogonalized against exactly these values.
			for i, v := range row {
				row[i] = float64(float32(v))
			}
		}
		if kept != t {
			copy(B[kept*n:(kept+1)*n], row)
		}
		kept++
		if o.r+kept >= n-1 { // the samples admit no further independent function
			o.stats.Skipped += l - t - 1
			break
		}
	}
	if o.basis == Float32 {
		o.q32 = o.slab32.Grow((o.r + kept) * n)
		dst := o.q32[o.r*n:]
		for i, v := range B[:kept*n] {
			dst[i] = float32(v)
		}
	}
	o.r += kept
	o.stats.Kept += kept
	if o.basis == Float64 {
		o.q = o.q[:o.r*n]
	}
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

// projectKept removes from the l rows of B their components along the kept
// functions.
func (o *Orthogonalizer) projectKept(B []float64, l int) {
	if o.basis == Float64 {
		o.project(B, l, o.q[:o.r*o.n], o.r)
		return
	}
	// Float32: the kept functions are converted back to float64 a panel of
	// rows at a time and projected out panel after panel (block modified
	// Gram-Schmidt: each panel's coefficients are taken from B as the
	// earlier panels left it), every product in float64.
	step := panelRows(o.n, o.r)
	for k0 := 0; k0 < o.r; k0 += step {
		k1 := min(k0+step, o.r)
		o.project(B, l, o.rows64(k0, k1), k1-k0)
	}
}

// panelBytes bounds the float64 copy of kept rows a Float32 basis converts
// for a product: 559 rows of MNIST's 60000 samples, 3 % of the float32
// basis of its largest fit (33411 functions); fewer, larger products than
// 32 MB panels gave.
const panelBytes = 256 << 20

// panelRows is the number of kept rows of n values converted at a time when
// r are kept (Float32): about panelBytes, and at most 1/16 of r (never fewer
// than a block), so that the float64 copy adds at most an eighth to a
// float32 basis of more than 16 blocks.
func panelRows(n, r int) int { return max(blockSize, min(panelBytes/(8*n), r/16)) }

// rows64 returns the kept functions k0..k1-1 of a Float32 basis converted
// to float64 (valid until the next call).
func (o *Orthogonalizer) rows64(k0, k1 int) []float64 {
	n := o.n
	if o.panel == nil {
		o.panel = memory.NewSlab[float64](max(blockSize, min(panelBytes/(8*n), n)) * n)
	}
	p := o.panel.Grow((k1 - k0) * n)
	src := o.q32[k0*n : k1*n]
	// On every core: one goroutine converting leaves the others idle while
	// the BLAS threads wait for the panel.
	par.Chunks(len(src), widenChunk, 0, func(_, lo, hi int) { widen(p[lo:hi], src[lo:hi]) })
	return p
}

// widenChunk is the number of values a goroutine of rows64 converts at a
// time (2 MB of float32).
const widenChunk = 1 << 19

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
	if o.basis == Float32 {
		step := panelRows(n, o.r)
		for k0 := r0; k0 < o.r; k0 += step {
			k1 := min(k0+step, o.r)
			impl.Dgemm(blas.NoTrans, blas.Trans, d, k1-k0, n, 1/math.Sqrt(float64(n)), o.xt, n, o.rows64(k0, k1), n, 0, c[k0-r0:], a)
		}
	} else {
		impl.Dgemm(blas.NoTrans, blas.Trans, d, a, n, 1/math.Sqrt(float64(n)), o.xt, n, o.q[r0*n:o.r*n], n, 0, c, a)
	}
	for i := 0; i < d; i++ {
		ci := c[i*a : (i+1)*a]
		o.sigma[i] = math.Max(0, o.sigma[i]-floats.Dot(ci, ci))
	}
	if o.cov != nil {
		// Upper triangle only (a SymDense's storage): half the flops of a
		// full product.
		impl.Dsyrk(blas.Upper, blas.NoTrans, d, a, -1, c, a, 1, o.cov.RawSymmetric().Data, d)
	}
	o.lastC = c
	o.lastA = a
}

// LastUpdate returns the d x a row-major matrix C = E[X f] of the functions
// kept by the last Add (Lemma 2(a)): Sigma and sigma decreased by C C^T and
// the row sums of C o C. It is valid until the next call to Add.
func (o *Orthogonalizer) LastUpdate() (C []float64, a int) {
	return o.lastC, o.lastA
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
