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

	net       *network
	embedding *mat.Dense
	report    map[string]any
}

// New returns an autoencoder with the defaults: K = 2, hidden layers
// 256 and 64 (so 256-64-2-64-256 between input and output), ReLU, 50
// epochs, and no early stopping (patience 10 when a validation fraction is
// set), this package's choices; mini-batches of 32 and Adam's learning
// rate 0.001 are the Keras defaults (Model.fit's batch_size, Adam's
// learning_rate).
func New() *Autoencoder {
	return &Autoencoder{
		K: 2, Layers: []int{256, 64}, Activation: ReLU, Epochs: 50, BatchSize: 32,
		LearningRate: 1e-3, Patience: 10,
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
	net := newNetwork(d, ae.Layers, ae.K, act)
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
	wss := make([]*workspace, parts)
	grads := make([][]float64, parts)
	for i := range wss {
		wss[i] = newWorkspace(net, partRows)
		grads[i] = make([]float64, len(net.params))
	}
	ws := wss[0]
	losses, weights := make([]float64, parts), make([]float64, parts)
	opt := newAdam(len(net.params), ae.LearningRate)
	shuffle := rand.New(rand.NewPCG(ae.Seed, streamShuffle))
	raw := X.RawMatrix()
	gather := func(dst []float64, rows []int) {
		for r, i := range rows {
			copy(dst[r*d:(r+1)*d], raw.Data[i*raw.Stride:i*raw.Stride+d])
		}
	}

	var trainLoss, valLoss []float64
	best, bestEpoch := math.Inf(1), 0
	var bestParams []float64
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
				return err
			}
			loss := 0.0
			for i := range p {
				loss += weights[i] * losses[i]
			}
			if math.IsNaN(loss) || math.IsInf(loss, 0) {
				return fmt.Errorf("autoencoder: the loss diverged (%v) in epoch %d: lower learning_rate or scale the data", loss, epoch)
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
	embedding := encode(net, X)
	if err := linalg.CheckFinite("features", embedding); err != nil {
		return fmt.Errorf("autoencoder: features not finite: %v", err)
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
	ae.net, ae.embedding, ae.report = net, embedding, report
	return nil
}

// meanLoss returns the mean squared reconstruction error over rows, in
// batches of the workspace's size.
func (net *network) meanLoss(ws *workspace, rows []int, gather func([]float64, []int)) float64 {
	sum := 0.0
	for s := 0; s < len(rows); s += ws.rows {
		part := rows[s:min(s+ws.rows, len(rows))]
		gather(ws.a[0], part)
		sum += net.lossGrad(ws, len(part), nil) * float64(len(part))
	}
	return sum / float64(len(rows))
}

// encode returns the bottleneck activations of the rows of X.
func encode(net *network, X *mat.Dense) *mat.Dense {
	n, d := X.Dims()
	k := net.sizes[net.bottleneck]
	const chunk = 1024
	ws := newWorkspace(net, min(chunk, n))
	out := mat.NewDense(n, k, nil)
	raw := X.RawMatrix()
	for s := 0; s < n; s += chunk {
		m := min(chunk, n-s)
		for r := 0; r < m; r++ {
			copy(ws.a[0][r*d:(r+1)*d], raw.Data[(s+r)*raw.Stride:(s+r)*raw.Stride+d])
		}
		net.forward(ws, m, net.bottleneck)
		for r := 0; r < m; r++ {
			out.SetRow(s+r, ws.a[net.bottleneck][r*k:(r+1)*k])
		}
	}
	return out
}

// Transform returns the K bottleneck features of the rows of X.
func (ae *Autoencoder) Transform(X *mat.Dense) (*mat.Dense, error) {
	if ae.net == nil {
		return nil, fmt.Errorf("autoencoder: Transform before Fit")
	}
	if _, d := X.Dims(); d != ae.net.sizes[0] {
		return nil, fmt.Errorf("autoencoder: Transform got %d columns, Fit had %d", d, ae.net.sizes[0])
	}
	if err := linalg.CheckFinite("autoencoder", X); err != nil {
		return nil, err
	}
	return encode(ae.net, X), nil
}

// Reconstruct returns the network's output for the rows of X.
func (ae *Autoencoder) Reconstruct(X *mat.Dense) (*mat.Dense, error) {
	if ae.net == nil {
		return nil, fmt.Errorf("autoencoder: Reconstruct before Fit")
	}
	n, d := X.Dims()
	if d != ae.net.sizes[0] {
		return nil, fmt.Errorf("autoencoder: Reconstruct got %d columns, Fit had %d", d, ae.net.sizes[0])
	}
	L := ae.net.layers()
	ws := newWorkspace(ae.net, max(1, n))
	raw := X.RawMatrix()
	for i := 0; i < n; i++ {
		copy(ws.a[0][i*d:(i+1)*d], raw.Data[i*raw.Stride:i*raw.Stride+d])
	}
	ae.net.forward(ws, n, L)
	return mat.NewDense(n, d, slices.Clone(ws.a[L][:n*d])), nil
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
