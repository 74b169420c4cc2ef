package qmrfs

import (
	"cmp"
	"fmt"
	"iter"
	"math"
	"math/rand/v2"
	"slices"

	"gonum.org/v1/gonum/blas"
	"gonum.org/v1/gonum/blas/blas64"
	"gonum.org/v1/gonum/floats"
	"gonum.org/v1/gonum/mat"

	"github.com/gsbench/gsbench/internal/linalg"
)

// Ordering is the order in which QMR-FS considers the features.
type Ordering string

// The orderings.
const (
	// Given considers the columns left to right (or in the order of
	// QMRFS.Permutation).
	Given Ordering = "given"
	// Entropy sorts the columns by decreasing entropy first (QMR-FS Alg. 1
	// line 2). As in the authors' code, the entropy of a column with fewer
	// than 10 distinct values is the Shannon entropy of its values, and
	// log(number of distinct values) otherwise; ties keep the column order.
	Entropy Ordering = "entropy"
	// Random considers the columns in a random order drawn from the seed.
	Random Ordering = "random"
)

// DefaultChunkRows is the number of rows Fit streams at a time.
const DefaultChunkRows = 4096

// noiseFloor is the relative residual below which a column counts as
// dependent whatever theta is: the residuals come from a backward-stable
// QR factorization and are accurate to a small multiple of u ||x_j||
// (u = 1.1e-16), so smaller values are rounding noise.
const noiseFloor = linalg.RelativeNoise

// Choices lists the orders.
func (Ordering) Choices() []string { return []string{string(Given), string(Entropy), string(Random)} }

// QMRFS is QMR-FS, greedy forward selection of linearly independent features
// up to a relative tolerance (QMR-FS Sec. 2, Algorithm 1). Start from New,
// which holds the defaults.
type QMRFS struct {
	// Theta is the relative tolerance in [0, 1): feature j is dropped when
	// the residual delta_j of x_j after projection on the constant and the
	// retained features has ||delta_j|| <= Theta ||x_j|| (x_j as given, not
	// centered; Sec. 2). Values below 1e-12 act as 1e-12 (rounding level):
	// Theta = 0 keeps every column that is not a linear combination of the
	// constant and the columns kept before it.
	Theta float64 `param:"theta" doc:"relative tolerance in [0, 1): drop a feature whose residual on the constant and the features retained before it has norm <= theta ||x_j|| (QMR-FS Sec. 2; its Table 1 uses 0.1)"`
	// Order is how the features are ordered.
	Order Ordering `param:"order" doc:"order of consideration: given (left to right, or permutation), entropy (decreasing, QMR-FS Alg. 1 line 2) or random (seeded)"`
	// Permutation, with Order Given, is the order of consideration: a
	// permutation of the columns, first considered first. nil means left
	// to right.
	Permutation []int  `param:"permutation" doc:"explicit order of consideration: every column index once"`
	ChunkRows   int    `param:"chunk_rows" doc:"rows per block of the streamed QR update; the result depends on it only by rounding (memory: about (9 chunk_rows + 4 d) x d numbers with four lanes, whatever the number of rows)"`
	Seed        uint64 `param:"seed" doc:"seed of the random order"`

	selected []int
	scores   []float64
	rows     int
	order    []int
}

// New returns QMR-FS with theta = 0.1 (the paper's Table 1), the columns
// considered left to right, DefaultChunkRows rows per streamed chunk.
func New() *QMRFS { return &QMRFS{Theta: 0.1, Order: Given, ChunkRows: DefaultChunkRows} }

// rngStream is the PCG stream of QMR-FS's random order ("qmrfs").
const rngStream = 0x716d726673

// Validate checks the parameters.
func (q *QMRFS) Validate() error {
	if !(q.Theta >= 0 && q.Theta < 1) {
		return fmt.Errorf("qmrfs: theta = %g, want a relative tolerance in [0, 1)", q.Theta)
	}
	if q.ChunkRows < 1 {
		return fmt.Errorf("qmrfs: chunk_rows = %d, want >= 1 (New sets %d)", q.ChunkRows, DefaultChunkRows)
	}
	switch q.Order {
	case Given:
	case Entropy, Random:
		if q.Permutation != nil {
			return fmt.Errorf("qmrfs: a permutation is only used with the given order, not %s", q.Order)
		}
	default:
		return fmt.Errorf("qmrfs: order %q: use given, entropy or random", q.Order)
	}
	return nil
}

// Fit runs QMR-FS on the n x d matrix X (rows are samples); y is ignored and
// X is not modified. The rows are streamed through the same factorization
// as FitStream, ChunkRows at a time.
func (q *QMRFS) Fit(X *mat.Dense, _ []int) error {
	n, d := X.Dims()
	if n < 1 || d < 1 {
		return fmt.Errorf("qmrfs: empty matrix (%d x %d)", n, d)
	}
	if err := q.Validate(); err != nil {
		return err
	}
	var order []int
	if q.Order == Entropy {
		order = entropyOrder(X)
	}
	rows := q.ChunkRows
	return q.fit(d, order, func(yield func(*mat.Dense, error) bool) {
		for i0 := 0; i0 < n; i0 += rows {
			if !yield(X.Slice(i0, min(i0+rows, n), 0, d).(*mat.Dense), nil) {
				return
			}
		}
	})
}

// CanStream reports whether FitStream can run: not in the Entropy order,
// which needs whole columns.
func (q *QMRFS) CanStream() bool { return q.Order != Entropy }

// FitStream runs QMR-FS on a matrix with d columns delivered as row chunks
// (each chunk k x d, any k >= 1), so that the matrix never has to fit in
// memory: QMR-FS needs only the triangular factor of [1, X], which is
// updated chunk by chunk (a TSQR reduction). The cost is linear in the
// number of rows. A chunk may be reused by the sequence once yielded. The
// Entropy order needs the whole matrix and is not available here.
func (q *QMRFS) FitStream(d int, chunks iter.Seq2[*mat.Dense, error]) error {
	if d < 1 {
		return fmt.Errorf("qmrfs: need at least 1 feature")
	}
	if err := q.Validate(); err != nil {
		return err
	}
	if q.Order == Entropy {
		return fmt.Errorf("qmrfs: the entropy order needs the whole matrix: use Fit, or compute the order and pass it as Permutation")
	}
	return q.fit(d, nil, chunks)
}

func (q *QMRFS) fit(d int, order []int, chunks iter.Seq2[*mat.Dense, error]) error {
	switch {
	case order != nil:
	case q.Order == Random:
		order = rand.New(rand.NewPCG(q.Seed, rngStream)).Perm(d)
	case q.Permutation != nil:
		if err := checkPermutation(q.Permutation, d); err != nil {
			return fmt.Errorf("qmrfs: %w", err)
		}
		order = slices.Clone(q.Permutation)
	default:
		order = make([]int, d)
		for j := range order {
			order[j] = j
		}
	}
	f := NewFactor(d, q.ChunkRows)
	for chunk, err := range chunks {
		if err != nil {
			f.Close()
			return fmt.Errorf("qmrfs: reading the data: %w", err)
		}
		if err := f.Add(chunk); err != nil {
			f.Close()
			return fmt.Errorf("qmrfs: %w", err)
		}
	}
	if err := f.Close(); err != nil {
		return fmt.Errorf("qmrfs: %w", err)
	}
	if f.Rows() == 0 {
		return fmt.Errorf("qmrfs: no rows")
	}
	sel, scores := f.Select(q.Theta, order)
	q.selected, q.scores, q.rows, q.order = sel, scores, f.Rows(), order
	return nil
}

func checkPermutation(p []int, d int) error {
	if len(p) != d {
		return fmt.Errorf("permutation has %d entries, want one per column (%d)", len(p), d)
	}
	seen := make([]bool, d)
	for _, j := range p {
		if j < 0 || j >= d || seen[j] {
			return fmt.Errorf("%v is not a permutation of 0..%d", p, d-1)
		}
		seen[j] = true
	}
	return nil
}

// Selected returns the retained columns in the order they were considered
// (the constant is not among them).
func (q *QMRFS) Selected() []int { return q.selected }

// Scores returns, for every column, its relative residual
// ||delta_j|| / ||x_j|| when it was considered: the part of the column not
// reconstructed by the constant and the features retained before it (0 for
// an all-zero column). A column is retained when its score exceeds Theta.
func (q *QMRFS) Scores() []float64 { return q.scores }

// Report returns the counts and the order of consideration.
func (q *QMRFS) Report() map[string]any {
	return map[string]any{
		"rows":     q.rows,
		"retained": len(q.selected),
		"dropped":  len(q.order) - len(q.selected),
		"order":    q.order,
	}
}

// blockRows is the number of candidate columns projected together.
const blockRows = 32

// Select runs the greedy selection of QMR-FS Algorithm 1 on the
// accumulated factor: the constant first, then the features in order; a
// feature is retained when the residual of its column after projection on
// the constant and the features retained so far has norm > theta times the
// norm of the column (Sec. 2: dropped when ||delta_j|| <= theta ||x_j||). It
// returns the retained features in order and every feature's relative
// residual.
//
// The residuals are computed on the columns of R (x_j = Q r_j, Q
// orthonormal, so norms are kept), orthogonalized by block classical
// Gram-Schmidt with re-orthogonalization (two passes, BLAS-3) against the
// retained ones and modified Gram-Schmidt within a block: the orthogonal
// residual of the paper's definition (Sec. 2), not Eq. (5)'s oblique one
// (package doc).
func (f *Factor) Select(theta float64, order []int) (selected []int, scores []float64) {
	if !f.closed {
		_ = f.Close() // a failure leaves the factor of no rows
	}
	p := f.p
	d := p - 1
	scores = make([]float64, d)
	thr := math.Max(theta, noiseFloor)
	L := f.l
	if L == nil {
		L = make([]float64, p*p)
	}
	// Candidates as rows: V[0] = r_0 (the constant), V[1+i] = r_{1+order[i]};
	// column j of R is row j of L.
	V := make([]float64, p*p)
	for i := 0; i < p; i++ {
		src := 0
		if i > 0 {
			src = 1 + order[i-1]
		}
		copy(V[i*p:(i+1)*p], L[src*p:(src+1)*p])
	}
	U := make([]float64, 0, p*p) // retained directions, orthonormal rows
	nU := 0
	c := make([]float64, blockRows*p)
	norms := make([]float64, blockRows)
	impl := blas64.Implementation()
	project := func(B []float64, l int) { // B <- B - (B U^T) U
		if nU == 0 {
			return
		}
		impl.Dgemm(blas.NoTrans, blas.Trans, l, nU, p, 1, B, p, U, p, 0, c[:l*nU], nU)
		impl.Dgemm(blas.NoTrans, blas.NoTrans, l, p, nU, -1, c[:l*nU], nU, U, p, 1, B, p)
	}
	for b0 := 0; b0 < p; b0 += blockRows {
		b1 := min(b0+blockRows, p)
		l := b1 - b0
		B := V[b0*p : b1*p]
		for t := 0; t < l; t++ {
			norms[t] = floats.Norm(B[t*p:(t+1)*p], 2) // ||x_j||
		}
		project(B, l)
		project(B, l) // twice is enough
		kept := b0
		for t := 0; t < l; t++ {
			v := B[t*p : (t+1)*p]
			inBlock := func() {
				for a := b0; a < kept; a++ { // retained earlier in this block
					u := U[(nU-(kept-a))*p : (nU-(kept-a)+1)*p]
					floats.AddScaled(v, -floats.Dot(u, v), u)
				}
			}
			inBlock()
			inBlock()
			res := floats.Norm(v, 2)
			if res > thr*norms[t] && res < 1e-3*norms[t] {
				// Heavy cancellation: rounding errors along the retained
				// directions are amplified by ||x_j|| / res; project again.
				project(v, 1)
				inBlock()
				res = floats.Norm(v, 2)
			}
			rel := 0.0
			if norms[t] > 0 {
				rel = res / norms[t]
			}
			j := b0 + t - 1 // feature position in order (-1: the constant)
			if j >= 0 {
				scores[order[j]] = rel
			}
			if norms[t] == 0 || res <= thr*norms[t] {
				continue
			}
			floats.Scale(1/res, v)
			U = append(U, v...)
			nU++
			kept++
			if j >= 0 {
				selected = append(selected, order[j])
			}
		}
	}
	return selected, scores
}

// entropyOrder returns the columns of X by decreasing entropy, the
// ordering heuristic of QMR-FS Alg. 1 line 2, computed as in the authors'
// code: the Shannon entropy (natural log) of the empirical distribution of a
// column with fewer than 10 distinct values, log(distinct values) otherwise.
// Ties keep the column order.
func entropyOrder(X *mat.Dense) []int {
	n, d := X.Dims()
	h := make([]float64, d)
	col := make([]float64, n)
	for j := 0; j < d; j++ {
		mat.Col(col, j, X)
		slices.Sort(col)
		var runs []int
		for i := 0; i < n; {
			k := i + 1
			for k < n && col[k] == col[i] {
				k++
			}
			runs = append(runs, k-i)
			i = k
		}
		if len(runs) >= 10 {
			h[j] = math.Log(float64(len(runs)))
			continue
		}
		for _, c := range runs {
			pr := float64(c) / float64(n)
			h[j] -= pr * math.Log(pr)
		}
	}
	order := make([]int, d)
	for j := range order {
		order[j] = j
	}
	slices.SortStableFunc(order, func(a, b int) int { return cmp.Compare(h[b], h[a]) })
	return order
}
