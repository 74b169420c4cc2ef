// Package rowmajor copies gonum matrices into contiguous row-major slices,
// the layout the evaluation kernels work on, rejecting non-finite entries.
package rowmajor
