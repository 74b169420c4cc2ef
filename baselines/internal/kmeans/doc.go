// Package kmeans clusters rows with Lloyd's algorithm from greedy k-means++
// seeds, restarted and keeping the best run, with scikit-learn's KMeans
// defaults (n_init = 10, max_iter = 300, tol = 1e-4 relative to the mean
// feature variance): NDFS initializes its cluster indicator with it, as
// scikit-feature does.
package kmeans
