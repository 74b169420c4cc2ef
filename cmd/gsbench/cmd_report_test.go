package main

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestReportCompare: report --compare reads the reference files, the
// results and the notes, and writes the reproduction report; --datasets
// runs one dataset of a config.
func TestReportCompare(t *testing.T) {
	dir := t.TempDir()
	ref, res, notes := filepath.Join(dir, "reference"), filepath.Join(dir, "paper"), filepath.Join(dir, "notes")
	for _, d := range []string{ref, notes} {
		os.MkdirAll(d, 0o755)
	}
	// An item with a rule (journal Table XVIII) and its config.
	src, err := os.ReadFile("../../results/reference/journal-table18-feature-map.yaml")
	if err != nil {
		t.Fatal(err)
	}
	os.WriteFile(filepath.Join(ref, "journal-table18-feature-map.yaml"), src, 0o644)
	os.WriteFile(filepath.Join(notes, "journal-table18-feature-map.md"), []byte("summary: counted\n"), 0o644)
	out := filepath.Join(dir, "REPRODUCTION.md")
	for _, tc := range []struct {
		args []string
		code int
		want string
	}{
		{[]string{"run", "../../configs/paper/journal-table18-feature-map.yaml", "--quick", "--out", res, "--progress", "none", "--datasets", "Phi(X)"}, 0, "5 cells: 5 computed"},
		{[]string{"run", "../../configs/paper/journal-table18-feature-map.yaml", "--out", res, "--datasets", "nope"}, 2, `no dataset is labelled "nope"`},
		{[]string{"report", "--compare", "--reference", ref, "--results", res, "--notes", notes, "--out", out}, 0, "1 items: 1 reproduced"},
		{[]string{"report", "--compare", "somedir"}, 2, "give no results directories"},
	} {
		var stdout, stderr bytes.Buffer
		code := execute(tc.args, &stdout, &stderr)
		got := stdout.String() + stderr.String()
		if code != tc.code || !strings.Contains(got, tc.want) {
			t.Errorf("gsbench %s: exit %d, output:\n%s\nwant exit %d and %q", strings.Join(tc.args, " "), code, got, tc.code, tc.want)
		}
	}
	md, _ := os.ReadFile(out)
	for _, s := range []string{"| [journal-table18-feature-map](#journal-table18-feature-map) |", "**reproduced**", "counted", "| 56 | 56.0 |"} {
		if !strings.Contains(string(md), s) {
			t.Errorf("the report lacks %q", s)
		}
	}
}

// TestReportCompareNaN: a NaN value in one cell (gsbench run writes it as
// the string "NaN") does not make report --compare drop the directory.
func TestReportCompareNaN(t *testing.T) {
	dir := t.TempDir()
	ref, res := filepath.Join(dir, "reference"), filepath.Join(dir, "paper")
	os.MkdirAll(ref, 0o755)
	src, err := os.ReadFile("../../results/reference/journal-table18-feature-map.yaml")
	if err != nil {
		t.Fatal(err)
	}
	os.WriteFile(filepath.Join(ref, "journal-table18-feature-map.yaml"), src, 0o644)
	var stdout, stderr bytes.Buffer
	if code := execute([]string{"run", "../../configs/paper/journal-table18-feature-map.yaml", "--quick", "--out", res, "--progress", "none", "--datasets", "Phi(X)"}, &stdout, &stderr); code != 0 {
		t.Fatalf("run: exit %d: %s%s", code, &stdout, &stderr)
	}
	path := filepath.Join(res, "journal-table18-feature-map-quick", "cells.jsonl")
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	b = bytes.Replace(b, []byte(`"values":{`), []byte(`"values":{"extra":"NaN",`), 1)
	os.WriteFile(path, b, 0o644)
	stdout.Reset()
	out := filepath.Join(dir, "REPRODUCTION.md")
	if code := execute([]string{"report", "--compare", "--reference", ref, "--results", res, "--notes", dir, "--out", out}, &stdout, &stderr); code != 0 || !strings.Contains(stdout.String(), "1 items: 1 reproduced") {
		t.Errorf("report --compare: exit %d: %s%s", code, &stdout, &stderr)
	}
}

// TestReportCompareNoData: without the benchmark data, report --compare
// does not replace an existing report (which compared what the new one
// cannot), and its summary counts every item, whatever its status.
func TestReportCompareNoData(t *testing.T) {
	dir := t.TempDir()
	ref := filepath.Join(dir, "reference")
	os.MkdirAll(ref, 0o755)
	for _, item := range []string{"journal-table01-datasets", "journal-figure05-redundant"} {
		src, err := os.ReadFile("../../results/reference/" + item + ".yaml")
		if err != nil {
			t.Fatal(err)
		}
		os.WriteFile(filepath.Join(ref, item+".yaml"), src, 0o644)
	}
	// A figure's verdict is its notes' text, outside the fixed statuses.
	os.WriteFile(filepath.Join(dir, "journal-figure05-redundant.md"), []byte("summary: same shape\nverdict: agrees by eye\n"), 0o644)
	t.Setenv("GSBENCH_DATA", t.TempDir())
	t.Setenv("XDG_CACHE_HOME", t.TempDir())
	t.Setenv("HOME", t.TempDir())
	out := filepath.Join(dir, "REPRODUCTION.md")
	committed := "the committed report, which had the data\n<!-- gsbench report --compare: 0 values not computed for lack of data -->\n"
	os.WriteFile(out, []byte(committed), 0o644)
	args := []string{"report", "--compare", "--reference", ref, "--results", filepath.Join(dir, "none"), "--notes", dir, "--out", out}
	var stdout, stderr bytes.Buffer
	if code := execute(args, &stdout, &stderr); code == 0 || !strings.Contains(stderr.String(), "not replacing") {
		t.Errorf("report --compare without data over an existing report: exit %d: %s%s", code, &stdout, &stderr)
	}
	if b, _ := os.ReadFile(out); string(b) != committed {
		t.Errorf("the existing report was rewritten:\n%s", b)
	}
	// A report no better than the old one replaces it; a new file is
	// written (nothing is lost), and the summary adds up.
	os.Remove(out)
	stdout.Reset()
	stderr.Reset()
	if code := execute(args, &stdout, &stderr); code != 0 || !strings.Contains(stdout.String(), "2 items: ") {
		t.Fatalf("report --compare into a new file: exit %d: %s%s", code, &stdout, &stderr)
	}
	summary := stdout.String()[strings.Index(stdout.String(), "2 items: ")+len("2 items: "):]
	total := 0
	for _, part := range strings.Split(strings.TrimSpace(summary), ", ") {
		var n int
		if _, err := fmt.Sscanf(part, "%d", &n); err != nil {
			t.Fatalf("summary part %q: %v", part, err)
		}
		total += n
	}
	if total != 2 {
		t.Errorf("summary %q counts %d items, want 2", summary, total)
	}
	stdout.Reset()
	stderr.Reset()
	if code := execute(args, &stdout, &stderr); code != 0 {
		t.Errorf("report --compare over an equally complete report: exit %d: %s%s", code, &stdout, &stderr)
	}
}
