// Package kpca is kernel principal component analysis (Schölkopf, Smola and
// Müller, Neural Computation 10(5), 1998) with the semantics of
// scikit-learn's KernelPCA, the nonlinear baseline of the journal paper
// (Section VIII-A Table III, Section VIII-B Table IV, Appendix E).
//
// Fit forms the N x N kernel matrix K of the training rows (linear, poly or
// rbf, scikit-learn's parameterization: gamma defaults to 1/d, coef0 to 1,
// degree to 3), centers it in feature space, K~ = K - 1K - K1 + 1K1 with 1
// the N x N matrix of entries 1/N, and takes the m leading eigenpairs
// (lambda_j, alpha_j) of K~. Eigenvalues are those of K~, not divided by N
// (scikit-learn's eigenvalues_). The features of the training rows are
// sqrt(lambda_j) alpha_j (Embedding, scikit-learn's fit_transform);
// Transform maps new rows through the centered kernel vector
// (Appendix E, Figure 7). Eigenvectors follow linalg.EigenSym's sign
// convention (entry of largest magnitude positive), as scikit-learn's
// svd_flip of the eigenvectors.
//
// Two eigensolvers give the same result to the solver tolerance: the dense
// one (LAPACK, linalg.EigenSym) for small N, and for large N with m << N the
// thick-restart block Lanczos method of linalg.TopEigen, which only
// multiplies K~ by blocks of vectors (BLAS-3), in O(N^2 m) per cycle instead
// of the O(N^3) of a full reduction. Either needs the N x N matrix in memory (the dense one twice);
// Fit checks the estimate against the available memory before allocating
// and refuses with the largest feasible sample size. FitContext stops with
// the context's error between the stages and, with the iterative solver,
// between block products.
//
// Parameters and defaults (New): scikit-learn's KernelPCA, kernel linear,
// degree 3, gamma 0 (automatic: 1/n_features, gamma=None), coef0 1,
// eigen_solver auto; K, the number of components, has no default and must
// be set. The iterative solver's tolerance (1e-10, relative residual) and
// restart cycles (200) are this package's own.
package kpca
