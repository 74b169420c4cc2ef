package uffs

import (
	"fmt"
	"math"

	"gonum.org/v1/gonum/blas"
	"gonum.org/v1/gonum/blas/blas64"

	"github.com/gsbench/gsbench/internal/linalg"
)

// MaxCharacters bounds the number of characters one FourierOrth pass may
// orthogonalize (sum over s <= t of C(m, s) for a group of m features).
// Larger problems need a smaller depth or a feature partition (ClusterSize).
const MaxCharacters = 1 << 20

// maxWorkBytes bounds the memory of one pass (the Gram matrix, or the kept
// characters and their triangular factor).
const maxWorkBytes = 4 << 30

// noiseFloor is the relative level below which a squared residual norm is
// rounding noise of the Gram formulation: b_jj - sum_r a_rj^2 is computed
// with an absolute error of about L u b_jj (u the unit roundoff, L the number
// of characters), so residuals below 1e-12 b_jj carry no information, and
// normalizing them (Alg. 1 line 11) would only amplify that noise. A
// character is set to zero when norm^2 <= max(eps^2, noiseFloor b_jj); with
// any eps >= 1e-5 on standardized data the floor never decides.
const noiseFloor = linalg.RelativeNoise

// blockWidth is the number of characters orthogonalized together.
const blockWidth = 64

// characters lists the subsets of {0..m-1} of size <= t in the order of
// UFFS Eq. (1) restricted to size <= t (Sec. IV-A, fixed-depth search):
// the empty set, then for each feature i in turn the sets S u {i} for every
// earlier listed S with |S| < t, in listing order:
//
//	{}, {0}, {1}, {0,1}, {2}, {0,2}, {1,2}, {0,1,2}, {3}, ...
//
// Subsets are stored flat: subset c is items[start[c]:start[c+1]].
type characters struct {
	items     []int32
	start     []int
	singleton []int // singleton[i]: the position of {i}
}

func (ch *characters) len() int             { return len(ch.start) - 1 }
func (ch *characters) subset(c int) []int32 { return ch.items[ch.start[c]:ch.start[c+1]] }

// countCharacters returns sum_{s=0}^{min(t,m)} C(m, s), or -1 when it
// exceeds limit.
func countCharacters(m, t, limit int) int {
	total, c := 1, 1 // C(m, 0)
	for s := 1; s <= min(t, m); s++ {
		c = c * (m - s + 1) / s // exact: C(m, s) = C(m, s-1) (m-s+1) / s
		total += c
		if c > limit || total > limit {
			return -1
		}
	}
	return total
}

func newCharacters(m, t int) (*characters, error) {
	L := countCharacters(m, t, MaxCharacters)
	if L < 0 {
		return nil, fmt.Errorf("%d features at depth %d give more than %d characters; partition the features (cluster_size) or lower the depth", m, t, MaxCharacters)
	}
	ch := &characters{start: make([]int, 2, L+1), singleton: make([]int, m)} // the empty set first
	for i := 0; i < m; i++ {
		listed := ch.len()
		for c := 0; c < listed; c++ {
			s := ch.subset(c)
			if len(s) >= t {
				continue
			}
			if len(s) == 0 {
				ch.singleton[i] = ch.len()
			}
			ch.items = append(ch.items, s...)
			ch.items = append(ch.items, int32(i))
			ch.start = append(ch.start, len(ch.items))
		}
	}
	return ch, nil
}

// eval writes phi_S on the n samples into dst: the product of the
// standardized columns z[u], u in S (1 for the empty set).
func eval(S []int32, z [][]float64, dst []float64) {
	if len(S) == 0 {
		for i := range dst {
			dst[i] = 1
		}
		return
	}
	copy(dst, z[S[0]])
	for _, u := range S[1:] {
		for i, v := range z[u] {
			dst[i] *= v
		}
	}
}

// orthStats describes one FourierOrth pass.
type orthStats struct {
	Characters     int  // characters in Eq. (1) order
	Orthogonalized int  // characters whose norm was computed
	Kept           int  // non-trivial characters (norm > eps): the rank reached
	SampleLimit    bool // the kept characters span all n sample dimensions
}

// gram supplies the entries of B = Phi^T Phi / n (Alg. 1 line 3) to the
// orthogonalization, for the kept characters and one block of new ones.
type gram interface {
	// load prepares the block of characters c0..c1-1.
	load(c0, c1 int)
	// cross writes B[K, c0:c1] (r x w, row-major) for the r kept characters K.
	cross(dst []float64, r int)
	// diag writes the upper triangle of B[c0:c1, c0:c1] (w x w).
	diag(dst []float64)
	// keep records that character c0+i of the loaded block is kept.
	keep(i int)
}

// fourierOrth runs Algorithm 1 lines 3-11 (FourierOrth(t)) on the
// standardized columns z (the features of one group, in their order) and
// returns norm({j}) for every feature j of the group.
//
// With rows a_j of A (a_{j,i} = <psi_{S_j}, phi_{S_i}>) and
// norm(S_j) = sqrt([b_jj - sum_{r<j} a_rj^2]^+), a row whose norm is <= eps
// is zero and the others are normalized (lines 6-11). Since the zero rows
// contribute nothing, the non-zero rows restricted to the non-zero columns
// form the upper-triangular Cholesky factor R of B restricted to those
// characters, and the column a_{.,c} of a new character c solves
// R^T a = B[K, c] (the recurrence (11) is forward substitution). The pass is
// therefore a left-looking blocked Cholesky factorization with zeroing:
// per block of characters one product for B[K, C] (or a gather from a
// precomputed B), one triangular solve (Dtrsm) and one Dsyrk, all BLAS-3,
// then the recurrence of lines 5-11 inside the block.
//
// The kept characters are orthonormal functions of the n samples, so there
// are at most n of them; once n are kept they span every function of the
// samples and every later character has norm exactly 0, so the pass stops
// there (the result is the one of running the remaining rows).
func fourierOrth(z [][]float64, n, t int, eps float64) ([]float64, orthStats, error) {
	m := len(z)
	ch, err := newCharacters(m, t)
	if err != nil {
		return nil, orthStats{}, err
	}
	L := ch.len()
	st := orthStats{Characters: L}
	rmax := min(n, L)
	var g gram
	switch {
	case L <= n && 8*L*L <= maxWorkBytes:
		g = newStoredGram(ch, z, n)
	case 8*(rmax*rmax+(rmax+blockWidth)*n) <= maxWorkBytes:
		g = &lazyGram{ch: ch, z: z, n: n}
	default:
		return nil, st, fmt.Errorf("%d characters over %d samples need more than %d GiB; partition the features (cluster_size) or lower the depth", L, n, maxWorkBytes>>30)
	}

	norm := make([]float64, L)
	eps2 := eps * eps
	impl := blas64.Implementation()
	var (
		R    []float64 // r x r upper triangular, row-major with stride ldr
		ldr  int
		r    int
		Y    = make([]float64, 0)
		W    = make([]float64, blockWidth*blockWidth)
		b    = make([]float64, blockWidth)
		kept = make([]int, 0, blockWidth)
	)
	for c0 := 0; c0 < L && r < n; c0 += blockWidth {
		c1 := min(c0+blockWidth, L)
		w := c1 - c0
		g.load(c0, c1)

		// Y = R^{-T} B[K, C]: the coefficients a_{l,c} of the block's
		// characters on the kept ones (recurrence (11) for l < c0).
		Y = grow(Y, r*w)
		if r > 0 {
			g.cross(Y, r)
			impl.Dtrsm(blas.Left, blas.Upper, blas.Trans, blas.NonUnit, r, w, 1, R, ldr, Y, w)
		}
		// W = B[C, C] - Y^T Y: the block's Gram matrix with the kept
		// characters projected out.
		W = W[:w*w]
		g.diag(W)
		for i := 0; i < w; i++ {
			b[i] = W[i*w+i]
		}
		if r > 0 {
			impl.Dsyrk(blas.Upper, blas.Trans, w, r, -1, Y, w, 1, W, w)
		}

		// Lines 5-11 inside the block (right-looking on W's upper triangle).
		kept = kept[:0]
		for i := 0; i < w; i++ {
			if r+len(kept) == n {
				break // the samples admit no further non-trivial character
			}
			st.Orthogonalized++
			row := W[i*w : (i+1)*w]
			d := math.Max(0, row[i]) // line 7: [b_jj - sum_r a_rj^2]^+
			if d <= noiseFloor*b[i] {
				d = 0
			}
			nrm := math.Sqrt(d)
			norm[c0+i] = nrm
			if d <= eps2 || d == 0 { // line 8
				clear(row[i:]) // line 9: A_j <- 0
				continue
			}
			row[i] = nrm
			inv := 1 / nrm
			for j := i + 1; j < w; j++ {
				row[j] *= inv // line 11: A_j <- A_j / norm(S_j)
			}
			for j := i + 1; j < w; j++ { // line 5 for the later rows of the block
				aij := row[j]
				if aij == 0 {
					continue
				}
				later := W[j*w : (j+1)*w]
				for k := j; k < w; k++ {
					later[k] -= aij * row[k]
				}
			}
			kept = append(kept, i)
		}
		if len(kept) == 0 {
			continue
		}

		// Append the kept characters: R gains the columns
		// [Y[:, i]; W[kept, i]] and the kept rows of the block.
		rNew := r + len(kept)
		if rNew > ldr {
			ldr2 := min(max(2*ldr, rNew, 64), rmax)
			R2 := make([]float64, ldr2*ldr2)
			for l := 0; l < r; l++ {
				copy(R2[l*ldr2:l*ldr2+r], R[l*ldr:l*ldr+r])
			}
			R, ldr = R2, ldr2
		}
		for q, i := range kept {
			col := r + q
			for l := 0; l < r; l++ {
				R[l*ldr+col] = Y[l*w+i]
			}
			for p, ip := range kept[:q+1] {
				R[(r+p)*ldr+col] = W[ip*w+i]
			}
			g.keep(i)
		}
		r = rNew
	}
	st.Kept = r
	st.SampleLimit = r == n && st.Orthogonalized < L

	out := make([]float64, m)
	for j := range out {
		out[j] = norm[ch.singleton[j]]
	}
	return out, st, nil
}

func grow(s []float64, n int) []float64 {
	if cap(s) < n {
		return make([]float64, n)
	}
	return s[:n]
}

// storedGram holds B = Phi^T Phi / n, computed once with Dsyrk over row
// chunks of Phi (Alg. 1 line 3). It is used when there are fewer characters
// than samples: then B (L x L) is smaller than the kept characters' values.
type storedGram struct {
	B      []float64 // L x L, upper triangle
	L      int
	c0, c1 int
	kept   []int
}

func newStoredGram(ch *characters, z [][]float64, n int) *storedGram {
	L := ch.len()
	g := &storedGram{B: make([]float64, L*L), L: L}
	// Rows of Phi in chunks of at most ~32 MB.
	rows := max(1, min(n, (4<<20)/L))
	chunk := make([]float64, rows*L)
	col := make([]float64, rows)
	zc := make([][]float64, len(z))
	impl := blas64.Implementation()
	for i0 := 0; i0 < n; i0 += rows {
		i1 := min(i0+rows, n)
		h := i1 - i0
		for u := range z {
			zc[u] = z[u][i0:i1]
		}
		for c := 0; c < L; c++ {
			eval(ch.subset(c), zc, col[:h])
			for i := 0; i < h; i++ {
				chunk[i*L+c] = col[i]
			}
		}
		impl.Dsyrk(blas.Upper, blas.Trans, L, h, 1/float64(n), chunk[:h*L], L, 1, g.B, L)
	}
	return g
}

func (g *storedGram) load(c0, c1 int) { g.c0, g.c1 = c0, c1 }

func (g *storedGram) cross(dst []float64, r int) {
	w := g.c1 - g.c0
	for l, k := range g.kept[:r] {
		copy(dst[l*w:(l+1)*w], g.B[k*g.L+g.c0:k*g.L+g.c1]) // k < c0: upper triangle
	}
}

func (g *storedGram) diag(dst []float64) {
	w := g.c1 - g.c0
	for i := 0; i < w; i++ {
		row := (g.c0 + i) * g.L
		copy(dst[i*w+i:(i+1)*w], g.B[row+g.c0+i:row+g.c1])
	}
}

func (g *storedGram) keep(i int) { g.kept = append(g.kept, g.c0+i) }

// lazyGram evaluates the characters block by block and keeps the values of
// the kept ones (at most n of them), computing B[K, C] = Phi_K^T Phi_C / n
// with one Dgemm per block. It is used when there are at least as many
// characters as samples, where the pass usually stops at the sample limit
// long before the last character.
type lazyGram struct {
	ch   *characters
	z    [][]float64
	n    int
	phiK []float64 // r x n: the kept characters' values, one per row
	phiC []float64 // w x n: the block's values
	w    int
}

func (g *lazyGram) load(c0, c1 int) {
	g.w = c1 - c0
	g.phiC = grow(g.phiC, g.w*g.n)
	for i := 0; i < g.w; i++ {
		eval(g.ch.subset(c0+i), g.z, g.phiC[i*g.n:(i+1)*g.n])
	}
}

func (g *lazyGram) cross(dst []float64, r int) {
	blas64.Implementation().Dgemm(blas.NoTrans, blas.Trans, r, g.w, g.n, 1/float64(g.n), g.phiK, g.n, g.phiC, g.n, 0, dst, g.w)
}

func (g *lazyGram) diag(dst []float64) {
	blas64.Implementation().Dsyrk(blas.Upper, blas.NoTrans, g.w, g.n, 1/float64(g.n), g.phiC, g.n, 0, dst, g.w)
}

func (g *lazyGram) keep(i int) { g.phiK = append(g.phiK, g.phiC[i*g.n:(i+1)*g.n]...) }
