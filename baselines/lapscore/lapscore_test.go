package lapscore

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"gonum.org/v1/gonum/mat"

	"github.com/gsbench/gsbench/baselines/graph"
	"github.com/gsbench/gsbench/internal/testutil/realdata"
	"github.com/gsbench/gsbench/preprocess"
)

// Issue 6: scikit-feature's lap_score on standardized Wine with construct_W
// (knn, k = 5, heat kernel, t = 1).
func TestWine(t *testing.T) {
	X := realdata.Load(t, "wine", preprocess.Standardize).X
	wantScores := []float64{0.079897, 0.075459, 0.086347, 0.08694, 0.081483, 0.056618, 0.029096, 0.073647, 0.075224, 0.051358, 0.066228, 0.056729, 0.053943}
	wantRank := []int{6, 9, 12, 5, 11, 10, 7, 8, 1, 0, 4, 2, 3}
	for _, tc := range []struct {
		name string
		k    int
		want []int
	}{
		{"all", 0, wantRank},
		{"top 4", 4, wantRank[:4]},
	} {
		m := withK(tc.k)
		if err := m.Fit(X, nil); err != nil {
			t.Fatal(err)
		}
		if !slices.Equal(m.Selected(), tc.want) {
			t.Errorf("%s: selected %v, want %v", tc.name, m.Selected(), tc.want)
		}
		for r, w := range wantScores {
			if math.Abs(m.Scores()[r]-w) > 0.6e-6 {
				t.Errorf("%s: score %d = %.7f, want %.6f", tc.name, r, m.Scores()[r], w)
			}
		}
	}
}

// denseScore is the textbook formula with dense matrices.
func denseScore(X *mat.Dense, W *mat.Dense) []float64 {
	n, d := X.Dims()
	deg := make([]float64, n)
	for i := range deg {
		deg[i] = mat.Sum(W.RowView(i))
	}
	L := mat.NewDense(n, n, nil)
	L.Scale(-1, W)
	for i := range deg {
		L.Set(i, i, L.At(i, i)+deg[i])
	}
	out := make([]float64, d)
	for r := range out {
		f := mat.NewVecDense(n, mat.Col(nil, r, X))
		var fd1, s float64
		for i := range deg {
			fd1 += f.AtVec(i) * deg[i]
			s += deg[i]
		}
		ft := mat.NewVecDense(n, nil)
		for i := 0; i < n; i++ {
			ft.SetVec(i, f.AtVec(i)-fd1/s)
		}
		var Lf mat.VecDense
		Lf.MulVec(L, ft)
		var dd float64
		for i := range deg {
			dd += deg[i] * ft.AtVec(i) * ft.AtVec(i)
		}
		out[r] = mat.Dot(ft, &Lf) / dd
	}
	return out
}

func TestAgainstDense(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 1))
	X := mat.NewDense(80, 6, nil)
	for i := 0; i < 80; i++ {
		for j := 0; j < 6; j++ {
			X.Set(i, j, rng.NormFloat64()*float64(j+1)+float64(j))
		}
	}
	for _, opt := range []graph.Options{
		graph.DefaultOptions(),
		{Weight: graph.Binary, NNeighbors: 8, SelfLoops: true},
		{Weight: graph.CosineSimilarity, NNeighbors: 5, SelfLoops: true},
		{NNeighbors: 5, Weight: graph.HeatKernel, T: 3},
	} {
		W, err := graph.Affinity(X, opt)
		if err != nil {
			t.Fatal(err)
		}
		got, err := Scores(X, W, 0)
		if err != nil {
			t.Fatal(err)
		}
		want := denseScore(X, W.Dense())
		for r := range want {
			if math.Abs(got[r]-want[r]) > 1e-12 {
				t.Errorf("%+v: column %d: %v, want %v", opt, r, got[r], want[r])
			}
		}
	}
}

func TestDegenerate(t *testing.T) {
	// A constant column, a duplicated column and a tiny data set.
	X := mat.NewDense(7, 3, []float64{
		1, 2, 2,
		1, 0, 0,
		1, 5, 5,
		1, 3, 3,
		1, -1, -1,
		1, 4, 4,
		1, 2.5, 2.5,
	})
	m := New()
	if err := m.Fit(X, nil); err != nil {
		t.Fatal(err)
	}
	if m.Scores()[0] != MaxScore || m.Selected()[2] != 0 {
		t.Errorf("constant column: score %v, ranking %v", m.Scores()[0], m.Selected())
	}
	if m.Scores()[1] != m.Scores()[2] || math.IsNaN(m.Scores()[1]) {
		t.Errorf("duplicated columns scored %v", m.Scores())
	}
	if err := New().Fit(mat.NewDense(3, 2, nil), nil); err == nil {
		t.Error("3 samples accepted with 5 neighbours")
	}
	if err := withK(4).Fit(X, nil); err == nil {
		t.Error("k = 4 accepted for 3 features")
	}
}

// withK returns the default Laplacian score selecting k features.
func withK(k int) *LaplacianScore {
	m := New()
	m.K = k
	return m
}
