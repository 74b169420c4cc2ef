// Package rowmajor copies gonum matrices into contiguous row-major slices,
// the layout the SVM and k-means kernels work on, rejecting non-finite
// entries.
package rowmajor
