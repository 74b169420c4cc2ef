package umap

import (
	"context"
	"errors"
	"math"
	"slices"
	"strings"
	"testing"

	"gonum.org/v1/gonum/mat"

	"github.com/gsbench/gsbench/evaluate/metrics"
	"github.com/gsbench/gsbench/internal/rowmajor"
	"github.com/gsbench/gsbench/internal/testutil/realdata"
	"github.com/gsbench/gsbench/preprocess"
)

// TestDigits is issue 11's acceptance check: on the 1797 x 64 optical
// digits, the default 2-D embedding has trustworthiness (scikit-learn's
// definition, k = 5) at least 0.95 and its k-means (k = 10) clusters have
// NMI at least 0.75 against the digit labels.
func TestDigits(t *testing.T) {
	ds := realdata.Load(t, "digits", preprocess.None)
	X, y := ds.X, ds.Y
	for _, seed := range []uint64{0, 42} {
		u := New()
		u.Seed = seed
		if err := u.Fit(X, nil); err != nil {
			t.Fatal(err)
		}
		E := u.Embedding()
		if r, c := E.Dims(); r != 1797 || c != 2 {
			t.Fatalf("embedding %d x %d", r, c)
		}
		tw := trustworthiness(X, E, 5)
		nmi, err := metrics.NMI(y, kmeans(E, 10, 10, seed))
		if err != nil {
			t.Fatal(err)
		}
		t.Logf("seed %d: trustworthiness %.4f, k-means NMI %.4f, report %v", seed, tw, nmi, u.Report())
		if tw < 0.95 {
			t.Errorf("seed %d: trustworthiness %.4f < 0.95", seed, tw)
		}
		if nmi < 0.75 {
			t.Errorf("seed %d: NMI %.4f < 0.75", seed, nmi)
		}
	}
}

// TestReproducible: the same seed gives the same bytes whatever the number
// of workers; another seed gives another embedding.
func TestReproducible(t *testing.T) {
	X, _ := blobs(5, 80, 10, 2, 11)
	fit := func(seed uint64, workers int, knn KNN) *mat.Dense {
		u := New()
		u.Seed, u.Workers, u.KNN, u.NEpochs = seed, workers, knn, 100
		if err := u.Fit(X, nil); err != nil {
			t.Fatal(err)
		}
		return u.Embedding()
	}
	for _, knn := range []KNN{KNNExact, KNNNNDescent} {
		a, b := fit(3, 1, knn), fit(3, 4, knn)
		if !slices.Equal(a.RawMatrix().Data, b.RawMatrix().Data) {
			t.Errorf("%s: seed 3 with 1 and 4 workers differ", knn)
		}
		if c := fit(4, 1, knn); mat.Equal(a, c) {
			t.Errorf("%s: seeds 3 and 4 give the same embedding", knn)
		}
	}
}

// TestTransform embeds held-out digits into a fitted embedding: each lands
// among training points of its own class (1-nearest-neighbour accuracy in
// the embedding) nearly as often as with the full-dimensional data, the
// training matrix maps to the training embedding, and a training row given
// as new data lands on its own embedding.
func TestTransform(t *testing.T) {
	ds := realdata.Load(t, "digits", preprocess.None)
	X, y := ds.X, ds.Y
	n, d := X.Dims()
	var trainIdx, testIdx []int
	for i := 0; i < n; i++ {
		if i%6 == 0 {
			testIdx = append(testIdx, i)
		} else {
			trainIdx = append(trainIdx, i)
		}
	}
	rows := func(idx []int) *mat.Dense {
		M := mat.NewDense(len(idx), d, nil)
		for r, i := range idx {
			M.SetRow(r, X.RawRowView(i))
		}
		return M
	}
	Xtr, Xte := rows(trainIdx), rows(testIdx)
	u := New()
	u.Seed = 5
	if err := u.Fit(Xtr, nil); err != nil {
		t.Fatal(err)
	}
	Etr := u.Embedding()
	Ete, err := u.Transform(Xte)
	if err != nil {
		t.Fatal(err)
	}
	nn1 := func(A *mat.Dense, B *mat.Dense) float64 {
		right := 0
		for r := range testIdx {
			best, bd := 0, math.Inf(1)
			for s := range trainIdx {
				if dd := rowmajor.SqDist(B.RawRowView(r), A.RawRowView(s)); dd < bd {
					best, bd = s, dd
				}
			}
			if y[trainIdx[best]] == y[testIdx[r]] {
				right++
			}
		}
		return float64(right) / float64(len(testIdx))
	}
	accEmb, accRaw := nn1(Etr, Ete), nn1(Xtr, Xte)
	t.Logf("held-out 1-NN accuracy: embedding %.4f, raw data %.4f", accEmb, accRaw)
	if accEmb < accRaw-0.05 {
		t.Errorf("transformed points: 1-NN accuracy %.4f, more than 5 points below the raw data's %.4f", accEmb, accRaw)
	}
	same, err := u.Transform(mat.DenseCopyOf(Xtr))
	if err != nil || !mat.Equal(same, Etr) {
		t.Errorf("Transform(training data) should return the training embedding (err %v)", err)
	}
	// A training row (as part of new data) starts at its own embedding.
	probe := rows(trainIdx[:3])
	probe.SetRow(2, Xte.RawRowView(0))
	P, err := u.Transform(probe)
	if err != nil {
		t.Fatal(err)
	}
	for r := 0; r < 2; r++ {
		if dist := math.Sqrt(rowmajor.SqDist(P.RawRowView(r), Etr.RawRowView(r))); dist > 1 {
			t.Errorf("training row %d transformed %.3f away from its embedding", r, dist)
		}
	}
	if _, err := u.Transform(mat.NewDense(2, d+1, nil)); err == nil {
		t.Error("Transform with a wrong column count should fail")
	}
}

// TestDegenerate: constant, duplicated and tiny inputs give finite
// embeddings; invalid inputs and parameters give errors that say what is
// wrong.
func TestDegenerate(t *testing.T) {
	dup, _ := blobs(2, 30, 4, 3, 12)
	for i := 30; i < 60; i++ {
		dup.SetRow(i, dup.RawRowView(i%5)) // half the rows are copies of 5 points
	}
	for name, X := range map[string]*mat.Dense{
		"constant":   mat.NewDense(50, 3, nil),
		"duplicates": dup,
		"one point":  mat.NewDense(1, 4, []float64{1, 2, 3, 4}),
		"two points": mat.NewDense(2, 2, []float64{0, 0, 1, 1}),
		"five":       mat.NewDense(5, 2, []float64{0, 0, 1, 0, 0, 1, 1, 1, 5, 5}),
		"one column": mat.NewDense(40, 1, func() []float64 {
			v := make([]float64, 40)
			for i := range v {
				v[i] = float64(i * i % 17)
			}
			return v
		}()),
	} {
		for _, k := range []int{2, 5} {
			u := New()
			u.K, u.NEpochs = k, 50
			if err := u.Fit(X, nil); err != nil {
				t.Errorf("%s, k %d: %v", name, k, err)
				continue
			}
			E := u.Embedding()
			n, _ := X.Dims()
			if r, c := E.Dims(); r != n || c != k {
				t.Errorf("%s: embedding %d x %d", name, r, c)
			}
			if err := finiteSlice(E.RawMatrix().Data); err != nil {
				t.Errorf("%s, k %d: %v", name, k, err)
			}
			_, d := X.Dims()
			Q := mat.NewDense(3, d, nil)
			for i := 0; i < 3; i++ {
				for j := 0; j < d; j++ {
					Q.Set(i, j, X.At(i%n, j)+0.5*float64(i))
				}
			}
			Z, err := u.Transform(Q)
			if err != nil {
				t.Errorf("%s, k %d: Transform: %v", name, k, err)
			} else if err := finiteSlice(Z.RawMatrix().Data); err != nil {
				t.Errorf("%s, k %d: Transform: %v", name, k, err)
			}
		}
	}
	nan := mat.NewDense(3, 2, []float64{1, 2, 3, math.NaN(), 5, 6})
	if err := New().Fit(nan, nil); err == nil || !strings.Contains(err.Error(), "finite") {
		t.Errorf("NaN input: error %v", err)
	}
	X, _ := blobs(2, 10, 3, 1, 1)
	for _, tc := range []struct {
		set  func(u *UMAP)
		want string
	}{
		{func(u *UMAP) { u.K = 0 }, "k = 0"},
		{func(u *UMAP) { u.NNeighbors = 1 }, "n_neighbors"},
		{func(u *UMAP) { u.MinDist = 2 }, "min_dist"},
		{func(u *UMAP) { u.Spread = 0 }, "spread"},
		{func(u *UMAP) { u.LearningRate = 0 }, "learning_rate"},
		{func(u *UMAP) { u.NEpochs = -1 }, "n_epochs"},
		{func(u *UMAP) { u.NegativeSampleRate = -1 }, "negative_sample_rate"},
		{func(u *UMAP) { u.Init = "pca" }, "init"},
		{func(u *UMAP) { u.KNN = "annoy" }, "knn"},
	} {
		u := New()
		tc.set(u)
		if err := u.Fit(X, nil); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("error %v, want it to mention %q", err, tc.want)
		}
	}
	if _, err := New().Transform(X); err == nil {
		t.Error("Transform before Fit should fail")
	}
}

// countdown is a context whose Err reports context.Canceled from its
// (n+1)-th call on, and counts the calls: a deterministic cancellation at
// any check of FitContext.
type countdown struct {
	context.Context
	n, calls int
}

func (c *countdown) Err() error {
	c.calls++
	if c.calls > c.n {
		return context.Canceled
	}
	return nil
}

// A canceled context stops FitContext at its next check (the exact
// search's tiles, NN-descent's blocks, the sparse eigensolver's products,
// the epochs) with ctx's error, and the estimator keeps its previous fit
// (or stays unfitted): cancellation at every third check of a whole fit.
func TestFitContextCanceled(t *testing.T) {
	X, _ := blobs(2, 300, 5, 1, 21) // 600 points: the sparse spectral solver
	for _, knn := range []KNN{KNNExact, KNNNNDescent} {
		model := func() *UMAP {
			u := New()
			u.NEpochs, u.NNeighbors, u.KNN = 10, 8, knn
			return u
		}
		full := &countdown{Context: context.Background(), n: math.MaxInt}
		ref := model()
		if err := ref.FitContext(full, X, nil); err != nil {
			t.Fatal(err)
		}
		if ref.Report()["spectral_cycles"] == nil {
			t.Fatalf("%s: the spectral layout did not use the sparse solver: %v", knn, ref.Report())
		}
		prev := model()
		prev.Seed = 5
		if err := prev.Fit(X, nil); err != nil {
			t.Fatal(err)
		}
		want := prev.Embedding()
		for n := 0; n < full.calls; n += 3 {
			fresh := model()
			ctx := &countdown{Context: context.Background(), n: n}
			if err := fresh.FitContext(ctx, X, nil); !errors.Is(err, context.Canceled) {
				t.Fatalf("%s canceled at check %d of %d: error %v", knn, n+1, full.calls, err)
			}
			if ctx.calls != n+1 {
				t.Errorf("%s canceled at check %d: %d checks", knn, n+1, ctx.calls)
			}
			if fresh.Embedding() != nil || fresh.Report() != nil {
				t.Errorf("%s canceled at check %d: a half-fitted model", knn, n+1)
			}
			if _, err := fresh.Transform(X); err == nil {
				t.Errorf("%s canceled at check %d: Transform accepted", knn, n+1)
			}
			if err := prev.FitContext(&countdown{Context: context.Background(), n: n}, X, nil); !errors.Is(err, context.Canceled) {
				t.Fatalf("%s refit canceled at check %d: error %v", knn, n+1, err)
			}
			if !mat.Equal(prev.Embedding(), want) {
				t.Errorf("%s refit canceled at check %d: the previous fit was changed", knn, n+1)
			}
		}
		t.Logf("%s: %d context checks in a fit (%v)", knn, full.calls, ref.Report())
	}
}
