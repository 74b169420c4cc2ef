package autoencoder

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"

	"gonum.org/v1/gonum/mat"

	"github.com/gsbench/gsbench/fastblas" // OpenBLAS for the mini-batch products
	"github.com/gsbench/gsbench/internal/linalg"
	"github.com/gsbench/gsbench/internal/par"
)

// A mini-batch is split into batchParts parts of at least minPartRows rows
// each, whose gradients are computed in parallel and averaged.
const (
	batchParts  = 2
	minPartRows = 16
)

// Random-stream numbers (the second argument of rand.NewPCG).
const (
	streamInit       = 1
	streamValidation = 2
	streamShuffle    = 3
)

// Activation is the activation function of the hidden units.
type Activation string

// The activations (Keras' names).
const (
	ReLU Activation = "relu" // max(0, z)
	Tanh Activation = "tanh" // tanh(z)
)

// Choices lists the activations.
func (Activation) Choices() []string { return []string{string(ReLU), string(Tanh)} }

// Precision is the floating-point type training computes in.
type Precision string

// The precisions.
const (
	Float64 Precision = "float64" // double precision (dgemm)
	Float32 Precision = "float32" // single precision (sgemm), as PyTorch and Keras train by default
)

// Choices lists the precisions.
func (Precision) Choices() []string { return []string{string(Float64), string(Float32)} }

// Autoencoder is a symmetric multilayer perceptron trained to reproduce its
// input: encoder layers Layers..., a linear bottleneck of K units, the
// mirrored decoder and a linear output, mean squared error, Adam on
// mini-batches. The bottleneck activations are the extracted features.
// Create it with New and change fields as needed before Fit.
type Autoencoder struct {
	K                  int        `param:"k" doc:"bottleneck units: the number of extracted features"`
	Layers             []int      `param:"layers" doc:"encoder hidden layer sizes, input side first (e.g. 256,64); the decoder mirrors them; empty: a linear autoencoder"`
	Activation         Activation `param:"activation" doc:"hidden units: relu or tanh (bottleneck and output are linear)"`
	Epochs             int        `param:"epochs" doc:"passes over the training samples (at most, with early stopping)"`
	BatchSize          int        `param:"batch_size" doc:"samples per Adam step"`
	LearningRate       float64    `param:"learning_rate" doc:"Adam step size"`
	ValidationFraction float64    `param:"validation_fraction" doc:"fraction of samples held out for early stopping; 0 disables it"`
	Patience           int        `param:"patience" doc:"early stopping: epochs without a lower validation loss before stopping (best weights kept)"`
	Seed               uint64     `param:"seed" doc:"random seed (initial weights, validation split, batch order)"`
	Precision          Precision  `param:"precision" key:"omitdefault" doc:"arithmetic of training and encoding: float64, or float32 (single-precision BLAS: about twice as fast with OpenBLAS, the loss per epoch the same within the noise of training)"`

	net       model
	embedding *mat.Dense
	report    map[string]any
}

// New returns an autoencoder with the defaults: K = 2, hidden layers
// 256 and 64 (so 256-64-2-64-256 between input and output), ReLU, 50
// epochs, and no early stopping (patience 10 when a validation fraction is
// set), this package's choices; mini-batches of 32 and Adam's learning
// rate 0.001 are the Keras defaults (Model.fit's batch_size, Adam's
// learning_rate). Training computes in float64 (Precision): float32 is
// faster, but float64 keeps the golden results and does not depend on the
// accumulation order of a single-precision BLAS.
func New() *Autoencoder {
	return &Autoencoder{
		K: 2, Layers: []int{256, 64}, Activation: ReLU, Epochs: 50, BatchSize: 32,
		LearningRate: 1e-3, Patience: 10, Precision: Float64,
	}
}

// Validate reports the first invalid parameter, if any (Fit calls it).
func (ae *Autoencoder) Validate() error {
	_, err := ae.validate()
	return err
}

func (ae *Autoencoder) validate() (unitKind, error) {
	var act unitKind
	switch ae.Activation {
	case ReLU:
		act = unitReLU
	case Tanh:
		act = unitTanh
	default:
		return 0, fmt.Errorf("autoencoder: activation = %q: want relu or tanh", ae.Activation)
	}
	switch {
	case ae.K < 1:
		return 0, fmt.Errorf("autoencoder: k = %d: the bottleneck needs at least 1 unit", ae.K)
	case ae.Epochs < 1:
		return 0, fmt.Errorf("autoencoder: epochs = %d: want at least 1", ae.Epochs)
	case ae.BatchSize < 1:
		return 0, fmt.Errorf("autoencoder: batch_size = %d: want at least 1", ae.BatchSize)
	case !(ae.LearningRate > 0) || math.IsInf(ae.LearningRate, 0):
		return 0, fmt.Errorf("autoencoder: learning_rate = %v: want a positive finite step", ae.LearningRate)
	case !(ae.ValidationFraction >= 0 && ae.ValidationFraction < 1):
		return 0, fmt.Errorf("autoencoder: validation_fraction = %v: want a fraction in [0, 1) (0: no early stopping)", ae.ValidationFraction)
	case ae.Patience < 1:
		return 0, fmt.Errorf("autoencoder: patience = %d: want at least 1 epoch", ae.Patience)
	case ae.Precision != Float64 && ae.Precision != Float32:
		return 0, fmt.Errorf("autoencoder: precision = %q: want float64 or float32", ae.Precision)
	}
	for i, h := range ae.Layers {
		if h < 1 {
			return 0, fmt.Errorf("autoencoder: layers: layer %d has %d units; every hidden layer needs at least 1", i+1, h)
		}
	}
	return act, nil
}

// Fit trains the network on the rows of X (n x d); y is ignored. X is not
// modified. Inputs should be on a common scale (standardize or min-max them
// first, e.g. with gsbench's --preprocess): the loss weighs every column
// equally in the units of X. On error the estimator keeps the previous fit,
// if any.
//
// Each epoch visits the training rows in a fresh random order. With
// ValidationFraction > 0, that fraction of the rows (at least one, chosen at
// random) is held out, its loss is measured after every epoch, training
// stops after Patience epochs without a new lowest validation loss, and the
// weights of the best epoch are kept (Keras' EarlyStopping with
// restore_best_weights). Embedding then encodes all n rows.
//
// The result depends only on X, the fields and Seed (for a given BLAS library
// and BLAS thread count, which can change the last bits of the products).
func (ae *Autoencoder) Fit(X *mat.Dense, y []int) error {
	return ae.FitContext(context.Background(), X, y)
}

// FitContext is Fit stopping with ctx's error when ctx is canceled: it
// checks ctx before every epoch and every mini-batch step.
func (ae *Autoencoder) FitContext(ctx context.Context, X *mat.Dense, _ []int) error {
	act, err := ae.validate()
	if err != nil {
		return err
	}
	n, d := X.Dims()
	if n == 0 || d == 0 {
		return fmt.Errorf("autoencoder: empty data (%d x %d)", n, d)
	}
	if err := linalg.CheckFinite("autoencoder", X); err != nil {
		return err
	}
	if err := ctx.Err(); err != nil {
		return err
	}
	var (
		net    model
		report map[string]any
	)
	if ae.Precision == Float32 {
		net, report, err = fitNetwork[float32](ctx, ae, X, act)
	} else {
		net, report, err = fitNetwork[float64](ctx, ae, X, act)
	}
	if err != nil {
		return err
	}
	embedding := net.encode(X)
	if err := linalg.CheckFinite("features", embedding); err != nil {
		return fmt.Errorf("autoencoder: features not finite: %v", err)
	}
	ae.net, ae.embedding, ae.report = net, embedding, report
	return nil
}

// fitNetwork trains a network computing in F on the rows of X, as
// FitContext describes, and returns it with the report.
func fitNetwork[F float](ctx context.Context, ae *Autoencoder, X *mat.Dense, act unitKind) (*network[F], map[string]any, error) {
	n, d := X.Dims()
	net := newNetwork[F](d, ae.Layers, ae.K, act)
	net.initialize(rand.New(rand.NewPCG(ae.Seed, streamInit)))

	// Split off the validation rows.
	order := make([]int, n)
	for i := range order {
		order[i] = i
	}
	var train, val []int
	if ae.ValidationFraction > 0 && n >= 2 {
		rand.New(rand.NewPCG(ae.Seed, streamValidation)).Shuffle(n, func(i, j int) { order[i], order[j] = order[j], order[i] })
		nVal := min(n-1, max(1, int(math.Round(ae.ValidationFraction*float64(n)))))
		val = slices.Clone(order[:nVal])
		train = slices.Clone(order[nVal:])
		slices.Sort(val)
		slices.Sort(train)
	} else {
		train = order
	}

	bs := min(ae.BatchSize, len(train))
	// A mini-batch product (32 x 784 by 784 x 256 by default) is too small
	// for the BLAS library's threads to pay off, so the products are
	// single-threaded and a mini-batch of at least 2 x minPartRows rows is
	// split into batchParts parts whose gradients are computed side by side
	// (20 MNIST epochs at batch 32: 382 s with one thread, 343 s split; an
	// epoch took 25 CPU-s with two BLAS threads). The split does not depend
	// on the machine, so neither do the results.
	defer fastblas.Serial()()
	parts := 1
	if bs >= batchParts*minPartRows {
		parts = batchParts
	}
	partRows := (bs + parts - 1) / parts
	wss := make([]*workspace[F], parts)
	grads := make([][]F, parts)
	for i := range wss {
		wss[i] = newWorkspace(net, partRows)
		grads[i] = make([]F, len(net.params))
	}
	ws := wss[0]
	losses, weights := make([]float64, parts), make([]float64, parts)
	opt := newAdam[F](len(net.params), ae.LearningRate)
	shuffle := rand.New(rand.NewPCG(ae.Seed, streamShuffle))
	raw := X.RawMatrix()
	gather := func(dst []F, rows []int) {
		for r, i := range rows {
			gatherRow(dst[r*d:(r+1)*d], raw.Data[i*raw.Stride:i*raw.Stride+d])
		}
	}

	var trainLoss, valLoss []float64
	best, bestEpoch := math.Inf(1), 0
	var bestParams []F
	stopped := false
	for epoch := 1; epoch <= ae.Epochs; epoch++ {
		shuffle.Shuffle(len(train), func(i, j int) { train[i], train[j] = train[j], train[i] })
		sum := 0.0
		for s := 0; s < len(train); s += bs {
			rows := train[s:min(s+bs, len(train))]
			m := len(rows)
			p := min(parts, m)
			// par.Do checks ctx before each part: a canceled context stops
			// the step before its gradients are used.
			if err := par.Do(ctx, p, p, func(i int) error {
				lo, hi := i*m/p, (i+1)*m/p
				gather(wss[i].a[0], rows[lo:hi])
				losses[i] = net.lossGrad(wss[i], hi-lo, grads[i])
				weights[i] = float64(hi-lo) / float64(m)
				return nil
			}); err != nil {
				return nil, nil, err
			}
			loss := 0.0
			for i := range p {
				loss += weights[i] * losses[i]
			}
			if math.IsNaN(loss) || math.IsInf(loss, 0) {
				return nil, nil, fmt.Errorf("autoencoder: the loss diverged (%v) in epoch %d: lower learning_rate or scale the data", loss, epoch)
			}
			sum += loss * float64(m)
			opt.step(net.params, grads[:p], weights[:p])
		}
		trainLoss = append(trainLoss, sum/float64(len(train)))
		if val == nil {
			continue
		}
		vl := net.meanLoss(ws, val, gather)
		valLoss = append(valLoss, vl)
		if vl < best {
			best, bestEpoch = vl, epoch
			bestParams = append(bestParams[:0], net.params...)
		} else if epoch-bestEpoch >= ae.Patience {
			stopped = true
			break
		}
	}
	if bestParams != nil {
		copy(net.params, bestParams)
	}
	report := map[string]any{
		"sizes":      net.sizes,
		"parameters": len(net.params),
		"epochs_run": len(trainLoss),
		"train_loss": trainLoss,
		"final_loss": trainLoss[len(trainLoss)-1],
	}
	if val != nil {
		report["validation_loss"] = valLoss
		report["best_epoch"] = bestEpoch
		report["stopped_early"] = stopped
	}
	return net, report, nil
}

// gatherRow copies a row of X into a mini-batch, rounding to F.
func gatherRow[F float](dst []F, src []float64) {
	src = src[:len(dst)]
	for j, v := range src {
		dst[j] = F(v)
	}
}

// meanLoss returns the mean squared reconstruction error over rows, in
// batches of the workspace's size.
func (net *network[F]) meanLoss(ws *workspace[F], rows []int, gather func([]F, []int)) float64 {
	sum := 0.0
	for s := 0; s < len(rows); s += ws.rows {
		part := rows[s:min(s+ws.rows, len(rows))]
		gather(ws.a[0], part)
		sum += net.lossGrad(ws, len(part), nil) * float64(len(part))
	}
	return sum / float64(len(rows))
}

// model is a trained network, whatever its precision.
type model interface {
	inputs() int
	encode(X *mat.Dense) *mat.Dense
	reconstruct(X *mat.Dense) *mat.Dense
}

func (net *network[F]) inputs() int { return net.sizes[0] }

// encode returns the bottleneck activations of the rows of X.
func (net *network[F]) encode(X *mat.Dense) *mat.Dense {
	n, d := X.Dims()
	k := net.sizes[net.bottleneck]
	const chunk = 1024
	ws := newWorkspace(net, min(chunk, n))
	out := mat.NewDense(n, k, nil)
	raw := X.RawMatrix()
	for s := 0; s < n; s += chunk {
		m := min(chunk, n-s)
		for r := 0; r < m; r++ {
			gatherRow(ws.a[0][r*d:(r+1)*d], raw.Data[(s+r)*raw.Stride:(s+r)*raw.Stride+d])
		}
		net.forward(ws, m, net.bottleneck)
		for r := 0; r < m; r++ {
			dst := out.RawRowView(s + r)
			for j, v := range ws.a[net.bottleneck][r*k : (r+1)*k] {
				dst[j] = float64(v)
			}
		}
	}
	return out
}

// reconstruct returns the network's output for the rows of X.
func (net *network[F]) reconstruct(X *mat.Dense) *mat.Dense {
	n, d := X.Dims()
	L := net.layers()
	ws := newWorkspace(net, max(1, n))
	raw := X.RawMatrix()
	for i := 0; i < n; i++ {
		gatherRow(ws.a[0][i*d:(i+1)*d], raw.Data[i*raw.Stride:i*raw.Stride+d])
	}
	net.forward(ws, n, L)
	out := make([]float64, n*d)
	for i, v := range ws.a[L][:n*d] {
		out[i] = float64(v)
	}
	return mat.NewDense(n, d, out)
}

// Transform returns the K bottleneck features of the rows of X.
func (ae *Autoencoder) Transform(X *mat.Dense) (*mat.Dense, error) {
	if ae.net == nil {
		return nil, fmt.Errorf("autoencoder: Transform before Fit")
	}
	if _, d := X.Dims(); d != ae.net.inputs() {
		return nil, fmt.Errorf("autoencoder: Transform got %d columns, Fit had %d", d, ae.net.inputs())
	}
	if err := linalg.CheckFinite("autoencoder", X); err != nil {
		return nil, err
	}
	return ae.net.encode(X), nil
}

// Reconstruct returns the network's output for the rows of X.
func (ae *Autoencoder) Reconstruct(X *mat.Dense) (*mat.Dense, error) {
	if ae.net == nil {
		return nil, fmt.Errorf("autoencoder: Reconstruct before Fit")
	}
	if _, d := X.Dims(); d != ae.net.inputs() {
		return nil, fmt.Errorf("autoencoder: Reconstruct got %d columns, Fit had %d", d, ae.net.inputs())
	}
	return ae.net.reconstruct(X), nil
}

// Embedding returns the n x K features of the training rows, in input order.
func (ae *Autoencoder) Embedding() *mat.Dense {
	if ae.embedding == nil {
		return nil
	}
	return mat.DenseCopyOf(ae.embedding)
}

// Report returns the layer sizes, the number of parameters, the epochs run,
// the training loss of every epoch (mean over its mini-batches, measured
// before each step) and, with early stopping, the validation losses, the
// best epoch and whether training stopped early.
func (ae *Autoencoder) Report() map[string]any { return ae.report }
