// Package traceratio implements the trace ratio criterion for feature
// selection of Nie, Xiang, Jia, Zhang & Yan, "Trace Ratio Criterion for
// Feature Selection" (AAAI 2008), with the Fisher-score graphs
// (scikit-feature's default style, "fisher"): a supervised method.
//
// For a subset Phi of K features the subset-level score is the trace ratio
//
//	lambda(Phi) = tr(W' S_b W) / tr(W' S_w W) = sum_{i in Phi} b_i / sum_{i in Phi} w_i,
//
// where W selects the columns of Phi and b_i, w_i are the between- and
// within-class scatters of feature i (the diagonals of X' L_b X and
// X' L_w X). The paper maximizes lambda over all subsets of size K by the
// iteration
//
//	Phi_t = the K features of largest b_i - lambda_t w_i,
//	lambda_{t+1} = lambda(Phi_t),
//
// which increases lambda at every step and stops, at the global optimum, when
// the subset no longer changes (a finite number of steps). It starts from the
// K features of largest ratio b_i / w_i (the Fisher score).
//
// scikit-feature's trace_ratio first restricts the search to those K
// features of largest Fisher score and only reorders them, so it returns the
// Fisher score's subset; the paper's iteration may exchange features for
// others with a lower ratio but a larger scatter, which raises the subset
// score.
//
// The selected features are ordered by their final feature-level score
// b_i - lambda* w_i, highest first.
package traceratio
