// Package rfs implements RFS, the robust feature selection of Nie, Huang,
// Cai & Ding, "Efficient and robust feature selection via joint l2,1-norms
// minimization" (NIPS 2010; ref. [19] of the UFFS paper, Sec. V-C), as
// scikit-feature's rfs (skfeature.function.sparse_learning_based.RFS), which
// the UFFS authors ran:
//
//	min_W ||X W - Y||_2,1 + gamma ||W||_2,1                      (paper Eq. 3)
//
// with X the n x d data (rows are samples, no intercept), Y the n x c
// one-hot class indicator matrix over the classes present, in label order
// (scikit-feature's construct_label_matrix) and ||M||_2,1 the sum of the
// Euclidean norms of the rows of M. Features are ranked by ||w_i||, the norm
// of row i of W, largest first (scikit-feature's feature_ranking sorts the
// squares).
//
// The paper rewrites the problem as min ||U||_2,1 subject to A U = Y, with
// A = [X, gamma I] and U = [W; E/gamma] (Eqs. 5-7), and iterates (its
// Algorithm 1)
//
//	U = D^-1 A' (A D^-1 A')^-1 Y,   D_ii = 1 / (2 ||u_i||),
//
// from D = I. As scikit-feature, 1e-6 I is added to A D^-1 A' before the
// solve, the row norms are floored at 1e-16, and the iteration stops after
// the first iteration (from the second on) whose objective changed by less
// than Tol = 1e-3 in absolute value, or after MaxIter = 1000 iterations.
// scikit-feature inverts the (n + d) x (n + d) matrix D and the n x n matrix
// A D^-1 A' + 1e-6 I; here, with P and M the diagonal blocks of D^-1 and of
// gamma^2 D^-1 + 1e-6 I, Z = M^-1/2 X P^1/2, the Woodbury identity gives
// W = P^1/2 (I + Z'Z)^-1 Z' M^-1/2 Y, a d x d Cholesky solve, when d <= n,
// and W = P^1/2 Z' (I + ZZ')^-1 M^-1/2 Y, an n x n one, otherwise; the
// residual block of U follows from M^-1 (Y - XW). Both matrices have
// eigenvalues >= 1, where scikit-feature's can reach a condition of 1e12
// on raw data and cost it digits (about 8 on raw Wine, see the tests).
//
// Defaults are scikit-feature's: gamma = 1, 1000 iterations, tolerance 1e-3.
// Note that scikit-feature's own example (test_RFS.py) and the UFFS authors'
// experiment script (ICML_final.py, supervised_fs) call rfs with gamma = 0.1:
// set Gamma to 0.1 to reproduce the paper's runs.
//
// RFS has no intercept: a constant column plays its part and can rank high
// (as in scikit-feature); center the data to avoid it. Duplicated columns
// share their weight: the split is not unique, and they score alike up to
// rounding. Without scaling, features of large magnitude need small weights
// and rank low; the objective is not scale invariant.
//
// Cost per iteration: O(n d min(n, d) + min(n, d)^3) time and
// O(min(n, d)^2 + n d) memory (checked with internal/memory before the
// first iteration); a few tens of iterations are usual.
package rfs
