package config

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

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

// TestConfigErrors checks that every kind of mistake is reported with the
// file, line, column and key, and a message saying what to do.
func TestConfigErrors(t *testing.T) {
	dir := t.TempDir()
	for _, tc := range []struct {
		name, old, new string
		want           []string // substrings of the error, the first being "file:line"
	}{
		{"unknown top key", "seed: 3", "seed: 3\nrepetitons: 2",
			[]string{"bad.yaml:3:1: repetitons: unknown key", `did you mean "repetitions"?`}},
		{"wrong type", "repetitions: 2", "repetitions: two",
			[]string{"bad.yaml:3:14: repetitions: want an integer"}},
		{"unknown method", "name: exptest-proj", "name: exptest-prok",
			[]string{"bad.yaml:10:5: methods[1].name: unknown method \"exptest-prok\"", `did you mean "exptest-proj"?`}},
		{"unknown method param", "params: {k: [1, 2]}", "params: {kk: [1, 2]}",
			[]string{"bad.yaml:9:45: methods[0].params.kk: method exptest-pick has no parameter \"kk\"", "its parameters are fail_rows, k, mutate, panic, seed, sleep_ms"}},
		{"bad sweep item", "params: {k: [1, 2]}", "params: {k: [1, two]}",
			[]string{"bad.yaml:9:52: methods[0].params.k: want an integer"}},
		{"method build error", "params: {k: [1, 2]}", "params: {k: [0, 2]}",
			[]string{"bad.yaml:9:5: methods[0]: exptest-pick: k must be >= 1 (with k=0)"}},
		{"unknown generator param", "n_independent: 4", "n_independant: 4",
			[]string{"bad.yaml:7:35: datasets[0].params.n_independant: generator journal-gfr has no parameter"}},
		{"unknown dataset", "name: journal-gfr", "name: journal-gfx",
			[]string{"bad.yaml:5:5: datasets[0].name: \"journal-gfx\" is not a generator", "did you mean"}},
		{"bad preprocess", "label: synth", "label: synth\n    preprocess: zscore",
			[]string{"bad.yaml:7:17: datasets[0].preprocess: unknown preprocessing \"zscore\""}},
		{"unknown metric", "metrics: [n_selected, residual_variance]", "metrics: [n_selected, svm_acuracy]",
			[]string{"bad.yaml:11:23: metrics[1]: unknown metric \"svm_acuracy\"", `did you mean "svm_accuracy"?`}},
		{"bad metric param", "metrics: [n_selected, residual_variance]", "metrics: [n_selected, {name: svm_accuracy, params: {folds: 1}}]",
			[]string{"bad.yaml:11:23: metrics[1].params: metric svm_accuracy: folds 1: use at least 2"}},
		{"match unknown", "match: A", "match: C",
			[]string{"bad.yaml:10:43: methods[1].match: no method is labelled \"C\""}},
		{"match self", "match: A", "match: B",
			[]string{"methods[1].match: a method cannot match itself"}},
		{"table field", "columns: n_samples", "columns: n_sample",
			[]string{"bad.yaml:13:5: tables[0].columns: unknown field \"n_sample\"", `did you mean "n_samples"?`}},
		{"table value", "value: n_selected", "value: method",
			[]string{"tables[0].value: \"method\" is an attribute, not a metric value"}},
		{"table format", "value: n_selected}", "value: n_selected, format: \"{avg:.2f}\"}",
			[]string{"tables[0].format", `unknown statistic "avg"`}},
		{"quick param", "repetitions: 2", "repetitions: 2\nquick: {params: {eps2: [1]}}",
			[]string{"bad.yaml:4:18: quick.params.eps2: no dataset or method sets \"eps2\""}},
		{"duplicate key", "seed: 3", "seed: 3\nseed: 4",
			[]string{"bad.yaml:3:1: seed: key given twice"}},
		{"missing name", "name: base\n", "",
			[]string{"name: missing"}},
		{"invalid yaml", "seed: 3", "seed: [3",
			[]string{"bad.yaml:", "invalid YAML"}},
		{"unknown protocol", "seed: 3", "seed: 3\nprotocol: nested",
			[]string{"bad.yaml:3:11: protocol: protocol \"nested\": use all-rows", "or pipeline"}},
		{"pipeline without a cross-validated metric", "seed: 3", "seed: 3\nprotocol: pipeline",
			[]string{"bad.yaml:3:11: protocol: pipeline applies to cross-validated metrics (svm_accuracy", "this config has none"}},
		{"time before the pipeline's metric", "metrics: [n_selected, residual_variance]", "protocol: pipeline\nmetrics: [time, svm_accuracy]",
			[]string{"bad.yaml:12:11: metrics[0]: under protocol: pipeline, list time after svm_accuracy"}},
		{"figure kind", "tables:", "figures:\n  - {name: f, kind: pie, x: n_samples, y: n_selected}\ntables:",
			[]string{"bad.yaml:13:21: figures[0].kind: unknown kind \"pie\""}},
	} {
		text := strings.Replace(baseConfig, tc.old, tc.new, 1)
		if text == baseConfig {
			t.Fatalf("%s: replacement %q not found", tc.name, tc.old)
		}
		path := filepath.Join(dir, "bad.yaml")
		os.WriteFile(path, []byte(text), 0o644)
		_, err := Load(path)
		if err == nil {
			t.Errorf("%s: no error", tc.name)
			continue
		}
		for _, w := range tc.want {
			if !strings.Contains(err.Error(), w) {
				t.Errorf("%s: error\n  %v\nwant it to contain\n  %s", tc.name, err, w)
			}
		}
	}
}

// TestConfigErrorsAll checks that several mistakes are all reported, in
// file order, as Errors.
func TestConfigErrorsAll(t *testing.T) {
	text := strings.NewReplacer("seed: 3", "seed: -3", "label: A", "label: A, colour: red").Replace(baseConfig)
	_, err := Parse("two.yaml", []byte(text))
	var ce Errors
	if !errors.As(err, &ce) || len(ce) != 2 {
		t.Fatalf("want 2 errors, got %v", err)
	}
	if ce[0].Pos.Line != 2 || ce[1].Pos.Line != 9 || ce[1].Key != "methods[0].colour" {
		t.Errorf("errors out of order or misplaced: %v", err)
	}
}
