package methods

import (
	"github.com/gsbench/gsbench/baselines/fisher"
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
func init() {
	Register("ls", "Laplacian score (He, Cai & Niyogi 2005; scikit-feature lap_score), lower is better", lapscore.New)
	Register("spec", "SPEC spectral feature selection (Zhao & Liu 2007; scikit-feature spec)", spec.New)
	Register("mcfs", "Multi-Cluster Feature Selection (Cai, Zhang & He 2010; spectral embedding + LARS)", mcfs.New)
	Register("ndfs", "Nonnegative Discriminative Feature Selection (Li et al. 2012; l2,1 iteration)", ndfs.New)
	Register("udfs", "Unsupervised Discriminative Feature Selection (Yang et al. 2011; l2,1 iteration)", udfs.New)
	Register("trace-ratio", "trace ratio criterion (Nie et al. 2008; Fisher-score graphs), the globally optimal subset", traceratio.New, Supervised())
	Register("fisher", "Fisher score (between- over within-class scatter; scikit-feature fisher_score)", fisher.New, Supervised())
	Register("svd-entropy", "SVD-entropy contribution, simple ranking (Varshavsky et al. 2006)", svdentropy.New)
}

var (
	_ Scorer        = (*lapscore.LaplacianScore)(nil)
	_ Reporter      = (*ndfs.NDFS)(nil)
	_ Reporter      = (*udfs.UDFS)(nil)
	_ Scorer        = (*traceratio.TraceRatio)(nil)
	_ Scorer        = (*svdentropy.SVDEntropy)(nil)
	_ ContextFitter = (*ndfs.NDFS)(nil)
	_ ContextFitter = (*udfs.UDFS)(nil)
)
