package usfsm

import (
	"context"
	"fmt"
	"math"
	"sync"
	"time"

	"gonum.org/v1/gonum/mat"

	"github.com/gsbench/gsbench/baselines/internal/selection"
	"github.com/gsbench/gsbench/fastblas"
	"github.com/gsbench/gsbench/internal/linalg"
	"github.com/gsbench/gsbench/internal/memory"
	"github.com/gsbench/gsbench/internal/par"
	"github.com/gsbench/gsbench/preprocess"
)

// DefaultMaxSeconds is the default time budget: the d leave-one-out
// eigenproblems are refused when they are predicted to take longer.
const DefaultMaxSeconds = 1800

// peakFlopRate is a generous upper bound on the floating-point rate
// (flop/s) of one thread in the dense symmetric tridiagonal reductions on
// the machines gsbench runs on: 5 times the 21 Gflop/s measured on the
// 2-core development machine (BenchmarkEigen: order 1560, 0.24 CPU-s). It
// only serves to refuse, before the first eigenproblem, a run that cannot
// fit in the budget even at that rate on every worker; the check after the
// first eigenproblem, from its measured time, is the precise one.
const peakFlopRate = 1e11

// USFSM ranks the features by the loss of spectral gap score their removal
// causes. Start from New, which holds the defaults.
type USFSM struct {
	K          int     `param:"k" doc:"number of features to select (0 ranks all); largest loss of spectral gap score first"`
	NClusters  int     `param:"n_clusters" auto:"k when k > 0, else d; at most n - 2" doc:"C: the eigenvalues lambda_3..lambda_C+2 of the normalized Laplacian enter the spectral gap score; 0: k, as the QMR-FS authors' usfsm(features, k) passes the number of features to keep"`
	MaxSeconds float64 `param:"max_seconds" doc:"refuse to run the d leave-one-out eigenproblems when they are predicted (from the time of the first) to take longer than this; 0: no limit"`
	Workers    int     // goroutines for the leave-one-out eigenproblems; 0: GOMAXPROCS. Results do not depend on it.

	scores    []float64
	selected  []int
	c         int
	gamma     float64
	predicted float64
}

// New returns USFSM with the QMR-FS authors' setting (C = k) and a time
// budget of DefaultMaxSeconds.
func New() *USFSM { return &USFSM{MaxSeconds: DefaultMaxSeconds} }

// Validate checks the parameters that do not depend on the data.
func (m *USFSM) Validate() error {
	switch {
	case m.K < 0:
		return fmt.Errorf("usfsm: k = %d: want 0 (rank all) or a positive number", m.K)
	case m.NClusters < 0:
		return fmt.Errorf("usfsm: n_clusters = %d: want C >= 2, or 0 for k", m.NClusters)
	case m.NClusters == 1:
		return fmt.Errorf("usfsm: n_clusters = 1: the spectral gap score needs C >= 2 (with C = 1 its sums are empty and every score is 0)")
	case !(m.MaxSeconds >= 0) || math.IsInf(m.MaxSeconds, 1):
		return fmt.Errorf("usfsm: max_seconds = %v: want a non-negative number of seconds (0: no limit)", m.MaxSeconds)
	}
	return nil
}

// Clusters returns the C used for n samples and d features: NClusters when
// set, else K, else d, the automatic values capped at n - 2 (the score reads
// the eigenvalues up to lambda_C+2).
func (m *USFSM) Clusters(n, d int) int {
	if m.NClusters > 0 {
		return m.NClusters
	}
	c := d
	if m.K > 0 {
		c = m.K
	}
	return min(c, n-2)
}

// Bytes returns the memory USFSM needs for n samples, d features and the
// given number of concurrent eigenproblems: the sum of the kernels, and for
// each eigenproblem the Laplacian and LAPACK's copy of it.
func Bytes(n, d, workers int) int64 {
	nn := memory.Dense(n, n)
	if nn < 0 || nn > math.MaxInt64/int64(2*workers+2) {
		return -1
	}
	return int64(2*workers+1)*nn + 2*memory.Dense(n, d)
}

// Fit calls FitContext with a background context.
func (m *USFSM) Fit(X *mat.Dense, y []int) error { return m.FitContext(context.Background(), X, y) }

// FitContext scores the columns of X (y is ignored), checking ctx between
// the leave-one-out eigenproblems. X is not modified.
func (m *USFSM) FitContext(ctx context.Context, X *mat.Dense, _ []int) error {
	if err := m.Validate(); err != nil {
		return err
	}
	if err := selection.Check("usfsm", X, m.K); err != nil {
		return err
	}
	n, d := X.Dims()
	c := m.Clusters(n, d)
	switch {
	case d < 2:
		return fmt.Errorf("usfsm: %d feature: leaving it out leaves no kernel; USFSM needs at least 2 features", d)
	case c < 2:
		return fmt.Errorf("usfsm: C = %d (from k = %d and %d samples): the spectral gap score needs C >= 2 and n >= C + 2; set n_clusters or use more samples", c, m.K, n)
	case c+2 > n:
		return fmt.Errorf("usfsm: n_clusters = %d needs the %d smallest eigenvalues of the %d x %d Laplacian: use n_clusters <= %d", c, c+2, n, n, n-2)
	}
	workers := min(par.Workers(m.Workers), d)
	if err := memory.Check(fmt.Sprintf("usfsm: the %d x %d kernel and %d Laplacians (USFSM is O(n^3 d))", n, n, workers), Bytes(n, d, workers)); err != nil {
		return err
	}
	// A lower bound on the time: (d + 1) tridiagonal reductions of 4/3 n^3
	// flops each, on every worker at a rate no machine gsbench runs on
	// reaches.
	flops := float64(d+1) * 4 / 3 * math.Pow(float64(n), 3)
	if bound := flops / (peakFlopRate * float64(workers)); m.MaxSeconds > 0 && bound > m.MaxSeconds {
		return fmt.Errorf("usfsm: %d eigenproblems of order %d need about %.2g flops, more than %s even at %.0f Gflop/s on each of %d workers; max_seconds = %g: raise it (0: no limit) or use fewer samples",
			d+1, n, flops, seconds(bound), peakFlopRate/1e9, workers, m.MaxSeconds)
	}

	if err := ctx.Err(); err != nil {
		return err
	}
	Xn := scaled(X)
	sum := kernelSum(Xn, m.Workers)
	// The eigenproblem of all the features, on one BLAS thread as the
	// leave-one-out ones run (one per worker): its time predicts theirs.
	start := time.Now()
	lap := newLaplacian(n)
	lap.set(sum, Xn, -1, float64(d))
	release := fastblas.Serial()
	lam, err := lap.smallest(c + 2)
	release()
	if err != nil {
		return err
	}
	gamma0, err := Gamma(lam, c)
	if err != nil {
		return err
	}
	first := time.Since(start).Seconds()
	m.predicted = first * float64(d) / float64(workers)
	if m.MaxSeconds > 0 && m.predicted > m.MaxSeconds {
		return fmt.Errorf("usfsm: the %d leave-one-out eigenproblems of order %d would take about %s on %d workers (the first took %s); max_seconds = %g: raise it (0: no limit) or use fewer samples",
			d, n, seconds(m.predicted), workers, seconds(first), m.MaxSeconds)
	}

	scores := make([]float64, d)
	pool := sync.Pool{New: func() any { return newLaplacian(n) }}
	// One BLAS thread per eigenproblem whatever the number of workers, so
	// that the rounding, and the scores, do not depend on it.
	defer fastblas.Serial()()
	err = par.Do(ctx, d, workers, func(r int) error {
		l := pool.Get().(*laplacian)
		defer pool.Put(l)
		l.set(sum, Xn, r, float64(d-1))
		lam, err := l.smallest(c + 2)
		if err != nil {
			return fmt.Errorf("%w (without feature %d)", err, r)
		}
		g, err := Gamma(lam, c)
		if err != nil {
			return fmt.Errorf("%w (without feature %d)", err, r)
		}
		scores[r] = gamma0 - g
		return nil
	})
	if err != nil {
		return err
	}
	m.scores, m.c, m.gamma = scores, c, gamma0
	m.selected = selection.Top(selection.Order(scores, true, preprocess.ConstantColumns(X)), m.K)
	return nil
}

func seconds(s float64) string {
	return (time.Duration(s * float64(time.Second))).Round(100 * time.Millisecond).String()
}

// scaled returns X with every column divided by its range max - min, as the
// QMR-FS authors' compute_W does (a constant column is divided by its value,
// or by 1 when it is 0: it contributes 1 to every similarity in any case).
func scaled(X *mat.Dense) *mat.Dense {
	n, d := X.Dims()
	lo := make([]float64, d)
	hi := make([]float64, d)
	copy(lo, X.RawRowView(0))
	copy(hi, X.RawRowView(0))
	for i := 1; i < n; i++ {
		for j, v := range X.RawRowView(i) {
			lo[j] = math.Min(lo[j], v)
			hi[j] = math.Max(hi[j], v)
		}
	}
	norm := make([]float64, d)
	for j := range norm {
		norm[j] = hi[j] - lo[j]
		if norm[j] == 0 {
			norm[j] = hi[j]
			if hi[j] == 0 {
				norm[j] = 1
			}
		}
	}
	out := mat.NewDense(n, d, nil)
	for i := 0; i < n; i++ {
		row := out.RawRowView(i)
		for j, v := range X.RawRowView(i) {
			row[j] = v / norm[j]
		}
	}
	return out
}

// kernelSum returns the n x n matrix sum_r (1 - |x_ar - x_br|) over the
// columns r of the scaled data Xn, in column order (its upper triangle and
// diagonal; the lower triangle is left 0).
func kernelSum(Xn *mat.Dense, workers int) []float64 {
	n, d := Xn.Dims()
	sum := make([]float64, n*n)
	col := make([]float64, n*d) // column-major copy
	for i := 0; i < n; i++ {
		for j, v := range Xn.RawRowView(i) {
			col[j*n+i] = v
		}
	}
	par.Chunks(n, 16, workers, func(_, lo, hi int) {
		for a := lo; a < hi; a++ {
			row := sum[a*n : (a+1)*n]
			for r := 0; r < d; r++ {
				x := col[r*n : (r+1)*n]
				xa := x[a]
				for b := a; b < n; b++ {
					row[b] += 1 - math.Abs(xa-x[b])
				}
			}
		}
	})
	return sum
}

// laplacian holds the buffers of one normalized Laplacian.
type laplacian struct {
	n   int
	neg *mat.SymDense // -L
	deg []float64
}

func newLaplacian(n int) *laplacian {
	return &laplacian{n: n, neg: mat.NewSymDense(n, nil), deg: make([]float64, n)}
}

// set makes l hold -L for W = (sum - K_r) / div, K_r the kernel of column r
// of Xn (none when r < 0): L = I - D^-1/2 W D^-1/2 with D = diag(W 1), a
// zero degree replaced by 1 (compute_L).
func (l *laplacian) set(sum []float64, Xn *mat.Dense, r int, div float64) {
	n := l.n
	raw := l.neg.RawSymmetric()
	var x []float64
	if r >= 0 {
		x = make([]float64, n)
		for i := range x {
			x[i] = Xn.At(i, r)
		}
	}
	for a := 0; a < n; a++ {
		dst := raw.Data[a*raw.Stride : a*raw.Stride+n]
		src := sum[a*n : (a+1)*n]
		if x == nil {
			for b := a; b < n; b++ {
				dst[b] = src[b] / div
			}
		} else {
			xa := x[a]
			for b := a; b < n; b++ {
				dst[b] = (src[b] - (1 - math.Abs(xa-x[b]))) / div
			}
		}
	}
	deg := l.deg
	clear(deg)
	for a := 0; a < n; a++ {
		row := raw.Data[a*raw.Stride : a*raw.Stride+n]
		deg[a] += row[a]
		for b := a + 1; b < n; b++ {
			deg[a] += row[b]
			deg[b] += row[b]
		}
	}
	for a := range deg {
		if deg[a] == 0 {
			deg[a] = 1
		}
		deg[a] = math.Sqrt(1 / deg[a])
	}
	for a := 0; a < n; a++ {
		row := raw.Data[a*raw.Stride : a*raw.Stride+n]
		for b := a; b < n; b++ {
			v := deg[a] * row[b] * deg[b]
			if b == a {
				v -= 1
			}
			row[b] = v
		}
	}
}

// smallest returns the k smallest eigenvalues of L in increasing order.
func (l *laplacian) smallest(k int) ([]float64, error) {
	vals, _, err := linalg.EigenSym(l.neg, k, false)
	if err != nil {
		return nil, fmt.Errorf("usfsm: %w", err)
	}
	for i := range vals {
		vals[i] = -vals[i]
	}
	return vals, nil
}

// Gamma returns the spectral gap score of the increasing eigenvalues lam
// (at least C + 2 of them) as the QMR-FS authors' gamma_function computes
// it, in 1-based indices:
//
//	gamma = sum_{i=3}^{C+1} sum_{j=i+1}^{C+2} |lambda_i - lambda_j| / tau,   tau = sum_{i=3}^{C+1} lambda_i.
//
// It fails when tau is not positive (the graph would have C + 1 connected
// components or more).
func Gamma(lam []float64, c int) (float64, error) {
	var tau float64
	for _, v := range lam[2 : c+1] {
		tau += v
	}
	if !(tau > 0) {
		return 0, fmt.Errorf("usfsm: the eigenvalues lambda_3..lambda_%d of the normalized Laplacian sum to %g: the similarity graph falls apart into %d or more components", c+1, tau, c+1)
	}
	var g float64
	for i := 2; i <= c; i++ {
		for j := i + 1; j <= c+1; j++ {
			g += math.Abs((lam[i] - lam[j]) / tau)
		}
	}
	return g, nil
}

// Selected returns the selected columns, largest score first (constant
// columns last).
func (m *USFSM) Selected() []int { return m.selected }

// Scores returns gamma(all features) - gamma(without the feature) for every
// column: higher is better.
func (m *USFSM) Scores() []float64 { return m.scores }

// Report gives C, the spectral gap score of all the features and the
// predicted time of the leave-one-out eigenproblems (seconds).
func (m *USFSM) Report() map[string]any {
	return map[string]any{"n_clusters": m.c, "gamma": m.gamma, "predicted_seconds": m.predicted}
}

// RankingIgnoresK reports whether k only cuts the ranking (methods.Ranker):
// when n_clusters is given. With n_clusters = 0 the number of clusters C of
// the spectral gap score is k, as in the QMR-FS authors' usfsm(features, k),
// so the ranking itself depends on k.
func (m *USFSM) RankingIgnoresK() bool { return m.NClusters > 0 }
