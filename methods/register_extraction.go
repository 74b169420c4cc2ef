package methods

import (
	"github.com/gsbench/gsbench/baselines/fastica"
	"github.com/gsbench/gsbench/baselines/kpca"
	"github.com/gsbench/gsbench/baselines/lpp"
	"github.com/gsbench/gsbench/baselines/pca"
)

// The extraction baselines of the journal paper (Sec. VIII-A/B, Appendix E):
// PCA, kernel PCA, FastICA and LPP, with the defaults of the libraries the
// paper ran (scikit-learn 1.2.1, lpproj); their parameters and defaults are
// declared on the estimators.

func init() {
	Register("pca", "principal component analysis (journal Sec. VIII-A; scikit-learn PCA)", pca.New)
	Register("kpca", "kernel PCA (journal Appendix E; scikit-learn KernelPCA)", kpca.New)
	Register("ica", "independent component analysis by FastICA (scikit-learn FastICA, unit-variance whitening)", fastica.New)
	Register("lpp", "Locality Preserving Projections (He & Niyogi 2003; lpproj)", lpp.New)
}

var (
	_ Extractor     = (*pca.PCA)(nil)
	_ Linear        = (*pca.PCA)(nil)
	_ Tracer        = (*pca.PCA)(nil)
	_ Reporter      = (*pca.PCA)(nil)
	_ Extractor     = (*kpca.KernelPCA)(nil)
	_ Embedder      = (*kpca.KernelPCA)(nil)
	_ Tracer        = (*kpca.KernelPCA)(nil)
	_ Reporter      = (*kpca.KernelPCA)(nil)
	_ ContextFitter = (*kpca.KernelPCA)(nil)
	_ Extractor     = (*fastica.FastICA)(nil)
	_ Linear        = (*fastica.FastICA)(nil)
	_ Tracer        = (*fastica.FastICA)(nil)
	_ Reporter      = (*fastica.FastICA)(nil)
	_ ContextFitter = (*fastica.FastICA)(nil)
	_ Extractor     = (*lpp.LPP)(nil)
	_ Linear        = (*lpp.LPP)(nil)
	_ Tracer        = (*lpp.LPP)(nil)
	_ Reporter      = (*lpp.LPP)(nil)
)
