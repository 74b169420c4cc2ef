package report

import (
	"bytes"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gsbench/gsbench/experiments/cells"
	"github.com/gsbench/gsbench/experiments/config"
	_ "github.com/gsbench/gsbench/experiments/internal/exptest" // the stand-in methods exptest-pick and exptest-proj
)

// summarize: population std (ddof 0), sem with ddof 1, median, nonzero.
func TestSummarize(t *testing.T) {
	m := summarize([]float64{1, 2, 3, 4})
	if m.mean != 2.5 || math.Abs(m.std-math.Sqrt(1.25)) > 1e-15 || m.n != 4 || m.get("median") != 2.5 {
		t.Errorf("stats %+v", m)
	}
	s := summarize([]float64{0, 1, 1, 0, 1})
	if s.median != 1 || s.nonzero != 0.6 || s.min != 0 || s.max != 1 || math.Abs(s.sem-math.Sqrt(0.3)/math.Sqrt(5)) > 1e-15 {
		t.Errorf("stats %+v", s)
	}
	if e := summarize(nil); e.n != 0 || !math.IsNaN(e.mean) {
		t.Errorf("empty: %+v", e)
	}
}

// tableCells are the cells of tableConfig in plan order, each with the
// values value(cell): S with 100 and 200 samples, raw and standardized, two
// repetitions; GFS with k 2 and 3, PCA matched to each (given k = 5).
func tableCells(value func(*cells.Cell) map[string]float64) []*cells.Cell {
	var out []*cells.Cell
	for _, n := range []int{100, 200} {
		for _, prep := range []string{"none", "standardize"} {
			for rep := range 2 {
				var cs []*cells.Cell
				for _, k := range []int{2, 3} {
					cs = append(cs, &cells.Cell{Method: "GFS", MethodName: "exptest-pick", MethodParams: map[string]any{"k": k}})
				}
				for range 2 {
					cs = append(cs, &cells.Cell{Method: "PCA", MethodName: "exptest-proj", Match: "GFS", K: 5})
				}
				for _, c := range cs {
					c.ID = fmt.Sprintf("%016x", len(out))
					c.Dataset, c.DatasetParams, c.Preprocess, c.Rep, c.Status = "S", map[string]any{"n_samples": n}, prep, rep, cells.StatusOK
					c.Values = map[string]cells.Num{}
					for k, v := range value(c) {
						c.Values[k] = cells.Num(v)
					}
					out = append(out, c)
				}
			}
		}
	}
	return out
}

const tableConfig = `name: tt
repetitions: 2
datasets:
  - {name: journal-gfr, label: S, params: {n_samples: [100, 200]}, preprocess: [none, standardize]}
methods:
  - {name: exptest-pick, label: GFS, params: {k: [2, 3]}}
  - {name: exptest-proj, label: PCA, match: GFS}
metrics: [n_selected, svm_accuracy]
tables:
  - name: plain
    rows: method
    columns: n_samples
    value: svm_accuracy
    where: {preprocess: none}
    scale: 100
    format: "{mean:.1f} ± {std:.1f} ({svm_accuracy_std.mean:.2f})"
    best: max
    column_order: desc
    row_labels: {PCA: "Principal components"}
  - name: ratio
    rows: numerator.preprocess
    columns: denominator.preprocess
    value: svm_accuracy
    ratio: {numerator: {method: PCA}, denominator: {method: GFS}}
    format: "{mean:.3f}"
  - name: split
    rows: k
    columns: n_samples
    value: n_selected
    split: preprocess
    where: {method: GFS}
    row_order: [3, 2]
    format: "{mean:g}"
`

// TestTableLayout checks entries against hand-computed summaries.
func TestTableLayout(t *testing.T) {
	c, err := config.Parse("tt.yaml", []byte(tableConfig))
	if err != nil {
		t.Fatal(err)
	}
	// accuracy = base + rep/100: base 0.8 for GFS, 0.7 for PCA, +0.1 with 200 samples,
	// +0.05 when standardized (so the two repetitions differ by 0.01).
	cs := tableCells(func(c *cells.Cell) map[string]float64 {
		acc := 0.8
		if c.Method == "PCA" {
			acc = 0.7
		}
		if c.DatasetParams["n_samples"] == 200 {
			acc += 0.1
		}
		if c.Preprocess == "standardize" {
			acc += 0.05
		}
		acc += float64(c.Rep) / 100
		k, _ := c.MethodParams["k"].(int)
		return map[string]float64{"svm_accuracy": acc, "svm_accuracy_std": 0.02, "n_selected": float64(k)}
	})
	tables := map[string]*builtTable{}
	for _, tb := range c.Tables {
		tables[tb.Name] = table{tb}.build(cs)
	}
	// GFS at 200 samples: mean of 90, 91 (both k) = 90.5, std 0.5.
	want := `### plain

| method \\ n_samples | 200 | 100 |
| :--- | ---: | ---: |
| GFS | **90.5 ± 0.5 (2.00)** | **80.5 ± 0.5 (2.00)** |
| Principal components | 80.5 ± 0.5 (2.00) | 70.5 ± 0.5 (2.00) |

`
	if got := tables["plain"].markdown(); got != want {
		t.Errorf("plain table:\n%s\nwant\n%s", got, want)
	}
	// Ratio of means: PCA none (mean 0.755) / GFS standardize (mean 0.905).
	md := tables["ratio"].markdown()
	if wantCell := fmt.Sprintf("| none | %.3f | %.3f |", 0.755/0.855, 0.755/0.905); !strings.Contains(md, wantCell) {
		t.Errorf("ratio table:\n%s\nwant a row %s", md, wantCell)
	}
	sp := tables["split"].markdown()
	for _, line := range []string{"**(a) none**", "**(b) standardize**", "| 3 | 3 | 3 |\n| 2 | 2 | 2 |"} {
		if !strings.Contains(sp, line) {
			t.Errorf("split table lacks %q:\n%s", line, sp)
		}
	}
	tex := tables["plain"].latex()
	for _, s := range []string{`\toprule`, `\multicolumn{2}{c}{n\_samples}`, `\textbf{90.5 $\pm$ 0.5 (2.00)}`, `\bottomrule`} {
		if !strings.Contains(tex, s) {
			t.Errorf("LaTeX lacks %s:\n%s", s, tex)
		}
	}
}

func TestTexEscape(t *testing.T) {
	for in, want := range map[string]string{
		"50% & more_x #1":  `50\% \& more\_x \#1`,
		"$\\epsilon^2$ ok": "$\\epsilon^2$ ok",
		"a ± b — ε²":       `a $\pm$ b --- $\epsilon$$^2$`,
		`back\slash {x}`:   `back\textbackslash{}slash \{x\}`,
	} {
		if got := texEscape(in); got != want {
			t.Errorf("texEscape(%q) = %q, want %q", in, got, want)
		}
	}
}

// Render writes every output from the cells alone, the same bytes twice,
// and removes the outputs of tables and figures no longer in the config.
func TestRender(t *testing.T) {
	text := tableConfig + `figures:
  - {name: acc, kind: line, x: n_samples, y: svm_accuracy, series: method, scale: 100}
  - {name: box, kind: box, x: method, y: svm_accuracy, series: preprocess}
  - {name: hist, kind: histogram, x: n_selected, series: method, split: preprocess}
`
	c, err := config.Parse("tt.yaml", []byte(text))
	if err != nil {
		t.Fatal(err)
	}
	cs := tableCells(func(c *cells.Cell) map[string]float64 {
		k, _ := c.MethodParams["k"].(int)
		return map[string]float64{"svm_accuracy": 0.9 - float64(c.Rep)/10, "svm_accuracy_std": 0.01, "n_selected": float64(k)}
	})
	cs[3].Status, cs[3].Error, cs[3].Values = cells.StatusFailed, "exptest-proj: failed\nstack", nil
	dir := t.TempDir()
	os.MkdirAll(filepath.Join(dir, "tables"), 0o755)
	os.WriteFile(filepath.Join(dir, "tables", "old.md"), []byte("x"), 0o644)
	if err := Render(dir, Results{Config: c, Plan: "32 cells", Cells: cs}); err != nil {
		t.Fatal(err)
	}
	want := []string{"README.md", "cells.csv", "cells.jsonl", "figures/acc.png", "figures/acc.svg", "figures/box.png", "figures/box.svg",
		"figures/hist-none.png", "figures/hist-none.svg", "figures/hist-standardize.png", "figures/hist-standardize.svg",
		"tables/plain.md", "tables/plain.tex", "tables/ratio.md", "tables/ratio.tex", "tables/split.md", "tables/split.tex"}
	first := map[string][]byte{}
	for _, f := range want {
		b, err := os.ReadFile(filepath.Join(dir, f))
		if err != nil || len(b) == 0 {
			t.Errorf("%s: %v", f, err)
		}
		first[f] = b
	}
	if _, err := os.Stat(filepath.Join(dir, "tables", "old.md")); err == nil {
		t.Error("tables/old.md was not removed")
	}
	readme := string(first["README.md"])
	for _, s := range []string{"# tt\n", "32 cells", "**1 cells failed**", "## plain", "![acc](figures/acc.png)"} {
		if !strings.Contains(readme, s) {
			t.Errorf("README lacks %q:\n%s", s, readme)
		}
	}
	if !strings.Contains(string(first["cells.csv"]), ",failed,,,exptest-proj: failed\n") {
		t.Errorf("cells.csv lacks the failed cell:\n%s", first["cells.csv"])
	}
	if err := Render(dir, Results{Config: c, Plan: "32 cells", Cells: cs}); err != nil {
		t.Fatal(err)
	}
	for _, f := range want {
		if b, _ := os.ReadFile(filepath.Join(dir, f)); !bytes.Equal(b, first[f]) {
			t.Errorf("%s differs between two renderings", f)
		}
	}
}

// A rank table: on each dataset the methods are ranked by accuracy at each
// budget (the cells within a window of it), and the entries summarize the
// ranks over the datasets; a budget in numbers of features for one dataset.
func TestRankTable(t *testing.T) {
	c, err := config.Parse("rk.yaml", []byte(`name: rk
datasets:
  - {name: journal-gfr, label: A}
  - {name: journal-gfr, label: B, params: {n_samples: 500}}
  - {name: journal-gfr, label: I, params: {n_samples: 400}}
methods:
  - {name: exptest-pick, label: X, params: {k: [1, 2]}}
  - {name: exptest-pick, label: Y, params: {k: [3]}}
metrics: [n_selected, selected_percent, svm_accuracy]
tables:
  - name: ranks
    rows: method
    columns: budget
    value: svm_accuracy
    rank: {by: selected_percent, at: [40, 60], counts: {I: [2, 3]}}
    format: "{mean:.1f} ± {sd:.1f} ({n}; {score.mean:.2f})"
    column_labels: {"40": "40 %", "60": "60 %"}
  - name: per-dataset
    rows: method
    columns: dataset
    value: svm_accuracy
    where: {method: [X, Y]}
    rank: {by: selected_percent, at: 40, counts: {I: 2}}
    format: "{mean:g}"
`))
	if err != nil {
		t.Fatal(err)
	}
	cell := func(ds, m string, pct, k, acc float64) *cells.Cell {
		return &cells.Cell{Dataset: ds, Method: m, Status: cells.StatusOK, Values: map[string]cells.Num{
			"selected_percent": cells.Num(pct), "n_selected": cells.Num(k), "svm_accuracy": cells.Num(acc)}}
	}
	cs := []*cells.Cell{
		// A: X wins at 40 %, Y at 60 %.
		cell("A", "X", 40, 2, 0.9), cell("A", "X", 60, 3, 0.5), cell("A", "Y", 40, 2, 0.8), cell("A", "Y", 60, 3, 0.6),
		// B: Y wins at both.
		cell("B", "X", 40, 4, 0.7), cell("B", "X", 60, 6, 0.7), cell("B", "Y", 40, 4, 0.8), cell("B", "Y", 60, 6, 0.8),
		// I: by counts; X wins at 2, they tie at 3.
		cell("I", "X", 1, 2, 0.9), cell("I", "X", 1.5, 3, 0.6), cell("I", "Y", 1, 2, 0.4), cell("I", "Y", 1.5, 3, 0.6),
	}
	bt := table{c.Tables[0]}.build(cs)
	want := `### ranks

| method \\ budget | 40 % | 60 % |
| :--- | ---: | ---: |
| X | 1.3 ± 0.6 (3; 0.83) | 1.7 ± 0.6 (3; 0.60) |
| Y | 1.7 ± 0.6 (3; 0.67) | 1.0 ± 0.0 (3; 0.67) |

`
	if got := bt.markdown(); got != want {
		t.Errorf("rank table:\n%s\nwant\n%s", got, want)
	}
	per := table{c.Tables[1]}.build(cs).markdown()
	if !strings.Contains(per, "| X | 1 | 2 | 1 |") || !strings.Contains(per, "| Y | 2 | 1 | 2 |") {
		t.Errorf("per-dataset ranks:\n%s", per)
	}
	for _, bad := range []string{
		"rank: {by: selected_percent, at: [40]}\n    rows: preprocess",
		"rank: {by: selected_percent, at: [40]}\n    format: \"{svm_accuracy_std.mean}\"",
		"rank: {by: method, at: [40]}",
		"rank: {by: selected_percent, at: [40, 60], counts: {I: [2]}}",
		"rank: {by: selected_percent, at: [40]}\n    scale: 100",
	} {
		text := strings.Replace(`name: rk
datasets: [{name: journal-gfr}]
methods: [{name: exptest-pick, params: {k: [1, 2]}}]
metrics: [n_selected, selected_percent, svm_accuracy]
tables:
  - name: r
    value: svm_accuracy
    RANK
`, "RANK", bad, 1)
		if _, err := config.Parse("rk.yaml", []byte(text)); err == nil {
			t.Errorf("accepted %q", bad)
		}
	}
}
