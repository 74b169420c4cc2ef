// Package metrics scores predicted labels against true ones: classification
// accuracy, normalized mutual information (NMI) and clustering accuracy
// (ACC) under the best one-to-one matching of clusters to classes, found with
// the Hungarian algorithm (also exported, as Assign).
//
// NMI follows scikit-learn's normalized_mutual_info_score with its default
// average_method="arithmetic": NMI = MI(U, V) / ((H(U) + H(V)) / 2), natural
// logarithms, with MI clipped at zero, and NMI = 1 when both labelings put
// every sample in a single group (scikit-learn's convention for that limit
// case). Labels are arbitrary integers: only equality between labels matters.
package metrics
