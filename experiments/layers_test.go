package experiments

import (
	"go/build"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

const module = "github.com/gsbench/gsbench/"

// imports returns the packages of this module that the package in dir
// imports (non-test files); all with indirect ones, or only the direct
// ones.
func imports(t *testing.T, dir string, all bool) []string {
	t.Helper()
	seen := map[string]bool{}
	var walk func(dir string)
	walk = func(dir string) {
		p, err := build.ImportDir(dir, 0)
		if err != nil {
			t.Fatalf("%s: %v", dir, err)
		}
		for _, imp := range p.Imports {
			rel, ok := strings.CutPrefix(imp, module)
			if !ok || seen[rel] {
				continue
			}
			seen[rel] = true
			if all {
				walk(filepath.Join("..", rel))
			}
		}
	}
	walk(dir)
	var out []string
	for p := range seen {
		out = append(out, p)
	}
	slices.Sort(out)
	return out
}

// TestLayers: imports run one way (doc.go). The learners and the
// evaluation know nothing of the harness; the schema (config) knows
// nothing of running or rendering; rendering (report) nothing of running;
// the results schema (cells) and the metric registry nothing of configs;
// the check and the reproduction report read cells through package cells.
func TestLayers(t *testing.T) {
	for _, tc := range []struct {
		dir       string
		all       bool // the rule holds for indirect imports too
		forbidden []string
	}{
		{"../learn/svm", true, []string{"experiments", "evaluate", "learn/kmeans"}},
		{"../learn/kmeans", true, []string{"experiments", "evaluate", "learn/svm"}},
		{"../evaluate", true, []string{"experiments"}},
		{"cells", true, []string{"experiments"}},
		{"rank", true, []string{"experiments", "experiments/config", "experiments/run", "experiments/report", "experiments/metric", "experiments/cells"}},
		{"metric", true, []string{"experiments", "experiments/config", "experiments/run", "experiments/report", "experiments/cells"}},
		{"config", true, []string{"experiments", "experiments/run", "experiments/report", "experiments/cells"}},
		{"report", true, []string{"experiments", "experiments/run", "experiments/check", "experiments/compare"}},
		{"run", true, []string{"experiments", "experiments/report", "experiments/check", "experiments/compare"}},
		{"check", false, []string{"experiments/compare", "experiments/report"}},
		{"compare", false, []string{"experiments", "experiments/run", "experiments/report", "experiments/config"}},
	} {
		for _, imp := range imports(t, tc.dir, tc.all) {
			if slices.Contains(tc.forbidden, imp) {
				t.Errorf("%s imports %s", tc.dir, imp)
			}
		}
	}
	// The file formats are the bottom of the data layer: package format
	// imports nothing of this module (package datasets builds on it).
	if imps := imports(t, "../datasets/format", true); len(imps) > 0 {
		t.Errorf("datasets/format imports %v", imps)
	}
}
