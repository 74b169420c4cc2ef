// Package svdentropy implements the SVD-entropy feature filter of
// Varshavsky, Gottlieb, Linial & Horn, "Novel Unsupervised Feature Filtering
// of Biological Data" (Bioinformatics 22(14), 2006), with its simple ranking
// (SR).
//
// The SVD-entropy of a data matrix with singular values s_1..s_N is
//
//	E = -(1/log N) sum_j V_j log V_j,   V_j = s_j^2 / sum_k s_k^2,
//
// low when a few directions carry the variance and 1 when it is spread
// evenly. The contribution of feature i is its leave-one-out effect
//
//	CE_i = E(X) - E(X without column i),
//
// and SR ranks the features by decreasing CE (higher is better). N is the
// number of singular values of the matrix at hand, min(n, d) for X and
// min(n, d-1) without a column; it scales every leave-one-out entropy
// alike, so it does not change the ranking. X is used as given (the paper
// applies the method to normalized expression data): preprocess it first.
//
// # Computation
//
// The d leave-one-out SVDs would cost O(n d min(n, d)^2). Instead, one thin
// SVD X = U S V' is computed (here from the eigendecomposition of the smaller Gram
// matrix, X'X or X X'), and removing column x_i = U S v_i (v_i the
// i-th row of V) is a rank-one downdate of the Gram matrix,
// X X' - x_i x_i' = U (S^2 - z z') U' with z = S v_i, whose eigenvalues are
// the roots of a secular equation, found in O(min(n, d)^2) per feature (as
// in the divide-and-conquer eigensolver). The total is one SVD plus
// O(d min(n, d)^2), spread over all cores.
package svdentropy
