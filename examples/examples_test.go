package examples

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"gonum.org/v1/gonum/mat"

	"github.com/gsbench/gsbench/datasets"
	"github.com/gsbench/gsbench/experiments"
	"github.com/gsbench/gsbench/experiments/cells"
	"github.com/gsbench/gsbench/experiments/run"
	"github.com/gsbench/gsbench/internal/testutil"
	"github.com/gsbench/gsbench/methods"
)

// runExample runs a config of this directory from the repository root (the
// commands name their scripts from there) and returns its cells by method
// label and repetition, and the results directory.
func runExample(t *testing.T, config string) (map[string]map[int]*cells.Cell, string) {
	t.Helper()
	t.Chdir("..")
	c, err := experiments.Load(config)
	if err != nil {
		t.Fatal(err)
	}
	dir := filepath.Join(t.TempDir(), "results")
	if _, err := experiments.Run(context.Background(), c, run.Options{Dir: dir, Jobs: 2}); err != nil {
		t.Fatal(err)
	}
	cs, _, err := cells.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	by := map[string]map[int]*cells.Cell{}
	for _, c := range cs {
		if !c.OK() {
			t.Errorf("%s rep %d failed: %s", c.Method, c.Rep, c.Error)
		}
		if c.Protocol != "pipeline" { // the examples fit every method inside the folds
			t.Errorf("%s rep %d: protocol %q, want pipeline", c.Method, c.Rep, c.Protocol)
		}
		if by[c.Method] == nil {
			by[c.Method] = map[int]*cells.Cell{}
		}
		by[c.Method][c.Rep] = c
	}
	return by, dir
}

// checkProvenance checks that every cell of the method recorded the
// command and the SHA-256 of its script in the results' journals.
func checkProvenance(t *testing.T, dir, command, script string, cellsWant int) {
	t.Helper()
	b, err := os.ReadFile(script)
	if err != nil {
		t.Fatal(err)
	}
	sum := sha256.Sum256(b)
	want := `"report":{"command":"` + command + `","files":{"` + script + `":"sha256:` + hex.EncodeToString(sum[:]) + `"}`
	journals, _ := filepath.Glob(filepath.Join(dir, "cells", "*.jsonl"))
	found := 0
	for _, j := range journals {
		b, err := os.ReadFile(j)
		if err != nil {
			t.Fatal(err)
		}
		found += strings.Count(string(b), want)
	}
	if found != cellsWant {
		t.Errorf("%d journal lines record %s, want %d", found, want, cellsWant)
	}
}

// TestPythonPCA runs examples/python/pca-vs-gfs.yaml: PCA in Python gives
// gsbench's PCA accuracies, and transforms new rows as gsbench's PCA does.
func TestPythonPCA(t *testing.T) {
	py := testutil.NumPy(t)
	t.Setenv("PATH", filepath.Dir(py)+string(os.PathListSeparator)+os.Getenv("PATH")) // "python3" in the config is that one
	by, dir := runExample(t, "examples/python/pca-vs-gfs.yaml")
	if len(by["NumPy PCA"]) != 2 || len(by["PCA"]) != 2 {
		t.Fatalf("cells by method: %v", by)
	}
	for rep, np := range by["NumPy PCA"] {
		ref, gfs := by["PCA"][rep], by["GFS"][rep]
		if np.NFeatures != gfs.NFeatures || ref.NFeatures != gfs.NFeatures || np.K != gfs.NFeatures {
			t.Errorf("rep %d: NumPy PCA %d features (k %d), PCA %d, GFS %d", rep, np.NFeatures, np.K, ref.NFeatures, gfs.NFeatures)
		}
		a, b := float64(np.Values["svm_accuracy"]), float64(ref.Values["svm_accuracy"])
		if math.Abs(a-b) > 1e-12 || a < 0.5 {
			t.Errorf("rep %d: SVM accuracy %v with NumPy PCA, %v with PCA", rep, a, b)
		}
	}
	checkProvenance(t, dir, "python3 examples/python/pca.py", "examples/python/pca.py", 2)

	// The apply protocol: fitted on 400 rows, both transform 100 others alike.
	ds, err := datasets.Generate("journal-gfs-uffs", methods.Params{"n_samples": 500}, 7)
	if err != nil {
		t.Fatal(err)
	}
	train, test := ds.X.Slice(0, 400, 0, 30).(*mat.Dense), ds.X.Slice(400, 500, 0, 30).(*mat.Dense)
	var Z [2]*mat.Dense
	for i, p := range []methods.Params{{"k": 6}, {"k": 6, "command": "python3 examples/python/pca.py"}} {
		name := map[bool]string{false: "pca", true: "external-extract"}[i == 1]
		m, err := methods.New(name, p)
		if err != nil {
			t.Fatal(err)
		}
		if err := m.Fit(mat.DenseCopyOf(train), nil); err != nil {
			t.Fatal(err)
		}
		if Z[i], err = m.(methods.Extractor).Transform(mat.DenseCopyOf(test)); err != nil {
			t.Fatal(err)
		}
		if r, ok := m.(methods.Reporter); ok && i == 1 && r.Report()["runs"] != 2 {
			t.Errorf("the transform of new rows took %v runs of the command, want 2 (fit, apply)", r.Report()["runs"])
		}
	}
	if r, c := Z[1].Dims(); r != 100 || c != 6 || !mat.EqualApprox(Z[0], Z[1], 1e-10) {
		t.Errorf("test-row features differ: pca\n%v\nNumPy\n%v", mat.Formatted(Z[0].Slice(0, 2, 0, 6)), mat.Formatted(Z[1].Slice(0, min(2, r), 0, min(6, c))))
	}
}

// TestAwkFisher runs examples/awk/fisher-vs-gfs.yaml: the Fisher score in
// awk selects the columns gsbench's fisher selects.
func TestAwkFisher(t *testing.T) {
	by, dir := runExample(t, "examples/awk/fisher-vs-gfs.yaml")
	if len(by["awk Fisher"]) != 2 || len(by["Fisher"]) != 2 {
		t.Fatalf("cells by method: %v", by)
	}
	for rep, awk := range by["awk Fisher"] {
		ref := by["Fisher"][rep]
		if len(awk.Selected) == 0 || len(awk.Selected) != by["GFS"][rep].NFeatures || !slices.Equal(awk.Selected, ref.Selected) {
			t.Errorf("rep %d: awk selected %v, fisher %v", rep, awk.Selected, ref.Selected)
		}
		if awk.Values["svm_accuracy"] != ref.Values["svm_accuracy"] {
			t.Errorf("rep %d: SVM accuracy %v (awk), %v (fisher)", rep, awk.Values["svm_accuracy"], ref.Values["svm_accuracy"])
		}
	}
	checkProvenance(t, dir, "awk -f examples/awk/fisher.awk", "examples/awk/fisher.awk", 2)
}

// TestFailedCells: a command that fails, times out or answers nonsense
// gives a failed cell whose error ends with the command's standard error;
// the other cells of the run are computed.
func TestFailedCells(t *testing.T) {
	c, err := experiments.Parse("fail.yaml", []byte(`name: fail
datasets: [{name: journal-gfr, params: {n_samples: 80}}]
methods:
  - {name: gfs, label: GFS, params: {family: "multilinear:1", eps2: 0.01}}
  - {name: external-select, label: crash, params: {command: "echo 'ValueError: no convergence' >&2; exit 1; true"}}
  - {name: external-select, label: slow, params: {command: "echo 'epoch 1' >&2; sleep 20; true", timeout: 200ms}}
  - {name: external-extract, label: nan, params: {command: "f() { echo '{\"features\": [NaN]}' > $1/result.json; }; f"}}
metrics: [n_selected]
`))
	if err != nil {
		t.Fatal(err)
	}
	dir := filepath.Join(t.TempDir(), "results")
	_, err = experiments.Run(context.Background(), c, run.Options{Dir: dir, Jobs: 2})
	if !errors.Is(err, run.ErrCellsFailed) {
		t.Fatalf("Run: %v, want %v", err, run.ErrCellsFailed)
	}
	cs, _, err := cells.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	want := map[string][]string{
		"GFS":   nil,
		"crash": {"exit status 1", "ValueError: no convergence"},
		"slow":  {"timeout of 200ms", "epoch 1"},
		"nan":   {"result.json", "no NaN"},
	}
	for _, c := range cs {
		w, known := want[c.Method]
		switch {
		case !known:
			t.Errorf("unexpected cell %s", c.Method)
		case w == nil && !c.OK():
			t.Errorf("%s failed: %s", c.Method, c.Error)
		case w != nil && (c.OK() || !containsAll(c.Error, w)):
			t.Errorf("%s: status %s, error %q; want a failure saying %q", c.Method, c.Status, c.Error, w)
		}
		delete(want, c.Method)
	}
	if len(want) > 0 {
		t.Errorf("no cells for %v", want)
	}
}

func containsAll(s string, subs []string) bool {
	for _, sub := range subs {
		if !strings.Contains(s, sub) {
			return false
		}
	}
	return true
}

// TestCanceledRun: canceling a run (Ctrl-C) kills a running command and
// every process it started, at once, and leaves no cell for it.
func TestCanceledRun(t *testing.T) {
	pidFile := filepath.Join(t.TempDir(), "pid")
	c, err := experiments.Parse("cancel.yaml", []byte(`name: cancel
datasets: [{name: journal-gfr, params: {n_samples: 60}}]
methods:
  - {name: external-select, params: {command: "sleep 60 & echo $! > `+pidFile+`; wait; true"}}
metrics: [n_selected]
`))
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	go func() { // cancel once the command has started its child
		for range 500 {
			if _, err := os.Stat(pidFile); err == nil {
				break
			}
			time.Sleep(10 * time.Millisecond)
		}
		cancel()
	}()
	dir := filepath.Join(t.TempDir(), "results")
	start := time.Now()
	sum, err := experiments.Run(ctx, c, run.Options{Dir: dir})
	if !errors.Is(err, context.Canceled) || sum == nil || !sum.Canceled || sum.Ran != 0 {
		t.Fatalf("Run: %v, summary %+v; want context.Canceled and no cell", err, sum)
	}
	if el := time.Since(start); el > 20*time.Second {
		t.Errorf("the run took %v to stop", el)
	}
	b, err := os.ReadFile(pidFile)
	if err != nil {
		t.Fatal(err)
	}
	pid, _ := strconv.Atoi(strings.TrimSpace(string(b)))
	for deadline := time.Now().Add(5 * time.Second); ; time.Sleep(20 * time.Millisecond) {
		stat, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
		if err != nil || strings.Fields(string(stat))[2] == "Z" {
			break
		}
		if time.Now().After(deadline) {
			syscall.Kill(pid, syscall.SIGKILL)
			t.Fatalf("the command's child %d survived the canceled run", pid)
		}
	}
}
