// Package spec implements SPEC, the spectral feature selection framework of
// Zhao & Liu, "Spectral Feature Selection for Supervised and Unsupervised
// Learning" (ICML 2007), with its three feature ranking functions.
//
// With an affinity matrix W, D = diag(W 1), L = D - W, the normalized
// Laplacian L^ = D^-1/2 L D^-1/2 with eigenpairs (lambda_j, xi_j) in
// increasing order (lambda_1 = 0, xi_1 = D^1/2 1 / ||D^1/2 1||) and, for a
// feature f, f^ = D^1/2 f / ||D^1/2 f|| and alpha_j = xi_j' f^, the styles of
// scikit-feature's spec (and of Zhao's fsSpectrum) are
//
//	style -1:  phi1(f) = f^' L^ f^ = sum_j alpha_j^2 lambda_j = f'Lf / f'Df
//	style  0:  phi2(f) = phi1(f) / (1 - alpha_1^2)              (default)
//	style s>=2: phi3(f) = sum_{j=2..s} (2 - lambda_j) alpha_j^2
//
// phi1 and phi2 need no eigendecomposition: they are computed in closed form
// (phi2 equals the Laplacian score on the same affinity). phi3 needs the s
// smallest eigenpairs of L^, from a dense eigensolver (memory O(n^2)).
//
// # Which end of the ranking is best
//
// For phi1 and phi2 a small value means the feature is smooth on the graph,
// i.e. consistent with its structure: lower is better; for phi3 higher is
// better (Zhao & Liu, Sec. 3; Zhao's fsSpectrum gives a zero feature the
// worst value, 1000 for styles -1 and 0 and -1000 otherwise).
// scikit-feature's spec.feature_ranking sorts the other way round (it ranks
// phi1 and phi2 in decreasing order and phi3 in increasing order), so that
// on standardized Wine it puts flavanoids, the feature every other method
// ranks first, last. SPEC ranks as the paper does by default;
// Ranking = "scikit-feature" reproduces scikit-feature's order.
//
// # Affinity
//
// As in scikit-feature, the default affinity is the dense RBF kernel over
// all pairs, W_ij = exp(-gamma ||x_i - x_j||^2) with gamma = 1 (its spec's
// default, sklearn's rbf_kernel), so memory is O(n^2); Affinity = "knn" uses
// the sparse k-nearest-neighbour graph of package graph instead.
package spec
