// Package lpp is Locality Preserving Projections (X. He and P. Niyogi,
// "Locality preserving projections", NIPS 2003) with the semantics of the
// lpproj package's LocalityPreservingProjection, which the journal paper
// used (Section VIII-B, Table IV).
//
// Fit builds the k-nearest-neighbour graph of the rows (package graph): as
// lpproj, each point is linked to its n_neighbors = 5 nearest points,
// itself included, with weights 1 ("adjacency", the default) or
// exp(-||x_i - x_j||^2 / width^2) ("heat", width 1), and the graph is
// symmetrized by the maximum. With D the diagonal degree matrix and
// L = D - W the graph Laplacian, the projections are the generalized
// eigenvectors of
//
//	X^T L X a = lambda X^T D X a
//
// for the smallest eigenvalues lambda, normalized a^T X^T D X a = 1. The
// symmetric-definite problem is solved through the eigendecomposition of
// X^T D X: directions of zero variance are dropped (asking for more
// components than the rank of X is an error) and a small ridge, Ridge times
// its largest eigenvalue (1e-10 by default, 0 for none as lpproj), is added
// for stability.
//
// Parameters and defaults (New) are those of lpproj's
// LocalityPreservingProjection: K 2 (n_components), NNeighbors 5, Weight
// adjacency, WeightWidth 1; the ridge is this package's own.
//
// Unlike lpproj, Fit centers X with its column means (and Transform new
// rows with the same means). X^T L X does not change, and on centered data,
// such as standardized data, the result is lpproj's; on uncentered data
// lpproj's X^T D X would favour the direction of the mean.
package lpp
