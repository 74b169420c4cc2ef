// Package graph builds the k-nearest-neighbour graphs that gsbench's
// graph-based baselines share: the Laplacian score, SPEC, MCFS and NDFS use
// its affinity matrix, LPP its affinity matrix too, and UMAP its exact
// nearest neighbours.
//
// # Nearest neighbours
//
// KNN finds, for every row of X, the k nearest other rows; KNNQuery finds
// the k nearest rows of a reference matrix for every row of a query matrix.
// The search is exact and brute force, O(n^2 d): squared Euclidean distances
// come in tiles of ||x||^2 - 2 x.y + ||y||^2 from one BLAS-3 product (Dgemm)
// per tile, the per-row selection of each tile runs on all cores, and the
// distances of the neighbours finally kept are recomputed directly, so that
// they carry no cancellation error (a duplicate point is at distance exactly
// 0). KNN computes only the tiles on and above the diagonal, the products
// x.y being symmetric: a tile serves its rows and, read by columns, its
// columns, which halves the arithmetic. Memory is O(n k) plus a tile of
// fixed size: the n x n distance matrix is never formed. Ties are broken by
// the smaller index, so the result does not depend on the number of
// goroutines.
//
// # Affinity matrix
//
// Affinity turns the neighbours into a symmetric sparse weight matrix W, as
// scikit-feature's construct_W does in its "knn" neighbour mode (the graph the
// Gram-Schmidt papers' baselines were run with):
//
//   - every point i is linked to its k nearest neighbours N(i) and, when
//     Options.SelfLoops is set, to itself (construct_W takes the k+1 nearest
//     points, the point itself included);
//   - weights are Binary (1), HeatKernel (exp(-||x_i - x_j||^2 / (2 t^2)),
//     with the squared distance, as construct_W computes it) or
//     CosineSimilarity (neighbours chosen by, and weighted with, the cosine
//     similarity);
//   - W is symmetrized by the elementwise maximum, W_ij = max(w_ij, w_ji),
//     so that i and j are linked when either is among the other's
//     neighbours.
//
// DefaultOptions is the graph of the papers' baselines: k = 5, heat
// kernel, t = 1, self-loops kept (scikit-feature's examples build exactly
// this graph for the Laplacian score, MCFS and NDFS). On high-dimensional
// data t = 1 can make every neighbour weight underflow; t = 0 (auto) takes t
// from the data instead.
//
// # Sparse representation
//
// Sparse is a square matrix in compressed sparse row (CSR) form: the
// nonzeros of row i are Val[RowPtr[i]:RowPtr[i+1]], in the columns
// Col[RowPtr[i]:RowPtr[i+1]], strictly increasing. It implements mat.Matrix
// (At is a binary search) and offers the products the methods need: Degrees
// (row sums), MulDense (W X, parallel over rows) and LaplacianForms
// (f' (D - W) f for every column f of a matrix, summed edge by edge so that
// it is never negative for nonnegative weights).
//
// # Memory
//
// Methods that need dense n x n or d x d matrices check their estimate with
// internal/memory against the memory available to the process and refuse,
// saying how much they would need, rather than exhausting the machine.
package graph
