package experiments

import (
	"fmt"
	"math"
	"strings"
	"testing"

	"github.com/gsbench/gsbench/experiments/cells"
)

var tenth = 0.1 // a variable: constant arithmetic would be exact

func TestFormatNumber(t *testing.T) {
	for _, tc := range []struct {
		x    float64
		spec string
		want string
	}{
		{97.0249, ".2f", "97.02"},
		{0.000123456, "", "0.0001235"},
		{14, "", "14"},
		{14, "d", "14"},
		{13.5, "d", "14"},
		{0.9512, ".1%", "95.1%"},
		{1234.5, ".2e", "1.23e+03"},
		{-0.0001, ".2f", "0.00"},
		{tenth + 0.2, "g", "0.30000000000000004"},
		{math.NaN(), ".2f", "NaN"},
		{math.Inf(1), ".2f", "∞"},
	} {
		got, err := formatNumber(tc.x, tc.spec)
		if err != nil || got != tc.want {
			t.Errorf("formatNumber(%v, %q) = %q, %v; want %q", tc.x, tc.spec, got, err, tc.want)
		}
	}
	for _, bad := range []string{"2f", ".xf", ".2q", ".99f"} {
		if _, err := formatNumber(1, bad); err == nil {
			t.Errorf("spec %q accepted", bad)
		}
	}
}

func TestTemplate(t *testing.T) {
	tpl, err := parseTemplate("{mean:.1f} ± {std:.1f} {{n={n}}} [{other.max:d}]")
	if err != nil {
		t.Fatal(err)
	}
	main := summarize([]float64{1, 2, 3, 4})
	other := summarize([]float64{7.6})
	got := tpl.render(func(v string) stats {
		if v == "other" {
			return other
		}
		return main
	})
	// mean 2.5, population std sqrt(1.25) = 1.118
	if want := "2.5 ± 1.1 {n=4} [8]"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
	for _, bad := range []string{"{avg}", "{mean", "mean}", "no placeholder", "{mean:zz}"} {
		if _, err := parseTemplate(bad); err == nil {
			t.Errorf("format %q accepted", bad)
		}
	}
	s := summarize([]float64{0, 1, 1, 0, 1})
	if s.median != 1 || s.nonzero != 0.6 || s.min != 0 || s.max != 1 || math.Abs(s.sem-math.Sqrt(0.3)/math.Sqrt(5)) > 1e-15 {
		t.Errorf("stats %+v", s)
	}
}

// fakeResults gives every cell of a plan the values value(cell).
func fakeResults(p *Plan, value func(*Cell) map[string]float64) []*CellResult {
	out := make([]*CellResult, len(p.Cells))
	for i, c := range p.Cells {
		vals := map[string]cells.Num{}
		for k, v := range value(c) {
			vals[k] = cells.Num(v)
		}
		out[i] = &CellResult{ID: c.ID, Key: c.Key, Seed: c.Seed, Status: StatusOK, Values: vals}
		if c.Target != nil {
			out[i].K = 5
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
	c, err := Parse("tt.yaml", []byte(tableConfig))
	if err != nil {
		t.Fatal(err)
	}
	p, err := c.Plan(false)
	if err != nil {
		t.Fatal(err)
	}
	// accuracy = base + rep/100: base 0.8 for GFS, 0.7 for PCA, +0.1 with 200 samples,
	// +0.05 when standardized (so the two repetitions differ by 0.01).
	res := fakeResults(p, func(c *Cell) map[string]float64 {
		acc := 0.8
		if c.Method.Label == "PCA" {
			acc = 0.7
		}
		if c.Instance.Params["n_samples"] == 200 {
			acc += 0.1
		}
		if c.Instance.Preprocess == "standardize" {
			acc += 0.05
		}
		acc += float64(c.Instance.Rep) / 100
		k, _ := c.Params["k"].(int)
		return map[string]float64{"svm_accuracy": acc, "svm_accuracy_std": 0.02, "n_selected": float64(k)}
	})
	recs := records(p, res)
	tables := map[string]*builtTable{}
	for _, tb := range c.Tables {
		tables[tb.Name] = tb.build(recs)
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
