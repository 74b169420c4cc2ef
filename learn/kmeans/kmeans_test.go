package kmeans

import (
	"context"
	"math"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"testing"

	"gonum.org/v1/gonum/mat"

	"github.com/gsbench/gsbench/internal/testutil/realdata"
	"github.com/gsbench/gsbench/preprocess"
)

// Lloyd iterations from given centres, against scikit-learn 1.2.1's
// KMeans(3, init=X[rows], n_init=1).fit(X) on standardized Wine: labels,
// inertia and iteration count. [0 0 130] starts with a duplicate centre,
// so the first iteration leaves a cluster empty and relocates it.
func TestLloydMatchesScikitLearn(t *testing.T) {
	X := realdata.Load(t, "wine", preprocess.Standardize).X
	for _, tc := range []struct {
		rows    []int
		inertia float64
		iter    int
		labels  string
	}{
		{[]int{0, 60, 130}, 1282.4635183465316, 6, "0000000000000000000000000000000000000000000000000000000000011111111110101001110111121111111111101101111111111111111111111011111111222222222222222222222222222222222222222222222222"},
		{[]int{0, 0, 130}, 1279.731123104636, 8, "0000000000000000000000000000000000000000000000000000000000011211111110111011110111121111111111101111111111111111111111211011111111222222222222222222222222222222222222222222222222"},
		{[]int{5, 6, 7}, 1277.9284888446423, 7, "0000000000000000000000000000000000000000000000000000000000011211111111111011111111121111111111101111111111111111111111211011111111222222222222222222222222222222222222222222222222"},
	} {
		p, _, err := newProblem(X, 3, 1e-4, 2)
		if err != nil {
			t.Fatal(err)
		}
		init := make([]float64, 0, 3*p.d)
		for _, r := range tc.rows {
			init = append(init, p.x[r*p.d:(r+1)*p.d]...)
		}
		res, err := p.lloyd(context.Background(), init, 300)
		if err != nil {
			t.Fatal(err)
		}
		var b strings.Builder
		for _, l := range res.Labels {
			b.WriteString(strconv.Itoa(l))
		}
		if b.String() != tc.labels {
			t.Errorf("init %v: labels\n%s\nscikit-learn\n%s", tc.rows, b.String(), tc.labels)
		}
		if math.Abs(res.Inertia-tc.inertia) > 1e-9*tc.inertia || res.Iter != tc.iter || !res.Converged {
			t.Errorf("init %v: inertia %.13g after %d iterations (converged %v), scikit-learn %.13g after %d", tc.rows, res.Inertia, res.Iter, res.Converged, tc.inertia, tc.iter)
		}
	}
}

// With 10 restarts every seed reaches scikit-learn's best inertia over its
// 25 seeds, up to scikit-learn's worst (the local optima of Wine).
func TestKMeansReachesScikitLearnInertia(t *testing.T) {
	X := realdata.Load(t, "wine", preprocess.Standardize).X
	for seed := range uint64(5) {
		res, err := KMeans(context.Background(), X, Options{K: 3, Seed: seed})
		if err != nil {
			t.Fatal(err)
		}
		if res.Inertia < 1277.9284888446423*(1-1e-12) || res.Inertia > 1278.7607763668148*(1+1e-12) {
			t.Errorf("seed %d: inertia %.13g outside scikit-learn's [1277.9284888446, 1278.7607763668]", seed, res.Inertia)
		}
		// The centres are the means of their clusters, in the input's frame.
		n, d := X.Dims()
		for c := range 3 {
			sum, cnt := make([]float64, d), 0
			for i := range n {
				if res.Labels[i] == c {
					cnt++
					for j := range d {
						sum[j] += X.At(i, j)
					}
				}
			}
			for j := range d {
				if math.Abs(sum[j]/float64(cnt)-res.Centers.At(c, j)) > 1e-9 {
					t.Fatalf("seed %d: centre %d is not its cluster's mean", seed, c)
				}
			}
		}
	}
}

func blobs(rng *rand.Rand, k, per, d int, spread float64) (*mat.Dense, []int) {
	X := mat.NewDense(k*per, d, nil)
	y := make([]int, k*per)
	for c := range k {
		for s := range per {
			i := c*per + s
			y[i] = c
			for j := range d {
				X.Set(i, j, 10*float64(c)*float64(j%2*2-1)+spread*rng.NormFloat64())
			}
		}
	}
	return X, y
}

func TestSeparatedBlobsAndDeterminism(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	t.Run("small", func(t *testing.T) { checkBlobs(t, rng, 4, 700, 5, 10) })  // restarts in parallel
	t.Run("large", func(t *testing.T) { checkBlobs(t, rng, 5, 4000, 50, 2) }) // iterations split in blocks
}

func checkBlobs(t *testing.T, rng *rand.Rand, k, per, d, nInit int) {
	X, y := blobs(rng, k, per, d, 0.5)
	if small := k*per*d*k < SmallWork; small != (nInit == 10) {
		t.Fatalf("test data on the wrong side of SmallWork")
	}
	var first *Result
	for _, w := range []int{1, 2, 3} {
		res, err := KMeans(context.Background(), X, Options{K: k, Seed: 9, Workers: w, NInit: nInit})
		if err != nil {
			t.Fatal(err)
		}
		// Each true blob is one cluster.
		m := map[int]int{}
		for i, l := range res.Labels {
			if c, ok := m[y[i]]; ok && c != l {
				t.Fatalf("workers %d: blob %d split", w, y[i])
			}
			m[y[i]] = l
		}
		if first == nil {
			first = res
			continue
		}
		if !slices.Equal(res.Labels, first.Labels) || res.Inertia != first.Inertia || !mat.Equal(res.Centers, first.Centers) {
			t.Errorf("workers %d: result differs from workers 1", w)
		}
	}
}

func TestDegenerateInputs(t *testing.T) {
	ctx := context.Background()
	// Constant data, K = n, one feature, duplicated rows: no panic, sane output.
	for _, tc := range []struct {
		name string
		X    *mat.Dense
		k    int
	}{
		{"constant", mat.NewDense(6, 2, []float64{1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1}), 3},
		{"k = n", mat.NewDense(3, 1, []float64{0, 5, 9}), 3},
		{"one feature", mat.NewDense(5, 1, []float64{0, 0.1, 5, 5.1, 5.2}), 2},
		{"duplicates", mat.NewDense(4, 2, []float64{1, 2, 1, 2, 1, 2, 3, 3}), 3},
		{"k = 1", mat.NewDense(3, 2, []float64{1, 2, 3, 4, 5, 6}), 1},
	} {
		res, err := KMeans(ctx, tc.X, Options{K: tc.k})
		if err != nil {
			t.Errorf("%s: %v", tc.name, err)
			continue
		}
		if math.IsNaN(res.Inertia) || res.Inertia < 0 || len(res.Labels) != tc.X.RawMatrix().Rows {
			t.Errorf("%s: inertia %g, %d labels", tc.name, res.Inertia, len(res.Labels))
		}
		for _, l := range res.Labels {
			if l < 0 || l >= tc.k {
				t.Errorf("%s: label %d", tc.name, l)
			}
		}
		if tc.name == "k = n" && res.Inertia != 0 {
			t.Errorf("k = n: inertia %g, want 0", res.Inertia)
		}
	}
	for _, tc := range []struct {
		name string
		X    *mat.Dense
		opt  Options
	}{
		{"k > n", mat.NewDense(2, 1, []float64{1, 2}), Options{K: 3}},
		{"k = 0", mat.NewDense(2, 1, []float64{1, 2}), Options{}},
		{"NaN", mat.NewDense(2, 1, []float64{1, math.NaN()}), Options{K: 1}},
		{"Inf", mat.NewDense(2, 1, []float64{1, math.Inf(1)}), Options{K: 1}},
		{"tol", mat.NewDense(2, 1, []float64{1, 2}), Options{K: 1, Tol: -1}},
	} {
		if _, err := KMeans(ctx, tc.X, tc.opt); err == nil {
			t.Errorf("%s accepted", tc.name)
		}
	}
	cancelled, cancel := context.WithCancel(ctx)
	cancel()
	if _, err := KMeans(cancelled, mat.NewDense(3, 1, []float64{1, 2, 3}), Options{K: 2}); err == nil {
		t.Error("cancelled context ignored")
	}
}

// Hamerly's pruning changes no label, centre or iteration count of Lloyd's
// algorithm, on overlapping clusters (many near ties), with empty clusters,
// and over several row blocks.
func TestPruningIsExact(t *testing.T) {
	rng := rand.New(rand.NewPCG(31, 32))
	ctx := context.Background()
	for trial, tc := range []struct{ n, d, k int }{
		{700, 3, 8}, {3000, 10, 12}, {1000, 1, 5}, {600, 20, 1}, {50, 2, 40},
	} {
		X := mat.NewDense(tc.n, tc.d, nil)
		for i := range tc.n {
			for j := range tc.d {
				X.Set(i, j, rng.NormFloat64()+float64(i%3)) // three overlapping blobs
			}
		}
		for seed := range uint64(3) {
			var res [2]*Result
			for v, noPrune := range []bool{true, false} {
				p, _, err := newProblem(X, tc.k, 1e-4, 1+trial%3)
				if err != nil {
					t.Fatal(err)
				}
				p.noPrune = noPrune
				centers, err := p.plusPlus(ctx, rand.New(rand.NewPCG(seed, 0)))
				if err != nil {
					t.Fatal(err)
				}
				if res[v], err = p.lloyd(ctx, centers, 300); err != nil {
					t.Fatal(err)
				}
			}
			a, b := res[0], res[1]
			if !slices.Equal(a.Labels, b.Labels) || a.Iter != b.Iter || !mat.Equal(a.Centers, b.Centers) || a.Inertia != b.Inertia {
				t.Errorf("%+v seed %d: pruned run differs (iterations %d vs %d, inertia %.17g vs %.17g)", tc, seed, a.Iter, b.Iter, a.Inertia, b.Inertia)
			}
		}
	}
}
