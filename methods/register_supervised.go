package methods

import (
	"github.com/gsbench/gsbench/baselines/ccm"
	"github.com/gsbench/gsbench/baselines/mi"
	"github.com/gsbench/gsbench/baselines/mrmr"
	"github.com/gsbench/gsbench/baselines/relieff"
	"github.com/gsbench/gsbench/baselines/rfs"
	"github.com/gsbench/gsbench/baselines/sffs"
)

// SFFS and its supervised peers in the UFFS paper (Sec. V-C, Fig. 1,
// Table III): ReliefF, mRMR, MI, RFS and CCM.
func init() {
	Register("sffs", "Supervised Fourier Feature Selection: subsets of up to depth features ranked by the label's Fourier energy on their characters, union of the best (UFFS paper Alg. 2, as the authors' SupervisedFourierFS)", sffs.New, Supervised())
	Register("relieff", "ReliefF: near hits vs prior-weighted near misses, L1 distances (scikit-feature reliefF)", relieff.New, Supervised())
	Register("mrmr", "mRMR: minimum redundancy, maximum relevance, MID criterion (Peng et al. 2005; scikit-feature mrmr)", mrmr.New, Supervised())
	Register("mi", "MI: k-NN mutual information with the class (Ross 2014; scikit-learn mutual_info_classif)", mi.New, Supervised())
	Register("rfs", "RFS: joint l2,1-norm regression, ranked by ||w_i|| (Nie et al. 2010; scikit-feature rfs)", rfs.New, Supervised())
	Register("ccm", "CCM: kernel conditional covariance minimization by projected gradient (Chen et al. 2017)", ccm.New, Supervised())
}

var (
	_ Scorer        = (*relieff.ReliefF)(nil)
	_ ContextFitter = (*rfs.RFS)(nil)
	_ ContextFitter = (*mrmr.MRMR)(nil)
	_ ContextFitter = (*ccm.CCM)(nil)
)
