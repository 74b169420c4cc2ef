package compare

import (
	"bytes"
	"compress/gzip"
	"encoding/json"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// writeJSONL writes cells as cells.jsonl of a results directory, with a
// config.yaml naming the dataset sources.
func writeResults(t *testing.T, dir string, cells []map[string]any, config string) {
	t.Helper()
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	for _, c := range cells {
		line, _ := json.Marshal(c)
		b.Write(append(line, '\n'))
	}
	if err := os.WriteFile(filepath.Join(dir, "cells.jsonl"), b.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "config.yaml"), []byte(config), 0o644); err != nil {
		t.Fatal(err)
	}
}

const testRef = `item: journal-table98-test
paper: journal
source: gs-extraction-selection-journal.txt
kind: table
number: "XCVIII"
lines: [1, 9]
caption: "test"
metric: n_features
protocol: "p"
notes: "n"
values:
  - {panel: "", dataset: usps, row: "2", column: "0.1", method: gfr, params: {family: "multilinear:2", eps2: 0.1}, value: 61, line: 2}
  - {panel: "", dataset: usps, row: "2", column: "0.5", method: gfr, params: {family: "multilinear:2", eps2: 0.5}, value: 30, line: 3}
  - {panel: "", dataset: usps, row: "1 (PCA)", column: "0.5", method: pca, params: {eps2: 0.5}, value: 70, line: 4}
  - {panel: "", dataset: usps, row: "2", column: "1", method: gfr, params: {family: "multilinear:2", eps2: 1}, value: 21, line: 5}
`

func cell(prep string, method, family string, eps2, n float64) map[string]any {
	mp := map[string]any{"eps2": eps2}
	if family != "" {
		mp["family"] = family
	}
	return map[string]any{"dataset": "USPS", "dataset_params": map[string]any{"scale": 1}, "preprocess": prep,
		"method": strings.ToUpper(method), "method_name": method, "method_params": mp, "rep": 0, "status": "ok",
		"n_features": n, "values": map[string]any{"n_selected": n}}
}

// TestCompare: values are matched by their params, the primary variant
// gives the verdict, other variants are shown, a value without cells is
// missing, and the notes' summary line is the reason.
func TestCompare(t *testing.T) {
	root := t.TempDir()
	ref, res, notes := filepath.Join(root, "reference"), filepath.Join(root, "paper"), filepath.Join(root, "notes")
	for _, d := range []string{ref, notes} {
		os.MkdirAll(d, 0o755)
	}
	os.WriteFile(filepath.Join(ref, "journal-table98-test.yaml"), []byte(testRef), 0o644)
	os.WriteFile(filepath.Join(notes, "journal-table98-test.md"), []byte("summary: PCA differs, explained below\n\nThe PCA count is off because ...\n"), 0o644)
	withRule(t, &Rule{Item: "journal-table98-test", Configs: []string{"t98"}, Value: "n_selected", Variants: []string{"preprocess"},
		Primary: map[string]string{"preprocess": "standardize"}, How: "test"})
	writeResults(t, filepath.Join(res, "t98-quick"), []map[string]any{
		cell("standardize", "gfr", "multilinear:2", 0.1, 62), // ok (within 10 % or 2)
		cell("standardize", "gfr", "multilinear:2", 0.5, 36), // near: |6| <= 2 x 3
		cell("standardize", "pca", "", 0.5, 95),              // off
		cell("none", "gfr", "multilinear:2", 0.1, 200),
		cell("none", "gfr", "multilinear:2", 0.5, 30),
	}, "name: t98\ndatasets:\n  - {name: usps, label: USPS}\n")
	items, err := Compare(Options{Reference: ref, Results: res, Notes: notes})
	if err != nil {
		t.Fatal(err)
	}
	ir := items[0]
	want := []string{OK, Near, Off, Missing}
	for i, cv := range ir.Values {
		if cv.Verdict != want[i] {
			t.Errorf("value %d (%s %s): verdict %s, want %s (%+v)", i, cv.Ref.Row, cv.Ref.Column, cv.Verdict, want[i], cv.Primary)
		}
	}
	if ir.Values[0].Primary.Value != 62 || len(ir.Values[0].All) != 2 {
		t.Errorf("value 0: %+v", ir.Values[0].All)
	}
	if ir.Status != "differs (explained)" || ir.Reason != "PCA differs, explained below" || !ir.Results[0].Quick {
		t.Errorf("status %q reason %q", ir.Status, ir.Reason)
	}
	if ir.BestVar != ir.Rule.primaryKey() && ir.VarScore["preprocess=none"] != 1 {
		t.Errorf("variant scores %v", ir.VarScore)
	}
	var b bytes.Buffer
	if err := WriteMarkdown(&b, items, Options{Reference: ref, Results: res, Notes: notes}, root); err != nil {
		t.Fatal(err)
	}
	md := b.String()
	for _, s := range []string{"| [journal-table98-test](#journal-table98-test) |", "**differs (explained)**", "1 / 1 / 1; 1", "The PCA count is off", "| 61 | 62.0 |", "V1 = preprocess=none"} {
		if !strings.Contains(md, s) {
			t.Errorf("report lacks %q", s)
		}
	}
	// Full results are preferred to quick ones.
	writeResults(t, filepath.Join(res, "t98"), []map[string]any{cell("standardize", "gfr", "multilinear:2", 0.1, 61)}, "name: t98\ndatasets:\n  - {name: usps, label: USPS}\n")
	items, _ = Compare(Options{Reference: ref, Results: res, Notes: notes})
	if items[0].Results[0].Quick || items[0].Values[0].Primary.Value != 61 {
		t.Errorf("full results not preferred: %+v", items[0].Results[0])
	}
	// An investigation that did not find the cause says so in the status.
	os.WriteFile(filepath.Join(notes, "journal-table98-test.md"), []byte("summary: PCA differs\ncause: not found\n\nTried ...\n"), 0o644)
	items, _ = Compare(Options{Reference: ref, Results: res, Notes: notes, PreferQuick: true})
	if items[0].Status != "differs (cause not found)" || strings.Contains(items[0].Notes, "cause:") {
		t.Errorf("status %q, notes %q", items[0].Status, items[0].Notes)
	}
}

// withRule adds a rule for the duration of the test.
func withRule(t *testing.T, r *Rule) {
	t.Helper()
	rs, err := loadRules()
	if err != nil {
		t.Fatal(err)
	}
	if r.Scale == 0 {
		r.Scale = 1
	}
	r.set = rs
	rs.rules[r.Item] = r
	t.Cleanup(func() { delete(rs.rules, r.Item) })
}

// The tolerances of rules.yaml, by reference metric.
func TestTolerance(t *testing.T) {
	rs, err := loadRules()
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		metric    string
		pub, ours float64
		ok1, ok2  bool
		what      string
	}{
		{"n_features", 100, 109, true, true, "9 % of 100"},
		{"n_features", 100, 115, false, true, "15 % of 100"},
		{"n_features", 5, 7, true, true, "2 features"},
		{"accuracy_pct", 90, 91.6, false, true, "1.6 points"},
		{"time_ratio", 20, 9, false, true, "a factor 2.2"},
		{"time_ratio", 20, 39, true, true, "a factor 1.95"},
		{"dataset_property", 7291, 7291, true, true, "equal"},
		{"dataset_property", 7291, 9298, false, false, "different"},
		{"other", 2, 2.19, true, true, "ratio within 0.2 (10 %)"},
		{"residual_ratio", 1, 1.3, false, true, "30 % of 1"},
	} {
		tol := rs.tolerances[tc.metric]
		if got := tol.Within(tc.pub, tc.ours); got != tc.ok1 {
			t.Errorf("%s: within = %v", tc.what, got)
		}
		if got := tol.Times(2).Within(tc.pub, tc.ours); got != tc.ok2 {
			t.Errorf("%s: within 2x = %v", tc.what, got)
		}
	}
}

// Every issue item has a rule, and every shipped reference value of an
// item with results maps to a known parameter.
func TestRulesCoverReference(t *testing.T) {
	items, err := LoadReference("../../results/reference")
	if err != nil {
		t.Fatal(err)
	}
	rs, err := loadRules()
	if err != nil {
		t.Fatal(err)
	}
	for _, it := range items {
		r := rs.ruleFor(it.Item)
		if r.Pending == "no rule maps this item to results" {
			t.Errorf("%s: no rule", it.Item)
		}
		for _, v := range it.Values {
			for k := range v.Params {
				if _, ok := r.key(v.Method, k); !ok && r.Stat != "shape" && r.Stat != "coef" && r.Pending == "" && k != "property" {
					if k == "component" || k == "feature" || k == "element" || k == "gfs_standardized" || k == "uffs_standardized" {
						continue
					}
					t.Errorf("%s: parameter %q of %s has no mapping", it.Item, k, v.Method)
				}
			}
		}
	}
}

// TestLoadResultsGzip: a results directory committed with cells.jsonl.gz
// (large full runs) loads the same cells as with cells.jsonl, and a corrupt
// archive is an error naming the file.
func TestLoadResultsGzip(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "t98")
	writeResults(t, dir, []map[string]any{cell("none", "gfs", "multilinear:2", 0.1, 12), cell("none", "gfs", "multilinear:2", 0.5, 7)}, "name: t98\n")
	plain, err := LoadResults(dir)
	if err != nil {
		t.Fatal(err)
	}
	raw, _ := os.ReadFile(filepath.Join(dir, "cells.jsonl"))
	var z bytes.Buffer
	w := gzip.NewWriter(&z)
	w.Write(raw)
	w.Close()
	os.WriteFile(filepath.Join(dir, "cells.jsonl.gz"), z.Bytes(), 0o644)
	os.Remove(filepath.Join(dir, "cells.jsonl"))
	packed, err := LoadResults(dir)
	if err != nil {
		t.Fatal(err)
	}
	if len(packed.Cells) != 2 || len(plain.Cells) != 2 || packed.Cells[1].Values["n_selected"] != plain.Cells[1].Values["n_selected"] {
		t.Errorf("gzip cells %+v, plain %+v", packed.Cells, plain.Cells)
	}
	os.WriteFile(filepath.Join(dir, "cells.jsonl.gz"), []byte("not gzip"), 0o644)
	if _, err := LoadResults(dir); err == nil || !strings.Contains(err.Error(), "cells.jsonl.gz") {
		t.Errorf("corrupt archive: error %v", err)
	}
	os.Remove(filepath.Join(dir, "cells.jsonl.gz"))
	if _, err := LoadResults(dir); !os.IsNotExist(err) {
		t.Errorf("no cells: error %v, want not-exist", err)
	}
}

// TestNaNValue: a cell with a NaN value (written by gsbench run as the
// string "NaN") does not lose the directory's cells: the report compares
// the other values of the directory as usual.
func TestNaNValue(t *testing.T) {
	root := t.TempDir()
	ref, res := filepath.Join(root, "reference"), filepath.Join(root, "paper")
	os.MkdirAll(ref, 0o755)
	os.WriteFile(filepath.Join(ref, "journal-table98-test.yaml"), []byte(testRef), 0o644)
	withRule(t, &Rule{Item: "journal-table98-test", Configs: []string{"t98"}, Value: "n_selected", How: "test"})
	nan := cell("none", "gfr", "multilinear:2", 0.5, 30)
	nan["values"] = map[string]any{"n_selected": 30, "residual_ratio": "NaN", "time": "+Inf"}
	writeResults(t, filepath.Join(res, "t98"), []map[string]any{cell("none", "gfr", "multilinear:2", 0.1, 61), nan}, "name: t98\ndatasets:\n  - {name: usps, label: USPS}\n")
	r, err := LoadResults(filepath.Join(res, "t98"))
	if err != nil {
		t.Fatalf("LoadResults: %v", err)
	}
	if v := r.Cells[1].Values["residual_ratio"]; v == v {
		t.Errorf("NaN read as %v", v)
	}
	items, err := Compare(Options{Reference: ref, Results: res})
	if err != nil {
		t.Fatal(err)
	}
	if len(items[0].Results) != 1 || items[0].Values[0].Verdict != OK || items[0].Values[1].Verdict != OK {
		t.Errorf("results %d, verdicts %s, %s; want the directory read and both values ok", len(items[0].Results), items[0].Values[0].Verdict, items[0].Values[1].Verdict)
	}
}

// TestShippedRules: every rule names reference items and configs that
// exist.
func TestShippedRules(t *testing.T) {
	rs, err := loadRules()
	if err != nil {
		t.Fatal(err)
	}
	for item, r := range rs.rules {
		if _, err := os.Stat(filepath.Join("../../results/reference", item+".yaml")); err != nil {
			t.Errorf("rule %s: no reference file: %v", item, err)
		}
		for _, c := range r.Configs {
			if _, err := os.Stat(filepath.Join("../../configs/paper", c+".yaml")); err != nil {
				t.Errorf("rule %s: config %s: %v", item, c, err)
			}
		}
	}
}

// TestParseRulesStrict: mistakes in a rules file are errors naming the
// line.
func TestParseRulesStrict(t *testing.T) {
	good := string(rulesYAML)
	for _, tc := range []struct{ old, new, want string }{
		{"  - item: journal-table18-feature-map\n", "  - item: journal-table18-feature-map\n    colour: red\n", "field colour not found"},
		{"    stat: time_ratio\n", "    stat: time-ratio\n", `stat "time-ratio": use one of`},
		{"    variants: [preprocess]\n", "    variants: [prep]\n", `variants: "prep" is not a cell field`},
		{"  time_ratio: {factor: 2,", "  time_ratios: {factor: 2,", "no tolerance for the reference metric time_ratio"},
		{"    scale: 100\n", "    scale: -100\n", "scale -100: use a positive number"},
		{"      field: dataset\n", "      field: row\n", `primary_by.field "row"`},
		{"  - {field: method, value: unknown,", "  - {field: methods, value: unknown,", `skip: field "methods"`},
		{"  - item: uffs-table01-datasets\n", "  - item: uffs-table02-unsupervised\n", "rule uffs-table02-unsupervised: given twice"},
		{"    configs: [journal-table18-feature-map]\n", "", "rule journal-table18-feature-map: configs: name the configs"},
	} {
		text := strings.Replace(good, tc.old, tc.new, 1)
		if text == good {
			t.Fatalf("%q not found in rules.yaml", tc.old)
		}
		_, err := parseRules("rules.yaml", []byte(text))
		if err == nil || !strings.Contains(err.Error(), tc.want) || !strings.Contains(err.Error(), "rules.yaml:") {
			t.Errorf("%q: error %v, want %q", tc.new, err, tc.want)
		}
	}
	// Errors name the line of the rule.
	_, err := parseRules("rules.yaml", []byte(strings.Replace(good, "    value: data_columns\n", "    value: data_columns\n    stat: mode\n", 1)))
	line := strings.Count(good[:strings.Index(good, "  - item: journal-table18-feature-map")], "\n") + 1
	if want := fmt.Sprintf("rules.yaml:%d: rule journal-table18-feature-map: stat", line); err == nil || !strings.Contains(err.Error(), want) {
		t.Errorf("error %v, want %q", err, want)
	}
}

// TestRelativeTime: stat relative_time divides each value by the base row
// of its column, on both sides (published seconds by published seconds, our
// time by our time on the same data); the base values and a column without
// a base are not compared, and the report prints the published ratio.
func TestRelativeTime(t *testing.T) {
	root := t.TempDir()
	ref, res := filepath.Join(root, "reference"), filepath.Join(root, "paper")
	os.MkdirAll(ref, 0o755)
	os.WriteFile(filepath.Join(ref, "uffs-table98-time.yaml"), []byte(`item: uffs-table98-time
paper: uffs
source: fourier-feature-selection-uffs.txt
kind: table
number: "XCVIII"
lines: [1, 9]
caption: "test"
metric: other
protocol: "p"
notes: "n"
values:
  - {panel: "", dataset: isolet, row: "SFFS (t=1)", column: "Isolet", method: sffs, params: {t: 1}, value: 5, line: 2}
  - {panel: "", dataset: isolet, row: "RFS", column: "Isolet", method: rfs, params: {}, value: 10, line: 3}
  - {panel: "", dataset: isolet, row: "MI", column: "Isolet", method: mi, params: {}, value: 1, line: 4}
  - {panel: "", dataset: usps, row: "RFS", column: "USPS", method: rfs, params: {}, value: 7, line: 5}
`), 0o644)
	withRule(t, &Rule{Item: "uffs-table98-time", Configs: []string{"t98"}, Stat: "relative_time", Base: "SFFS (t=1)", Value: "fold_fit_time",
		Keys: map[string]string{"t": "method.depth"}, How: "test"})
	c := func(method string, depth int, seconds float64) map[string]any {
		mp := map[string]any{}
		if depth > 0 {
			mp["depth"] = depth
		}
		return map[string]any{"dataset": "Isolet", "preprocess": "none", "method": method, "method_name": method, "method_params": mp,
			"rep": 0, "status": "ok", "values": map[string]any{"fold_fit_time": seconds}}
	}
	writeResults(t, filepath.Join(res, "t98"), []map[string]any{
		c("sffs", 1, 0.5), c("sffs", 2, 9), // the base: t = 1 only
		c("rfs", 0, 1.5), // 3 against 10 / 5 = 2: ok
		c("mi", 0, 2),    // 4 against 1 / 5 = 0.2: off
	}, "name: t98\ndatasets:\n  - {name: isolet, label: Isolet}\n")
	items, err := Compare(Options{Reference: ref, Results: res})
	if err != nil {
		t.Fatal(err)
	}
	ir := items[0]
	for i, want := range []struct {
		verdict   string
		pub, ours float64
	}{{Skipped, 5, 0}, {OK, 2, 3}, {Off, 0.2, 4}, {Skipped, 7, 0}} {
		cv := ir.Values[i]
		if cv.Verdict != want.verdict || cv.Published != want.pub || (cv.Primary != nil) != (want.ours != 0) || cv.Primary != nil && cv.Primary.Value != want.ours {
			t.Errorf("value %d (%s %s): verdict %s, published %v, ours %+v; want %s, %v, %v (%s)", i, cv.Ref.Row, cv.Ref.Column, cv.Verdict, cv.Published, cv.Primary, want.verdict, want.pub, want.ours, cv.Why)
		}
	}
	var b bytes.Buffer
	if err := WriteMarkdown(&b, items, Options{Reference: ref, Results: res}, root); err != nil {
		t.Fatal(err)
	}
	if md := b.String(); !strings.Contains(md, "| RFS | Isolet | 2 | 3.0 |") || !strings.Contains(md, "| MI | Isolet | 0.2 | 4.00 |") {
		t.Errorf("report rows of the ratios missing:\n%s", md)
	}
	// A base without stat relative_time (or the reverse) is an error.
	text := strings.Replace(string(rulesYAML), "    stat: time_ratio\n", "    stat: time_ratio\n    base: GFS\n", 1)
	if _, err := parseRules("rules.yaml", []byte(text)); err == nil || !strings.Contains(err.Error(), "base: give the row") {
		t.Errorf("base without relative_time: error %v", err)
	}
}

// The QMR-FS stats: avg_rank ranks the mapped methods on every dataset at
// the value's budget (package rank) and gives the mean or sd of a method's
// ranks; time_multiple divides a method's mean time by relative_to's, whose
// own value is its mean time x scale.
func TestAvgRankAndTimeMultiple(t *testing.T) {
	root := t.TempDir()
	ref, res := filepath.Join(root, "reference"), filepath.Join(root, "paper")
	os.MkdirAll(ref, 0o755)
	os.WriteFile(filepath.Join(ref, "qmrfs-table98-ranks.yaml"), []byte(`item: qmrfs-table98-ranks
paper: qmrfs
source: qmr-fs-scalable-selection.txt
kind: table
number: "98"
lines: [1, 9]
caption: "test"
metric: avg_rank
protocol: "p"
notes: "n"
values:
  - {panel: "", dataset: "six datasets", row: "Clsif (40%)", column: "A", method: qmrfs, params: {criterion: classification, percent: 40, features: 2, stat: mean}, value: 1.5, line: 2}
  - {panel: "", dataset: "six datasets", row: "Clsif (40%)", column: "A (±)", method: qmrfs, metric: rank_sd, params: {criterion: classification, percent: 40, features: 2, stat: sd}, value: 0.7, line: 2}
  - {panel: "", dataset: "six datasets", row: "Clstr (40%)", column: "B", method: ls, params: {criterion: clustering, percent: 40, features: 2, stat: mean}, value: 1, line: 3}
`), 0o644)
	os.WriteFile(filepath.Join(ref, "qmrfs-table97-runtime.yaml"), []byte(`item: qmrfs-table97-runtime
paper: qmrfs
source: qmr-fs-scalable-selection.txt
kind: table
number: "97"
lines: [1, 9]
caption: "test"
metric: time_ratio
protocol: "p"
notes: "n"
values:
  - {panel: "", dataset: isolet, row: "R", column: "A", method: qmrfs, metric: time_ms, params: {}, value: 100, line: 2}
  - {panel: "", dataset: isolet, row: "R", column: "B", method: ls, params: {}, value: 3, line: 2}
`), 0o644)
	methods := map[string][]string{"qmrfs": {"QMR-FS"}, "ls": {"LS"}}
	withRule(t, &Rule{Item: "qmrfs-table98-ranks", Configs: []string{"q"}, Stat: "avg_rank", Methods: methods, How: "test",
		Rank: &RankRule{Scores: map[string]string{"classification": "svm_accuracy", "clustering": "kmeans_nmi"}, By: "selected_percent", CountDatasets: []string{"I"}}})
	withRule(t, &Rule{Item: "qmrfs-table97-runtime", Configs: []string{"q"}, Stat: "time_multiple", RelativeTo: "qmrfs", Scale: 1000, Methods: methods, How: "test"})
	c := func(ds, m string, pct, k, acc, nmi, secs float64) map[string]any {
		return map[string]any{"dataset": ds, "preprocess": "none", "method": m, "method_name": strings.ToLower(strings.ReplaceAll(m, "-", "")),
			"rep": 0, "status": "ok", "n_features": k, "values": map[string]any{"selected_percent": pct, "n_selected": k, "svm_accuracy": acc, "kmeans_nmi": nmi, "time": secs}}
	}
	writeResults(t, filepath.Join(res, "q"), []map[string]any{
		// QMR-FS ranks 1 on A and 2 on I by accuracy: 1.5 ± 0.707; LS is first by NMI on both.
		c("A", "QMR-FS", 40, 4, 0.9, 0.1, 0.1), c("A", "LS", 40, 4, 0.8, 0.5, 0.2),
		c("I", "QMR-FS", 1, 2, 0.5, 0.1, 0.1), c("I", "LS", 1, 2, 0.6, 0.5, 0.4),
		c("I", "QMR-FS", 3, 6, 0.9, 0.9, 0.1), // outside I's window of 2 features
	}, "name: q\ndatasets:\n  - {name: automobile, label: A}\n  - {name: isolet, label: I}\n")
	items, err := Compare(Options{Reference: ref, Results: res})
	if err != nil {
		t.Fatal(err)
	}
	got := map[string][]float64{}
	for _, ir := range items {
		for _, cv := range ir.Values {
			if cv.Primary == nil {
				t.Fatalf("%s %s: missing: %s", ir.Ref.Item, cv.Ref.Column, cv.Why)
			}
			got[ir.Ref.Item] = append(got[ir.Ref.Item], cv.Primary.Value)
		}
	}
	want := map[string][]float64{"qmrfs-table98-ranks": {1.5, math.Sqrt(0.5), 1}, "qmrfs-table97-runtime": {100, 4}} // Isolet cells only: LS 0.4 s, QMR-FS 0.1 s
	for item, w := range want {
		g := got[item]
		if len(g) != len(w) {
			t.Fatalf("%s: %v, want %v", item, g, w)
		}
		for i := range w {
			if math.Abs(g[i]-w[i]) > 1e-12 {
				t.Errorf("%s value %d: %v, want %v", item, i, g[i], w[i])
			}
		}
	}
}
