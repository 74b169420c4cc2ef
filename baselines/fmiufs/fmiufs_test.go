package fmiufs

import (
	"context"
	"math"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"gonum.org/v1/gonum/mat"

	"github.com/gsbench/gsbench/internal/memory"
	"github.com/gsbench/gsbench/internal/testutil"
)

// naiveJoint transcribes ufs_FMI's relation matrices and entropy() for the
// columns of X as given (numerical when they span exactly [0, 1]).
func naiveJoint(X *mat.Dense, lambda float64) [][]float64 {
	n, d := X.Dims()
	rel := make([][][]float64, d)
	for j := 0; j < d; j++ {
		col := mat.Col(nil, j, X)
		delta := 0.0
		if slices.Min(col) == 0 && slices.Max(col) == 1 {
			var mean float64
			for _, v := range col {
				mean += v / float64(n)
			}
			var ss float64
			for _, v := range col {
				ss += (v - mean) * (v - mean)
			}
			delta = math.Sqrt(ss/float64(n)) / lambda
		}
		rel[j] = make([][]float64, n)
		for a := range n {
			rel[j][a] = make([]float64, n)
			for b := range n {
				dist := math.Abs(col[a] - col[b])
				switch {
				case dist > delta:
				case delta == 0:
					rel[j][a][b] = 1
				default:
					rel[j][a][b] = 1 - dist
				}
			}
		}
	}
	H := make([][]float64, d)
	for i := range d {
		H[i] = make([]float64, d)
		for j := range d {
			for a := range n {
				var s float64
				for b := range n {
					s += math.Min(rel[i][a][b], rel[j][a][b])
				}
				H[i][j] -= math.Log2(s/float64(n)) / float64(n)
			}
		}
	}
	return H
}

func TestJointEntropies(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	n := 37
	X := mat.NewDense(n, 5, nil)
	for i := range n {
		X.SetRow(i, []float64{rng.Float64(), float64(rng.IntN(3)), rng.Float64(), float64(rng.IntN(2)), 3 * rng.Float64()})
	}
	// Columns 0 and 2 to exactly [0, 1] (numerical), the others nominal.
	for _, j := range []int{0, 2} {
		col := mat.Col(nil, j, X)
		lo, hi := slices.Min(col), slices.Max(col)
		for i, v := range col {
			X.Set(i, j, (v-lo)/(hi-lo))
		}
	}
	for _, lambda := range []float64{1, 0.4} {
		want := naiveJoint(X, lambda)
		for _, w := range []int{1, 2} {
			H, err := jointEntropies(context.Background(), newRelations(X, None, lambda), w)
			if err != nil {
				t.Fatal(err)
			}
			for i := range 5 {
				for j := range 5 {
					if math.Abs(H[i*5+j]-want[i][j]) > 1e-13 {
						t.Errorf("lambda %v, %d workers: H(%d, %d) = %v, transcription %v", lambda, w, i, j, H[i*5+j], want[i][j])
					}
				}
			}
		}
	}
}

// TestConstant checks that a constant column is ranked last with a zero
// entropy and that nothing is NaN.
func TestConstant(t *testing.T) {
	X := mat.DenseCopyOf(testutil.Clusters(1))
	n, _ := X.Dims()
	for i := range n {
		X.Set(i, 2, 7)
	}
	m := New()
	if err := m.Fit(X, nil); err != nil {
		t.Fatal(err)
	}
	if sel := m.Selected(); sel[len(sel)-1] != 2 {
		t.Errorf("ranking %v: the constant column 2 is not last", sel)
	}
	r := m.Report()
	if e := r["entropy"].([]float64)[2]; e != 0 {
		t.Errorf("entropy of the constant column %v, want 0", e)
	}
	for _, key := range []string{"significance", "average_mi", "entropy"} {
		for _, v := range r[key].([]float64) {
			if math.IsNaN(v) || math.IsInf(v, 0) {
				t.Errorf("%s holds %v", key, v)
			}
		}
	}
}

// TestSynthetic checks that a cluster-carrying feature comes first and all
// five (0..4) among the first six: they carry the same clusters, and the
// redundancy term lets one noise feature in second place.
func TestSynthetic(t *testing.T) {
	for seed := uint64(1); seed <= 3; seed++ {
		m := New()
		if err := m.Fit(testutil.Clusters(seed), nil); err != nil {
			t.Fatal(err)
		}
		sel := m.Selected()
		informative := 0
		for _, j := range sel[:6] {
			if j < 5 {
				informative++
			}
		}
		if sel[0] >= 5 || informative != 5 {
			t.Errorf("seed %d: ranking %v, want an informative feature first and all of 0..4 among the first 6", seed, sel)
		}
	}
}

func TestErrors(t *testing.T) {
	X := testutil.Clusters(1)
	for _, tc := range []struct {
		name string
		m    *FMIUFS
		want string
	}{
		{"lambda 0", &FMIUFS{Scale: MinMax}, "lambda"},
		{"scale", &FMIUFS{Lambda: 1, Scale: "zscore"}, "scale"},
		{"k", &FMIUFS{Lambda: 1, Scale: MinMax, K: 30}, "k = 30"},
	} {
		if err := tc.m.Fit(X, nil); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: error %v, want one containing %q", tc.name, err, tc.want)
		}
	}
	memory.Limit = 1 << 10
	err := New().Fit(X, nil)
	memory.Limit = 0
	if err == nil || !strings.Contains(err.Error(), "memory") {
		t.Errorf("1 KiB of memory: error %v, want a memory refusal", err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if err := New().FitContext(ctx, X, nil); err == nil {
		t.Error("a canceled context did not stop the fit")
	}
}
