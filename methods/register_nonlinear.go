package methods

import (
	"github.com/gsbench/gsbench/baselines/autoencoder"
	"github.com/gsbench/gsbench/baselines/umap"
)

// The nonlinear extraction baselines of the journal paper (Sec. VIII-B1,
// Figures 3 and 4): UMAP, with the defaults of umap-learn, and autoencoders;
// their parameters and defaults are declared on the estimators.

func init() {
	Register("umap", "Uniform Manifold Approximation and Projection (McInnes et al. 2018; umap-learn defaults)", umap.New)
	Register("autoencoder", "symmetric MLP autoencoder (linear bottleneck, MSE, Adam); features are the bottleneck activations", autoencoder.New)
}

var (
	_ Extractor     = (*umap.UMAP)(nil)
	_ Embedder      = (*umap.UMAP)(nil)
	_ Reporter      = (*umap.UMAP)(nil)
	_ ContextFitter = (*umap.UMAP)(nil)
	_ Extractor     = (*autoencoder.Autoencoder)(nil)
	_ Embedder      = (*autoencoder.Autoencoder)(nil)
	_ Reporter      = (*autoencoder.Autoencoder)(nil)
	_ ContextFitter = (*autoencoder.Autoencoder)(nil)
)
