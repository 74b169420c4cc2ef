package mi

import (
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"sort"

	"gonum.org/v1/gonum/mat"

	"github.com/gsbench/gsbench/baselines/internal/selection"
	"github.com/gsbench/gsbench/internal/par"
)

// MI ranks features by their estimated mutual information with the class,
// as scikit-learn's mutual_info_classif. Create it with New.
type MI struct {
	K          int     `param:"k" doc:"number of features to select; 0 ranks them all"`
	NNeighbors int     `param:"n_neighbors" doc:"neighbours of the Kraskov-Ross estimator (scikit-learn mutual_info_classif: 3)"`
	Noise      float64 `param:"noise" doc:"relative amplitude of the Gaussian noise added to every scaled feature to break ties: noise * max(1, mean |x|) * N(0, 1) (scikit-learn: 1e-10); 0 adds none"`
	Seed       uint64  `param:"seed" doc:"seed of the noise"`
	Workers    int     // goroutines over the features; 0: GOMAXPROCS. Results do not depend on it.

	scores   []float64
	selected []int
	samples  int
}

// New returns MI with scikit-learn's defaults: 3 neighbours and noise of
// relative amplitude 1e-10.
func New() *MI { return &MI{NNeighbors: 3, Noise: 1e-10} }

// Validate checks the parameters that do not depend on the data.
func (m *MI) Validate() error {
	switch {
	case m.K < 0:
		return fmt.Errorf("mi: k = %d: want 0 (rank all) or a positive number of features", m.K)
	case m.NNeighbors < 1:
		return fmt.Errorf("mi: n_neighbors = %d: want a positive number (scikit-learn's default is 3)", m.NNeighbors)
	case !(m.Noise >= 0) || math.IsInf(m.Noise, 1):
		return fmt.Errorf("mi: noise = %v: want a non-negative relative amplitude (scikit-learn's is 1e-10; 0 adds none)", m.Noise)
	}
	return nil
}

// Fit estimates I(x_f; y) for every column f of X (n x d) and the class
// labels y (0..c-1). X is not modified.
func (m *MI) Fit(X *mat.Dense, y []int) error {
	if err := m.Validate(); err != nil {
		return err
	}
	if err := selection.Check("mi", X, m.K); err != nil {
		return err
	}
	n, d := X.Dims()
	c, err := selection.Labels("mi", y, n)
	if err != nil {
		return err
	}
	count := make([]int, c)
	for _, l := range y {
		count[l]++
	}
	kept, present := 0, 0 // samples whose class has another sample; classes with samples
	for _, v := range count {
		if v > 1 {
			kept += v
		}
		if v > 0 {
			present++
		}
	}
	switch {
	case present < 2:
		return fmt.Errorf("mi: the labels name %d class; the mutual information with a constant class is 0, give at least two classes", present)
	case kept == 0:
		return fmt.Errorf("mi: no class has two samples; the estimator needs neighbours of the same class")
	}
	psi := digammaTable(n)
	scores := make([]float64, d)
	par.Chunks(d, 8, m.Workers, func(_, lo, hi int) {
		e := newEstimator(y, count, m.NNeighbors, psi)
		x := make([]float64, n)
		for f := lo; f < hi; f++ {
			mat.Col(x, f, X)
			scaleColumn(x)
			if m.Noise > 0 {
				addNoise(x, m.Noise, rand.New(rand.NewPCG(m.Seed, uint64(f))))
			}
			scores[f] = e.mi(x)
		}
	})
	m.scores, m.samples = scores, kept
	m.selected = selection.Top(selection.Order(scores, true, nil), m.K)
	return nil
}

// scaleColumn divides x by its standard deviation (ddof 0) without
// centering it, as scikit-learn's scale(X, with_mean=False) in
// mutual_info_classif; a standard deviation below 10 eps is replaced by 1
// (_handle_zeros_in_scale). The sums run in order, as NumPy's reductions
// along axis 0, so that the scaled values agree with scikit-learn's to the
// bit.
func scaleColumn(x []float64) {
	n := float64(len(x))
	var sum float64
	for _, v := range x {
		sum += v
	}
	mean := sum / n
	var ss float64
	for _, v := range x {
		e := v - mean
		ss += e * e
	}
	std := math.Sqrt(ss / n)
	if std < 10*0x1p-52 {
		std = 1
	}
	for i := range x {
		x[i] /= std
	}
}

// addNoise adds noise * max(1, mean|x|) * N(0, 1) to every value, as
// scikit-learn adds 1e-10 * max(1, mean|x|) * standard_normal to the scaled
// continuous features ("as advised in Kraskov et al.").
func addNoise(x []float64, noise float64, rng *rand.Rand) {
	var s float64
	for _, v := range x {
		s += math.Abs(v)
	}
	amp := noise * math.Max(1, s/float64(len(x)))
	for i := range x {
		x[i] += amp * rng.NormFloat64()
	}
}

// estimator holds the buffers of one goroutine.
type estimator struct {
	y      []int
	count  []int
	k      int
	psi    []float64
	byCls  [][]float64 // sorted values of each class
	all    []float64   // sorted values of the kept samples
	radius []float64   // scratch distances of the brute-force search
}

func newEstimator(y, count []int, k int, psi []float64) *estimator {
	e := &estimator{y: y, count: count, k: k, psi: psi, byCls: make([][]float64, len(count))}
	for l, c := range count {
		if c > 1 {
			e.byCls[l] = make([]float64, 0, c)
		}
	}
	return e
}

// mi returns the estimate of Ross (PLoS ONE 9(2), 2014, Eq. 2) as
// scikit-learn's _compute_mi_cd: for every sample i of a class with N_i > 1
// samples, k_i = min(k, N_i - 1), d_i the distance to its k_i-th nearest
// neighbour of the same class, and m_i the number of samples (of any class
// with more than one sample, i itself included) closer than d_i; then
//
//	I = psi(N) + <psi(k_i)> - <psi(N_i)> - <psi(m_i)>,
//
// N the number of such samples, clipped at 0.
func (e *estimator) mi(x []float64) float64 {
	e.all = e.all[:0]
	for l := range e.byCls {
		if e.byCls[l] != nil {
			e.byCls[l] = e.byCls[l][:0]
		}
	}
	for i, v := range x {
		if l := e.y[i]; e.count[l] > 1 {
			e.byCls[l] = append(e.byCls[l], v)
			e.all = append(e.all, v)
		}
	}
	slices.Sort(e.all)
	N := len(e.all)
	var sumK, sumN, sumM float64
	for l, v := range e.byCls {
		if v == nil {
			continue
		}
		slices.Sort(v)
		k := min(e.k, len(v)-1)
		// scikit-learn's NearestNeighbors(algorithm="auto") searches by
		// brute force when k >= (class size) / 2, with distances
		// from the expansion |a|^2 - 2ab + |b|^2, and with a KD-tree,
		// exactly, otherwise.
		brute := k >= len(v)/2
		for p, c := range v {
			// scikit-learn: radius = nextafter(distance to the k-th
			// neighbour, 0), and KDTree.query_radius counts the points
			// whose squared distance is <= radius^2.
			var r float64
			if brute {
				r = e.kthExpanded(v, p, k)
			} else {
				r = kthDistance(v, p, k)
			}
			r = math.Nextafter(r, 0)
			r2 := r * r
			lo := sort.Search(N, func(j int) bool { return e.all[j] >= c || sq(e.all[j]-c) <= r2 })
			hi := sort.Search(N, func(j int) bool { return e.all[j] > c && sq(e.all[j]-c) > r2 })
			sumK += e.psi[k]
			sumN += e.psi[e.count[l]]
			sumM += e.psi[hi-lo]
		}
	}
	n := float64(N)
	v := e.psi[N] + sumK/n - sumN/n - sumM/n
	return math.Max(0, v)
}

func sq(v float64) float64 { return v * v }

// kthExpanded returns the k-th smallest distance from v[p] to the other
// entries of v computed as scikit-learn's brute-force Euclidean search
// (ArgKmin) does: sqrt(max(0, (a^2 + (-2ab)) + b^2)), each operation rounded
// (the conversions keep the compiler from fusing them).
func (e *estimator) kthExpanded(v []float64, p, k int) float64 {
	a := v[p]
	e.radius = e.radius[:0]
	for q, b := range v {
		if q == p {
			continue
		}
		s := float64(float64(a*a)+float64(-2*float64(a*b))) + float64(b*b)
		e.radius = append(e.radius, math.Sqrt(math.Max(s, 0)))
	}
	slices.Sort(e.radius)
	return e.radius[k-1]
}

// kthDistance returns the distance from v[p] to its k-th nearest neighbour
// among the other entries of the sorted slice v (k < len(v)).
func kthDistance(v []float64, p, k int) float64 {
	l, r := p-1, p+1
	var dist float64
	for range k {
		switch {
		case l < 0:
			dist = v[r] - v[p]
			r++
		case r >= len(v):
			dist = v[p] - v[l]
			l--
		default:
			if dl, dr := v[p]-v[l], v[r]-v[p]; dl <= dr {
				dist = dl
				l--
			} else {
				dist = dr
				r++
			}
		}
	}
	return dist
}

// digammaTable returns psi(i) for i = 0..n (psi(0) is unused and set to 0):
// psi(i) = -gamma + H_{i-1}, with the harmonic numbers summed with
// compensation, accurate to an ulp or two.
func digammaTable(n int) []float64 {
	const eulerGamma = 0.57721566490153286060651209008240243104215933593992
	t := make([]float64, n+1)
	var sum, comp float64 // Neumaier summation of -gamma + 1 + 1/2 + ...
	sum = -eulerGamma
	for i := 1; i <= n; i++ {
		t[i] = sum + comp
		term := 1 / float64(i)
		s := sum + term
		if math.Abs(sum) >= math.Abs(term) {
			comp += (sum - s) + term
		} else {
			comp += (term - s) + sum
		}
		sum = s
	}
	return t
}

// Selected returns the selected columns, highest mutual information first
// (equal estimates, e.g. the zeros of clipped estimates, in column order).
func (m *MI) Selected() []int { return m.selected }

// Scores returns the estimated mutual information of every column with the
// class, in nats: higher is better.
func (m *MI) Scores() []float64 { return m.scores }

// Report gives the number of samples the estimate used (those whose class
// has at least two samples).
func (m *MI) Report() map[string]any {
	return map[string]any{"samples": m.samples, "n_neighbors": m.NNeighbors}
}
