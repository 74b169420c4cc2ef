package methods

import (
	"github.com/gsbench/gsbench/baselines/autoencoder"
	"github.com/gsbench/gsbench/baselines/umap"
)

// The nonlinear extraction baselines of the journal paper (Sec. VIII-B1,
// Figures 3 and 4): UMAP, with the defaults of umap-learn, and autoencoders.

type umapParams struct {
	K                  int     `param:"k" doc:"output dimension (umap-learn's n_components)"`
	NNeighbors         int     `param:"n_neighbors" doc:"size of the local neighbourhood, the point itself included"`
	MinDist            float64 `param:"min_dist" doc:"effective minimum distance between embedded points, in [0, spread]"`
	Spread             float64 `param:"spread" doc:"effective scale of the embedded points"`
	NEpochs            int     `param:"n_epochs" doc:"optimisation epochs; 0: 500 up to 10000 samples, 200 beyond (umap-learn)"`
	LearningRate       float64 `param:"learning_rate" doc:"initial SGD learning rate, decayed linearly to 0"`
	NegativeSampleRate int     `param:"negative_sample_rate" doc:"negative samples per positive edge sample"`
	RepulsionStrength  float64 `param:"repulsion_strength" doc:"weight of the negative samples (gamma)"`
	LocalConnectivity  float64 `param:"local_connectivity" doc:"nearest neighbours assumed connected (rho_i is the distance to this one)"`
	Init               string  `param:"init" doc:"initial layout: spectral (normalized Laplacian eigenmaps) or random"`
	KNN                string  `param:"knn" doc:"neighbour search: auto (exact up to 100000 samples, NN-descent beyond), exact or nndescent"`
	Seed               uint64  `param:"seed" doc:"random seed; results do not depend on the number of threads"`
}

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
	ud := umap.New()
	registerLegacy("umap", Extraction, "Uniform Manifold Approximation and Projection (McInnes et al. 2018; umap-learn defaults)",
		umapParams{
			K: ud.K, NNeighbors: ud.NNeighbors, MinDist: ud.MinDist, Spread: ud.Spread, NEpochs: ud.NEpochs,
			LearningRate: ud.LearningRate, NegativeSampleRate: ud.NegativeSampleRate,
			RepulsionStrength: ud.RepulsionStrength, LocalConnectivity: ud.LocalConnectivity,
			Init: ud.Init, KNN: ud.KNN, Seed: ud.Seed,
		},
		func(p umapParams) (Method, error) {
			u := umap.New()
			u.K, u.NNeighbors, u.MinDist, u.Spread, u.NEpochs = p.K, p.NNeighbors, p.MinDist, p.Spread, p.NEpochs
			u.LearningRate, u.NegativeSampleRate = p.LearningRate, p.NegativeSampleRate
			u.RepulsionStrength, u.LocalConnectivity = p.RepulsionStrength, p.LocalConnectivity
			u.Init, u.KNN, u.Seed = p.Init, p.KNN, p.Seed
			return u, u.Validate()
		})
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
	_ Extractor = (*umap.UMAP)(nil)
	_ Embedder  = (*umap.UMAP)(nil)
	_ Reporter  = (*umap.UMAP)(nil)
	_ Extractor = (*autoencoder.Autoencoder)(nil)
	_ Embedder  = (*autoencoder.Autoencoder)(nil)
	_ Reporter  = (*autoencoder.Autoencoder)(nil)
)
