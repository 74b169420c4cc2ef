package methods

import (
	"github.com/gsbench/gsbench/baselines/autoencoder"
	"github.com/gsbench/gsbench/baselines/umap"
)

// The nonlinear extraction baselines of the journal paper (Sec. VIII-B1,
// Figures 3 and 4): UMAP, with the defaults of umap-learn, and autoencoders.

type autoencoderParams struct {
	K                  int     `param:"k" doc:"bottleneck units: the number of extracted features"`
	Layers             []int   `param:"layers" doc:"encoder hidden layer sizes, input side first (e.g. 256,64); the decoder mirrors them; empty: a linear autoencoder"`
	Activation         string  `param:"activation" doc:"hidden units: relu or tanh (bottleneck and output are linear)"`
	Epochs             int     `param:"epochs" doc:"passes over the training samples (at most, with early stopping)"`
	BatchSize          int     `param:"batch_size" doc:"samples per Adam step"`
	LearningRate       float64 `param:"learning_rate" doc:"Adam step size"`
	ValidationFraction float64 `param:"validation_fraction" doc:"fraction of samples held out for early stopping; 0 disables it"`
	Patience           int     `param:"patience" doc:"early stopping: epochs without a lower validation loss before stopping (best weights kept)"`
	Seed               uint64  `param:"seed" doc:"random seed (initial weights, validation split, batch order)"`
}

func init() {
	Register("umap", "Uniform Manifold Approximation and Projection (McInnes et al. 2018; umap-learn defaults)", umap.New)
	ad := autoencoder.New()
	registerLegacy("autoencoder", Extraction, "symmetric MLP autoencoder (linear bottleneck, MSE, Adam); features are the bottleneck activations",
		autoencoderParams{
			K: ad.K, Layers: ad.Layers, Activation: ad.Activation, Epochs: ad.Epochs, BatchSize: ad.BatchSize,
			LearningRate: ad.LearningRate, ValidationFraction: ad.ValidationFraction, Patience: ad.Patience, Seed: ad.Seed,
		},
		func(p autoencoderParams) (Method, error) {
			a := autoencoder.New()
			a.K, a.Layers, a.Activation, a.Epochs, a.BatchSize = p.K, p.Layers, p.Activation, p.Epochs, p.BatchSize
			a.LearningRate, a.ValidationFraction, a.Patience, a.Seed = p.LearningRate, p.ValidationFraction, p.Patience, p.Seed
			return a, a.Validate()
		})
}

var (
	_ Extractor     = (*umap.UMAP)(nil)
	_ Embedder      = (*umap.UMAP)(nil)
	_ Reporter      = (*umap.UMAP)(nil)
	_ ContextFitter = (*umap.UMAP)(nil)
	_ Extractor     = (*autoencoder.Autoencoder)(nil)
	_ Embedder      = (*autoencoder.Autoencoder)(nil)
	_ Reporter      = (*autoencoder.Autoencoder)(nil)
)
