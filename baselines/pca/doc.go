// Package pca is principal component analysis, the linear baseline of the
// Gram-Schmidt papers (journal Section VIII-A, Table II row "1 (PCA)").
//
// Fit centers the data, forms the covariance with one BLAS-3 product
// (Xc^T Xc / (n - Ddof)) and takes its leading eigenpairs with LAPACK's
// eigensolver when OpenBLAS is loaded (internal/linalg). Components are ordered by
// decreasing variance; the entry of largest magnitude of every component is
// positive (the convention of scikit-learn >= 1.5, of linalg.EigenSym and of
// GFR's directions), so results do not depend on the eigensolver.
//
// Two stopping rules mirror GFR's (algorithms.GFR): a count (K components)
// and a threshold (stop at the first eigenvalue <= Eps2, or Eps^2: the
// paper's residual variance after m components is the (m+1)-th eigenvalue
// of the covariance). Trace returns the variances of the components
// followed by that (m+1)-th eigenvalue.
//
// Parameters and defaults (New): K 0 and Eps2 0, no count and no threshold,
// keep every direction of non-zero variance, as scikit-learn's PCA with
// n_components=None; Ddof 1, scikit-learn's explained_variance_. Ddof 0 is
// the population covariance that GFR uses, with which PCA and GFR with the
// multilinear:1 family extract the same directions and the same trace.
package pca
