package fmiufs

import (
	"context"
	"fmt"
	"math"
	"slices"

	"gonum.org/v1/gonum/mat"

	"github.com/gsbench/gsbench/baselines/internal/selection"
	"github.com/gsbench/gsbench/internal/memory"
	"github.com/gsbench/gsbench/internal/par"
	"github.com/gsbench/gsbench/preprocess"
)

// Scale says how the columns are prepared before the fuzzy relations are
// built.
type Scale string

const (
	// MinMax maps every non-constant column onto [0, 1] by (x - min) / max(x
	// - min), as the QMR-FS authors' fmiufs_model does: every column is then
	// numerical.
	MinMax Scale = "minmax"
	// None uses the columns as given, with ufs_FMI's own rule: a column whose
	// minimum is 0 and maximum 1 is numerical, any other nominal.
	None Scale = "none"
)

// Choices lists the allowed values.
func (Scale) Choices() []string { return []string{string(MinMax), string(None)} }

// FMIUFS ranks the features by fuzzy-mutual-information relevance minus
// redundancy, greedily. Start from New, which holds the defaults.
type FMIUFS struct {
	K       int     `param:"k" doc:"number of features to select (0 ranks all), in the greedy order"`
	Lambda  float64 `param:"lambda" doc:"lammda: the fuzzy radius of a numerical feature is its standard deviation divided by lambda (the QMR-FS authors' fmiufs_model and Demo_FMIUFS: 1)"`
	Scale   Scale   `param:"scale" doc:"minmax: every column to [0, 1] first, all numerical (the QMR-FS authors' fmiufs_model); none: ufs_FMI's rule, columns spanning exactly [0, 1] numerical, any other nominal"`
	Workers int     // goroutines for the joint entropies; 0: GOMAXPROCS. Results do not depend on it.

	selected []int
	sig      []float64
	aveMI    []float64
	entropy  []float64
}

// New returns FMIUFS as the QMR-FS authors ran it: min-max scaling, lambda
// = 1.
func New() *FMIUFS { return &FMIUFS{Lambda: 1, Scale: MinMax} }

// Validate checks the parameters that do not depend on the data.
func (m *FMIUFS) Validate() error {
	switch {
	case m.K < 0:
		return fmt.Errorf("fmiufs: k = %d: want 0 (rank all) or a positive number", m.K)
	case !(m.Lambda > 0) || math.IsInf(m.Lambda, 1):
		return fmt.Errorf("fmiufs: lambda = %v: want a positive number (the radius is std / lambda; the authors use 1)", m.Lambda)
	case !slices.Contains(m.Scale.Choices(), string(m.Scale)):
		return fmt.Errorf("fmiufs: scale %q: want minmax or none", m.Scale)
	}
	return nil
}

// Fit calls FitContext with a background context.
func (m *FMIUFS) Fit(X *mat.Dense, y []int) error { return m.FitContext(context.Background(), X, y) }

// FitContext ranks the columns of X (y is ignored), checking ctx between
// blocks of rows. X is not modified.
func (m *FMIUFS) FitContext(ctx context.Context, X *mat.Dense, _ []int) error {
	if err := m.Validate(); err != nil {
		return err
	}
	if err := selection.Check("fmiufs", X, m.K); err != nil {
		return err
	}
	n, d := X.Dims()
	if err := memory.Check(fmt.Sprintf("fmiufs: the fuzzy relations of %d samples and %d features", n, d), Bytes(n, d)); err != nil {
		return err
	}
	rel := newRelations(X, m.Scale, m.Lambda)
	joint, err := jointEntropies(ctx, rel, m.Workers)
	if err != nil {
		return err
	}
	m.entropy = make([]float64, d)
	for j := range m.entropy {
		m.entropy[j] = joint[j*d+j]
	}
	m.selected, m.sig, m.aveMI = greedy(joint, d, rel.constant)
	m.selected = selection.Top(m.selected, m.K)
	return nil
}

// Bytes returns the memory FMIUFS needs for n samples and d features: the
// scaled data, the joint entropies, one block of relation rows and its sums.
func Bytes(n, d int) int64 {
	parts := []int64{2 * memory.Dense(n, d), 2 * memory.Dense(d, d), memory.Dense(blockRows*d, n), memory.Dense(blockRows*d, d)}
	var sum int64
	for _, p := range parts {
		if p < 0 || sum > math.MaxInt64-p {
			return -1
		}
		sum += p
	}
	return sum
}

// relations describes the fuzzy relation of every feature (ufs_FMI):
// r_j(a, b) = 1 - |x_aj - x_bj| when |x_aj - x_bj| <= delta_j, else 0, for a
// numerical feature (delta_j = std_j / lambda, std with divisor n); r_j(a,
// b) = 1 when x_aj = x_bj, else 0, for a nominal one (delta_j = 0).
type relations struct {
	n, d     int
	col      []float64 // column-major data
	delta    []float64
	constant []bool
}

func newRelations(X *mat.Dense, scale Scale, lambda float64) *relations {
	n, d := X.Dims()
	r := &relations{n: n, d: d, col: make([]float64, n*d), delta: make([]float64, d), constant: preprocess.ConstantColumns(X)}
	for i := 0; i < n; i++ {
		for j, v := range X.RawRowView(i) {
			r.col[j*n+i] = v
		}
	}
	for j := 0; j < d; j++ {
		x := r.col[j*n : (j+1)*n]
		if r.constant[j] {
			// A constant column relates every pair: r = 1, entropy 0
			// (fmiufs_model would divide it by 0).
			clear(x)
			continue
		}
		lo, hi := slices.Min(x), slices.Max(x)
		if scale == MinMax {
			// fmiufs_model: X = X - min(X); X = X ./ max(X).
			for i := range x {
				x[i] -= lo
			}
			top := slices.Max(x)
			for i := range x {
				x[i] /= top
			}
			lo, hi = 0, 1
		}
		if lo == 0 && hi == 1 {
			// delta(j) = std(data(:,j),1)/lammda
			var s float64
			for _, v := range x {
				s += v
			}
			mean := s / float64(n)
			var ss float64
			for _, v := range x {
				ss += (v - mean) * (v - mean)
			}
			r.delta[j] = math.Sqrt(ss/float64(n)) / lambda
		}
	}
	return r
}

// rows writes r_j(a, b) for the rows a in [lo, hi) and all b into
// out[((a-lo)*d + j)*n + b].
func (r *relations) rows(lo, hi int, out []float64) {
	n, d := r.n, r.d
	for a := lo; a < hi; a++ {
		for j := 0; j < d; j++ {
			x := r.col[j*n : (j+1)*n]
			dst := out[((a-lo)*d+j)*n : ((a-lo)*d+j+1)*n]
			xa, e := x[a], r.delta[j]
			for b, xb := range x {
				dist := math.Abs(xa - xb)
				switch {
				case dist > e:
					dst[b] = 0
				case e == 0:
					dst[b] = 1 // dist = 0: x_a == x_b
				default:
					dst[b] = 1 - dist
				}
			}
		}
	}
}

// blockRows is the number of rows whose relations are held at once.
const blockRows = 8

// jointEntropies returns the d x d matrix (row-major) of the fuzzy joint
// entropies H(i, j) = -(1/n) sum_a log2(|[x_a]_ij| / n), |[x_a]_ij| = sum_b
// min(r_i(a, b), r_j(a, b)) (ufs_FMI's entropy(min(ri, rj))); its diagonal
// holds the entropies H(j). Each entry is summed over a in order, so the
// result does not depend on the number of workers.
func jointEntropies(ctx context.Context, rel *relations, workers int) ([]float64, error) {
	n, d := rel.n, rel.d
	H := make([]float64, d*d)
	block := make([]float64, blockRows*d*n)
	card := make([]float64, d*d*blockRows) // |[x_a]_ij| for the block's rows, [(i*d+j)*blockRows + a-lo]
	const tile = 512
	for lo := 0; lo < n; lo += blockRows {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		hi := min(n, lo+blockRows)
		rel.rows(lo, hi, block)
		clear(card)
		// The pairs (i, j <= i), shared out by chunks of i; each r_j tile is
		// read once for the chunk's rows i.
		par.Chunks(d, 4, workers, func(_, i0, i1 int) {
			for b0 := 0; b0 < n; b0 += tile {
				b1 := min(n, b0+tile)
				for a := lo; a < hi; a++ {
					base := (a - lo) * d * n
					for j := 0; j < i1; j++ {
						rj := block[base+j*n+b0 : base+j*n+b1]
						for i := max(i0, j); i < i1; i++ {
							ri := block[base+i*n+b0 : base+i*n+b1]
							card[(i*d+j)*blockRows+a-lo] += minSum(ri, rj)
						}
					}
				}
			}
		})
		for i := 0; i < d; i++ {
			for j := 0; j <= i; j++ {
				c := card[(i*d+j)*blockRows : (i*d+j)*blockRows+hi-lo]
				h := H[i*d+j]
				for _, s := range c {
					// Si=-(1/a)*log2(sum(M(i,:))/a); K=K+Si
					h += -(1 / float64(n)) * math.Log2(s/float64(n))
				}
				H[i*d+j] = h
			}
		}
	}
	for i := 0; i < d; i++ {
		for j := 0; j < i; j++ {
			H[j*d+i] = H[i*d+j]
		}
	}
	return H, nil
}

// minSum returns sum_b min(x_b, y_b), with four partial sums (b mod 4)
// added at the end: twice as fast as one chain of dependent additions, and
// the same bytes on every machine.
func minSum(x, y []float64) float64 {
	y = y[:len(x)]
	var s0, s1, s2, s3 float64
	b := 0
	for ; b+4 <= len(x); b += 4 {
		s0 += min(x[b], y[b])
		s1 += min(x[b+1], y[b+1])
		s2 += min(x[b+2], y[b+2])
		s3 += min(x[b+3], y[b+3])
	}
	for ; b < len(x); b++ {
		s0 += min(x[b], y[b])
	}
	return (s0 + s1) + (s2 + s3)
}

// greedy runs ufs_FMI's forward selection on the joint entropies H (d x d,
// entropies on the diagonal): the first feature has the largest average
// mutual information, Ave_MI(j) = mean_i MI(i, j) with MI(i, j) = H(i) +
// H(j) - H(i, j); each next one the largest
//
//	sig(u) = Ave_MI(u) - mean_{s selected} Red(u, s),   Red(u, s) = Ave_MI(s) - (H(s, u) - H(u)) / H(s) * Ave_MI(s),
//
// ties going to the first in ufs_FMI's order (the decreasing Ave_MI order at
// the second step, the index order after, as setdiff sorts). Features of
// zero entropy (constant) are left out of the loop and ranked last in index
// order: their Red would divide 0 by 0. It returns the ranking, sig of each
// feature when it was selected (in ranking order) and Ave_MI.
func greedy(H []float64, d int, constant []bool) (ranking []int, sig, aveMI []float64) {
	E := make([]float64, d)
	for j := range E {
		E[j] = H[j*d+j]
	}
	aveMI = make([]float64, d)
	for j := 0; j < d; j++ {
		var s float64
		for i := 0; i < d; i++ {
			s += E[i] + E[j] - H[i*d+j] // MI(i,j)=E(i)+E(j)-Joint_E(i,j)
		}
		aveMI[j] = s / float64(d) // Ave_MI=mean(MI,1)
	}
	var zero []int
	var cand []int
	for j := 0; j < d; j++ {
		if constant[j] || E[j] == 0 {
			zero = append(zero, j)
		} else {
			cand = append(cand, j)
		}
	}
	if len(cand) == 0 {
		return zero, make([]float64, len(zero)), aveMI
	}
	// [x1,n1]=sort(Ave_MI,'descend'), stable.
	slices.SortStableFunc(cand, func(a, b int) int {
		switch {
		case aveMI[a] > aveMI[b]:
			return -1
		case aveMI[a] < aveMI[b]:
			return 1
		}
		return 0
	})
	ranking = []int{cand[0]}
	sig = []float64{aveMI[cand[0]]}
	rest := slices.Clone(cand[1:])
	red := make([]float64, d) // sum over the selected s of Red(u, s), in selection order
	for len(rest) > 0 {
		s := ranking[len(ranking)-1]
		for _, u := range rest {
			red[u] += aveMI[s] - (H[s*d+u]-E[u])/E[s]*aveMI[s]
		}
		best, bestSig := -1, math.Inf(-1)
		k := float64(len(ranking))
		for pos, u := range rest {
			if v := aveMI[u] - red[u]/k; v > bestSig {
				best, bestSig = pos, v
			}
		}
		if best < 0 {
			best, bestSig = 0, math.NaN()
		}
		ranking = append(ranking, rest[best])
		sig = append(sig, bestSig)
		rest = slices.Delete(rest, best, best+1)
		slices.Sort(rest) // setdiff returns its result sorted
	}
	ranking = append(ranking, zero...)
	sig = append(sig, make([]float64, len(zero))...)
	return ranking, sig, aveMI
}

// Selected returns the selected columns in the greedy order.
func (m *FMIUFS) Selected() []int { return m.selected }

// Report gives sig of every feature when it was selected (in the greedy
// order, constant features 0), the average mutual information Ave_MI and the
// fuzzy entropy of every feature.
func (m *FMIUFS) Report() map[string]any {
	return map[string]any{"significance": m.sig, "average_mi": m.aveMI, "entropy": m.entropy}
}

// RankingIgnoresK reports that k only cuts the ranking: a fit with k
// selects the first k features of the fit with k = 0 (methods.Ranker).
func (m *FMIUFS) RankingIgnoresK() bool { return true }
