// Package udfs implements Unsupervised Discriminative Feature Selection of
// Yang, Shen, Ma, Huang & Zhou, "l2,1-Norm Regularized Discriminative
// Feature Selection for Unsupervised Learning" (IJCAI 2011):
//
//	min_W tr(W' M W) + gamma ||W||_2,1   subject to  W'W = I,
//
// W being d x c. M gathers a local discriminative score over the
// neighbourhood N_i of every sample (x_i and its k nearest neighbours):
// with X_i the (k+1) x d rows of N_i, H = I - 11'/(k+1) the centering
// matrix and X~_i = H X_i,
//
//	M = X' (sum_i S_i H (X~_i X~_i' + lambda I)^-1 H S_i') X,
//
// S_i selecting the rows of N_i (the authors' LocalDisAna). Features are
// ranked by ||w_i||, the norm of row i of W, highest first.
//
// The iteration (the paper's Algorithm 1) sets W to the c eigenvectors of
// M + gamma D of smallest eigenvalues, then D = diag(1 / (2 ||w_i||)), and
// decreases the objective tr(W'MW) + gamma ||W||_2,1 monotonically. It
// stops when the objective changes by less than Tol (1e-3, scikit-feature's
// test) or after MaxIter iterations (1000).
//
// Defaults are scikit-feature's udfs: gamma = 0.1, k = 5, c = 5, and lambda =
// 0.1, because scikit-feature uses its gamma for lambda too (the authors'
// LocalDisAna defaults to lambda = 1000; on standardized data that makes the
// local scatter negligible and M nearly the plain local covariance).
// scikit-feature also builds S_i from the neighbourhoods of samples 0..k
// (idx_new[q] instead of idx_new[i, q]), so that its M depends on the first
// k+1 samples only; S_i follows the paper here.
//
// The row norms in D and in the objective are smoothed as in the authors'
// code, sqrt(||w_i||^2 + 2^-52), which keeps M + gamma D well conditioned
// when rows of W vanish; the objective then decreases monotonically.
//
// M is d x d and each iteration needs its smallest eigenpairs, from a dense
// eigensolver: O(d^3) per iteration, O(d^2) memory; building M costs
// O(n k^2 d + n d^2).
package udfs
