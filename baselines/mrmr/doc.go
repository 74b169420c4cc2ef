// Package mrmr implements minimum redundancy - maximum relevance feature
// selection with the MID (mutual information difference) criterion of Peng,
// Long & Ding, "Feature selection based on mutual information: criteria of
// max-dependency, max-relevance, and min-redundancy" (IEEE TPAMI 27(8),
// 2005, Eq. 7; ref. [18] of the UFFS paper, Sec. V-C), computed as
// scikit-feature's mrmr (skfeature.function.information_theoretical_based.
// MRMR: LCSI with beta = 1/|S| and gamma = 0) and its discrete estimators
// (skfeature.utility.entropy_estimators: midd, entropyd):
//
//	first:  argmax_f I(f; y)
//	then:   argmax_{f not in S} I(f; y) - (1/|S|) sum_{j in S} I(f_j; f)
//
// Mutual informations are plug-in estimates on the discretized features, in
// bits: I(a; b) = H(a) + H(b) - H(a, b), H = -sum p log2 p over the observed
// states (summed in order of first appearance, as scikit-feature). Ties go
// to the smaller column index (np.argmax and the strict > of LCSI).
// Selected() lists the features in the order chosen.
//
// Stopping (scikit-feature's rules): with K > 0 the selection stops after K
// features (n_selected_features = K); K = 0 ranks all d features
// (n_selected_features = d), or, with StopNegative, stops after the first
// feature whose criterion is negative, that feature included (mrmr called
// without n_selected_features; scikit-feature would then also append a
// duplicate index if every feature were selected first, which is not copied).
//
// The estimators need discrete features: scikit-feature expects them
// discrete already. Discretize chooses how:
//   - truncate (the default): the integer part, toward zero. The UFFS
//     authors ran Peng's mrmr C++ program on the raw data without its -t
//     option (ICML_final.py in jithin-k-sreedharan/Fourier_feature_selection,
//     commit 695e2db: "mrmr -i data.csv -n d"), which casts every value to an
//     int (calMutualInfo's int(data2d[i][v])). On data scaled to [-1, 1] or
//     [0, 1] (Isolet, COIL-20, USPS) this leaves few states: mostly 0 and the
//     values at +-1. Peng reads values as float32 first, so a value within
//     float32 rounding below an integer truncates to that integer there.
//   - round: the nearest integer, halves away from zero.
//   - equal_width: scikit-feature's data_discretization(X, Bins): min-max
//     scaling, then np.digitize on the edges linspace(0, 1, Bins); the states
//     are 1..Bins-1 for the intervals and Bins for the maximum alone.
//     Bins = 5 is our default (scikit-feature gives none).
//   - zscore: Peng's mrmr -t t: standardize (ddof 1), then -1 below -t, 1
//     above t, 0 between; Threshold = 1 is our default (mean +- one
//     standard deviation).
//   - none: every distinct value is a state (continuous features then have
//     about n states each, and I(f; y) tends to H(y) for all of them).
//
// Peng's program also restricts the candidates to the 500 most relevant
// features and returns at most 500; scikit-feature, and this package, keep
// all of them. Its MI values are computed from counts the same way.
//
// Cost: O(n d) to discretize and O(K d n) for the selection (one joint
// histogram per candidate and step, parallel over the candidates); memory
// O(n d) for the states.
package mrmr
