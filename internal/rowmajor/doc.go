// Package rowmajor copies gonum matrices into contiguous row-major slices,
// the layout the SVM and k-means kernels work on, rejecting non-finite
// entries, and measures squared distances between such rows: SqDist in
// float64, and SqDist32 and Dot32 in float32 (the neighbour search of
// UMAP), in AVX2 vector instructions on amd64 with the same bits as their
// portable Go versions.
package rowmajor
