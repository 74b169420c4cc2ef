package experiments

import (
	"context"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/gsbench/gsbench/experiments/run"
)

// runConfig has cells whose results depend on their seeds (exptest-pick
// picks seeded random columns), matched cells, repetitions, a sweep, two
// preprocessings and every output kind.
const runConfig = `name: r
seed: 11
repetitions: 3
datasets:
  - name: journal-gfr
    label: synth
    params: {n_samples: [40, 60], n_independent: 4, n_products: 3}
    preprocess: [none, standardize]
methods:
  - {name: exptest-pick, label: Pick, params: {k: [1, 3]}}
  - {name: exptest-proj, label: Proj, match: Pick}
metrics: [n_selected, residual_variance, svm_accuracy]
tables:
  - name: acc
    rows: method
    columns: [n_samples, k]
    value: svm_accuracy
    scale: 100
    format: "{mean:.2f} ± {std:.2f} (n={n})"
    split: preprocess
    best: max
  - name: ratio
    value: svm_accuracy
    rows: numerator.preprocess
    columns: denominator.preprocess
    ratio: {numerator: {method: Proj}, denominator: {method: Pick}}
    format: "{mean:.4f}"
figures:
  - {name: acc, kind: line, x: n_samples, y: svm_accuracy, series: method, scale: 100}
  - {name: box, kind: box, x: method, y: residual_ratio, series: preprocess}
  - {name: hist, kind: histogram, x: n_selected, series: method, split: preprocess}
`

// TestShardsAndJobs: the cells of one run with one worker, of a run with
// three workers and of three shards merged are the same bytes.
func TestShardsAndJobs(t *testing.T) {
	dir := t.TempDir()
	c := writeConfig(t, dir, "r", runConfig)
	one := filepath.Join(dir, "one")
	s := mustRun(t, c, run.Options{Dir: one, Jobs: 1})
	if s.Ran != 48 || !s.Rendered || len(s.Failed) != 0 {
		t.Fatalf("summary %+v", s)
	}
	many := filepath.Join(dir, "many")
	mustRun(t, c, run.Options{Dir: many, Jobs: 3})
	want := outputs(t, one)
	for _, f := range []string{"cells.csv", "cells.jsonl", "tables/acc.md", "tables/acc.tex", "tables/ratio.md", "figures/acc.png", "figures/acc.svg", "figures/box.svg", "figures/hist-none.png", "figures/hist-standardize.svg", "README.md"} {
		if len(want[f]) == 0 {
			t.Errorf("output %s missing or empty", f)
		}
	}
	sameOutputs(t, "jobs 1 vs 3", want, outputs(t, many))

	var shardDirs []string
	total := 0
	for i := 1; i <= 3; i++ {
		d := filepath.Join(dir, "shard", string(rune('0'+i)))
		shardDirs = append(shardDirs, d)
		s := mustRun(t, c, run.Options{Dir: d, Jobs: 2, Shard: run.Shard{I: i, N: 3}})
		if s.Rendered || s.Missing == 0 {
			t.Errorf("shard %d alone rendered outputs (missing %d)", i, s.Missing)
		}
		total += s.InShard
	}
	if total != 48 {
		t.Errorf("the shards ran %d cells, want 48", total)
	}
	merged := filepath.Join(dir, "merged")
	ms, err := Merge(merged, shardDirs)
	if err != nil || ms.Missing != 0 {
		t.Fatalf("merge: %v, %+v", err, ms)
	}
	sameOutputs(t, "one run vs 3 shards merged", want, outputs(t, merged))

	// Shards writing to one shared directory render when the last finishes.
	shared := filepath.Join(dir, "shared")
	for i := 1; i <= 3; i++ {
		s := mustRun(t, c, run.Options{Dir: shared, Shard: run.Shard{I: i, N: 3}})
		if s.Rendered != (i == 3) {
			t.Errorf("shared shard %d: rendered %v", i, s.Rendered)
		}
	}
	sameOutputs(t, "one run vs 3 shards in one directory", want, outputs(t, shared))
	var info run.RunInfo
	b, _ := os.ReadFile(filepath.Join(shared, "run.json"))
	if err := json.Unmarshal(b, &info); err != nil || len(info.Shards) != 3 || info.Cells.Ran != 48 || info.MethodSeconds["Pick"] <= 0 {
		t.Errorf("merged run.json: %v %+v", err, info)
	}
}

// TestResume: a run canceled after some cells keeps them; the next run
// computes only the rest and ends with the outputs of an uninterrupted run.
func TestResume(t *testing.T) {
	dir := t.TempDir()
	c := writeConfig(t, dir, "r", runConfig)
	ref := filepath.Join(dir, "ref")
	mustRun(t, c, run.Options{Dir: ref, Jobs: 2})

	res := filepath.Join(dir, "res")
	ctx, cancel := context.WithCancel(context.Background())
	var seen atomic.Int32
	s, err := Run(ctx, c, run.Options{Dir: res, Jobs: 2, Progress: func(p run.Progress) {
		if p.Done >= 10 && seen.Add(1) == 1 {
			cancel()
		}
	}})
	if !errors.Is(err, context.Canceled) || !s.Canceled || s.Rendered {
		t.Fatalf("canceled run: err %v, summary %+v", err, s)
	}
	journals, _ := filepath.Glob(filepath.Join(res, "cells", "*.jsonl"))
	if len(journals) != 1 {
		t.Fatalf("%d journals after one run", len(journals))
	}
	b, _ := os.ReadFile(journals[0])
	lines := strings.SplitAfter(strings.TrimSuffix(string(b), "\n"), "\n")
	stored := len(lines)
	if stored < 10 || stored >= 48 {
		t.Fatalf("%d cells stored after canceling at 10", stored)
	}
	// A kill in the middle of a write leaves a cut line: that cell is run again.
	last := lines[len(lines)-1]
	os.WriteFile(journals[0], []byte(strings.Join(lines[:len(lines)-1], "")+last[:len(last)/2]), 0o644)
	// A temporary file left by a kill is ignored and cleaned.
	os.WriteFile(filepath.Join(res, "cells", ".x.jsonl.tmp123"), []byte("{"), 0o644)

	s2 := mustRun(t, c, run.Options{Dir: res, Jobs: 2})
	if s2.Resumed != stored-1 || s2.Ran != 48-s2.Resumed {
		t.Errorf("resumed %d, ran %d; want %d and %d", s2.Resumed, s2.Ran, stored-1, 48-stored+1)
	}
	sameOutputs(t, "uninterrupted vs resumed", outputs(t, ref), outputs(t, res))
	if _, err := os.Stat(filepath.Join(res, "cells", ".x.jsonl.tmp123")); err == nil {
		t.Error("temporary file not cleaned")
	}
	if j, _ := filepath.Glob(filepath.Join(res, "cells", "*.jsonl")); len(j) != 1 {
		t.Errorf("%d journals after a complete run; want them compacted to 1", len(j))
	}
	// Nothing left to do: the third run computes nothing.
	if s3 := mustRun(t, c, run.Options{Dir: res}); s3.Ran != 0 || s3.Resumed != 48 {
		t.Errorf("third run: %+v", s3)
	}
	// --fresh recomputes everything, to the same bytes.
	if s4 := mustRun(t, c, run.Options{Dir: res, Fresh: true}); s4.Ran != 48 {
		t.Errorf("fresh run computed %d cells", s4.Ran)
	}
	sameOutputs(t, "uninterrupted vs fresh", outputs(t, ref), outputs(t, res))
}

// TestFailingCells: a method that fails, panics or modifies its input on
// some cells is reported; every other cell completes; matched cells of a
// failed cell fail with a clear reason; the next run retries failures.
func TestFailingCells(t *testing.T) {
	dir := t.TempDir()
	c := writeConfig(t, dir, "f", `name: f
datasets:
  - name: journal-gfr
    params: {n_samples: [40, 60], n_independent: 3, n_products: 1}
methods:
  - {name: exptest-pick, label: Failing, params: {k: 2, fail_rows: 60}}
  - {name: exptest-pick, label: Panics, params: {k: 1, panic: true}}
  - {name: exptest-pick, label: Mutates, params: {k: 3, mutate: true}}
  - {name: exptest-pick, label: Good, params: {k: 2}}
  - {name: exptest-proj, label: Matched, match: Failing}
metrics: [n_selected]
tables:
  - {name: t, rows: method, columns: n_samples, value: n_selected}
`)
	s, err := Run(context.Background(), c, run.Options{Dir: filepath.Join(dir, "out"), Jobs: 2})
	if !errors.Is(err, run.ErrCellsFailed) {
		t.Fatalf("error %v, want run.ErrCellsFailed", err)
	}
	reasons := map[string]string{}
	for _, f := range s.Failed {
		reasons[f.What] = f.Error
	}
	for what, want := range map[string]string{
		"Failing{fail_rows=60,k=2} on journal-gfr{n_independent=3,n_products=1,n_samples=60} rep 0":                    "asked to fail on 60 rows",
		"Panics{k=1,panic=true} on journal-gfr{n_independent=3,n_products=1,n_samples=40} rep 0":                       "panic: pick: asked to panic",
		"Mutates{k=3,mutate=true} on journal-gfr{n_independent=3,n_products=1,n_samples=40} rep 0":                     "modified its input matrix",
		"Matched matched to Failing{fail_rows=60,k=2} on journal-gfr{n_independent=3,n_products=1,n_samples=60} rep 0": "the cell it is matched to failed: pick: asked to fail on 60 rows",
	} {
		if !strings.Contains(reasons[what], want) {
			t.Errorf("failure of %q: %q, want %q (failures: %v)", what, reasons[what], want, reasons)
		}
	}
	if len(s.Failed) != 6 || s.Ran != 10 || !s.Rendered {
		t.Errorf("%d failed, %d ran, rendered %v; want 6, 10, true", len(s.Failed), s.Ran, s.Rendered)
	}
	table, _ := os.ReadFile(filepath.Join(dir, "out", "tables", "t.md"))
	if !strings.Contains(string(table), "| Good | 2 | 2 |") || !strings.Contains(string(table), "| Failing | 2 | — |") {
		t.Errorf("table:\n%s", table)
	}
	csv, _ := os.ReadFile(filepath.Join(dir, "out", "cells.csv"))
	if !strings.Contains(string(csv), ",failed,,,pick: asked to fail on 60 rows") {
		t.Errorf("cells.csv lacks the failed cell:\n%s", csv)
	}
	// Failed cells are tried again.
	s2, _ := Run(context.Background(), c, run.Options{Dir: filepath.Join(dir, "out")})
	if s2.Ran != 6 || s2.Resumed != 4 {
		t.Errorf("second run: ran %d, resumed %d; want 6, 4", s2.Ran, s2.Resumed)
	}
}

// TestReport: report re-renders from stored cells, and a changed layout
// (a new config with other tables) reuses every cell.
func TestReport(t *testing.T) {
	dir := t.TempDir()
	c := writeConfig(t, dir, "r", runConfig)
	out := filepath.Join(dir, "out")
	mustRun(t, c, run.Options{Dir: out})
	want := outputs(t, out)
	os.RemoveAll(filepath.Join(out, "tables"))
	os.Remove(filepath.Join(out, "cells.csv"))
	if s, err := Report(out, ReportOptions{}); err != nil || s.Missing != 0 {
		t.Fatalf("report: %v %+v", err, s)
	}
	sameOutputs(t, "run vs report", want, outputs(t, out))

	relaid := writeConfig(t, dir, "r2", strings.Replace(runConfig, "rows: method\n    columns: [n_samples, k]", "rows: [n_samples, k]\n    columns: method", 1))
	if s, err := Report(out, ReportOptions{Config: relaid}); err != nil || s.Missing != 0 {
		t.Fatalf("report with a new layout: %v %+v", err, s)
	}
	md, _ := os.ReadFile(filepath.Join(out, "tables", "acc.md"))
	if !strings.HasPrefix(strings.Split(string(md), "\n")[4], "| n_samples | k \\\\ method | Pick | Proj |") {
		t.Errorf("relaid table:\n%s", md)
	}
}
