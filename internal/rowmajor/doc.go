// Package rowmajor copies gonum matrices into contiguous row-major slices,
// the layout the SVM and k-means kernels work on, rejecting non-finite
// entries, and measures squared distances between such rows (SqDist).
package rowmajor
