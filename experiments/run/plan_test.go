package run

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/gsbench/gsbench/experiments/config"
	_ "github.com/gsbench/gsbench/experiments/internal/exptest" // the stand-in methods exptest-pick and exptest-proj
)

const baseConfig = `name: base
seed: 3
repetitions: 2
datasets:
  - name: journal-gfr
    label: synth
    params: {n_samples: [60, 80], n_independent: 4, n_products: 2}
methods:
  - {name: exptest-pick, label: A, params: {k: [1, 2]}}
  - {name: exptest-proj, label: B, match: A}
metrics: [n_selected, residual_variance]
tables:
  - {name: t, rows: method, columns: n_samples, value: n_selected}
`

func TestConfigOK(t *testing.T) {
	c, err := config.Parse("ok.yaml", []byte(baseConfig))
	if err != nil {
		t.Fatal(err)
	}
	p, err := NewPlan(c, false)
	if err != nil {
		t.Fatal(err)
	}
	// 2 sizes x 2 reps x (A with k 1, 2 + B matched to each) = 16 cells.
	if len(p.Cells) != 16 || len(p.Instances) != 4 {
		t.Fatalf("%d cells, %d instances; want 16, 4", len(p.Cells), len(p.Instances))
	}
	for _, cell := range p.Cells {
		if cell.Method.Label == "B" && (cell.Target == nil || cell.Target.Instance != cell.Instance || cell.Group != cell.Target.Group) {
			t.Errorf("matched cell %s has target %v", cell.Describe(), cell.Target)
		}
	}
}

// TestPlanKeys checks that cell keys, seeds and identifiers do not depend
// on the order of the config, and change with the config seed.
func TestPlanKeys(t *testing.T) {
	ids := func(text string) map[string]uint64 {
		c, err := config.Parse("k.yaml", []byte(text))
		if err != nil {
			t.Fatal(err)
		}
		p, err := NewPlan(c, false)
		if err != nil {
			t.Fatal(err)
		}
		out := map[string]uint64{}
		for _, cell := range p.Cells {
			out[cell.ID] = cell.Seed
		}
		return out
	}
	a := ids(baseConfig)
	reordered := strings.Replace(baseConfig,
		"  - {name: exptest-pick, label: A, params: {k: [1, 2]}}\n  - {name: exptest-proj, label: B, match: A}",
		"  - {name: exptest-proj, label: Bee, match: Ay}\n  - {name: exptest-pick, label: Ay, params: {k: [2, 1]}}", 1)
	reordered = strings.Replace(reordered, "n_samples: [60, 80]", "n_samples: [80, 60]", 1)
	b := ids(reordered)
	if len(a) != 16 || fmt.Sprint(a) != fmt.Sprint(b) {
		t.Errorf("reordering the config (and relabelling) changed the cells:\n%v\n%v", a, b)
	}
	c := ids(strings.Replace(baseConfig, "seed: 3", "seed: 4", 1))
	for id := range c {
		if _, ok := a[id]; ok {
			t.Errorf("cell %s kept its identifier when the config seed changed", id)
		}
	}
}

func TestQuick(t *testing.T) {
	text := strings.Replace(baseConfig, "repetitions: 2", "repetitions: 2\nquick: {repetitions: 1, params: {n_samples: [60]}}", 1)
	c, err := config.Parse("q.yaml", []byte(text))
	if err != nil {
		t.Fatal(err)
	}
	full, _ := NewPlan(c, false)
	quick, err := NewPlan(c, true)
	if err != nil {
		t.Fatal(err)
	}
	if len(quick.Cells) != 4 || len(full.Cells) != 16 {
		t.Fatalf("quick %d cells, full %d; want 4, 16", len(quick.Cells), len(full.Cells))
	}
	// A quick cell is the same cell as in the full plan.
	fullIDs := map[string]bool{}
	for _, cell := range full.Cells {
		fullIDs[cell.ID] = true
	}
	for _, cell := range quick.Cells {
		if !fullIDs[cell.ID] {
			t.Errorf("quick cell %s is not a cell of the full plan", cell.Describe())
		}
	}
}

func TestParseShard(t *testing.T) {
	for _, s := range []string{"0/3", "4/3", "1/0", "x", "1/2/3", ""} {
		if _, err := ParseShard(s); err == nil {
			t.Errorf("shard %q accepted", s)
		}
	}
	if s, err := ParseShard(" 2 / 3 "); err != nil || s != (Shard{I: 2, N: 3}) {
		t.Errorf("2/3: %v %v", s, err)
	}
}

// Shards get near-equal work (issue 20: the quickstart split 32/8 over two
// shards, 16/4/16/4 over four): Assign deals groups by their number of
// cells, and every cell lands in exactly one shard.
func TestShardsBalanced(t *testing.T) {
	c, err := config.Load("../../configs/quickstart.yaml")
	if err != nil {
		t.Fatal(err)
	}
	p, err := NewPlan(c, false)
	if err != nil {
		t.Fatal(err)
	}
	largest := 0
	size := map[int]int{}
	for _, cell := range p.Cells {
		size[cell.Group]++
		largest = max(largest, size[cell.Group])
	}
	all := func(*Cell) bool { return true }
	for n := 2; n <= 6; n++ {
		shard := p.Assign(n, all)
		counts := make([]int, n+1)
		for _, cell := range p.Cells {
			s := shard[cell.Group]
			if s < 1 || s > n {
				t.Fatalf("n = %d: cell %s in shard %d", n, cell.ID, s)
			}
			counts[s]++
		}
		lo, hi := slices.Min(counts[1:]), slices.Max(counts[1:])
		if hi-lo > largest {
			t.Errorf("n = %d: shard sizes %v differ by more than the largest group (%d)", n, counts[1:], largest)
		}
		if again := p.Assign(n, all); !slices.Equal(again, shard) {
			t.Errorf("n = %d: the assignment is not deterministic", n)
		}
	}
	// The quickstart's 40 cells: 20 and 20 over two shards, 10 each over four.
	for n, want := range map[int][]int{2: {20, 20}, 4: {10, 10, 10, 10}} {
		shard := p.Assign(n, all)
		counts := make([]int, n)
		for _, cell := range p.Cells {
			counts[shard[cell.Group]-1]++
		}
		if !slices.Equal(counts, want) {
			t.Errorf("quickstart over %d shards: %v cells, want %v", n, counts, want)
		}
	}
}
