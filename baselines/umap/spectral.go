package umap

import (
	"fmt"
	"math"
	"math/rand/v2"

	"gonum.org/v1/gonum/blas"
	"gonum.org/v1/gonum/blas/blas64"
	"gonum.org/v1/gonum/lapack/lapack64"
	"gonum.org/v1/gonum/mat"

	"github.com/gsbench/gsbench/baselines/graph"
	"github.com/gsbench/gsbench/internal/linalg"
	"github.com/gsbench/gsbench/internal/par"
	"github.com/gsbench/gsbench/internal/rowmajor"
)

// denseSpectralLimit is the largest graph whose Laplacian eigenvectors are
// computed densely (LAPACK dsyevr through linalg.EigenSym); larger graphs use
// the restarted block Krylov solver of sparseTopEigen.
const denseSpectralLimit = 500

// maxMetaComponents is the largest number of connected components whose
// relative positions come from a spectral embedding of their centroids.
const maxMetaComponents = 2000

// spectralInfo describes how the spectral initialisation went.
type spectralInfo struct {
	components int  // connected components of the graph
	iterations int  // restart cycles of the sparse solver (0: dense)
	converged  bool // every eigenvector met the residual tolerance
}

// spectralLayout returns the n x dim (row-major) spectral embedding of the
// graph g: the eigenvectors of the normalized Laplacian L = I - D^-1/2 W D^-1/2
// for its 2nd to (dim+1)-th smallest eigenvalues (Laplacian eigenmaps,
// McInnes et al. 2018, Sec. 4.1; umap-learn's spectral_layout). These are
// the eigenvectors of D^-1/2 W D^-1/2 for its largest eigenvalues after the
// first, whose eigenvector is proportional to sqrt(D) and is projected out.
//
// A graph with several connected components is laid out as umap-learn's
// multi_component_layout does: each component gets its own spectral layout,
// scaled to half the distance to the nearest other component and centred at
// a position given by the components' centroids in the data X (a spectral
// embedding of their affinities exp(-d^2)) or, when there are at most 2 dim
// components, at +-e_1, +-e_2, ...; components too small for a spectral
// layout (fewer than 2 dim points) are placed uniformly at random.
func spectralLayout(g *graph.Sparse, dim int, X *mat.Dense, rng *rand.Rand, seed uint64) ([]float64, spectralInfo, error) {
	labels, nc := connectedComponents(g)
	info := spectralInfo{components: nc, converged: true}
	if nc == 1 {
		emb, it, conv, err := spectralConnected(g, dim, seed)
		info.iterations, info.converged = it, conv
		return emb, info, err
	}
	n := g.N
	meta := componentLayout(X, labels, nc, dim, rng)
	emb := make([]float64, n*dim)
	members := make([][]int, nc)
	for i, l := range labels {
		members[l] = append(members[l], i)
	}
	for c, idx := range members {
		// Half the distance to the nearest other component's position.
		rangeC := math.Inf(1)
		for o := 0; o < nc; o++ {
			if d := math.Sqrt(rowmajor.SqDist(meta[c*dim:(c+1)*dim], meta[o*dim:(o+1)*dim])); d > 0 {
				rangeC = min(rangeC, d/2)
			}
		}
		if math.IsInf(rangeC, 1) {
			rangeC = 1
		}
		var sub []float64
		if len(idx) >= 2*dim && len(idx) > dim+1 {
			var err error
			var it int
			var conv bool
			sub, it, conv, err = spectralConnected(subgraph(g, idx), dim, seed+uint64(c))
			if err != nil {
				sub = nil
			}
			info.iterations = max(info.iterations, it)
			info.converged = info.converged && conv
		}
		if sub != nil {
			scale := 0.0
			for _, v := range sub {
				scale = max(scale, math.Abs(v))
			}
			if scale > 0 {
				scale = rangeC / scale
			}
			for t, i := range idx {
				for d := 0; d < dim; d++ {
					emb[i*dim+d] = sub[t*dim+d]*scale + meta[c*dim+d]
				}
			}
			continue
		}
		for _, i := range idx {
			for d := 0; d < dim; d++ {
				emb[i*dim+d] = (2*rng.Float64()-1)*rangeC + meta[c*dim+d]
			}
		}
	}
	return emb, info, nil
}

// componentLayout places the nc components in R^dim (umap-learn's
// component_layout): at the spectral embedding of the affinities
// exp(-||c_a - c_b||^2) between component centroids when nc > 2 dim, scaled
// so that its largest coordinate is 1, and at +-e_1, +-e_2, ... otherwise.
// Beyond maxMetaComponents components (only degenerate data, such as
// thousands of groups of duplicated points, gets there) the dense
// eigenproblem would be too large: they are placed uniformly at random in
// [-1, 1]^dim instead.
func componentLayout(X *mat.Dense, labels []int, nc, dim int, rng *rand.Rand) []float64 {
	meta := make([]float64, nc*dim)
	if nc > maxMetaComponents && nc > 2*dim {
		for i := range meta {
			meta[i] = 2*rng.Float64() - 1
		}
		return meta
	}
	if nc <= 2*dim {
		for c := 0; c < nc; c++ {
			v := 1.0
			if c >= (nc+1)/2 {
				v = -1
			}
			meta[c*dim+c%((nc+1)/2)] = v
		}
		return meta
	}
	_, p := X.Dims()
	cent := make([]float64, nc*p)
	count := make([]float64, nc)
	for i, l := range labels {
		count[l]++
		row := X.RawRowView(i)
		for j, v := range row {
			cent[l*p+j] += v
		}
	}
	for c := 0; c < nc; c++ {
		for j := 0; j < p; j++ {
			cent[c*p+j] /= count[c]
		}
	}
	A := mat.NewSymDense(nc, nil)
	deg := make([]float64, nc)
	for a := 0; a < nc; a++ {
		for b := a; b < nc; b++ {
			v := math.Exp(-rowmajor.SqDist(cent[a*p:(a+1)*p], cent[b*p:(b+1)*p]))
			A.SetSym(a, b, v)
			deg[a] += v
			if a != b {
				deg[b] += v
			}
		}
	}
	for a := 0; a < nc; a++ {
		for b := a; b < nc; b++ {
			A.SetSym(a, b, A.At(a, b)/math.Sqrt(deg[a]*deg[b]))
		}
	}
	_, vecs, err := linalg.EigenSym(A, dim+1, true)
	if err != nil { // only for non-finite data: spread the components on a line
		for c := 0; c < nc; c++ {
			meta[c*dim] = 2*float64(c)/float64(nc-1) - 1
		}
		return meta
	}
	scale := 0.0
	for c := 0; c < nc; c++ {
		for d := 0; d < dim; d++ {
			v := vecs.At(c, d+1) / math.Sqrt(deg[c]) // random-walk normalisation, as scikit-learn's spectral_embedding
			meta[c*dim+d] = v
			scale = max(scale, math.Abs(v))
		}
	}
	if scale > 0 {
		for i := range meta {
			meta[i] /= scale
		}
	}
	return meta
}

// spectralConnected embeds a connected graph. It returns the number of
// sparse-solver cycles (0 for the dense solver) and whether it converged.
func spectralConnected(g *graph.Sparse, dim int, seed uint64) ([]float64, int, bool, error) {
	n := g.N
	if n <= dim+1 {
		return nil, 0, false, fmt.Errorf("umap: %d points are too few for a %d-dimensional spectral layout", n, dim)
	}
	M, v0 := normalizedAdjacency(g)
	if n <= denseSpectralLimit || 4*blockSize(dim) > n {
		emb, err := denseTopEigen(M, dim)
		return emb, 0, err == nil, err
	}
	emb, cycles, conv := sparseTopEigen(M, dim, v0, seed, eigTol)
	return emb, cycles, conv, nil
}

// normalizedAdjacency returns M = D^-1/2 W D^-1/2 for the graph W with
// degrees D (all positive in a connected graph of two or more vertices) and
// the unit eigenvector sqrt(D) / ||sqrt(D)|| of M for its largest
// eigenvalue, 1.
func normalizedAdjacency(g *graph.Sparse) (*graph.Sparse, []float64) {
	n := g.N
	sqrtDeg := g.Degrees()
	for i, d := range sqrtDeg {
		sqrtDeg[i] = math.Sqrt(d)
	}
	M := &graph.Sparse{N: n, RowPtr: g.RowPtr, Col: g.Col, Val: make([]float64, g.NNZ())}
	for i := 0; i < n; i++ {
		for t := g.RowPtr[i]; t < g.RowPtr[i+1]; t++ {
			M.Val[t] = g.Val[t] / (sqrtDeg[i] * sqrtDeg[g.Col[t]])
		}
	}
	v0 := sqrtDeg
	scaleVec(v0, 1/math.Sqrt(dot(v0, v0)))
	return M, v0
}

// denseTopEigen returns the n x dim (row-major) eigenvectors of the sparse
// symmetric M for its 2nd to (dim+1)-th largest eigenvalues, from LAPACK's
// dsyevr on the dense matrix.
func denseTopEigen(M *graph.Sparse, dim int) ([]float64, error) {
	n := M.N
	S := mat.NewSymDense(n, nil)
	for i := 0; i < n; i++ {
		cols, vals := M.Row(i)
		for t, j := range cols {
			if j >= i {
				S.SetSym(i, j, vals[t])
			}
		}
	}
	_, vecs, err := linalg.EigenSym(S, dim+1, true)
	if err != nil {
		return nil, err
	}
	emb := make([]float64, n*dim)
	for i := 0; i < n; i++ {
		for d := 0; d < dim; d++ {
			emb[i*dim+d] = vecs.At(i, d+1)
		}
	}
	return emb, nil
}

// Parameters of the sparse eigensolver.
const (
	// eigTol bounds the residual ||M u - theta u|| of every wanted unit
	// Ritz vector (M's norm is 1): umap-learn asks ARPACK for tol = 1e-4.
	eigTol       = 1e-4
	eigMaxCycles = 300
	eigDepth     = 4 // Krylov blocks added per restart cycle
)

// sparseTopEigen returns the n x nev (row-major) eigenvectors of the
// symmetric sparse matrix M for its nev largest eigenvalues in the
// orthogonal complement of the unit vector v0, by a restarted block Krylov
// method with Rayleigh-Ritz projection: each cycle extends the current block
// V to an orthonormal basis Q of span{V, M V, ..., M^q V} (q = eigDepth,
// block Gram-Schmidt applied twice, Cholesky QR within blocks, v0 always
// projected out), takes the eigenpairs of Q^T M Q (linalg.EigenSym) and
// restarts from the leading Ritz vectors, until every wanted Ritz pair has
// residual below tol (Block Lanczos with full reorthogonalisation and thick
// restart: Golub & Van Loan, Matrix Computations, 4th ed., Secs. 10.1.4 and
// 10.3.6). M is applied once per new block: the products M Q are kept, and
// the restart block's product is M Q Y from the Ritz vectors' coefficients
// Y. It also returns the number of cycles and whether it converged within
// eigMaxCycles (the Ritz vectors are returned either way).
//
// The block holds nev plus max(nev, 10) vectors to speed convergence; the
// caller uses the dense solver when 4 blocks would not fit in n.
func sparseTopEigen(M *graph.Sparse, nev int, v0 []float64, seed uint64, tol float64) ([]float64, int, bool) {
	n := M.N
	bs := blockSize(nev)
	depth := max(1, min(eigDepth, n/(2*bs)-1)) // keeps the basis within n/2 columns
	s := bs * (depth + 1)
	rng := rand.New(rand.NewPCG(seed, 2))
	Q := blas64.General{Rows: n, Cols: s, Stride: s, Data: make([]float64, n*s)}
	MQ := blas64.General{Rows: n, Cols: s, Stride: s, Data: make([]float64, n*s)}
	U := blas64.General{Rows: n, Cols: bs, Stride: bs, Data: make([]float64, n*bs)}
	MU := blas64.General{Rows: n, Cols: bs, Stride: bs, Data: make([]float64, n*bs)}
	block := func(A blas64.General, j int) blas64.General {
		return blas64.General{Rows: n, Cols: bs, Stride: A.Stride, Data: A.Data[j*bs:]}
	}
	// apply sets block j of MQ to M times block j of Q, through compact
	// copies: the rows M gathers are then 8 bs bytes apart, not 8 s.
	apply := func(j int) {
		copyBlock(U, block(Q, j))
		spmm(M, U, MU)
		copyBlock(block(MQ, j), MU)
	}
	H := mat.NewSymDense(s, nil)
	Hraw := make([]float64, s*s)
	tau := make([]float64, bs)
	work := make([]float64, 64*bs)
	impl := blas64.Implementation()
	// orth makes B orthonormal and orthogonal to v0 and to the first p
	// columns of Q (two passes of block classical Gram-Schmidt).
	coef := make([]float64, s*bs)
	orth := func(B blas64.General, p int) {
		for pass := 0; pass < 2; pass++ {
			projectOut(B, v0)
			if p > 0 {
				C := coef[:p*bs]
				impl.Dgemm(blas.Trans, blas.NoTrans, p, bs, n, 1, Q.Data, Q.Stride, B.Data, B.Stride, 0, C, bs)
				impl.Dgemm(blas.NoTrans, blas.NoTrans, n, bs, p, -1, Q.Data, Q.Stride, C, bs, 1, B.Data, B.Stride)
			}
			orthonormalize(B, tau, work)
		}
	}
	// Random start.
	q0 := block(Q, 0)
	for i := 0; i < n; i++ {
		for c := 0; c < bs; c++ {
			q0.Data[i*s+c] = rng.NormFloat64()
		}
	}
	orth(q0, 0)
	apply(0)
	converged := false
	cycle := 0
	resid := make([]float64, nev)
	for cycle < eigMaxCycles && !converged {
		cycle++
		for j := 1; j <= depth; j++ {
			qj := block(Q, j)
			copyBlock(qj, block(MQ, j-1))
			orth(qj, j*bs)
			apply(j)
		}
		impl.Dgemm(blas.Trans, blas.NoTrans, s, s, n, 1, Q.Data, Q.Stride, MQ.Data, MQ.Stride, 0, Hraw, s)
		for a := 0; a < s; a++ {
			for b := a; b < s; b++ {
				H.SetSym(a, b, (Hraw[a*s+b]+Hraw[b*s+a])/2)
			}
		}
		theta, Y, err := linalg.EigenSym(H, bs, true)
		if err != nil {
			break
		}
		y := Y.RawMatrix()
		impl.Dgemm(blas.NoTrans, blas.NoTrans, n, bs, s, 1, Q.Data, Q.Stride, y.Data, y.Stride, 0, U.Data, U.Stride)
		impl.Dgemm(blas.NoTrans, blas.NoTrans, n, bs, s, 1, MQ.Data, MQ.Stride, y.Data, y.Stride, 0, MU.Data, MU.Stride)
		clear(resid)
		for i := 0; i < n; i++ {
			u, mu := U.Data[i*bs:i*bs+nev], MU.Data[i*bs:i*bs+nev]
			for c := range resid {
				r := mu[c] - theta[c]*u[c]
				resid[c] += r * r
			}
		}
		converged = true
		for _, r := range resid {
			if math.Sqrt(r) > tol {
				converged = false
			}
		}
		// Restart from the Ritz vectors (orthonormal, and orthogonal to v0,
		// up to rounding; the next blocks are orthogonalised against them).
		copyBlock(block(Q, 0), U)
		copyBlock(block(MQ, 0), MU)
	}
	out := make([]float64, n*nev)
	for i := 0; i < n; i++ {
		copy(out[i*nev:(i+1)*nev], U.Data[i*bs:i*bs+nev])
	}
	return out, cycle, converged
}

// blockSize is the number of vectors the sparse solver iterates on to find
// nev eigenvectors.
func blockSize(nev int) int { return nev + max(nev, 10) }

// spmm sets Y = M X for a sparse M and a row-major block X (rows split
// among goroutines; every output row is computed by one of them, in a fixed
// order).
func spmm(M *graph.Sparse, X, Y blas64.General) {
	b := X.Cols
	par.Chunks(M.N, 64, 0, func(_, lo, hi int) {
		for i := lo; i < hi; i++ {
			y := Y.Data[i*Y.Stride : i*Y.Stride+b]
			clear(y)
			cols, vals := M.Row(i)
			for t, j := range cols {
				v := vals[t]
				x := X.Data[j*X.Stride : j*X.Stride+b]
				x = x[:len(y)]
				for c := range y {
					y[c] += v * x[c]
				}
			}
		}
	})
}

// projectOut removes from every column of B its component along unit v.
func projectOut(B blas64.General, v []float64) {
	c := make([]float64, B.Cols)
	for i, vi := range v {
		for j, x := range B.Data[i*B.Stride : i*B.Stride+B.Cols] {
			c[j] += vi * x
		}
	}
	for i, vi := range v {
		row := B.Data[i*B.Stride : i*B.Stride+B.Cols]
		for j := range row {
			row[j] -= vi * c[j]
		}
	}
}

// orthonormalize replaces B (n x b, n >= b) by an orthonormal basis of its
// columns: Cholesky QR (B R^-1 with R^T R = B^T B, all BLAS-3), which is
// accurate when B is well conditioned, hence applied after the block
// Gram-Schmidt passes; when the Cholesky factorisation fails (B numerically
// rank deficient) Householder QR (LAPACK dgeqrf/dorgqr) is used instead.
func orthonormalize(B blas64.General, tau, work []float64) {
	b := B.Cols
	impl := blas64.Implementation()
	G := blas64.Symmetric{N: b, Stride: b, Uplo: blas.Upper, Data: make([]float64, b*b)}
	impl.Dsyrk(blas.Upper, blas.Trans, b, B.Rows, 1, B.Data, B.Stride, 0, G.Data, b)
	if R, ok := lapack64.Potrf(G); ok {
		impl.Dtrsm(blas.Right, blas.Upper, blas.NoTrans, blas.NonUnit, B.Rows, b, 1, R.Data, R.Stride, B.Data, B.Stride)
		return
	}
	lapack64.Geqrf(B, tau, work, len(work))
	lapack64.Orgqr(B, tau, work, len(work))
}

func copyBlock(dst, src blas64.General) {
	for i := 0; i < dst.Rows; i++ {
		copy(dst.Data[i*dst.Stride:i*dst.Stride+dst.Cols], src.Data[i*src.Stride:i*src.Stride+src.Cols])
	}
}

func dot(x, y []float64) float64 {
	s := 0.0
	for i, v := range x {
		s += v * y[i]
	}
	return s
}

func scaleVec(x []float64, a float64) {
	for i := range x {
		x[i] *= a
	}
}

// connectedComponents labels the connected components of a symmetric graph
// 0, 1, ... in order of their smallest vertex.
func connectedComponents(g *graph.Sparse) ([]int, int) {
	n := g.N
	labels := make([]int, n)
	for i := range labels {
		labels[i] = -1
	}
	nc := 0
	stack := []int{}
	for s := 0; s < n; s++ {
		if labels[s] >= 0 {
			continue
		}
		labels[s] = nc
		stack = append(stack[:0], s)
		for len(stack) > 0 {
			i := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			cols, _ := g.Row(i)
			for _, j := range cols {
				if labels[j] < 0 {
					labels[j] = nc
					stack = append(stack, j)
				}
			}
		}
		nc++
	}
	return labels, nc
}

// subgraph restricts g to the vertices idx (ascending), renumbered 0..len-1.
func subgraph(g *graph.Sparse, idx []int) *graph.Sparse {
	pos := make(map[int]int, len(idx))
	for t, i := range idx {
		pos[i] = t
	}
	s := &graph.Sparse{N: len(idx), RowPtr: make([]int, len(idx)+1)}
	for t, i := range idx {
		cols, vals := g.Row(i)
		for u, j := range cols {
			if p, ok := pos[j]; ok {
				s.Col = append(s.Col, p)
				s.Val = append(s.Val, vals[u])
			}
		}
		s.RowPtr[t+1] = len(s.Col)
	}
	return s
}
