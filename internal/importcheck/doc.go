// Package importcheck holds only a test: that importing gsbench's packages
// as a library changes no global state (issue 21 item 5). The gsbench
// command chooses its BLAS library itself (fastblas.Enable in main).
package importcheck
