// Package fastica is independent component analysis by the FastICA
// fixed-point algorithm (A. Hyvärinen, "Fast and robust fixed-point
// algorithms for independent component analysis", IEEE Trans. Neural
// Networks 10(3), 1999; A. Hyvärinen and E. Oja, Neural Networks 13, 2000)
// with the semantics of scikit-learn's FastICA, a linear baseline of the
// journal paper (Section VIII-B, Table IV).
//
// Fit centers the data and whitens it with PCA (population covariance): the
// m leading principal components scaled to unit variance, so that more
// components than the rank of the data are refused. It then finds an
// orthogonal W maximizing the non-Gaussianity of the rows of W X_white
// with the contrast G(u) = log cosh(alpha u)/alpha (scikit-learn's
// fun='logcosh', alpha 1; 'exp' and 'cube' are available), either for all
// components at once with symmetric decorrelation W <- (W W^T)^(-1/2) W
// after every step (algorithm 'parallel', the default) or one at a time
// with Gram-Schmidt deflation ('deflation'). The initial W is a seeded
// standard normal matrix. Iteration stops when max_i | |<w_i, w_i_old>| - 1 |
// < Tol (1e-4) or after MaxIter (200) steps; Report says which.
//
// As scikit-learn's whiten='unit-variance' (the default since 1.3), the
// recovered sources are scaled to unit variance: Transform returns
// (X - mean) C with C the d x m unmixing matrix (Components, scikit-learn's
// components_ transposed) and Mixing its pseudo-inverse. ICA leaves the
// order and the signs of the sources undetermined; the order is that of the
// seeded initial matrix and each column of C has its entry of largest
// magnitude positive.
//
// Parameters and defaults (New) are scikit-learn's: K 0 (automatic: the
// rank of X, n_components=None), algorithm parallel, fun logcosh, alpha 1,
// max_iter 200, tol 1e-4. FitContext stops with the context's error between
// fixed-point iterations.
package fastica
