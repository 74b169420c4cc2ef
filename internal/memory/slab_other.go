//go:build !(linux || darwin)

package memory

// reserve is not available here: Slab grows a Go slice by doubling.
func reserve(int) *reservation { return nil }

func unmap([]byte) {}
