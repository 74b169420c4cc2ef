// Package lapscore implements the Laplacian score of He, Cai & Niyogi,
// "Laplacian Score for Feature Selection" (NIPS 2005), an unsupervised
// filter that prefers the features that vary least across the edges of a
// nearest-neighbour graph relative to their overall spread.
//
// With the affinity matrix W of the graph, D = diag(W 1) and L = D - W, the
// score of feature f (a column of X) is (He et al., steps 3-4)
//
//	L_f = f~' L f~ / f~' D f~,   f~ = f - (f' D 1 / 1' D 1) 1,
//
// and lower is better. The numerator is computed edge by edge as
// (1/2) sum_ij W_ij (f_i - f_j)^2, exact and nonnegative; scikit-feature's
// lap_score computes the same value as 1 - f~'W f~ / f~'D f~.
//
// The default graph is the one the Gram-Schmidt papers' baselines used,
// scikit-feature's construct_W with 5 nearest neighbours, heat-kernel
// weights with t = 1 and self-loops (the zero graph.Options).
package lapscore
