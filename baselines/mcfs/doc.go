// Package mcfs implements Multi-Cluster Feature Selection of Cai, Zhang &
// He, "Unsupervised Feature Selection for Multi-Cluster Data" (KDD 2010).
//
//  1. Spectral embedding (Sec. 3.1): with the affinity W of a
//     nearest-neighbour graph and D = diag(W 1), the n_clusters eigenvectors
//     y of the generalized problem L y = lambda D y with the smallest
//     eigenvalues after the trivial one. They are computed as
//     y = D^-1/2 v from the eigenvectors v of D^-1/2 W D^-1/2 with the
//     largest eigenvalues, the very largest (1, the trivial one) left out,
//     as scikit-feature's mcfs does.
//  2. Sparse regression (Sec. 3.2): every y_k is regressed on the features
//     by L1-regularized least squares with the cardinality constraint "K
//     nonzero coefficients", solved by least angle regression (LARS, Efron
//     et al. 2004) with an intercept; parameter lars chooses between two
//     LARS (below).
//  3. Score (Sec. 3.3): MCFS(j) = max_k |a_kj|, higher is better; the K
//     features of largest score are selected. (scikit-feature takes the
//     signed maximum, which depends on the arbitrary sign of each
//     eigenvector; the paper's absolute value does not.)
//
// # LARS: textbook or scikit-learn's
//
// With lars: textbook (the default), the regressions run LAR as Efron et
// al. define it: K variables enter, and the correlations of the active ones
// with the residual stay equal.
//
// With lars: sklearn, they run scikit-learn's Lars(n_nonzero_coefs=K), which
// scikit-feature's mcfs calls, step for step (package
// baselines/internal/lars, FitSKLearn). It counts K steps, not K variables,
// and when an active coefficient crosses zero it flips that variable's sign
// in the equiangular direction and spends the next step without adding a
// variable: fewer than K variables may end active, with unequal
// correlations (ALLAML genes 0..324, 5 clusters, K = 20: 19 active on one
// embedding vector; a COIL-20 subset: 15 to 19 of 20). With the same
// affinity matrix its coefficients equal scikit-feature's to 1.5e-13 and
// the selections are identical on standardized Wine, that COIL-20 subset
// and ALLAML (testdata/make_reference.py, scikit-learn 1.2.1; scikit-learn
// before 1.2 normalized the columns in Lars by default, which changes
// nothing on standardized data).
//
// Textbook stays the default: it is the algorithm the paper cites, it keeps
// LAR's equiangular property, and changing the default would change
// existing MCFS results (the golden checks and the paper reproductions run
// MCFS). Set lars: sklearn to reproduce scikit-feature.
//
// The default graph is that of the papers' baselines (5-NN heat kernel,
// t = 1, self-loops) and the default number of clusters is scikit-feature's,
// 5. The eigenproblem is solved densely: memory O(n^2).
package mcfs
