package graph

import (
	"fmt"
	"math"
)

// MemoryLimit is the number of bytes the graph-based methods (and the dense
// matrices of the other selection baselines) may allocate for one fit; an
// estimate above it makes them refuse with an error that gives the estimate.
// Zero or negative means no limit.
var MemoryLimit int64 = 8 << 30

// CheckMemory returns an error when bytes exceeds MemoryLimit. what names
// the computation ("mcfs: the dense 70000 x 70000 normalized affinity").
func CheckMemory(what string, bytes int64) error {
	if MemoryLimit > 0 && (bytes < 0 || bytes > MemoryLimit) {
		return fmt.Errorf("%s would need about %s of memory, more than the limit of %s (graph.MemoryLimit): use fewer samples or features, or raise the limit",
			what, FormatBytes(bytes), FormatBytes(MemoryLimit))
	}
	return nil
}

// DenseBytes returns the size of a rows x cols float64 matrix, or -1 when it
// overflows int64.
func DenseBytes(rows, cols int) int64 {
	r, c := int64(rows), int64(cols)
	if r < 0 || c < 0 || (c != 0 && r > math.MaxInt64/8/c) {
		return -1
	}
	return 8 * r * c
}

// FormatBytes writes a byte count with a binary unit ("1.5 GiB").
func FormatBytes(b int64) string {
	if b < 0 {
		return "more than 8 EiB"
	}
	const unit = 1024
	if b < unit {
		return fmt.Sprintf("%d B", b)
	}
	v, u := float64(b), 0
	for v >= unit && u < 6 {
		v /= unit
		u++
	}
	return fmt.Sprintf("%.1f %ciB", v, "KMGTPE"[u-1])
}
