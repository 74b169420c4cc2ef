package umap

import (
	"context"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"runtime"
	"slices"

	"gonum.org/v1/gonum/mat"

	"github.com/gsbench/gsbench/baselines/graph"
	"github.com/gsbench/gsbench/internal/linalg"
)

// ExactKNNLimit is the number of points from which the "auto" KNN setting
// uses nearest-neighbour descent; smaller data sets get the exact neighbour
// graph. It is umap-learn's rule (UMAP.fit: fewer than 4096 samples are
// searched exactly, more with pynndescent's NNDescent).
const ExactKNNLimit = 4096

// Random-stream numbers (the second argument of rand.NewPCG), one per use of
// randomness, so that changing one stage never shifts another's numbers.
const (
	streamInit      = 3
	streamLayout    = 4
	streamNNDescent = 5
	streamTransform = 6
)

// Init is the initial layout of the embedding.
type Init string

// The initial layouts (umap-learn's names).
const (
	InitSpectral Init = "spectral" // normalized Laplacian eigenmaps (umap-learn's default)
	InitRandom   Init = "random"   // uniform on [-10, 10]^K
)

// Choices lists the initial layouts.
func (Init) Choices() []string { return []string{string(InitSpectral), string(InitRandom)} }

// KNN is the neighbour search.
type KNN string

// The neighbour searches.
const (
	KNNAuto      KNN = "auto"      // exact below ExactKNNLimit points, NN-descent from there on (umap-learn's rule)
	KNNExact     KNN = "exact"     // exact search (graph.KNN)
	KNNNNDescent KNN = "nndescent" // nearest-neighbour descent, as pynndescent
)

// Choices lists the neighbour searches.
func (KNN) Choices() []string {
	return []string{string(KNNAuto), string(KNNExact), string(KNNNNDescent)}
}

// UMAP is Uniform Manifold Approximation and Projection (McInnes, Healy &
// Melville 2018) with Euclidean input and output metrics. Create it with New,
// which sets umap-learn's defaults, change fields as needed, then call Fit.
type UMAP struct {
	K                  int     `param:"k" doc:"output dimension (umap-learn's n_components)"`
	NNeighbors         int     `param:"n_neighbors" doc:"size of the local neighbourhood, the point itself included"`
	MinDist            float64 `param:"min_dist" doc:"effective minimum distance between embedded points, in [0, spread]"`
	Spread             float64 `param:"spread" doc:"effective scale of the embedded points"`
	NEpochs            int     `param:"n_epochs" auto:"500 up to 10000 samples, 200 beyond (umap-learn's n_epochs=None)" doc:"optimisation epochs; 0: automatic"`
	LearningRate       float64 `param:"learning_rate" doc:"initial SGD learning rate, decayed linearly to 0"`
	NegativeSampleRate int     `param:"negative_sample_rate" doc:"negative samples per positive edge sample"`
	RepulsionStrength  float64 `param:"repulsion_strength" doc:"weight of the negative samples (gamma)"`
	LocalConnectivity  float64 `param:"local_connectivity" doc:"nearest neighbours assumed connected (rho_i is the distance to this one)"`
	Init               Init    `param:"init" doc:"initial layout: spectral (normalized Laplacian eigenmaps) or random"`
	KNN                KNN     `param:"knn" doc:"neighbour search: auto (exact below 4096 samples, NN-descent from 4096 on, as umap-learn), exact or nndescent"`
	Seed               uint64  `param:"seed" doc:"random seed; results do not depend on the number of threads"`
	Workers            int     // goroutines for the neighbour search; 0: GOMAXPROCS. Results do not depend on it.

	x         *mat.Dense // training data (kept by reference for Transform)
	embedding *mat.Dense
	a, b      float64
	k         int // neighbourhood size used
	epochs    int
	report    map[string]any
}

// New returns a UMAP with the defaults of umap-learn's UMAP class (version
// 0.5): n_components 2, n_neighbors 15, min_dist 0.1, spread 1, n_epochs
// None (0 here: chosen by data size), learning_rate 1,
// negative_sample_rate 5, repulsion_strength 1, local_connectivity 1 and
// init 'spectral'; the neighbour search is exact below ExactKNNLimit = 4096
// points and NN-descent from there on, as umap-learn chooses, and the seed 0
// (umap-learn's random_state=None is not reproducible).
func New() *UMAP {
	return &UMAP{
		K: 2, NNeighbors: 15, MinDist: 0.1, Spread: 1, LearningRate: 1,
		NegativeSampleRate: 5, RepulsionStrength: 1, LocalConnectivity: 1,
		Init: InitSpectral, KNN: KNNAuto,
	}
}

// Validate reports the first invalid parameter, if any (Fit calls it).
func (u *UMAP) Validate() error {
	_, _, err := u.check()
	return err
}

// check validates the parameters and returns the curve parameters a, b.
func (u *UMAP) check() (a, b float64, err error) {
	switch {
	case u.K < 1:
		err = fmt.Errorf("umap: k = %d: the output dimension must be at least 1", u.K)
	case u.NNeighbors < 2:
		err = fmt.Errorf("umap: n_neighbors = %d: want at least 2 (the point itself and a neighbour)", u.NNeighbors)
	case u.NEpochs < 0:
		err = fmt.Errorf("umap: n_epochs = %d: want a positive number of epochs, or 0 for 200 or 500 by data size", u.NEpochs)
	case !(u.LearningRate > 0) || math.IsInf(u.LearningRate, 0):
		err = fmt.Errorf("umap: learning_rate = %v: want a positive finite number", u.LearningRate)
	case u.NegativeSampleRate < 0:
		err = fmt.Errorf("umap: negative_sample_rate = %d: want a non-negative number", u.NegativeSampleRate)
	case !(u.RepulsionStrength >= 0) || math.IsInf(u.RepulsionStrength, 0):
		err = fmt.Errorf("umap: repulsion_strength = %v: want a non-negative finite number", u.RepulsionStrength)
	case !(u.LocalConnectivity >= 0) || math.IsInf(u.LocalConnectivity, 0):
		err = fmt.Errorf("umap: local_connectivity = %v: want a non-negative finite number", u.LocalConnectivity)
	case !slices.Contains(u.Init.Choices(), string(u.Init)):
		err = fmt.Errorf("umap: init = %q: want spectral or random", u.Init)
	case !slices.Contains(u.KNN.Choices(), string(u.KNN)):
		err = fmt.Errorf("umap: knn = %q: want auto, exact or nndescent", u.KNN)
	}
	if err != nil {
		return 0, 0, err
	}
	return FindAB(u.Spread, u.MinDist)
}

func (u *UMAP) workers() int {
	if u.Workers > 0 {
		return u.Workers
	}
	return runtime.GOMAXPROCS(0)
}

// Fit embeds the rows of X (n x d). y is ignored. X is not modified, but it
// is kept by reference for Transform: do not change it afterwards. On error
// the estimator keeps the previous fit, if any.
//
// Stages: k-nearest neighbours (exact, or NN-descent from ExactKNNLimit
// points on), smooth-kNN calibration, fuzzy union, pruning of edges lighter than
// max weight / n_epochs, spectral (or random) initialisation scaled to
// [-10, 10] with N(0, 1e-4) noise, and SGD with negative sampling. With
// n <= NNeighbors every point is a neighbour of every other (umap-learn uses
// n - 1 neighbours then). A single point embeds at the origin.
func (u *UMAP) Fit(X *mat.Dense, y []int) error {
	return u.FitContext(context.Background(), X, y)
}

// FitContext is Fit stopping with ctx's error when ctx is canceled: it
// checks ctx between the stages, between the tiles of the exact neighbour
// search and the rounds of NN-descent, between the block products of the
// sparse spectral eigensolver, and between the epochs of the optimisation.
func (u *UMAP) FitContext(ctx context.Context, X *mat.Dense, _ []int) error {
	a, b, err := u.check()
	if err != nil {
		return err
	}
	n, d := X.Dims()
	if n == 0 || d == 0 {
		return fmt.Errorf("umap: empty data (%d x %d)", n, d)
	}
	if err := linalg.CheckFinite("umap", X); err != nil {
		return err
	}
	if err := ctx.Err(); err != nil {
		return err
	}
	k := min(u.NNeighbors, n)
	epochs := u.NEpochs
	if epochs == 0 {
		epochs = defaultEpochs(n) // umap-learn's n_epochs=None
	}
	rep := map[string]any{"a": a, "b": b, "n_neighbors": k, "n_epochs": epochs}
	if n == 1 {
		rep["init"] = "none (one point)"
		u.x, u.a, u.b, u.k, u.epochs, u.report = X, a, b, k, epochs, rep
		u.embedding = mat.NewDense(1, u.K, nil)
		return nil
	}
	workers := u.workers()

	// 1. Neighbours.
	var nb *graph.Neighbors
	if u.KNN == KNNNNDescent || (u.KNN == KNNAuto && n >= ExactKNNLimit) {
		var iters int
		nb, iters, err = nnDescent(ctx, X, k, u.Seed^streamNNDescent<<56, workers)
		if err != nil {
			return err
		}
		rep["knn"], rep["nndescent_iterations"] = "nndescent", iters
	} else {
		if nb, err = exactKNN(ctx, X, k, workers); err != nil {
			return err
		}
		rep["knn"] = "exact"
	}
	if err := ctx.Err(); err != nil {
		return err
	}

	// 2-3. Local fuzzy sets and their union.
	sigma, rho := smoothKNN(nb, u.LocalConnectivity, workers)
	g := fuzzyUnion(nb, memberships(nb, sigma, rho, true))

	// 4. Prune edges that would be sampled less than once
	// (umap-learn's simplicial_set_embedding).
	g = prune(g, epochs, defaultEpochs(n))
	rep["edges"] = g.NNZ() / 2
	if err := ctx.Err(); err != nil {
		return err
	}

	// 5. Initial layout.
	rng := rand.New(rand.NewPCG(u.Seed, streamInit))
	var emb []float64
	init := "random"
	if u.Init == InitSpectral {
		var info spectralInfo
		emb, info, err = spectralLayout(ctx, g, u.K, X, rng, u.Seed)
		rep["components"] = info.components
		switch {
		case isContextErr(err):
			return err
		case err == nil:
			init = "spectral"
			if info.components > 1 {
				init = "spectral (per component)"
			}
			if info.iterations > 0 {
				rep["spectral_cycles"], rep["spectral_converged"] = info.iterations, info.converged
			}
			noisyScale(emb, rng)
		default:
			init = "random (spectral failed: " + err.Error() + ")"
			emb = nil
		}
	}
	if emb == nil {
		emb = make([]float64, n*u.K)
		for i := range emb {
			emb[i] = 20*rng.Float64() - 10 // uniform on [-10, 10], as umap-learn
		}
	}
	rep["init"] = init

	// 6. Optimise.
	from, to, w := edges(g)
	l := &layout{
		head: emb, tail: emb, dim: u.K, from: from, to: to,
		epochsPerSample: epochsPerSample(w), nTail: n,
		a: a, b: b, gamma: u.RepulsionStrength, alpha: u.LearningRate,
		negativeRate: float64(u.NegativeSampleRate), epochs: epochs, moveOther: true,
	}
	if err := l.run(ctx, rand.NewPCG(u.Seed, streamLayout)); err != nil {
		return err
	}
	if err := finiteSlice(emb); err != nil {
		return fmt.Errorf("umap: optimisation diverged: %v (lower learning_rate)", err)
	}
	u.x, u.a, u.b, u.k, u.epochs, u.report = X, a, b, k, epochs, rep
	u.embedding = mat.NewDense(n, u.K, emb)
	return nil
}

// isContextErr reports whether err is a context's error (what ctx.Err
// returns once ctx is done).
func isContextErr(err error) bool {
	return errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded)
}

// defaultEpochs is umap-learn's n_epochs=None choice.
func defaultEpochs(n int) int {
	if n <= 10000 {
		return 500
	}
	return 200
}

// prune drops the edges whose weight is below max weight / epochs (or
// / fallback when epochs <= 10), as umap-learn does before optimising: they
// would be sampled less than once.
func prune(g *graph.Sparse, epochs, fallback int) *graph.Sparse {
	wmax := 0.0
	for _, v := range g.Val {
		wmax = max(wmax, v)
	}
	div := float64(epochs)
	if epochs <= 10 {
		div = float64(fallback)
	}
	thr := wmax / div
	out := &graph.Sparse{N: g.N, RowPtr: make([]int, g.N+1)}
	for i := 0; i < g.N; i++ {
		for t := g.RowPtr[i]; t < g.RowPtr[i+1]; t++ {
			if g.Val[t] >= thr {
				out.Col = append(out.Col, g.Col[t])
				out.Val = append(out.Val, g.Val[t])
			}
		}
		out.RowPtr[i+1] = len(out.Col)
	}
	return out
}

// edges lists the entries of g in row order as (from, to, weight).
func edges(g *graph.Sparse) (from, to []int, w []float64) {
	from = make([]int, g.NNZ())
	for i := 0; i < g.N; i++ {
		for t := g.RowPtr[i]; t < g.RowPtr[i+1]; t++ {
			from[t] = i
		}
	}
	return from, g.Col, g.Val
}

// noisyScale scales coordinates so that the largest magnitude is 10 and adds
// N(0, 1e-4^2) noise (umap-learn's noisy_scale_coords).
func noisyScale(emb []float64, rng *rand.Rand) {
	m := 0.0
	for _, v := range emb {
		m = max(m, math.Abs(v))
	}
	s := 1.0
	if m > 0 {
		s = 10 / m
	}
	for i := range emb {
		emb[i] = emb[i]*s + 1e-4*rng.NormFloat64()
	}
}

// Embedding returns the n x K embedding of the training rows, in input order.
func (u *UMAP) Embedding() *mat.Dense {
	if u.embedding == nil {
		return nil
	}
	return mat.DenseCopyOf(u.embedding)
}

// AB returns the fitted curve parameters a and b (valid after Fit).
func (u *UMAP) AB() (a, b float64) { return u.a, u.b }

// Report returns diagnostics of the last Fit: a, b, the neighbourhood size
// and epochs used, the neighbour search, the number of graph edges, the
// initialisation and, for large graphs, the eigensolver's cycles and
// convergence.
func (u *UMAP) Report() map[string]any { return u.report }

// Transform embeds new rows into the fitted embedding as umap-learn does:
// each row's k nearest training points (exact search, graph.KNNQuery) get
// memberships from
// the smooth-kNN calibration with local connectivity reduced by one; the row
// starts at the membership-weighted mean of their embeddings (at a training
// point's embedding when it coincides with it), and n_epochs / 3 epochs of
// the same SGD (100, or 30 beyond 10000 new rows, by default) move it with
// the training embedding held fixed, at a quarter of the learning rate.
// The training matrix itself maps to the training embedding.
func (u *UMAP) Transform(X *mat.Dense) (*mat.Dense, error) {
	if u.embedding == nil {
		return nil, fmt.Errorf("umap: Transform before Fit")
	}
	m, d := X.Dims()
	nTrain, dTrain := u.x.Dims()
	if d != dTrain {
		return nil, fmt.Errorf("umap: Transform got %d columns, Fit had %d", d, dTrain)
	}
	if err := linalg.CheckFinite("umap", X); err != nil {
		return nil, err
	}
	if X == u.x || mat.Equal(X, u.x) {
		return u.Embedding(), nil
	}
	if m == 0 {
		return &mat.Dense{}, nil
	}
	if nTrain == 1 {
		return mat.NewDense(m, u.K, nil), nil
	}
	workers := u.workers()
	k := min(u.k, nTrain)
	nb, err := graph.KNNQuery(u.x, X, k, graph.KNNOptions{Workers: workers})
	if err != nil {
		return nil, fmt.Errorf("umap: %w", err)
	}
	sigma, rho := smoothKNN(nb, max(0, u.LocalConnectivity-1), workers)
	w := memberships(nb, sigma, rho, false)
	dim := u.K
	train := u.embedding.RawMatrix()
	emb := make([]float64, m*dim)
	for i := 0; i < m; i++ {
		idx, _ := nb.Row(i)
		wi := w[i*k : (i+1)*k]
		out := emb[i*dim : (i+1)*dim]
		exact := -1
		total := 0.0
		for t, v := range wi {
			if v == 1 && exact < 0 {
				exact = t
			}
			total += v
		}
		switch {
		case exact >= 0: // coincides with a training point (umap-learn's init_graph_transform)
			copy(out, train.Data[idx[exact]*train.Stride:])
		case total > 0:
			for t, j := range idx {
				f := wi[t] / total
				for c := range out {
					out[c] += f * train.Data[j*train.Stride+c]
				}
			}
		default: // every membership underflowed: plain mean of the neighbours
			for _, j := range idx {
				for c := range out {
					out[c] += train.Data[j*train.Stride+c] / float64(k)
				}
			}
		}
	}
	epochs := u.NEpochs / 3
	if u.NEpochs == 0 {
		epochs = 100
		if m > 10000 {
			epochs = 30
		}
	}
	epochs = max(1, epochs)
	g, err := bipartiteGraph(nb, w, nTrain)
	if err != nil {
		return nil, fmt.Errorf("umap: %w", err)
	}
	if g = prune(g, epochs, epochs); g.NNZ() > 0 {
		tail := make([]float64, len(train.Data))
		copy(tail, train.Data)
		from, to, wt := edges(g)
		l := &layout{
			head: emb, tail: tail, dim: dim, from: from, to: to,
			epochsPerSample: epochsPerSample(wt), nTail: nTrain,
			a: u.a, b: u.b, gamma: u.RepulsionStrength, alpha: u.LearningRate / 4,
			negativeRate: float64(u.NegativeSampleRate), epochs: epochs,
		}
		// Transform takes no context: this optimisation is n_epochs / 3
		// epochs over the new rows' edges only.
		if err := l.run(context.Background(), rand.NewPCG(u.Seed, streamTransform)); err != nil {
			return nil, err
		}
	}
	if err := finiteSlice(emb); err != nil {
		return nil, fmt.Errorf("umap: transform diverged: %v", err)
	}
	return mat.NewDense(m, dim, emb), nil
}

func finiteSlice(x []float64) error {
	for i, v := range x {
		if math.IsNaN(v) || math.IsInf(v, 0) {
			return fmt.Errorf("coordinate %d is %v", i, v)
		}
	}
	return nil
}
