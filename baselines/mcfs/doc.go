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
//     nonzero coefficients", solved by least angle regression (LARS) with an
//     intercept (scikit-learn's Lars(n_nonzero_coefs=K)).
//  3. Score (Sec. 3.3): MCFS(j) = max_k |a_kj|, higher is better; the K
//     features of largest score are selected. (scikit-feature takes the
//     signed maximum, which depends on the arbitrary sign of each
//     eigenvector; the paper's absolute value does not.)
//
// The default graph is that of the papers' baselines (5-NN heat kernel,
// t = 1, self-loops) and the default number of clusters is scikit-feature's,
// 5. The eigenproblem is solved densely: memory O(n^2).
package mcfs
