package main

import (
	"bytes"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestParseInterleaved(t *testing.T) {
	fs := newFlagSet("run")
	out := fs.String("out", "", "")
	quick := fs.Bool("quick", false, "")
	pos, err := fs.parse([]string{"a.yaml", "--out", "d", "b.yaml", "--quick", "--", "--c.yaml"}, io.Discard)
	if err != nil || *out != "d" || !*quick || strings.Join(pos, " ") != "a.yaml b.yaml --c.yaml" {
		t.Errorf("got %v %q %v %v", pos, *out, *quick, err)
	}
}

// TestHarnessCommands runs validate, run, report, merge and list on a small
// config through the command line.
func TestHarnessCommands(t *testing.T) {
	dir := t.TempDir()
	cfg := filepath.Join(dir, "tiny.yaml")
	os.WriteFile(cfg, []byte(`name: tiny
repetitions: 2
datasets: [{name: journal-gfa, params: {n_samples: 200, d: 6, n_independent: 3}}]
methods: [{name: gfa, label: GFA, params: {family: "multilinear:2"}}, {name: gfs, label: GFS, params: {k: 3}}]
metrics: [n_selected, success_rate]
tables: [{name: t, rows: method, value: success_rate, format: "{mean:.2f}"}]
`), 0o644)
	bad := filepath.Join(dir, "bad.yaml")
	os.WriteFile(bad, []byte("name: bad\nrepetitions: x\n"), 0o644)
	for _, tc := range []struct {
		args []string
		code int
		want string
	}{
		{[]string{"validate", cfg}, 0, "ok: 4 cells"},
		{[]string{"validate", bad}, 1, "bad.yaml:2:14: repetitions: want an integer"},
		{[]string{"run", cfg, "--out", dir, "--progress", "none"}, 0, "tiny: 4 cells: 4 computed"},
		{[]string{"run", cfg, "--out", dir, "--progress", "none"}, 0, "0 computed, 4 already stored"},
		{[]string{"run", cfg, "--out", filepath.Join(dir, "s1"), "--shard", "1/2", "--progress", "none"}, 0, "2 of 4 cells (shard)"},
		{[]string{"run", cfg, "--out", filepath.Join(dir, "s2"), "--shard", "2/2", "--progress", "none"}, 0, "2 of 4 cells (shard)"},
		{[]string{"merge", "--out", filepath.Join(dir, "m"), filepath.Join(dir, "s1", "tiny"), filepath.Join(dir, "s2", "tiny")}, 0, "rendered 4 of 4 cells"},
		{[]string{"merge", "--out", filepath.Join(dir, "m2"), filepath.Join(dir, "s1", "tiny")}, 1, "2 cells are missing"},
		{[]string{"report", filepath.Join(dir, "tiny")}, 0, "rendered 4 of 4 cells"},
		{[]string{"list", "metrics"}, 0, "success_rate"},
		{[]string{"list", "configs", dir}, 0, "INVALID"},
		{[]string{"run", cfg, "--shard", "3/2"}, 2, "want i/n"},
	} {
		var stdout, stderr bytes.Buffer
		code := execute(tc.args, &stdout, &stderr)
		out := stdout.String() + stderr.String()
		if code != tc.code || !strings.Contains(out, tc.want) {
			t.Errorf("gsbench %s: exit %d, output:\n%s\nwant exit %d and %q", strings.Join(tc.args, " "), code, out, tc.code, tc.want)
		}
	}
	a, _ := os.ReadFile(filepath.Join(dir, "tiny", "cells.csv"))
	b, _ := os.ReadFile(filepath.Join(dir, "m", "cells.csv"))
	if len(a) == 0 || !bytes.Equal(a, b) {
		t.Errorf("merged shards differ from one run:\n%s\n---\n%s", a, b)
	}
}
