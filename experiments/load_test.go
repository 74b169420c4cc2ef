package experiments

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"gopkg.in/yaml.v3"

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
	// Every item of the issues (not the dataset tables, the duplicates of
	// journal Table X or metadata) has a config: the configs its rule in
	// experiments/compare/rules.yaml names, or one named after the item.
	var rules struct {
		Rules []struct {
			Item    string   `yaml:"item"`
			Configs []string `yaml:"configs"`
			Role    string   `yaml:"role"`
		} `yaml:"rules"`
	}
	data, err := os.ReadFile("compare/rules.yaml")
	if err != nil {
		t.Fatal(err)
	}
	if err := yaml.Unmarshal(data, &rules); err != nil {
		t.Fatal(err)
	}
	configs := map[string][]string{}
	for _, r := range rules.Rules {
		if r.Role == "" {
			configs[r.Item] = r.Configs
		}
	}
	refs, _ := filepath.Glob("../results/reference/*.yaml")
	for _, r := range refs {
		item := strings.TrimSuffix(filepath.Base(r), ".yaml")
		want, ok := configs[item]
		switch {
		case !ok, strings.Contains(item, "table01-datasets"), strings.HasPrefix(item, "cdc-table0") && strings.Contains(item, "gfs-counts"):
			continue
		case len(want) == 0:
			want = []string{item}
		}
		for _, c := range want {
			if !slices.Contains(paper, filepath.Join("../configs/paper", c+".yaml")) {
				t.Errorf("reference item %s: no configs/paper/%s.yaml", item, c)
			}
		}
	}
}
