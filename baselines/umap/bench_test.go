package umap

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"runtime"
	"slices"
	"testing"

	"gonum.org/v1/gonum/mat"

	"github.com/gsbench/gsbench/baselines/graph"
	"github.com/gsbench/gsbench/internal/testutil/realdata"
	"github.com/gsbench/gsbench/preprocess"
)

// BenchmarkFitDigits: the default 2-D embedding of the 1797 x 64 digits.
func BenchmarkFitDigits(b *testing.B) {
	X := realdata.Load(b, "digits", preprocess.None).X
	for b.Loop() {
		u := New()
		if err := u.Fit(X, nil); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkFitMNIST embeds the 60000 x 784 MNIST training set with the
// defaults (NN-descent neighbours, 200 epochs): in 2 dimensions (issue 24's
// target, 90 s) and in 20 (issue 11's, 5 minutes).
func BenchmarkFitMNIST(b *testing.B) {
	ds := realdata.Load(b, "mnist", preprocess.None)
	for _, k := range []int{2, 20} {
		b.Run(fmt.Sprintf("k%d", k), func(b *testing.B) {
			cpu := cpuTime()
			for b.Loop() {
				u := New()
				u.K = k
				if err := u.Fit(ds.X, nil); err != nil {
					b.Fatal(err)
				}
				b.ReportMetric(float64(u.Report()["edges"].(int)), "edges")
			}
			b.ReportMetric((cpuTime()-cpu)/float64(b.N), "cpu-s/op")
		})
	}
}

// BenchmarkStagesMNIST times the stages of BenchmarkFitMNIST/k2 one by one,
// each from the previous stages' results (computed once, not timed): the
// neighbour search, the fuzzy graph (calibration, union, pruning), the
// spectral initialisation and the optimisation of the layout.
func BenchmarkStagesMNIST(b *testing.B) {
	ds := realdata.Load(b, "mnist", preprocess.None)
	u := New()
	a, bb, err := u.check()
	if err != nil {
		b.Fatal(err)
	}
	n, _ := ds.X.Dims()
	epochs, workers := defaultEpochs(n), u.workers()
	ctx := context.Background()
	knn := func() *graph.Neighbors {
		nb, _, err := nnDescent(ctx, ds.X, u.NNeighbors, u.Seed^streamNNDescent<<56, workers)
		if err != nil {
			b.Fatal(err)
		}
		return nb
	}
	fuzzy := func(nb *graph.Neighbors) *graph.Sparse {
		sigma, rho := smoothKNN(nb, u.LocalConnectivity, workers)
		return prune(fuzzyUnion(nb, memberships(nb, sigma, rho, true)), epochs, epochs)
	}
	spectral := func(g *graph.Sparse) []float64 {
		rng := rand.New(rand.NewPCG(u.Seed, streamInit))
		emb, _, err := spectralLayout(ctx, g, u.K, ds.X, rng, u.Seed)
		if err != nil {
			b.Fatal(err)
		}
		noisyScale(emb, rng)
		return emb
	}
	var nb *graph.Neighbors
	var g *graph.Sparse
	var emb []float64
	b.Run("knn", func(b *testing.B) {
		cpu := cpuTime()
		for b.Loop() {
			nb = knn()
		}
		b.ReportMetric((cpuTime()-cpu)/float64(b.N), "cpu-s/op")
	})
	b.Run("graph", func(b *testing.B) {
		if nb == nil {
			nb = knn()
		}
		cpu := cpuTime()
		for b.Loop() {
			g = fuzzy(nb)
		}
		b.ReportMetric((cpuTime()-cpu)/float64(b.N), "cpu-s/op")
		b.ReportMetric(float64(g.NNZ()), "entries")
	})
	b.Run("spectral", func(b *testing.B) {
		if g == nil {
			g = fuzzy(knn())
		}
		cpu := cpuTime()
		for b.Loop() {
			emb = spectral(g)
		}
		b.ReportMetric((cpuTime()-cpu)/float64(b.N), "cpu-s/op")
	})
	b.Run("layout", func(b *testing.B) {
		if emb == nil {
			g = fuzzy(knn())
			emb = spectral(g)
		}
		from, to, w := edges(g)
		cpu := cpuTime()
		for b.Loop() {
			e := slices.Clone(emb)
			l := &layout{
				head: e, tail: e, dim: u.K, from: from, to: to,
				epochsPerSample: epochsPerSample(w), nTail: n,
				a: a, b: bb, gamma: u.RepulsionStrength, alpha: u.LearningRate,
				negativeRate: float64(u.NegativeSampleRate), epochs: epochs, moveOther: true,
			}
			if err := l.run(ctx, rand.NewPCG(u.Seed, streamLayout)); err != nil {
				b.Fatal(err)
			}
		}
		b.ReportMetric((cpuTime()-cpu)/float64(b.N), "cpu-s/op")
	})
}

// recallSample: recall is measured over the points i with i % recallSample
// == 0 (6000 of MNIST's 60000; scripts/peer_knn_mnist.py measures
// pynndescent's over the same points).
const recallSample = 10

// exactSample returns, for every recallSample-th row of X, its k-1 nearest
// other rows (exact search, ties broken by index).
func exactSample(b *testing.B, X *mat.Dense, k int) [][]int {
	n, d := X.Dims()
	var rows []int
	for i := 0; i < n; i += recallSample {
		rows = append(rows, i)
	}
	Q := mat.NewDense(len(rows), d, nil)
	for r, i := range rows {
		Q.SetRow(r, X.RawRowView(i))
	}
	nb, err := graph.KNNQuery(X, Q, k, graph.KNNOptions{})
	if err != nil {
		b.Fatal(err)
	}
	out := make([][]int, len(rows))
	for r, i := range rows {
		idx, _ := nb.Row(r)
		for _, j := range idx {
			if j != i && len(out[r]) < k-1 {
				out[r] = append(out[r], j)
			}
		}
	}
	return out
}

// recall returns the fraction of the exact neighbours of the sampled points
// that approx holds.
func recall(exact [][]int, approx *graph.Neighbors) float64 {
	hits, total := 0, 0
	for r, e := range exact {
		a, _ := approx.Row(r * recallSample)
		for _, j := range e {
			if slices.Contains(a[1:], j) {
				hits++
			}
		}
		total += len(e)
	}
	return float64(hits) / float64(total)
}

// BenchmarkKNNMNIST compares the exact tiled search with NN-descent on
// MNIST (15 neighbours, the point itself included) and reports
// NN-descent's iterations, recall (over every 10th point, against their
// exact neighbours, found beforehand and not timed) and CPU time per run
// (user and system, all threads).
// scripts/peer_knn_mnist.py times pynndescent on the same data.
func BenchmarkKNNMNIST(b *testing.B) {
	ds := realdata.Load(b, "mnist", preprocess.None)
	b.Run("exact", func(b *testing.B) {
		for b.Loop() {
			exactKNN(context.Background(), ds.X, 15, runtime.GOMAXPROCS(0))
		}
	})
	b.Run("nndescent", func(b *testing.B) {
		ref := exactSample(b, ds.X, 15)
		var nb *graph.Neighbors
		var iters int
		cpu := cpuTime()
		for b.Loop() {
			var err error
			if nb, iters, err = nnDescent(context.Background(), ds.X, 15, 1, runtime.GOMAXPROCS(0)); err != nil {
				b.Fatal(err)
			}
		}
		b.ReportMetric((cpuTime()-cpu)/float64(b.N), "cpu-s/op")
		b.ReportMetric(recall(ref, nb), "recall")
		b.ReportMetric(float64(iters), "iterations")
	})
}

// BenchmarkPowPos: the latency of the SGD's power (each call waits for the
// previous one's result, as the SGD's steps do), against math.Pow.
func BenchmarkPowPos(b *testing.B) {
	for _, tc := range []struct {
		name string
		pow  func(x, y float64) float64
	}{{"powPos", powPos}, {"math.Pow", math.Pow}} {
		b.Run(tc.name, func(b *testing.B) {
			x := 1.7
			cpu := cpuTime()
			for b.Loop() {
				x = 1 + tc.pow(x, 0.8951)*1e-3
			}
			b.ReportMetric((cpuTime()-cpu)/float64(b.N)*1e9, "cpu-ns/op")
			_ = x
		})
	}
}
