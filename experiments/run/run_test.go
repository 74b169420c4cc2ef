package run

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gsbench/gsbench/experiments/cells"
	"github.com/gsbench/gsbench/experiments/config"
	_ "github.com/gsbench/gsbench/experiments/internal/exptest" // the stand-in methods exptest-pick and exptest-proj
	"github.com/gsbench/gsbench/internal/memory"
)

// writeConfig writes a config into dir and loads it.
func writeConfig(t testing.TB, dir, name, text string) *config.Config {
	t.Helper()
	path := filepath.Join(dir, name+".yaml")
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	c, err := config.Load(path)
	if err != nil {
		t.Fatalf("config %s:\n%v", name, err)
	}
	return c
}

// mustRun runs c and fails the test on an error.
func mustRun(t testing.TB, c *config.Config, opt Options) *Summary {
	t.Helper()
	s, err := Run(context.Background(), c, opt)
	if err != nil {
		t.Fatalf("run %s: %v", c.Name, err)
	}
	return s
}

// Without Options.Render a run stores its cells (journals, config.yaml,
// run.json) and renders nothing; the next run resumes every cell, and
// Render is called once the plan is complete.
func TestRunStoresCells(t *testing.T) {
	dir := t.TempDir()
	c := writeConfig(t, dir, "s", `name: s
repetitions: 3
datasets: [{name: journal-gfr, params: {n_samples: 30, n_independent: 4, n_products: 1}}]
methods: [{name: exptest-pick, params: {k: [1, 2]}}]
metrics: [n_selected]
`)
	out := filepath.Join(dir, "out")
	s := mustRun(t, c, Options{Dir: out, Jobs: 2})
	if s.Ran != 6 || s.Rendered || s.Missing != 0 {
		t.Fatalf("summary %+v", s)
	}
	for _, f := range []string{"config.yaml", "run.json"} {
		if _, err := os.Stat(filepath.Join(out, f)); err != nil {
			t.Errorf("%s: %v", f, err)
		}
	}
	if _, err := os.Stat(filepath.Join(out, "cells.csv")); err == nil {
		t.Error("cells.csv written without Render")
	}
	var rendered []*Result
	s = mustRun(t, c, Options{Dir: out, Render: func(d string, p *Plan, results []*Result) error {
		if d != out || len(results) != len(p.Cells) {
			t.Errorf("Render(%s, %d cells, %d results)", d, len(p.Cells), len(results))
		}
		rendered = results
		return nil
	}})
	if s.Ran != 0 || s.Resumed != 6 || !s.Rendered || len(rendered) != 6 {
		t.Fatalf("second run: %+v", s)
	}
	stored, err := LoadResults(out, s.Plan)
	if err != nil {
		t.Fatal(err)
	}
	records := s.Plan.Records(stored)
	for i, r := range records {
		if r.ID != s.Plan.Cells[i].ID || !r.OK() || float64(r.Values["n_selected"]) != float64(s.Plan.Cells[i].Params["k"].(int)) {
			t.Errorf("record %d: %+v", i, r)
		}
	}
}

// TestMatchAndData: a matched method gets k from its target on the same
// data; every method of a repetition sees the same data, repetitions differ.
func TestMatchAndData(t *testing.T) {
	dir := t.TempDir()
	c := writeConfig(t, dir, "m", `name: m
repetitions: 2
datasets:
  - name: journal-gfr
    params: {n_samples: 30, n_independent: 5, n_products: 2}
methods:
  - {name: exptest-pick, label: A, params: {k: [2, 4]}}
  - {name: exptest-proj, label: B, match: A}
  - {name: exptest-proj, label: C, params: {k: 7}}
metrics: [n_selected, residual_variance]
`)
	out := filepath.Join(dir, "out")
	s := mustRun(t, c, Options{Dir: out})
	res, err := LoadResults(out, s.Plan)
	if err != nil {
		t.Fatal(err)
	}
	var ratios = map[int][]float64{}
	for i, cell := range s.Plan.Cells {
		r := res[i]
		if cell.Target != nil {
			target := res[cell.Target.Index]
			if r.K != target.NFeatures || r.NFeatures != r.K || float64(r.Values["n_selected"]) != float64(r.K) {
				t.Errorf("%s: k %d, n %d; target selected %d", cell.Describe(), r.K, r.NFeatures, target.NFeatures)
			}
		}
		if cell.Method.Label == "A" {
			ratios[cell.Instance.Rep] = append(ratios[cell.Instance.Rep], float64(r.Trace[0]))
		}
		if cell.Method.Label == "C" && r.NFeatures != 7 {
			t.Errorf("C produced %d features", r.NFeatures)
		}
	}
	// Cells of one repetition share the draw: the seeded picks differ by
	// k only, but the data must differ between repetitions.
	inst := map[int]uint64{}
	for _, cell := range s.Plan.Cells {
		if prev, ok := inst[cell.Instance.Rep]; ok && prev != cell.Instance.Seed {
			t.Errorf("two data seeds in repetition %d", cell.Instance.Rep)
		}
		inst[cell.Instance.Rep] = cell.Instance.Seed
	}
	if inst[0] == inst[1] {
		t.Error("repetitions share a data seed")
	}
}

// Two runs into one results directory do not both compute everything
// (issue 20): while a run holds the directory, a second unsharded run, or
// a shard, exits at once naming it; shards of one N share the directory.
func TestConcurrentRunsExclude(t *testing.T) {
	dir := t.TempDir()
	c := writeConfig(t, dir, "busy", `name: busy
datasets: [{name: journal-gfr, params: {n_samples: 30, n_independent: 4, n_products: 1}}]
methods: [{name: exptest-pick, params: {k: 1, sleep_ms: 400}}]
metrics: [n_selected]
`)
	out := filepath.Join(dir, "out")
	if err := os.MkdirAll(filepath.Join(out, "cells"), 0o755); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		first, second Shard
		conflict      bool
	}{
		{Shard{}, Shard{}, true},
		{Shard{}, Shard{1, 2}, true},
		{Shard{1, 2}, Shard{}, true},
		{Shard{1, 2}, Shard{1, 2}, true},
		{Shard{1, 2}, Shard{2, 2}, false},
	} {
		release, err := claim(out, tc.first)
		if err != nil {
			t.Fatal(err)
		}
		_, err = Run(context.Background(), c, Options{Dir: out, Shard: tc.second})
		if got := err != nil && strings.Contains(err.Error(), "is in use by another gsbench run"); got != tc.conflict {
			t.Errorf("%v holding, %v running: error %v, want conflict %v", tc.first, tc.second, err, tc.conflict)
		}
		release()
	}
}

// TestPipelineProtocol: under protocol: pipeline the SVM accuracy fits the
// method inside each training fold. On features unrelated to the labels,
// Fisher score fitted on all rows has seen the test labels and scores well
// above chance, fitted in the folds it does not; the cells say which
// protocol made them, the time metric adds the fold fits, and cells of the
// default protocol keep their metrics hash.
func TestPipelineProtocol(t *testing.T) {
	dir := t.TempDir()
	rng := rand.New(rand.NewPCG(7, 7))
	var csv strings.Builder
	for i := range 60 {
		for range 200 {
			fmt.Fprintf(&csv, "%.4f,", rng.NormFloat64())
		}
		fmt.Fprintf(&csv, "%d\n", i%2)
	}
	data := filepath.Join(dir, "noise.csv")
	if err := os.WriteFile(data, []byte(csv.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	const text = `name: %s
%sdatasets: [{name: noise.csv, params: {label_col: last}}]
methods: [{name: fisher, params: {k: 10}}]
metrics: [svm_accuracy, time]
`
	accuracy := map[string]float64{}
	for _, protocol := range []string{"all-rows", "pipeline"} {
		key := ""
		if protocol == "pipeline" {
			key = "protocol: pipeline\n"
		}
		c := writeConfig(t, dir, protocol, fmt.Sprintf(text, protocol, key))
		out := filepath.Join(dir, protocol)
		s := mustRun(t, c, Options{Dir: out})
		stored, err := LoadResults(out, s.Plan)
		if err != nil {
			t.Fatal(err)
		}
		r := s.Plan.Records(stored)[0]
		accuracy[protocol] = float64(r.Values["svm_accuracy"])
		_, folds := r.Values["fold_fit_time"]
		if want := map[string]string{"all-rows": "", "pipeline": "pipeline"}[protocol]; r.Protocol != want || folds != (protocol == "pipeline") {
			t.Errorf("%s: cell protocol %q (want %q), fold_fit_time recorded: %v", protocol, r.Protocol, want, folds)
		}
	}
	if !(accuracy["all-rows"] > accuracy["pipeline"]+0.1 && accuracy["pipeline"] < 0.65) {
		t.Errorf("accuracy %.3f fitted on all rows, %.3f in the folds: want the leak to show", accuracy["all-rows"], accuracy["pipeline"])
	}
	// The default protocol, written or not, keeps the cells' metrics hash.
	a := writeConfig(t, dir, "a", fmt.Sprintf(text, "a", ""))
	b := writeConfig(t, dir, "b", fmt.Sprintf(text, "a", "protocol: all-rows\n"))
	p := writeConfig(t, dir, "p", fmt.Sprintf(text, "a", "protocol: pipeline\n"))
	if metricsHash(a) != metricsHash(b) || metricsHash(a) == metricsHash(p) {
		t.Errorf("metrics hashes %s (default), %s (all-rows), %s (pipeline)", metricsHash(a), metricsHash(b), metricsHash(p))
	}
}

// TestShuffledFoldsShared: with shuffle: true, every method of one data draw
// is scored on the same folds (the shuffle derives from the data instance,
// not the cell). Two methods giving the same features in another column
// order (an RBF SVM does not see the order) then have the same per-fold
// accuracies, while another repetition of the data draws other folds.
func TestShuffledFoldsShared(t *testing.T) {
	dir := t.TempDir()
	rng := rand.New(rand.NewPCG(3, 3))
	var csv strings.Builder
	for i := range 90 {
		y := i % 3
		for j := range 6 {
			fmt.Fprintf(&csv, "%.4f,", rng.NormFloat64()+0.6*float64(y*(j%2)))
		}
		fmt.Fprintf(&csv, "%d\n", y)
	}
	if err := os.WriteFile(filepath.Join(dir, "blobs.csv"), []byte(csv.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	c := writeConfig(t, dir, "folds", `name: folds
seed: 5
repetitions: 2
datasets: [{name: blobs.csv, params: {label_col: last}}]
methods:
  - {name: exptest-proj, label: first six, params: {k: 6}}
  - {name: exptest-pick, label: shuffled six, params: {k: 6, seed: [1, 2]}}
metrics: [{name: svm_accuracy, params: {shuffle: true}}]
`)
	out := filepath.Join(dir, "out")
	s := mustRun(t, c, Options{Dir: out})
	stored, err := LoadResults(out, s.Plan)
	if err != nil {
		t.Fatal(err)
	}
	byRep := map[int][][2]float64{}
	for _, r := range s.Plan.Records(stored) {
		byRep[r.Rep] = append(byRep[r.Rep], [2]float64{float64(r.Values["svm_accuracy"]), float64(r.Values["svm_accuracy_std"])})
	}
	for rep, vs := range byRep {
		if len(vs) != 3 {
			t.Fatalf("repetition %d: %d cells, want 3", rep, len(vs))
		}
		for _, v := range vs[1:] {
			if v != vs[0] {
				t.Errorf("repetition %d: accuracy (mean, std) %v and %v: the methods were not scored on the same folds", rep, vs[0], v)
			}
		}
	}
	if byRep[0][0] == byRep[1][0] {
		t.Errorf("repetitions 0 and 1 have the same accuracy %v: want new folds for a new draw", byRep[0][0])
	}
}

// TestSupervisedBadInput: in a config, a supervised method on a dataset
// without labels, a k larger than d and a depth whose subsets do not fit in
// memory each fail their cell with the reason (no value, nothing recorded
// as ok); the run reports the failures, and the cells that can run do.
func TestSupervisedBadInput(t *testing.T) {
	dir := t.TempDir()
	rng := rand.New(rand.NewPCG(18, 1))
	var csv strings.Builder
	for i := range 40 {
		for j := range 300 {
			fmt.Fprintf(&csv, "%.3f,", rng.NormFloat64()+float64(i%2*(j%3)))
		}
		fmt.Fprintf(&csv, "%d\n", i%2)
	}
	if err := os.WriteFile(filepath.Join(dir, "wide.csv"), []byte(csv.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	defer func(old int64) { memory.Limit = old }(memory.Limit)
	memory.Limit = 32 << 20
	c := writeConfig(t, dir, "bad", `name: bad
protocol: pipeline
datasets:
  - {name: wide.csv, label: labelled, params: {label_col: last}}
  - {name: wide.csv, label: unlabelled, params: {label_col: none}}
methods:
  - {name: relieff, label: ok, params: {k: 5}, datasets: [labelled]}
  - {name: relieff, label: no labels, params: {k: 5}, datasets: [unlabelled]}
  - {name: mrmr, label: k > d, params: {k: 301}, datasets: [labelled]}
  - {name: sffs, label: too deep, params: {depth: 3, k: 5}, datasets: [labelled]}
metrics: [n_selected, svm_accuracy]
`)
	out := filepath.Join(dir, "out")
	s, err := Run(context.Background(), c, Options{Dir: out})
	if !errors.Is(err, ErrCellsFailed) || len(s.Failed) != 3 {
		t.Fatalf("run: error %v, %d failures; want 3 failed cells", err, len(s.Failed))
	}
	stored, err := LoadResults(out, s.Plan)
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]string{
		"ok":        "",
		"no labels": "method relieff uses class labels, but dataset unlabelled has none",
		"k > d":     "mrmr: k = 301 features to select, but the data has 300",
		"too deep":  "sffs: the measures of the 4500250 subsets of at most 3 of 300 features would need about 52.8 MiB of memory, but only 32.0 MiB is available",
	}
	for _, r := range s.Plan.Records(stored) {
		w, ok := want[r.Method]
		if !ok {
			t.Fatalf("unexpected cell %s", r.Method)
		}
		delete(want, r.Method)
		if w == "" {
			if r.Status != cells.StatusOK || r.Values["svm_accuracy"] == 0 {
				t.Errorf("%s: status %s, values %v", r.Method, r.Status, r.Values)
			}
			continue
		}
		if r.Status != cells.StatusFailed || !strings.Contains(r.Error, w) || len(r.Values) != 0 {
			t.Errorf("%s: status %s, error %q, values %v; want failed with %q and no value", r.Method, r.Status, r.Error, r.Values, w)
		}
	}
	if len(want) > 0 {
		t.Errorf("cells missing: %v", want)
	}
}
