package kpca

import (
	"context"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"

	"gonum.org/v1/gonum/blas"
	"gonum.org/v1/gonum/blas/blas64"
	"gonum.org/v1/gonum/mat"

	"github.com/gsbench/gsbench/fastblas"
	"github.com/gsbench/gsbench/internal/linalg"
	"github.com/gsbench/gsbench/internal/memory"
	"github.com/gsbench/gsbench/internal/par"
)

// Solver is an eigensolver.
type Solver string

// The eigensolvers.
const (
	SolverAuto      Solver = "auto"      // dense up to 1000 samples, iterative beyond
	SolverDense     Solver = "dense"     // LAPACK (linalg.EigenSym) on the whole kernel matrix
	SolverIterative Solver = "iterative" // block Lanczos: only products with the kernel matrix
)

// Choices lists the eigensolvers.
func (Solver) Choices() []string {
	return []string{string(SolverAuto), string(SolverDense), string(SolverIterative)}
}

// denseLimit is the number of samples up to which SolverAuto uses the dense
// solver: below it the O(N^3) reduction is cheap.
const denseLimit = 1000

// KernelPCA is kernel principal component analysis with scikit-learn's
// KernelPCA semantics. Start from New, which holds the defaults, and set K.
type KernelPCA struct {
	K      int    `param:"k" doc:"number of components (required)"`
	Kernel Kernel `param:",inline"` // kernel, degree, gamma, coef0; see Linear, Poly and RBF
	Solver Solver `param:"solver" doc:"eigensolver: auto (dense up to 1000 samples), dense (LAPACK) or iterative (block Lanczos, for k << n)"`
	// Tol and MaxCycles control the iterative solver only.
	Tol       float64 `param:"tol" doc:"iterative solver: converged when ||K a - lambda a|| <= tol lambda_1"`
	MaxCycles int     `param:"max_cycles" doc:"iterative solver: restart cycles before giving up with an error"`
	Seed      uint64  `param:"seed" doc:"seed of the iterative solver's random starting block"`

	kernel    Kernel     // resolved (gamma set)
	x         *mat.Dense // training rows, for Transform
	sq        []float64  // their squared norms
	rowMean   []float64  // row means of the (uncentered) training kernel matrix
	allMean   float64    // its grand mean
	lambdas   []float64  // eigenvalues of the centered kernel matrix, m of them
	next      float64    // the (m+1)-th, -1 when there is none
	alphas    *mat.Dense // N x m unit eigenvectors
	proj      *mat.Dense // N x m: alpha_j / sqrt(lambda_j)
	embedding *mat.Dense // N x m: alpha_j sqrt(lambda_j)
	solver    Solver
	cycles    int
}

// New returns kernel PCA with scikit-learn's KernelPCA defaults: the linear
// kernel, degree 3, gamma 1/n_features (0: automatic) and coef0 1 for the
// poly and rbf kernels, and eigen_solver 'auto' (dense for small problems).
// K has no default (scikit-learn's n_components=None keeps every non-zero
// component, which is N - 1 for large N): set it. The iterative solver's
// tolerance 1e-10 (relative residual) and 200 restart cycles are this
// package's own (scikit-learn's ARPACK solver has other parameters).
func New() *KernelPCA {
	return &KernelPCA{
		Kernel: Kernel{Name: KernelLinear, Degree: 3, Coef0: 1},
		Solver: SolverAuto, Tol: 1e-10, MaxCycles: 200,
	}
}

// Validate checks the parameters without data.
func (kp *KernelPCA) Validate() error {
	if kp.K < 1 {
		return fmt.Errorf("kpca: k = %d: give k, the number of components (at least 1)", kp.K)
	}
	if err := kp.Kernel.Validate(); err != nil {
		return fmt.Errorf("kpca: %w", err)
	}
	switch {
	case !slices.Contains(kp.Solver.Choices(), string(kp.Solver)):
		return fmt.Errorf("kpca: unknown solver %q: use auto, dense or iterative", kp.Solver)
	case !(kp.Tol > 0) || math.IsInf(kp.Tol, 0):
		return fmt.Errorf("kpca: tol = %v: want a positive relative residual, e.g. 1e-10 (New sets it)", kp.Tol)
	case kp.MaxCycles < 1:
		return fmt.Errorf("kpca: max_cycles = %d: want a positive number of restart cycles, e.g. 200 (New sets it)", kp.MaxCycles)
	}
	return nil
}

// Fit computes the kernel matrix of the rows of X, centers it in feature
// space and takes its K leading eigenpairs (journal Appendix E, Figure 6).
// y is ignored; X is not modified. Fit refuses, with an estimate, a kernel
// matrix that does not fit in the available memory. On error the estimator
// keeps the previous fit, if any.
func (kp *KernelPCA) Fit(X *mat.Dense, y []int) error {
	return kp.FitContext(context.Background(), X, y)
}

// FitContext is Fit stopping with ctx's error when ctx is canceled: it
// checks ctx before forming the kernel matrix, before the eigensolver and,
// with the iterative solver, before every block product with the kernel
// matrix (the dense solver, one LAPACK call, is not interrupted).
func (kp *KernelPCA) FitContext(ctx context.Context, X *mat.Dense, _ []int) error {
	if err := kp.Validate(); err != nil {
		return err
	}
	if err := ctx.Err(); err != nil {
		return err
	}
	n, d := X.Dims()
	switch {
	case n < 2 || d == 0:
		return fmt.Errorf("kpca: need at least 2 samples and 1 feature, got %d x %d", n, d)
	case kp.K > n-1:
		return fmt.Errorf("kpca: k = %d components requested, but the centered kernel matrix of %d samples has rank at most %d", kp.K, n, n-1)
	}
	if err := linalg.CheckFinite("kpca", X); err != nil {
		return err
	}
	want := min(kp.K+1, n) // K components and the (K+1)-th eigenvalue for Trace
	solver, err := kp.chooseSolver(n, want)
	if err != nil {
		return err
	}
	if err := checkMemory(n, want, solver); err != nil {
		return err
	}
	k := kp.Kernel.resolved(d)
	x := mat.DenseCopyOf(X)
	raw := x.RawMatrix()
	a := make([]float64, n*n)
	trainingKernel(a, raw, k)
	rowMean, all := center(a, n)
	if math.IsInf(all, 0) || math.IsNaN(all) {
		// An Inf or NaN entry, or an overflowing row, reaches the grand mean.
		return fmt.Errorf("kpca: kernel %s overflows float64 on this data; rescale X (e.g. --preprocess standardize) or lower gamma", k)
	}
	K := mat.NewSymDense(n, a)
	if err := ctx.Err(); err != nil {
		return err
	}

	var vals []float64
	var vecs *mat.Dense
	cycles := 0
	if solver == SolverDense {
		vals, vecs, err = linalg.EigenSym(K, want, true)
	} else {
		rng := rand.New(rand.NewPCG(kp.Seed, 0x6b706361)) // stream "kpca"
		mul := func(dst, src []float64, rows int) {
			// dst = src K~ (K~ symmetric, both triangles stored).
			blas64.Implementation().Dgemm(blas.NoTrans, blas.NoTrans, rows, n, n, 1, src, n, a, n, 0, dst, n)
		}
		b, p := blockSizes(want)
		vals, vecs, cycles, err = linalg.TopEigenContext(ctx, n, want, mul, linalg.LanczosOptions{Block: b, Basis: p, Tol: kp.Tol, MaxCycles: kp.MaxCycles, Rand: rng})
	}
	if err != nil {
		if isContextErr(err) {
			return err // ctx's error, as it is
		}
		return fmt.Errorf("kpca: %w", err)
	}
	for j, v := range vals {
		// The centered kernel matrix is positive semidefinite: negative
		// eigenvalues are rounding (scikit-learn clips them as well).
		vals[j] = math.Max(v, 0)
	}
	if vals[0] == 0 {
		return fmt.Errorf("kpca: the centered kernel matrix is zero (are all samples identical?)")
	}
	// Eigenvalues below this are zero to rounding (dense solver) or to the
	// iterative solver's tolerance.
	zero := float64(n) * 0x1p-52 * vals[0]
	if solver == SolverIterative {
		zero = math.Max(zero, kp.Tol*vals[0])
	}
	if vals[kp.K-1] <= zero {
		r := 0
		for r < len(vals) && vals[r] > zero {
			r++
		}
		return fmt.Errorf("kpca: k = %d components requested, but the centered kernel matrix has rank %d (kernel %s); ask for at most %d", kp.K, r, k, r)
	}

	m := kp.K
	kp.kernel, kp.x, kp.rowMean, kp.allMean = k, x, rowMean, all
	kp.sq = sqNorms(raw.Data, n, d, raw.Stride)
	kp.lambdas = vals[:m]
	kp.next = -1
	if len(vals) > m {
		kp.next = vals[m]
	}
	kp.alphas = mat.DenseCopyOf(vecs.Slice(0, n, 0, m))
	kp.proj = mat.NewDense(n, m, nil)
	kp.embedding = mat.NewDense(n, m, nil)
	for i := 0; i < n; i++ {
		for j := 0; j < m; j++ {
			alpha := kp.alphas.At(i, j)
			s := math.Sqrt(kp.lambdas[j])
			kp.embedding.Set(i, j, alpha*s) // Appendix E, Figure 6: Z = [sqrt(lambda_j) alpha_j]
			kp.proj.Set(i, j, alpha/s)      // Figure 7: z_j = sum_i alpha_ij k~(x_i, x) / sqrt(lambda_j)
		}
	}
	kp.solver, kp.cycles = solver, cycles
	return nil
}

// isContextErr reports whether err is a context's error (what ctx.Err
// returns once ctx is done).
func isContextErr(err error) bool {
	return errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded)
}

func (kp *KernelPCA) chooseSolver(n, want int) (Solver, error) {
	b, p := blockSizes(want)
	small := n <= denseLimit || n < p+b
	switch kp.Solver {
	case SolverAuto:
		if small {
			return SolverDense, nil
		}
		return SolverIterative, nil
	case SolverDense:
		return SolverDense, nil
	case SolverIterative:
		if n < 3*b {
			return "", fmt.Errorf("kpca: the iterative solver needs at least %d samples for k = %d; use solver dense", 3*b, want-1)
		}
		return SolverIterative, nil
	}
	return "", fmt.Errorf("kpca: unknown solver %q: use auto, dense or iterative", kp.Solver)
}

// blockSizes returns the block size b and the largest basis p (a multiple
// of b) of the iterative solver for k wanted eigenpairs. Each product with
// the kernel matrix streams all of it from memory, so a product with b = k
// vectors costs little more than with one: blocks as large as the wanted
// set, and a basis of up to 16 blocks (and about 400 vectors).
func blockSizes(k int) (b, p int) {
	s := min(16, max(4, 400/k))
	return k, k * s
}

// matrixCopies returns how many n x n float64 matrices Fit holds at once
// with the solver: the kernel matrix, plus the dense eigensolver's working
// copy (LAPACK) or copy and eigenvector matrix (pure-Go gonum).
func matrixCopies(solver Solver) int {
	switch {
	case solver != SolverDense:
		return 1
	case fastblas.HasLAPACK():
		return 2
	}
	return 3
}

// checkMemory refuses a fit whose n x n matrices would not fit in the
// available memory, before anything is allocated.
func checkMemory(n, want int, solver Solver) error {
	avail, ok := memory.Available()
	if !ok {
		return nil
	}
	copies := matrixCopies(solver)
	one := 8 * float64(n) * float64(n)
	b, p := blockSizes(want)
	need := float64(copies)*one + 8*float64(n)*float64(2*(p+b)+p+4*want) // + the iterative solver's basis

	if need <= float64(avail) {
		return nil
	}
	maxRows := int(math.Sqrt(float64(avail) / (8 * float64(copies) * 1.05)))
	how := ""
	if copies > 1 {
		how = fmt.Sprintf("; the %s solver holds %d such matrices", solver, copies)
	}
	return fmt.Errorf("kpca: the %d x %d kernel matrix needs %s (N x N x 8 bytes%s), %s in all, but only %s of memory is available; fit on a subsample of at most about %d rows",
		n, n, memory.Format(int64(one)), how, memory.Format(int64(need)), memory.Format(avail), maxRows)
}

// Eigenvalues returns the m largest eigenvalues of the centered kernel
// matrix K~ (not divided by N), in decreasing order: scikit-learn's
// eigenvalues_.
func (kp *KernelPCA) Eigenvalues() []float64 { return kp.lambdas }

// Eigenvectors returns the N x m matrix of the corresponding unit
// eigenvectors alpha_j, each with its entry of largest magnitude positive
// (scikit-learn's eigenvectors_, up to that sign convention).
func (kp *KernelPCA) Eigenvectors() *mat.Dense { return kp.alphas }

// Embedding returns the features of the training rows, the N x m matrix
// with columns sqrt(lambda_j) alpha_j (scikit-learn's fit_transform).
func (kp *KernelPCA) Embedding() *mat.Dense { return kp.embedding }

// Trace returns the variances of the m training features, lambda_j / N
// (population variance, as GFR's), followed by lambda_(m+1) / N: the
// variance of the next feature, which the paper's Table III divides by the
// first one's.
func (kp *KernelPCA) Trace() []float64 {
	if kp.lambdas == nil {
		return nil
	}
	n, _ := kp.x.Dims()
	t := make([]float64, 0, len(kp.lambdas)+1)
	for _, l := range kp.lambdas {
		t = append(t, l/float64(n))
	}
	if kp.next >= 0 {
		t = append(t, kp.next/float64(n))
	}
	return t
}

// Report returns the kernel (gamma resolved), the eigensolver used and, for
// the iterative one, its restart cycles.
func (kp *KernelPCA) Report() map[string]any {
	r := map[string]any{"kernel": kp.kernel.String(), "solver": string(kp.solver)}
	if kp.solver == SolverIterative {
		r["cycles"] = kp.cycles
	}
	return r
}

// transformChunk bounds the rows of the kernel block Transform computes at
// once to about 32 MiB.
const transformChunk = 32 << 20

// Transform maps new rows x to z_j = sum_i alpha_ij k~(x_i, x) /
// sqrt(lambda_j) with the centered kernel k~ (journal Appendix E, Figure 7;
// scikit-learn's transform). Transform of the training rows gives Embedding
// up to rounding. The kernel block is computed a chunk of rows at a time.
func (kp *KernelPCA) Transform(X *mat.Dense) (*mat.Dense, error) {
	if kp.x == nil {
		return nil, fmt.Errorf("kpca: Transform called before Fit")
	}
	r, d := X.Dims()
	n, dt := kp.x.Dims()
	if d != dt {
		return nil, fmt.Errorf("kpca: X has %d columns, the model was fitted on %d", d, dt)
	}
	for i := 0; i < r; i++ {
		for j, v := range X.RawRowView(i) {
			if math.IsNaN(v) || math.IsInf(v, 0) {
				return nil, fmt.Errorf("kpca: X[%d][%d] = %v is not finite", i, j, v)
			}
		}
	}
	_, m := kp.proj.Dims()
	Z := mat.NewDense(r, m, nil)
	chunk := max(1, min(r, transformChunk/(8*n)))
	kb := make([]float64, chunk*n)
	bl := blas64.Implementation()
	xt := kp.x.RawMatrix()
	pr := kp.proj.RawMatrix()
	for lo := 0; lo < r; lo += chunk {
		c := min(chunk, r-lo)
		xs := X.Slice(lo, lo+c, 0, d).(*mat.Dense).RawMatrix()
		block := kb[:c*n]
		bl.Dgemm(blas.NoTrans, blas.Trans, c, n, d, 1, xs.Data, xs.Stride, xt.Data, xt.Stride, 0, block, n)
		sq := sqNorms(xs.Data, c, d, xs.Stride)
		par.Chunks(c, 64, 0, func(_, a, b int) {
			for i := a; i < b; i++ {
				row := block[i*n : (i+1)*n]
				kp.kernel.applyRow(row, sq[i], kp.sq)
				mean := 0.0
				for _, v := range row {
					mean += v
				}
				mean /= float64(n)
				// k~(x_j, x) = k(x_j, x) - mean_p k(x_p, x) - mean_q k(x_j, x_q) + mean_pq k(x_p, x_q)
				for j := range row {
					row[j] -= (mean + kp.rowMean[j]) - kp.allMean
				}
			}
		})
		zs := Z.Slice(lo, lo+c, 0, m).(*mat.Dense).RawMatrix()
		bl.Dgemm(blas.NoTrans, blas.NoTrans, c, m, n, 1, block, n, pr.Data, pr.Stride, 0, zs.Data, zs.Stride)
	}
	return Z, nil
}
