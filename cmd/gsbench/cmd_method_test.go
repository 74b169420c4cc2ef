package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/gsbench/gsbench/baselines/qmrfs"
	"github.com/gsbench/gsbench/datasets"
	"github.com/gsbench/gsbench/params"
)

// TestSelectStreams: gsbench select with a method that fits from row
// blocks (QMR-FS) reads a .npy file (written by info --write-npy) or a
// streaming generator in blocks, and selects what QMR-FS selects on the
// matrix in memory; with preprocessing it loads the file whole. A file
// truncated after it was written is an error naming the file and the row,
// with nothing on stdout.
func TestSelectStreams(t *testing.T) {
	dir := t.TempDir()
	npy := filepath.Join(dir, "census.npy")
	gen := []string{"--data", "qmrfs-table01", "--data-param", "shape=uscensus1990", "--data-param", "n_samples=3000", "--data-seed", "3"}
	code, out, errs := execOut(append([]string{"info", "--write-npy", npy, "--dtype", "float32"}, gen...)...)
	if code != 0 || !strings.Contains(out, "wrote the 3000 x 68 matrix") {
		t.Fatalf("info --write-npy: exit %d: %s %s", code, out, errs)
	}
	ds, err := datasets.Generate("qmrfs-table01", params.Params{"shape": "uscensus1990", "n_samples": 3000}, 3)
	if err != nil {
		t.Fatal(err)
	}
	q := qmrfs.New()
	if err := q.Fit(ds.X, nil); err != nil {
		t.Fatal(err)
	}
	type result struct {
		Selected []int
		Notes    []string
	}
	for _, args := range [][]string{
		{"--data", npy},
		gen,
		{"--data", npy, "--preprocess", "none"},
	} {
		code, out, errs := execOut(append([]string{"select", "--method", "qmrfs", "--json"}, args...)...)
		var res result
		if code != 0 || json.Unmarshal([]byte(out), &res) != nil {
			t.Fatalf("select %v: exit %d: %s %s", args, code, out, errs)
		}
		if !slices.Equal(res.Selected, q.Selected()) || len(res.Selected) != 66 {
			t.Errorf("select %v: %d selected, in memory %d", args, len(res.Selected), len(q.Selected()))
		}
		if len(res.Notes) != 1 || !strings.Contains(res.Notes[0], "read in blocks of rows") {
			t.Errorf("select %v: notes %q", args, res.Notes)
		}
	}
	// Preprocessing and the entropy order need the whole matrix: loaded,
	// no streaming note.
	for _, extra := range [][]string{{"--preprocess", "center"}, {"--order", "entropy"}} {
		code, out, _ = execOut(append([]string{"select", "--method", "qmrfs", "--json", "--data", npy}, extra...)...)
		var res result
		if code != 0 || json.Unmarshal([]byte(out), &res) != nil || len(res.Notes) != 0 || len(res.Selected) == 0 {
			t.Errorf("select %v: exit %d %s", extra, code, out)
		}
	}
	fi, _ := os.Stat(npy)
	if err := os.Truncate(npy, fi.Size()-4*68*500-1); err != nil {
		t.Fatal(err)
	}
	code, out, errs = execOut("select", "--method", "qmrfs", "--data", npy)
	if code == 0 || out != "" || !strings.Contains(errs, npy) || !strings.Contains(errs, "row 2499 (0-based) is incomplete") {
		t.Errorf("truncated file: exit %d\nstdout: %s\nstderr: %s", code, out, errs)
	}
}

// TestRunTruncatedNPY: a config whose data file is a truncated .npy fails
// its cells with an error naming the file and the first incomplete row,
// and nothing but that failure is recorded for them (no values, no
// selected features); gsbench run exits 1.
func TestRunTruncatedNPY(t *testing.T) {
	dir := t.TempDir()
	npy := filepath.Join(dir, "x.npy")
	if code, out, errs := execOut("info", "--data", "qmrfs-table01", "--data-param", "shape=uscensus1990", "--data-param", "n_samples=2000", "--write-npy", npy); code != 0 {
		t.Fatalf("info --write-npy: %s %s", out, errs)
	}
	fi, _ := os.Stat(npy)
	os.Truncate(npy, fi.Size()-8*68*100-8) // row 1899 is cut
	cfg := filepath.Join(dir, "c.yaml")
	os.WriteFile(cfg, []byte("name: c\ndatasets: [{name: x.npy}]\nmethods: [{name: qmrfs}]\nmetrics: [n_selected, time]\n"), 0o644)
	code, out, errs := execOut("run", cfg, "--out", dir, "--progress", "none")
	if code != 1 || !strings.Contains(out+errs, "x.npy") || !strings.Contains(out+errs, "row 1899 (0-based) is the first incomplete one") {
		t.Errorf("exit %d:\n%s\n%s", code, out, errs)
	}
	b, err := os.ReadFile(filepath.Join(dir, "c", "cells.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	var cell map[string]any
	if err := json.Unmarshal(b, &cell); err != nil {
		t.Fatalf("%v: %s", err, b)
	}
	if cell["status"] != "failed" || cell["values"] != nil || cell["selected"] != nil || !strings.Contains(cell["error"].(string), "row 1899") {
		t.Errorf("recorded: %s", b)
	}
}
