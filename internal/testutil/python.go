package testutil

import (
	"os"
	"os/exec"
	"testing"
)

// RequireNumPyEnv names the environment variable that turns a missing
// Python with NumPy from a skip into a failure; .ci/run installs Debian's
// python3-numpy and sets it, so that CI runs the tests of the Python
// examples.
const RequireNumPyEnv = "GSBENCH_REQUIRE_NUMPY"

// NumPy returns the path of a python3 that imports numpy: the one on PATH,
// else /usr/bin/python3 (Debian's, which python3-numpy serves when PATH
// leads to another Python first). Without one the test is skipped with a
// message saying what to install, or fails when GSBENCH_REQUIRE_NUMPY is
// set.
func NumPy(t testing.TB) string {
	t.Helper()
	var tried []string
	for _, py := range []string{"python3", "/usr/bin/python3"} {
		p, err := exec.LookPath(py)
		if err != nil {
			continue
		}
		if exec.Command(p, "-c", "import numpy").Run() == nil {
			return p
		}
		tried = append(tried, p)
	}
	msg := "no python3 with NumPy (tried python3 on PATH and /usr/bin/python3): install it (Debian: apt-get install python3-numpy) to run the tests of the Python examples"
	if len(tried) > 0 {
		msg += "; found without NumPy: " + tried[0]
	}
	if os.Getenv(RequireNumPyEnv) != "" {
		t.Fatal(msg + " (" + RequireNumPyEnv + " is set: these tests must run)")
	}
	t.Skip(msg)
	return ""
}
