package methods

import (
	"fmt"
	"math"

	"github.com/gsbench/gsbench/baselines/fastica"
	"github.com/gsbench/gsbench/baselines/kpca"
	"github.com/gsbench/gsbench/baselines/lpp"
	"github.com/gsbench/gsbench/baselines/pca"
)

// The extraction baselines of the journal paper (Sec. VIII-A/B, Appendix E):
// PCA, kernel PCA, FastICA and LPP, with the defaults of the libraries the
// paper ran (scikit-learn 1.2.1, lpproj).

type lppParams struct {
	K           int     `param:"k" doc:"number of components (lpproj's n_components)"`
	NNeighbors  int     `param:"n_neighbors" doc:"neighbours of each point in the graph, the point itself included (as lpproj)"`
	Weight      string  `param:"weight" doc:"edge weights: adjacency (1) or heat (exp(-||x_i - x_j||^2 / weight_width^2))"`
	WeightWidth float64 `param:"weight_width" doc:"width of the heat kernel"`
	Ridge       float64 `param:"ridge" doc:"ridge added to X^T D X, relative to its largest eigenvalue; 0 for none"`
}

func newLPP(p lppParams) (Method, error) {
	if p.NNeighbors == 0 || p.WeightWidth == 0 {
		return nil, fmt.Errorf("lpp: n_neighbors and weight_width must be positive")
	}
	ridge := p.Ridge
	if ridge == 0 {
		ridge = -1 // the package reads 0 as its default
	}
	if ridge < 0 || math.IsInf(ridge, 0) {
		return nil, fmt.Errorf("lpp: ridge must be a non-negative number, got %g", p.Ridge)
	}
	m := &lpp.LPP{K: p.K, Neighbors: p.NNeighbors, Weight: p.Weight, Width: p.WeightWidth, Ridge: ridge}
	return m, m.Validate()
}

func init() {
	Register("pca", "principal component analysis (journal Sec. VIII-A; scikit-learn PCA)", pca.New)
	Register("kpca", "kernel PCA (journal Appendix E; scikit-learn KernelPCA)", kpca.New)
	Register("ica", "independent component analysis by FastICA (scikit-learn FastICA, unit-variance whitening)", fastica.New)
	registerLegacy("lpp", Extraction, "Locality Preserving Projections (He & Niyogi 2003; lpproj)",
		lppParams{K: 2, NNeighbors: lpp.DefaultNeighbors, Weight: lpp.Adjacency, WeightWidth: lpp.DefaultWidth, Ridge: lpp.DefaultRidge}, newLPP)
}

var (
	_ Extractor = (*pca.PCA)(nil)
	_ Linear    = (*pca.PCA)(nil)
	_ Tracer    = (*pca.PCA)(nil)
	_ Reporter  = (*pca.PCA)(nil)
	_ Extractor = (*kpca.KernelPCA)(nil)
	_ Embedder  = (*kpca.KernelPCA)(nil)
	_ Tracer    = (*kpca.KernelPCA)(nil)
	_ Reporter  = (*kpca.KernelPCA)(nil)
	_ Extractor = (*fastica.FastICA)(nil)
	_ Linear    = (*fastica.FastICA)(nil)
	_ Tracer    = (*fastica.FastICA)(nil)
	_ Reporter  = (*fastica.FastICA)(nil)
	_ Extractor = (*lpp.LPP)(nil)
	_ Linear    = (*lpp.LPP)(nil)
	_ Tracer    = (*lpp.LPP)(nil)
	_ Reporter  = (*lpp.LPP)(nil)
)
