package main

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"

	"gonum.org/v1/gonum/mat"

	"github.com/gsbench/gsbench/methods"
)

// checkShift simulates a change in an algorithm: the test-only method
// checktest-column selects column col+checkShift.
var checkShift atomic.Int32

type columnMethod struct {
	Col int `param:"col" doc:"the column selected"`
}

func (m *columnMethod) Fit(*mat.Dense, []int) error { return nil }
func (m *columnMethod) Selected() []int             { return []int{m.Col + int(checkShift.Load())} }

func init() {
	methods.Register("checktest-column", "test only: selects one given column", func() *columnMethod { return &columnMethod{} })
}

// TestCheckCommand runs gsbench check on a user's project: a config, a
// data file and a golden directory of theirs.
func TestCheckCommand(t *testing.T) {
	dir := t.TempDir()
	// Column a is the class; column b is the class with 2 of 100 rows
	// flipped: an SVM scores 100% on a and exactly 98% on b.
	var data strings.Builder
	data.WriteString("a,b,class\n")
	for i := range 100 {
		c := i / 50
		b := c
		if i == 10 || i == 60 {
			b = 1 - c
		}
		fmt.Fprintf(&data, "%d,%d,%d\n", c, b, c)
	}
	os.WriteFile(filepath.Join(dir, "data.csv"), []byte(data.String()), 0o644)
	cfg := filepath.Join(dir, "mine.yaml")
	os.WriteFile(cfg, []byte(`name: mine
datasets:
  - {name: data.csv, label: data, params: {label_col: last}}
  - {name: journal-gfa, label: synthetic, params: {n_samples: 200, d: 6, n_independent: 3}, repetitions: 2}
methods:
  - {name: checktest-column, label: Mine, params: {col: 0}, datasets: [data]}
  - {name: gfa, label: GFA, params: {family: "multilinear:2"}, datasets: [synthetic]}
metrics: [n_selected, success_rate, svm_accuracy]
`), 0o644)
	golden := filepath.Join(dir, "golden")
	goldenFile := filepath.Join(golden, "mine.csv")
	check := func(extra ...string) []string {
		return append([]string{"check", "--configs", cfg, "--golden", golden, "--progress", "none"}, extra...)
	}
	var pristine []byte
	for _, tc := range []struct {
		name  string
		setup func()
		args  []string
		code  int
		want  []string
	}{
		{"no golden directory yet", nil, check(), 2, []string{"golden directory " + golden + " does not exist", "--update"}},
		{"update creates it", nil, check("--update"), 0, []string{"created " + goldenFile + " with 4 metrics", "added the default tolerance of n_selected, svm_accuracy, svm_accuracy_std, success_rate"}},
		{"unchanged passes", func() { pristine, _ = os.ReadFile(goldenFile) }, check(), 0, []string{"4 metrics: 4 PASS, 0 FAIL"}},
		{"perturbed golden value", func() {
			os.WriteFile(goldenFile, bytes.Replace(pristine, []byte("data,none,Mine,svm_accuracy,1,1\n"), []byte("data,none,Mine,svm_accuracy,1,0.99\n"), 1), 0o644)
		}, check(), 1, []string{"svm_accuracy  0.99    1    +0.01  0.005      <<< FAIL", "4 metrics: 3 PASS, 1 FAIL", "FAIL mine: data / Mine / svm_accuracy: golden 0.99, now 1, difference +0.01, tolerance 0.005", "1 metric moved beyond tolerance"}},
		{"2-point accuracy shift in the algorithm", func() {
			os.WriteFile(goldenFile, pristine, 0o644)
			checkShift.Store(1)
		}, check(), 1, []string{"svm_accuracy  1       0.98  -0.02  0.005      <<< FAIL", "FAIL mine: data / Mine / svm_accuracy: golden 1, now 0.98, difference -0.02"}},
		{"update prints the difference", nil, check("--update"), 0, []string{"1 changed, 0 added, 0 removed", "~ data / Mine / svm_accuracy: 1 -> 0.98 (-0.02; beyond tolerance 0.005)"}},
		{"and the check passes again", nil, check(), 0, []string{"4 PASS, 0 FAIL"}},
		{"malformed golden file", func() {
			checkShift.Store(0)
			os.WriteFile(goldenFile, []byte("dataset,preprocess,method,metric,cells,golden\ndata,none,Mine,svm_accuracy,1\n"), 0o644)
		}, check(), 2, []string{goldenFile + ":2: 5 fields, want 6"}},
		{"missing and extra metrics", func() {
			os.WriteFile(goldenFile, append(bytes.Replace(pristine, []byte("data,none,Mine,n_selected,1,1\n"), nil, 1), "data,none,Other,svm_accuracy,1,0.5\n"...), 0o644)
		}, check(), 2, []string{"<<< MISSING", "<<< NEW", "were not produced by the run: data / Other / svm_accuracy", "that " + goldenFile + " does not have: data / Mine / n_selected"}},
		{"bad tolerance", func() {
			os.WriteFile(goldenFile, pristine, 0o644)
			os.WriteFile(filepath.Join(golden, "tolerances.csv"), []byte("metric,tolerance,note\nsvm_accuracy,two points,\n"), 0o644)
		}, check(), 2, []string{filepath.Join(golden, "tolerances.csv") + `:2: svm_accuracy: tolerance "two points"`}},
		{"bad flag", nil, check("--progress", "loud"), 2, []string{"--progress"}},
	} {
		if tc.setup != nil {
			tc.setup()
		}
		var stdout, stderr bytes.Buffer
		code := execute(tc.args, &stdout, &stderr)
		out := stdout.String() + stderr.String()
		if code != tc.code {
			t.Errorf("%s: exit %d, want %d; output:\n%s", tc.name, code, tc.code, out)
			continue
		}
		for _, w := range tc.want {
			if !strings.Contains(out, w) {
				t.Errorf("%s: output lacks %q:\n%s", tc.name, w, out)
			}
		}
	}
	checkShift.Store(0)
}
