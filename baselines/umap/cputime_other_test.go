//go:build !unix

package umap

// cpuTime is not measured on this system.
func cpuTime() float64 { return 0 }
