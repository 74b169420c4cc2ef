// Package umap implements Uniform Manifold Approximation and Projection
// (L. McInnes, J. Healy and J. Melville, "UMAP: Uniform Manifold
// Approximation and Projection for Dimension Reduction", arXiv:1802.03426,
// 2018), the nonlinear baseline of the journal's Section VIII-B1 and
// Figure 3, with the defaults and conventions of the umap-learn package the
// paper used (Euclidean metric):
//
//  1. k nearest neighbours of every point, the point itself included
//     (n_neighbors = 15): exact (graph.KNN: squared distances from Dgemm
//     tiles) below ExactKNNLimit = 4096 points; from 4096 on, as umap-learn,
//     nearest-neighbour descent (Dong et al. 2011) as pynndescent runs it:
//     started from the leaves of random projection trees, distances
//     compared in float32 with the machine's vector instructions.
//  2. Smooth-kNN calibration: rho_i, the distance to the nearest distinct
//     neighbour, and sigma_i with sum_j exp(-(d_ij - rho_i)/sigma_i) =
//     log2(k), by bisection.
//  3. Fuzzy union of the directed membership graph: W = A + A^T - A o A^T.
//  4. a, b of the embedding kernel 1 / (1 + a d^(2b)) fitted to min_dist and
//     spread (FindAB; 1.577 and 0.895 for the defaults).
//  5. Spectral initialisation from the normalized Laplacian of W (dense
//     LAPACK up to 500 points, block Lanczos, linalg.TopEigen, beyond;
//     connected components laid out separately as umap-learn does), scaled
//     to [-10, 10]; random uniform initialisation on request or when the
//     eigensolver fails.
//  6. Stochastic gradient descent on the fuzzy cross entropy with edge
//     sampling in proportion to weight, negative_sample_rate = 5 negative
//     samples per positive one, learning rate 1 decaying linearly, n_epochs
//     500 up to 10000 points and 200 beyond.
//
// Parameters and defaults (New) are umap-learn's: K 2 (n_components),
// NNeighbors 15, MinDist 0.1, Spread 1, NEpochs 0 (automatic: 500 up to
// 10000 points, 200 beyond, n_epochs=None: umap-learn's
// simplicial_set_embedding), LearningRate 1,
// NegativeSampleRate 5, RepulsionStrength 1, LocalConnectivity 1, Init
// spectral. FitContext stops with the context's error between the tiles of
// the exact neighbour search, the blocks of NN-descent, the products of the
// sparse eigensolver and the epochs of the optimisation; a canceled fit
// leaves the estimator as it was.
//
// Transform places new points as umap-learn does (initialised from their
// training neighbours' embedding, then optimised with the training
// embedding fixed).
//
// Reproducibility: for a given Seed the embedding is the same bytes whatever
// Workers and GOMAXPROCS are. The neighbour searches are parallel but
// order-independent (ties broken by index), and the SGD runs serially, as
// umap-learn does when given a random_state (its parallel, unseeded mode is
// not reproducible). The matrix products that select neighbours and feed the
// eigensolver run in BLAS, whose last bits can change with the library
// (OpenBLAS or pure-Go gonum) and with OpenBLAS's thread count
// (fastblas.SetThreads); the SGD amplifies such differences into a
// different, equally good, embedding.
//
// Where umap-learn is followed to the letter, comments cite the function
// (umap/umap_.py, umap/layouts.py, umap/spectral.py); departures are
// documented: n <= n_neighbors uses all n points as neighbours, the
// nearest-neighbour descent takes pynndescent's NNDescent defaults (21
// trees and candidate lists of min(60, n_neighbors) on MNIST) rather than
// the values umap-learn passes it (17 trees, max_candidates 60), and new
// points are always searched exactly.
package umap
