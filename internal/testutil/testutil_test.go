package testutil

import (
	"os"
	"os/exec"
	"strings"
	"testing"
)

// TestDataDirWithoutData runs DataDir in a child test process without
// GSBENCH_DATA: it must skip, and fail when GSBENCH_REQUIRE_DATA is set.
func TestDataDirWithoutData(t *testing.T) {
	if os.Getenv("TESTUTIL_CHILD") != "" {
		DataDir(t)
		t.Log("DataDir returned")
		return
	}
	for _, tc := range []struct {
		require bool
		want    string
	}{
		{false, "--- SKIP: TestDataDirWithoutData"},
		{true, "--- FAIL: TestDataDirWithoutData"},
	} {
		cmd := exec.Command(os.Args[0], "-test.run", "^TestDataDirWithoutData$", "-test.v")
		env := []string{"TESTUTIL_CHILD=1"}
		for _, kv := range os.Environ() {
			if !strings.HasPrefix(kv, "GSBENCH_DATA=") && !strings.HasPrefix(kv, RequireDataEnv+"=") {
				env = append(env, kv)
			}
		}
		if tc.require {
			env = append(env, RequireDataEnv+"=1")
		}
		cmd.Env = env
		out, _ := cmd.CombinedOutput()
		if !strings.Contains(string(out), tc.want) || !strings.Contains(string(out), "GSBENCH_DATA is not set") {
			t.Errorf("require=%v: want %q and the variable named, got\n%s", tc.require, tc.want, out)
		}
	}
}
