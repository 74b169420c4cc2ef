package experiments

import (
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/gsbench/gsbench/experiments/run"
)

// TestShippedConfigs checks that the configs in configs/ and configs/paper/
// are valid (a config of a dataset not available offline, such as Musk,
// must validate too: validation needs no data), that each paper config is
// named after its file and has a quick variant, and that every item of
// results/reference that issue 9 asks for has its config.
func TestShippedConfigs(t *testing.T) {
	paths, _ := filepath.Glob("../configs/*.yaml")
	paper, _ := filepath.Glob("../configs/paper/*.yaml")
	if len(paper) == 0 {
		t.Fatal("no configs in configs/paper")
	}
	for _, p := range append(paths, paper...) {
		c, err := Load(p)
		if err != nil {
			t.Errorf("%v", err)
			continue
		}
		if !slices.Contains(paper, p) {
			continue
		}
		if base := strings.TrimSuffix(filepath.Base(p), ".yaml"); c.Name != base {
			t.Errorf("%s: name %q, want the file name %q (results/paper/NAME is the item's results)", p, c.Name, base)
		}
		if c.Quick.Repetitions == 0 && len(c.Quick.Params) == 0 {
			if pl, err := run.NewPlan(c, false); err != nil || len(pl.Cells) > 100 {
				t.Errorf("%s: no quick variant", p)
			}
		}
	}
	// Every item of the issue (not the dataset tables, the duplicates of
	// journal Table X or the supervised UFFS Table III) has a config; QMR-FS
	// Table 2's runtime row and Figure 1 come from the cells of
	// qmrfs-table02-ranks (experiments/compare/rules.yaml).
	refs, _ := filepath.Glob("../results/reference/*.yaml")
	for _, r := range refs {
		item := strings.TrimSuffix(filepath.Base(r), ".yaml")
		switch {
		case strings.HasSuffix(item, "-datasets"), strings.HasPrefix(item, "cdc-table0") && strings.Contains(item, "gfs-counts"),
			item == "uffs-table03-running-time", item == "qmrfs-table02-runtime", item == "qmrfs-figure01-benchmark":
			continue
		}
		if !slices.Contains(paper, filepath.Join("../configs/paper", item+".yaml")) {
			t.Errorf("reference item %s has no configs/paper/%s.yaml", item, item)
		}
	}
}
