// Package cnafs implements CNAFS, the Convex Non-negative matrix
// factorization with Adaptive graph for unsupervised Feature Selection of
// Yuan, You, He & Li (IEEE Transactions on Cybernetics 52(6), 2022), as the
// Auto-UFSTool toolbox's CNAFS.m and gpi.m compute it and as the QMR-FS
// paper ran it (its authors' cnafs_model.m: CNAFS(X', 5, 1.0, 100, 100, 100,
// 1.0, 500, 20)).
//
// With X the d x n data (features x samples, the toolbox's orientation), H
// the centering matrix, W d x c, F n x c with F'F = I, the graph S, L = D -
// S, and the convex NMF X ~ X G V (G n x K, V K x n), CNAFS.m decreases
//
//	||X - XGV||^2 + ||H(X'W - F)||^2 + lambda tr(W'D_w W) + 2 alpha (tr(F'LF) + beta sum S log S)
//	    + gamma tr(V L V') + epsilon tr(V'QV),   Q = 11' - I,
//
// each iteration in this order:
//
//  1. D_w = diag(0.5 / sqrt(||w_i||^2 + epsilon));
//  2. S_ij = exp(-(alpha ||f_i - f_j||^2 + gamma/2 ||v_i - v_j||^2) / (2 alpha beta)), each row
//     scaled to sum 1, then S = (S + S')/2;
//  3. W = (X H X' + lambda D_w)^-1 X H F;
//  4. F = gpi(H + 2 alpha L, H X'W): the generalized power iteration of Nie,
//     Zhang & Li (2017) for min_{F'F=I} tr(F'AF - 2F'B), gpi.m's version:
//     the relaxation |w'Aw| after 10 power steps from a random w, a random
//     orthonormal start, then 4 steps F = UV' (SVD of (alpha I - A)F + 2B);
//  5. the multiplicative updates G = G .* (X'XV') ./ (X'XGVV') and
//     V = V .* (G'X'X + gamma VS) ./ (G'X'XGV + gamma VD + epsilon QV);
//
// and stops when the objective changes by at most 0.1 (an absolute change)
// or after NITER - 1 iterations. Features are ranked by ||w_i||^2, largest
// first.
//
// The random initial F = orth(rand), W, G, V and each gpi call's vector and
// start come from one stream, drawn in the toolbox's order (matrices column
// by column); here a PCG generator seeded by seed. orth is MATLAB's (the
// left singular vectors; Octave's returns their negatives, which negates
// every F and leaves W^2 unchanged).
//
// The tests replay the random numbers Octave drew running the toolbox and
// find the same objectives (relative differences 1e-12 or less), scores
// (1e-12) and rankings on seeded random inputs, raw Wine and raw
// Heart-Statlog.
//
// # Data of both signs
//
// The multiplicative updates keep G and V non-negative only when X'X is
// (non-negative data). With entries of both signs (Isolet lies in [-1, 1])
// they can change signs and divide by sums that cancel: the objective then
// jumps around instead of decreasing, and two runs that differ by rounding
// part ways after a dozen iterations (on signed 30 x 6 data the toolbox and
// this code agree to 1e-12 up to iteration 12, to 1e-3 at 17, not at all
// later). The method is reproduced as the paper ran it; its ranking on such
// data is one draw among many.
//
// # Cost
//
// Each iteration costs O(n^2 (c + K) + n d^2 + d^3): the graph, products of
// the n x n matrices X'X and S with n x K and n x c matrices, and the d x d
// system. Memory is O(n^2) (five n x n matrices), checked before the start
// (internal/memory). On Isolet (1560 x 617) the 499 iterations (the
// objective does not settle) take 149 CPU-seconds (BenchmarkIsolet).
package cnafs
