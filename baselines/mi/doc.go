// Package mi ranks features by their mutual information with the class,
// estimated as scikit-learn's mutual_info_classif
// (sklearn.feature_selection), the "MI" baseline of the UFFS paper (Sec.
// V-C, ref. [36]; Appendix E: "scikit-learn for mutual information"): the
// nearest-neighbour estimator of Kraskov, Stoegbauer & Grassberger (Phys.
// Rev. E 69, 066138, 2004) in the form Ross gave for a continuous variable
// and a discrete one (B. C. Ross, "Mutual information between discrete and
// continuous data sets", PLoS ONE 9(2), e87357, 2014, Eq. 2):
//
//	I(x; y) = psi(N) + <psi(k_i)> - <psi(N_{y_i})> - <psi(m_i)>,
//
// psi the digamma function and <.> the mean over the samples. For sample i,
// N_{y_i} is the size of its class, k_i = min(k, N_{y_i} - 1), d_i the
// distance to its k_i-th nearest neighbour within its class, and m_i the
// number of samples of the whole set (i included) at a distance below d_i.
// Samples alone in their class are left out, N counts the others. A negative
// estimate is replaced by 0. Estimates are in nats; higher is better.
//
// As mutual_info_classif with its defaults (discrete_features="auto", which
// treats every column of a dense X as continuous; n_neighbors = 3), each
// column is first divided by its standard deviation (ddof 0; without
// centering; a deviation below 10 eps counts as 1), then
// noise * max(1, mean |x|) * N(0, 1) is added to every value to break ties
// (noise = 1e-10 in scikit-learn). The noise is drawn here from
// math/rand/v2's PCG seeded with (Seed, column index), so the estimates are
// reproducible and do not depend on the number of goroutines, but they are
// not scikit-learn's, whose noise comes from NumPy's stream (random_state).
// Where a column repeats values the noise decides ties, and single estimates
// then differ between streams by up to about 0.1 nat; rankings stay close
// (see the tests). Noise = 0 gives scikit-learn's estimate without noise to
// rounding: radii are nextafter(d_i, 0), counts compare squared distances
// as its KD-tree does, and in a class of at most 2k+1 samples, where
// NearestNeighbors(algorithm="auto") searches by brute force, d_i is
// computed as its brute-force search does, sqrt(a^2 - 2ab + b^2), which can
// differ from |a - b| in the last bits and so decide ties differently.
//
// In one dimension the neighbours are found exactly by sorting: O(n log n)
// time and O(n) memory per column, O(d n log n) in all, parallel over the
// columns. Equal estimates (clipped zeros, duplicated columns without noise)
// keep the column order. A constant column gets the estimate of its noise
// alone (0 without noise), and is not moved to the end, as in scikit-learn.
package mi
