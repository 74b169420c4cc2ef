package fastblas

import (
	"os"
	"testing"
)

// TestMain loads the library, as a program using gsbench does, so that the
// tests compare it with gonum; without one they check the pure-Go path.
func TestMain(m *testing.M) {
	_ = Enable()
	os.Exit(m.Run())
}
