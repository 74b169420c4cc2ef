// Package testutil holds helpers shared by gsbench's tests.
package testutil

import (
	"os"
	"path/filepath"
	"testing"
)

// DataDir returns the benchmark data directory named by GSBENCH_DATA, and
// fails the test (never skips it) when the variable is unset or the directory
// is missing: tests on the real data sets must run wherever the suite runs.
func DataDir(t testing.TB) string {
	t.Helper()
	dir := os.Getenv("GSBENCH_DATA")
	if dir == "" {
		t.Fatal("GSBENCH_DATA is not set: point it at the benchmark data directory (the one `gsbench fetch --all` fills) to run the real-data tests")
	}
	if fi, err := os.Stat(dir); err != nil || !fi.IsDir() {
		t.Fatalf("GSBENCH_DATA=%s is not a directory", dir)
	}
	abs, err := filepath.Abs(dir)
	if err != nil {
		t.Fatal(err)
	}
	return abs
}

// File returns the path of a file under the data directory, failing the test
// when it does not exist.
func File(t testing.TB, rel string) string {
	t.Helper()
	p := filepath.Join(DataDir(t), rel)
	if _, err := os.Stat(p); err != nil {
		t.Fatalf("data file missing: %v", err)
	}
	return p
}
