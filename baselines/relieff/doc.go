// Package relieff implements ReliefF, the multiclass extension of Relief
// (Kira & Rendell, AAAI 1992; Kononenko, ECML 1994; Robnik-Sikonja &
// Kononenko, "Theoretical and empirical analysis of ReliefF and RReliefF",
// Machine Learning 53, 2003), exactly as scikit-feature's reliefF
// (skfeature.function.similarity_based.reliefF, the implementation the UFFS
// paper, Sec. V-C and Appendix E, compares SFFS with).
//
// Every sample x_i (all n of them, in order: there is no random sampling)
// contributes to the score of feature f
//
//	W_f += sum_{l != y_i} P(l) / (1 - P(y_i)) * (1/k) sum_{m in M_l(i)} |x_if - x_mf|
//	       - (1/k) sum_{h in H(i)} |x_if - x_hf|,
//
// where H(i) are the k nearest samples of the class of x_i (the near hits)
// and M_l(i) the k nearest samples of class l (the near misses), P(l) the
// fraction of samples in class l, and distances are Manhattan (L1) distances
// on the raw values. Differences are not divided by the range of the feature
// (scikit-feature's choice, unlike Kononenko's diff function), so the scores
// depend on the scale of each feature: standardize or min-max X first when
// the units differ. Higher scores are better; the score is a sum over
// samples, not an average.
//
// Neighbour lists follow scikit-feature to the tie: the samples are ordered
// by distance to x_i, equal distances by index, and x_i itself is placed at
// the largest distance of its row (scikit-feature sets distance[i, i] to the
// row maximum), so that it can be one of its own hits (contributing zero)
// only when its class has fewer than k other samples at a smaller distance
// or at the same largest distance with a smaller index. A class with fewer
// than k samples contributes all of them, still divided by k.
//
// The ranking sorts the scores in decreasing order; equal scores
// (duplicated or constant columns, which score exactly 0) keep the smaller
// column index first, where scikit-feature's reversed argsort leaves their
// order to NumPy's sort. Constant columns are not moved: a ReliefF score can
// be negative (a feature that varies more among near hits than near misses),
// and such a feature ranks after a constant one, as in scikit-feature.
//
// Defaults: k = 5 neighbours (scikit-feature reliefF's default, also the UFFS
// authors' setting, which call reliefF(X, y) without options).
//
// Cost: O(n^2 d) time for the distances, computed one row at a time (O(n + c
// k) memory per goroutine, none quadratic), plus O(n c k + n k d) for the
// neighbour lists and the updates; c is the number of classes.
package relieff
