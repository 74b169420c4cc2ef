package qmrfs

// The tests and benchmarks run with OpenBLAS when it is installed, as the
// gsbench command does (testutil enables it).
import _ "github.com/gsbench/gsbench/internal/testutil"
