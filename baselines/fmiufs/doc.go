// Package fmiufs implements FMIUFS, the Fuzzy Mutual Information based
// Unsupervised Feature Selection of Yuan, Chen, Zhang, Wan & Li ("A Novel
// Unsupervised Approach to Heterogeneous Feature Selection Based on Fuzzy
// Mutual Information", IEEE Transactions on Fuzzy Systems 30(9), 2022), as
// the Auto-UFSTool toolbox's ufs_FMI.m computes it and as the QMR-FS paper
// ran it (its authors' fmiufs_model.m: every column min-max scaled to [0, 1],
// then ufs_FMI(X, 1.0)).
//
// Each feature j induces a fuzzy similarity relation between the samples:
//
//	r_j(a, b) = 1 - |x_aj - x_bj|  if |x_aj - x_bj| <= delta_j,  else 0     (numerical: delta_j = std_j / lambda)
//	r_j(a, b) = 1 if x_aj = x_bj, else 0                                      (nominal)
//
// std_j with divisor n (std(x, 1)). ufs_FMI calls a column numerical when its
// minimum is 0 and its maximum 1, nominal otherwise; after fmiufs_model's
// scaling every non-constant column is numerical. The fuzzy entropy of a set
// of features B, whose relation is the minimum of theirs, is
//
//	H(B) = -(1/n) sum_a log2(|[x_a]_B| / n),   |[x_a]_B| = sum_b min_{j in B} r_j(a, b),
//
// the mutual information MI(i, j) = H(i) + H(j) - H(i, j), and Ave_MI(j) the
// mean of MI(i, j) over all features i (itself included). The ranking is
// greedy: first the feature of largest Ave_MI, then repeatedly the
// unselected u of largest
//
//	sig(u) = Ave_MI(u) - mean_{s selected} Red(u, s),   Red(u, s) = Ave_MI(s) - (H(s, u) - H(u)) / H(s) * Ave_MI(s),
//
// that is Ave_MI(s) MI(s, u) / H(s): relevance minus redundancy with the
// features already chosen. Ties go where ufs_FMI sends them: to the first in
// decreasing Ave_MI at the second step, to the lowest index after (setdiff
// sorts). ufs_FMI returns no scores; Report gives sig at each selection,
// Ave_MI and the entropies.
//
// A constant column (preprocess.ConstantColumns) relates every pair of
// samples: its entropy is 0 and Red would divide 0 by 0 (fmiufs_model
// would even divide the column by 0). Such columns are left out of the
// greedy loop and ranked last.
//
// The tests compare with GNU Octave running the toolbox's ufs_FMI (through
// fmiufs_model for min-max scaling) on seeded random matrices (integer-coded
// columns, a duplicated column, ufs_FMI's own numerical/nominal rule with
// lambda 0.5) and on raw Wine and Heart-Statlog: the rankings are equal.
//
// # Cost
//
// The d(d+1)/2 joint entropies each sum over the n^2 pairs of samples:
// O(n^2 d^2) time (the QMR-FS paper's Table 2 says O(n^2 d)), O(n d + d^2)
// memory: the relations are formed for blocks of 8 rows and never stored
// whole (ufs_FMI keeps all d n x n matrices). Pairs of features are shared
// among the cores; every sum runs in a fixed order, so the result does not
// depend on their number. On Isolet (1560 x 617: 4.6e11 min-adds) a fit
// takes 475 CPU-seconds (BenchmarkIsolet), about 4 minutes on 2 idle cores.
package fmiufs
