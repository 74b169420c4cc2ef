package umap

import (
	"context"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"

	"gonum.org/v1/gonum/floats"
	"gonum.org/v1/gonum/mat"

	"github.com/gsbench/gsbench/baselines/graph"
	"github.com/gsbench/gsbench/internal/linalg"
	"github.com/gsbench/gsbench/internal/par"
	"github.com/gsbench/gsbench/internal/rowmajor"
)

// denseSpectralLimit is the largest graph whose Laplacian eigenvectors are
// computed densely (LAPACK through linalg.EigenSym); larger graphs use
// the block Lanczos solver linalg.TopEigen (sparseTopEigen).
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
func spectralLayout(ctx context.Context, g *graph.Sparse, dim int, X *mat.Dense, rng *rand.Rand, seed uint64) ([]float64, spectralInfo, error) {
	labels, nc := connectedComponents(g)
	info := spectralInfo{components: nc, converged: true}
	if nc == 1 {
		emb, it, conv, err := spectralConnected(ctx, g, dim, seed)
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
			sub, it, conv, err = spectralConnected(ctx, subgraph(g, idx), dim, seed+uint64(c))
			if isContextErr(err) {
				return nil, info, err
			}
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
func spectralConnected(ctx context.Context, g *graph.Sparse, dim int, seed uint64) ([]float64, int, bool, error) {
	n := g.N
	if n <= dim+1 {
		return nil, 0, false, fmt.Errorf("umap: %d points are too few for a %d-dimensional spectral layout", n, dim)
	}
	M, v0 := normalizedAdjacency(g)
	if n <= denseSpectralLimit || 4*blockSize(dim) > n {
		emb, err := denseTopEigen(M, dim)
		return emb, 0, err == nil, err
	}
	return sparseTopEigen(ctx, M, dim, v0, seed, eigTol)
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
	floats.Scale(1/floats.Norm(v0, 2), v0)
	return M, v0
}

// denseTopEigen returns the n x dim (row-major) eigenvectors of the sparse
// symmetric M for its 2nd to (dim+1)-th largest eigenvalues, from LAPACK's
// eigensolver on the dense matrix (linalg.EigenSym).
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
	// Ritz vector relative to the largest wanted eigenvalue (at most 1, M's
	// norm): umap-learn asks ARPACK for tol = 1e-4.
	eigTol       = 1e-4
	eigMaxCycles = 300
	eigBlocks    = 5 // the largest basis, in blocks
)

// sparseTopEigen returns the n x nev (row-major) eigenvectors of the
// symmetric sparse matrix M for its nev largest eigenvalues in the
// orthogonal complement of the unit eigenvector v0, by the thick-restart
// block Lanczos method of linalg.TopEigen with v0 deflated. The block holds
// nev plus max(nev, 10) vectors to speed convergence; the caller uses the
// dense solver when 4 blocks would not fit in n. It also returns the number
// of restart cycles and whether every wanted pair met tol within
// eigMaxCycles (the Ritz vectors are returned either way). It stops with
// ctx's error when ctx is canceled.
func sparseTopEigen(ctx context.Context, M *graph.Sparse, nev int, v0 []float64, seed uint64, tol float64) ([]float64, int, bool, error) {
	n := M.N
	var xt []float64
	mul := func(dst, src []float64, rows int) {
		// dst = src M = (M src^T)^T, M being symmetric: the sums of
		// graph.Sparse.MulDense (each entry of M src^T accumulated over the
		// row's nonzeros in order), to the same bits, with the block's
		// columns of src^T at hand for every nonzero.
		xt = slices.Grow(xt[:0], n*rows)[:n*rows]
		for r := 0; r < rows; r++ {
			for j, v := range src[r*n : (r+1)*n] {
				xt[j*rows+r] = v
			}
		}
		par.Chunks(n, 256, 0, func(_, lo, hi int) {
			acc := make([]float64, rows)
			for i := lo; i < hi; i++ {
				clear(acc)
				cols, vals := M.Row(i)
				for p, j := range cols {
					w, x := vals[p], xt[j*rows:(j+1)*rows]
					x = x[:len(acc)]
					for r := range acc {
						acc[r] += w * x[r]
					}
				}
				for r, v := range acc {
					dst[r*n+i] = v
				}
			}
		})
	}
	bs := blockSize(nev)
	_, vecs, cycles, err := linalg.TopEigenContext(ctx, n, nev, mul, linalg.LanczosOptions{
		Block: bs, Basis: eigBlocks * bs, Tol: tol, MaxCycles: eigMaxCycles,
		Deflate: v0, Rand: rand.New(rand.NewPCG(seed, 2)),
	})
	if isContextErr(err) {
		return nil, cycles, false, err
	}
	if err != nil && !errors.Is(err, linalg.ErrNotConverged) {
		return nil, cycles, false, fmt.Errorf("umap: %w", err)
	}
	return vecs.RawMatrix().Data, cycles, err == nil, nil
}

// blockSize is the number of vectors the sparse solver iterates on to find
// nev eigenvectors.
func blockSize(nev int) int { return nev + max(nev, 10) }

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
