package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// execOut runs gsbench with args and returns the exit status, stdout and
// stderr.
func execOut(args ...string) (int, string, string) {
	var out, errb bytes.Buffer
	code := execute(args, &out, &errb)
	return code, out.String(), errb.String()
}

// The help, usage and error conventions of issue 20: every command prints
// its flags on -h and on `gsbench help COMMAND`, a method's parameters are
// one -h away, unknown things exit 2, and errors are prefixed once.
func TestHelpAndErrors(t *testing.T) {
	for _, tc := range []struct {
		args       []string
		code       int
		out, err   string // substrings of stdout and stderr
		notInError string
	}{
		{nil, 2, "", "usage: gsbench COMMAND", ""},
		{[]string{"help"}, 0, "Commands:", "", ""},
		{[]string{"help", "run"}, 0, "-out", "", ""},
		{[]string{"run", "-h"}, 0, "-jobs", "", ""},
		{[]string{"help", "bogus"}, 2, "", `unknown command "bogus"`, ""},
		{[]string{"bogus"}, 2, "", `unknown command "bogus"`, ""},
		{[]string{"rnu"}, 2, "", `did you mean "run"?`, ""},
		{[]string{"select", "-h"}, 0, "methods: ", "", ""},
		{[]string{"select", "--method", "spec", "-h"}, 0, "affinity", "", ""},
		{[]string{"select", "--method", "specc", "--data", "x"}, 2, "", `did you mean "spec"?`, ""},
		{[]string{"select", "--method", "gfs"}, 2, "", "--data is required", ""},
		{[]string{"info", "--bogus"}, 2, "", "flag provided but not defined: -bogus (gsbench help info lists the flags)", "usage:"},
		{[]string{"evaluate", "--data", "nope-no-such"}, 2, "", "gsbench evaluate: unknown", "evaluate: evaluate:"},
	} {
		code, out, errs := execOut(tc.args...)
		if code != tc.code || !strings.Contains(out, tc.out) || !strings.Contains(errs, tc.err) ||
			tc.notInError != "" && strings.Contains(errs+out, tc.notInError) {
			t.Errorf("gsbench %s: exit %d (want %d)\nstdout: %s\nstderr: %s", strings.Join(tc.args, " "), code, tc.code, out, errs)
		}
	}
}

// One label rule for every command (issue 20): a plain CSV has no label
// unless --label-col names it; select/extract then use every column as a
// feature, and what needs labels says how to give them.
func TestLabelColumnRule(t *testing.T) {
	dir := t.TempDir()
	csv := filepath.Join(dir, "d.csv")
	var b strings.Builder
	b.WriteString("a,b,c,class\n")
	for i := range 40 {
		c := i % 2
		b.WriteString(strings.Join([]string{strconv.Itoa(i % 7), strconv.Itoa(i % 5), strconv.Itoa(3*c + i%3), strconv.Itoa(c)}, ",") + "\n")
	}
	os.WriteFile(csv, []byte(b.String()), 0o644)
	// Without --label-col the label is a feature: 4 columns.
	code, out, errs := execOut("select", "--method", "gfs", "--family", "multilinear:1", "--data", csv, "--json")
	var res struct {
		Selected []int `json:"selected"`
	}
	if code != 0 || json.Unmarshal([]byte(out), &res) != nil || len(res.Selected) != 4 {
		t.Errorf("select without --label-col: exit %d, %s %s", code, out, errs)
	}
	code, out, _ = execOut("select", "--method", "gfs", "--family", "multilinear:1", "--data", csv, "--label-col", "class", "--json")
	if code != 0 || json.Unmarshal([]byte(out), &res) != nil || len(res.Selected) != 3 {
		t.Errorf("select --label-col class: exit %d, %s", code, out)
	}
	for _, args := range [][]string{
		{"evaluate", "--data", csv},
		{"select", "--method", "fisher", "--data", csv},
	} {
		if code, _, errs := execOut(args...); code != 2 || !strings.Contains(errs, "give --label-col") {
			t.Errorf("%v: exit %d, %s", args, code, errs)
		}
	}
	if code, out, errs := execOut("evaluate", "--data", csv, "--label-col", "last", "--json"); code != 0 || !strings.Contains(out, "accuracy_mean") {
		t.Errorf("evaluate --label-col last: exit %d %s %s", code, out, errs)
	}
	if code, out, errs := execOut("info", "--data", csv, "--label-col", "last", "--json"); code != 0 || !strings.Contains(out, `"d": 3`) {
		t.Errorf("info --label-col last: exit %d %s %s", code, out, errs)
	}
	// A generator's parameters on the command line.
	if code, out, errs := execOut("info", "--data", "journal-gfs-uffs", "--data-param", "n_samples=123", "--json"); code != 0 || !strings.Contains(out, `"n": 123`) {
		t.Errorf("info GENERATOR --data-param: exit %d %s %s", code, out, errs)
	}
	if code, out, errs := execOut("select", "--method", "gfs", "--data", "journal-gfs-uffs", "--data-param", "n_samples=300", "--k", "3", "--json"); code != 0 || !strings.Contains(out, `"selected"`) {
		t.Errorf("select --data GENERATOR: exit %d %s %s", code, out, errs)
	}
	// Nothing selected is said, not silent.
	if code, out, errs := execOut("select", "--method", "gfs", "--data", csv, "--eps2", "1e9"); code != 0 || !strings.Contains(out, "note: the method produced no features") {
		t.Errorf("select --eps2 1e9: exit %d %s %s", code, out, errs)
	}
}
