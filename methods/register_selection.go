package methods

import (
	"fmt"

	"github.com/gsbench/gsbench/baselines/fisher"
	"github.com/gsbench/gsbench/baselines/graph"
	"github.com/gsbench/gsbench/baselines/lapscore"
	"github.com/gsbench/gsbench/baselines/mcfs"
	"github.com/gsbench/gsbench/baselines/ndfs"
	"github.com/gsbench/gsbench/baselines/spec"
	"github.com/gsbench/gsbench/baselines/svdentropy"
	"github.com/gsbench/gsbench/baselines/traceratio"
	"github.com/gsbench/gsbench/baselines/udfs"
)

// The selection baselines of journal Table XI (MCFS, NDFS, UDFS, LS, TR, FS;
// scikit-feature) and of the QMR-FS paper (SPEC, SVD-entropy). Every one
// ranks the features; k = 0 ranks them all (trace ratio needs k: its optimal
// subset depends on the size). Defaults are scikit-feature's, with the graph
// the papers' baselines were run with: 5-NN, heat kernel, t = 1, self-loops.

// The graph parameters are repeated in the structs of the graph-based
// methods (struct tags cannot share constants).
// graphOptions maps the graph parameters; t = 0 selects the automatic
// width (the mean distance to the nearest neighbours).
func graphOptions(neighbors int, weight string, t float64, selfLoops bool) graph.Options {
	return graph.Options{K: neighbors, Weight: graph.Weight(weight), T: t, AutoT: t == 0, ExcludeSelf: !selfLoops}
}

func checkNeighbors(method string, neighbors int, t float64) error {
	if neighbors < 1 || t < 0 {
		return fmt.Errorf("%s: n_neighbors must be positive and t non-negative (got %d, %v)", method, neighbors, t)
	}
	return nil
}

type lsParams struct {
	K          int     `param:"k" doc:"number of features to select (0 ranks all); lowest Laplacian score first"`
	NNeighbors int     `param:"n_neighbors" doc:"neighbours of each sample in the k-NN affinity graph (scikit-feature construct_W: k)"`
	Weight     string  `param:"weight" doc:"edge weights: heat_kernel (exp(-||x-y||^2 / (2 t^2))), binary or cosine"`
	T          float64 `param:"t" doc:"heat-kernel width t; 0 takes the mean distance to the nearest neighbours (t = 1 underflows on high-dimensional data)"`
	SelfLoops  bool    `param:"self_loops" doc:"link every sample to itself, as scikit-feature's construct_W does"`
}

type specParams struct {
	K          int     `param:"k" doc:"number of features to select (0 ranks all)"`
	Style      int     `param:"style" doc:"ranking function: -1 (f'Lf), 0 (normalized, default) or s >= 2 (s smallest eigenvalues)"`
	Ranking    string  `param:"ranking" doc:"paper (phi1, phi2 ascending, phi3 descending; Zhao & Liu) or scikit-feature (the reverse, its spec.feature_ranking)"`
	Affinity   string  `param:"affinity" doc:"rbf (dense exp(-gamma ||x-y||^2) over all pairs, scikit-feature's default) or knn (sparse k-NN graph)"`
	Gamma      float64 `param:"gamma" doc:"width of the rbf affinity"`
	NNeighbors int     `param:"n_neighbors" doc:"knn affinity: neighbours of each sample"`
	Weight     string  `param:"weight" doc:"knn affinity: heat_kernel, binary or cosine"`
	T          float64 `param:"t" doc:"knn affinity: heat-kernel width t; 0 takes the mean distance to the nearest neighbours"`
	SelfLoops  bool    `param:"self_loops" doc:"knn affinity: link every sample to itself, as construct_W does"`
}

type mcfsParams struct {
	K          int     `param:"k" doc:"number of features to select, and nonzero LARS coefficients per eigenvector (0 ranks all)"`
	NClusters  int     `param:"n_clusters" doc:"eigenvectors of the spectral embedding (scikit-feature's default 5; the number of classes is the usual choice)"`
	NNeighbors int     `param:"n_neighbors" doc:"neighbours of each sample in the k-NN affinity graph (scikit-feature construct_W: k)"`
	Weight     string  `param:"weight" doc:"edge weights: heat_kernel (exp(-||x-y||^2 / (2 t^2))), binary or cosine"`
	T          float64 `param:"t" doc:"heat-kernel width t; 0 takes the mean distance to the nearest neighbours (t = 1 underflows on high-dimensional data)"`
	SelfLoops  bool    `param:"self_loops" doc:"link every sample to itself, as scikit-feature's construct_W does"`
}

type ndfsParams struct {
	K          int     `param:"k" doc:"number of features to select (0 ranks all); largest ||w_i|| first"`
	NClusters  int     `param:"n_clusters" doc:"columns of the cluster indicator F (k-means initialized)"`
	Alpha      float64 `param:"alpha" doc:"weight of the regression term ||XW - F||^2"`
	Beta       float64 `param:"beta" doc:"weight of the l2,1 penalty on W"`
	Gamma      float64 `param:"gamma" doc:"weight of the orthogonality penalty ||F'F - I||^2 (scikit-feature: 10e8)"`
	MaxIter    int     `param:"max_iter" doc:"iteration cap"`
	Tol        float64 `param:"tol" doc:"stop when the objective changes by less than tol"`
	Seed       uint64  `param:"seed" doc:"seed of the k-means initialization"`
	NNeighbors int     `param:"n_neighbors" doc:"neighbours of each sample in the k-NN affinity graph (scikit-feature construct_W: k)"`
	Weight     string  `param:"weight" doc:"edge weights: heat_kernel (exp(-||x-y||^2 / (2 t^2))), binary or cosine"`
	T          float64 `param:"t" doc:"heat-kernel width t; 0 takes the mean distance to the nearest neighbours (t = 1 underflows on high-dimensional data)"`
	SelfLoops  bool    `param:"self_loops" doc:"link every sample to itself, as scikit-feature's construct_W does"`
}

type udfsParams struct {
	K          int     `param:"k" doc:"number of features to select (0 ranks all); largest ||w_i|| first"`
	NClusters  int     `param:"n_clusters" doc:"columns of W"`
	NNeighbors int     `param:"n_neighbors" doc:"neighbours of each sample in its local neighbourhood (k + 1 samples)"`
	Gamma      float64 `param:"gamma" doc:"weight of the l2,1 penalty"`
	Lambda     float64 `param:"lambda" doc:"regularization of the local scatter matrices (scikit-feature uses gamma; the authors' code defaults to 1000)"`
	MaxIter    int     `param:"max_iter" doc:"iteration cap"`
	Tol        float64 `param:"tol" doc:"stop when the objective changes by less than tol"`
}

type traceRatioParams struct {
	K       int `param:"k" doc:"size of the subset maximizing the trace ratio (required)"`
	MaxIter int `param:"max_iter" doc:"iteration cap (the iteration converges in a handful)"`
}

type kOnly struct {
	K int `param:"k" doc:"number of features to select (0 ranks all)"`
}

func init() {
	registerLegacy("ls", Selection, "Laplacian score (He, Cai & Niyogi 2005; scikit-feature lap_score), lower is better",
		lsParams{NNeighbors: graph.DefaultK, Weight: string(graph.HeatKernel), T: 1, SelfLoops: true},
		func(p lsParams) (Method, error) {
			if err := checkNeighbors("ls", p.NNeighbors, p.T); err != nil {
				return nil, err
			}
			m := &lapscore.LaplacianScore{K: p.K, Graph: graphOptions(p.NNeighbors, p.Weight, p.T, p.SelfLoops)}
			return m, m.Validate()
		})
	registerLegacy("spec", Selection, "SPEC spectral feature selection (Zhao & Liu 2007; scikit-feature spec)",
		specParams{Ranking: spec.Paper, Affinity: spec.RBF, Gamma: 1, NNeighbors: graph.DefaultK, Weight: string(graph.HeatKernel), T: 1, SelfLoops: true},
		func(p specParams) (Method, error) {
			if err := checkNeighbors("spec", p.NNeighbors, p.T); err != nil {
				return nil, err
			}
			if !(p.Gamma > 0) {
				return nil, fmt.Errorf("spec: gamma = %v: want a positive number", p.Gamma)
			}
			m := &spec.SPEC{K: p.K, Style: p.Style, Ranking: p.Ranking, Affinity: p.Affinity, Gamma: p.Gamma,
				Graph: graphOptions(p.NNeighbors, p.Weight, p.T, p.SelfLoops)}
			return m, m.Validate()
		})
	registerLegacy("mcfs", Selection, "Multi-Cluster Feature Selection (Cai, Zhang & He 2010; spectral embedding + LARS)",
		mcfsParams{NClusters: mcfs.DefaultClusters, NNeighbors: graph.DefaultK, Weight: string(graph.HeatKernel), T: 1, SelfLoops: true},
		func(p mcfsParams) (Method, error) {
			if err := checkNeighbors("mcfs", p.NNeighbors, p.T); err != nil {
				return nil, err
			}
			if p.NClusters < 1 {
				return nil, fmt.Errorf("mcfs: n_clusters = %d: want a positive number", p.NClusters)
			}
			m := &mcfs.MCFS{K: p.K, NClusters: p.NClusters, Graph: graphOptions(p.NNeighbors, p.Weight, p.T, p.SelfLoops)}
			return m, m.Validate()
		})
	registerLegacy("ndfs", Selection, "Nonnegative Discriminative Feature Selection (Li et al. 2012; l2,1 iteration)",
		ndfsParams{NClusters: ndfs.DefaultClusters, Alpha: ndfs.DefaultAlpha, Beta: ndfs.DefaultBeta, Gamma: ndfs.DefaultGamma,
			MaxIter: ndfs.DefaultMaxIter, Tol: ndfs.DefaultTol, NNeighbors: graph.DefaultK, Weight: string(graph.HeatKernel), T: 1, SelfLoops: true},
		func(p ndfsParams) (Method, error) {
			if err := checkNeighbors("ndfs", p.NNeighbors, p.T); err != nil {
				return nil, err
			}
			if p.NClusters < 1 || p.MaxIter < 1 || !(p.Alpha > 0 && p.Beta > 0 && p.Gamma > 0 && p.Tol > 0) {
				return nil, fmt.Errorf("ndfs: n_clusters, max_iter, alpha, beta, gamma and tol must be positive")
			}
			m := &ndfs.NDFS{K: p.K, NClusters: p.NClusters, Alpha: p.Alpha, Beta: p.Beta, Gamma: p.Gamma,
				MaxIter: p.MaxIter, Tol: p.Tol, Seed: p.Seed, Graph: graphOptions(p.NNeighbors, p.Weight, p.T, p.SelfLoops)}
			return m, m.Validate()
		})
	registerLegacy("udfs", Selection, "Unsupervised Discriminative Feature Selection (Yang et al. 2011; l2,1 iteration)",
		udfsParams{NClusters: udfs.DefaultClusters, NNeighbors: udfs.DefaultNeighbors, Gamma: udfs.DefaultGamma,
			Lambda: udfs.DefaultLambda, MaxIter: udfs.DefaultMaxIter, Tol: udfs.DefaultTol},
		func(p udfsParams) (Method, error) {
			if p.NClusters < 1 || p.NNeighbors < 1 || p.MaxIter < 1 || !(p.Gamma > 0 && p.Lambda > 0 && p.Tol > 0) {
				return nil, fmt.Errorf("udfs: n_clusters, n_neighbors, max_iter, gamma, lambda and tol must be positive")
			}
			m := &udfs.UDFS{K: p.K, NClusters: p.NClusters, Neighbors: p.NNeighbors, Gamma: p.Gamma, Lambda: p.Lambda,
				MaxIter: p.MaxIter, Tol: p.Tol}
			return m, m.Validate()
		})
	registerLegacy("trace-ratio", Selection, "trace ratio criterion (Nie et al. 2008; Fisher-score graphs), the globally optimal subset",
		traceRatioParams{MaxIter: traceratio.DefaultMaxIter},
		func(p traceRatioParams) (Method, error) {
			m := &traceratio.TraceRatio{K: p.K, MaxIter: p.MaxIter}
			return m, m.Validate()
		}, Supervised())
	registerLegacy("fisher", Selection, "Fisher score (between- over within-class scatter; scikit-feature fisher_score)",
		kOnly{},
		func(p kOnly) (Method, error) {
			m := &fisher.FisherScore{K: p.K}
			return m, m.Validate()
		}, Supervised())
	registerLegacy("svd-entropy", Selection, "SVD-entropy contribution, simple ranking (Varshavsky et al. 2006)",
		kOnly{},
		func(p kOnly) (Method, error) {
			m := &svdentropy.SVDEntropy{K: p.K}
			return m, m.Validate()
		})
}
