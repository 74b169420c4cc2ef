// Package testutil holds helpers shared by gsbench's tests. Importing it
// enables the optimized BLAS (fastblas.Enable) as the gsbench command does,
// so that tests exercise the LAPACK paths users run (when the library is
// installed) and run at the speed they do.
package testutil

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/gsbench/gsbench/fastblas"
)

func init() { _ = fastblas.Enable() }

// RequireDataEnv names the environment variable that turns a missing
// GSBENCH_DATA from a skip into a failure; .ci/run sets it, so that CI runs
// every real-data test and fails if one cannot run.
const RequireDataEnv = "GSBENCH_REQUIRE_DATA"

// DataDir returns the benchmark data directory named by GSBENCH_DATA. When
// the variable is unset the test is skipped with a message naming it (so
// that `go test ./...` passes on a fresh machine), or fails when
// GSBENCH_REQUIRE_DATA is set; a GSBENCH_DATA that is not a directory always
// fails.
func DataDir(t testing.TB) string {
	t.Helper()
	dir := os.Getenv("GSBENCH_DATA")
	if dir == "" {
		const msg = "GSBENCH_DATA is not set: point it at the benchmark data directory (the one `gsbench fetch --all` fills) to run the real-data tests"
		if os.Getenv(RequireDataEnv) != "" {
			t.Fatal(msg + " (" + RequireDataEnv + " is set: real-data tests must run)")
		}
		t.Skip(msg)
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
