// Package uffs is Unsupervised Fourier Feature Selection (UFFS; Heidari,
// Sreedharan, Shamir and Szpankowski, "Sufficiently informative and relevant
// features: an information-theoretic and Fourier-based characterization",
// Sec. IV-A and Algorithm 1), the closest peer of GFS: the journal paper
// proves that GFS with the multilinear family generalizes it (Appendix C,
// Corollary 4) and compares the two in Sec. VIII-F (Tables XII, XIII and
// Figure 5).
//
// # Algorithm
//
// Every feature is standardized with the sample standard deviation (divisor
// n - 1 as Alg. 1 and the authors' code; n with Ddof = 0). The characters
// phi_S = prod_{u in S} z_u of the subsets S of at most t features (the
// fixed-depth search) are listed in the order of UFFS Eq. (1) restricted to
// size <= t:
//
//	{}, {1}, {2}, {1,2}, {3}, {1,3}, {2,3}, {1,2,3}, {4}, ...
//
// and orthogonalized in that order with the empirical inner product
// <f, g> = (1/n) sum_i f(x_i) g(x_i): with B = Phi^T Phi / n (Alg. 1 line 3),
// row j of A holds a_{j,i} = <psi_{S_j}, phi_{S_i}>,
// norm(S_j) = sqrt([b_jj - sum_{r<j} a_rj^2]^+), and a row whose norm is
// <= eps is set to zero, the others normalized (lines 4-11). The measure of
// feature j is norm({j}) = ||psi~_{j}||, the norm of what is left of the
// standardized feature after projection on every character listed before
// {j}; a feature with norm({j}) <= eps is declared redundant (Theorem 1).
//
// The non-zero rows of A are the upper Cholesky factor of B restricted to
// the non-trivial characters, so the pass is computed as a left-looking
// blocked Cholesky factorization with zeroing: per block of 64 characters one
// Gram product (or a gather from B, computed once with Dsyrk when there are
// fewer characters than samples), one triangular solve and one Dsyrk, all
// BLAS-3 through fastblas. Because at most n characters can be
// non-trivial on n samples, the pass stops when n are kept: every later
// character then has norm exactly zero. This changes no result; it only
// avoids work whose outcome is known.
//
// # Selection
//
// Mode Threshold keeps the features with norm({j}) > eps (Theorem 1, the
// journal's Figure 5 with eps^2 = 0.01); Cumulative is the rule of the
// authors' experiments (sort the squared norms of a group in decreasing
// order, keep those whose cumulative share stays below SelectionThreshold:
// 0.95, 0.995, 0.999 at depths 1, 2, 3 in their README); TopK keeps the K
// largest norms after the complete orthogonalization (journal Table XIII).
//
// # Feature order, partitions and rounds
//
// The result depends on the feature order (journal Sec. VIII-F2: with the
// independent features first UFFS finds exactly them; in a random order it
// keeps more). The order is an input (Permutation, or Order random with Seed); it is
// never changed silently. Large feature sets are partitioned into groups of
// about ClusterSize features, orthogonalized separately ("Feature
// partitioning": contiguous blocks in the current order as the authors' code
// does, or random groups). A schedule of Rounds runs FourierOrth repeatedly
// on the survivors: Schedule(t, false, eps) is one round at depth t, as the
// journal runs UFFS; Schedule(t, true, eps) runs depths 1, 2, ..., t in turn
// (UFFS Sec. V-B and Appendix E; the authors' code passes the survivors of a
// group to the next round by decreasing measure, and so does this package).
// Appendix E's thresholds a_1, a_2 below which a round is not partitioned
// are the cluster sizes themselves, as in the authors' code (a round with at
// most ClusterSize features is one group).
//
// # Order of the result
//
// Selected lists the surviving features by decreasing measure of the last
// round (Ranking global, the default). When the last round has several
// groups (ClusterSize set), the authors' code returns another order: the
// groups in turn, each sorted by its own measures (their
// UnsupervisedFourierFS concatenates the groups' survivors). Ranking
// per-group returns that order, feature for feature the authors' on Wine
// and Sonar with grouped last rounds (testdata/make_reference.py). The
// selected set is the same; the order matters when a prefix is taken, and
// mode top-k then keeps the first K of the chosen order. Global stays the
// default: with one group the two agree, and global is what gsbench has
// always returned.
//
// # Accuracy
//
// Like the authors' implementation, norms come from the Gram matrix, whose
// rounding errors limit them to about sqrt(L u) relative accuracy (L
// characters, u = 1.1e-16): squared norms below 1e-12 b_jj are treated as
// zero, and eps should not be set below about 1e-5.
package uffs
