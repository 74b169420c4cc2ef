package run

import (
	"bytes"
	"context"
	"errors"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gsbench/gsbench/experiments/cells"
	"github.com/gsbench/gsbench/experiments/internal/exptest"
)

// shareConfig sweeps k for methods whose ranking ignores k (exptest-rank,
// LS, UDFS, NDFS with a seed; they share a fit), NDFS without a seed (each
// cell draws its own: no sharing) and PCA matched to LS; the SVM folds are
// shuffled and repeated, as the QMR-FS protocol does.
const shareConfig = `name: share
seed: 3
repetitions: 2
datasets: [{name: journal-gfr, params: {n_samples: 80, n_independent: 5, n_products: 2}}]
methods:
  - {name: exptest-rank, params: {k: [1, 2, 3], seed: 5}}
  - {name: ls, label: LS, params: {k: [1, 3, 6]}}
  - {name: udfs, params: {k: [2, 4], n_clusters: 2, max_iter: 20}}
  - {name: ndfs, params: {k: [2, 4], n_clusters: 2, max_iter: 20, seed: 1}}
  - {name: ndfs, label: NDFS own seeds, params: {k: [2, 4], n_clusters: 2, max_iter: 20}}
  - {name: pca, match: LS}
metrics: [n_selected, {name: svm_accuracy, params: {shuffle: true, repeats: 2}}, {name: kmeans_nmi, params: {seeds: 3}}]
`

// records runs c into dir and returns cells.jsonl as the run stores it.
func runJSONL(t *testing.T, dir string, text string, jobs int) ([]byte, *Summary) {
	t.Helper()
	c := writeConfig(t, dir, "share", text)
	s := mustRun(t, c, Options{Dir: filepath.Join(dir, "out"), Jobs: jobs})
	res, err := LoadResults(s.Dir, s.Plan)
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	cells.WriteJSONL(&b, s.Plan.Records(res))
	return b.Bytes(), s
}

// TestSharedFitsEqualRefits: the cells that share a fit give byte for byte
// the cells.jsonl of fitting every cell anew, with one fit per shared set.
func TestSharedFitsEqualRefits(t *testing.T) {
	exptest.RankFits.Store(0)
	shared, s := runJSONL(t, t.TempDir(), shareConfig, 2)
	if got := exptest.RankFits.Load(); got != 2 {
		t.Errorf("exptest-rank was fitted %d times for 2 repetitions x 3 values of k; want once per repetition", got)
	}
	sets := map[*SharedFit]bool{}
	for _, c := range s.Plan.Cells {
		switch {
		case c.Fit != nil:
			sets[c.Fit] = true
		case c.Method.Name != "pca" && c.Method.Label != "NDFS own seeds":
			t.Errorf("%s does not share a fit", c.Describe())
		}
		if c.Method.Label == "NDFS own seeds" && c.Fit != nil {
			t.Errorf("%s shares a fit, but its seed comes from its own key", c.Describe())
		}
		if c.Fit != nil && c.Group != c.Fit.Cells[0].Group {
			t.Errorf("%s is not in the shard group of its shared fit", c.Describe())
		}
		if c.Target != nil && c.Group != c.Target.Group {
			t.Errorf("%s is not in the shard group of the cell it is matched to", c.Describe())
		}
	}
	if len(sets) != 2*4 {
		t.Errorf("%d shared fits; want 8 (2 repetitions x 4 methods)", len(sets))
	}

	shareFits = false
	defer func() { shareFits = true }()
	exptest.RankFits.Store(0)
	refit, s2 := runJSONL(t, t.TempDir(), shareConfig, 2)
	if got := exptest.RankFits.Load(); got != 6 {
		t.Errorf("without sharing exptest-rank was fitted %d times; want 6", got)
	}
	for _, c := range s2.Plan.Cells {
		if c.Fit != nil {
			t.Fatalf("%s shares a fit with sharing off", c.Describe())
		}
	}
	if !bytes.Equal(shared, refit) {
		a, b := strings.Split(string(shared), "\n"), strings.Split(string(refit), "\n")
		for i := range min(len(a), len(b)) {
			if a[i] != b[i] {
				t.Fatalf("cells.jsonl differs at line %d:\nshared: %s\nrefit:  %s", i+1, a[i], b[i])
			}
		}
		t.Fatalf("cells.jsonl differs: %d and %d lines", len(a), len(b))
	}
}

// TestSharedFitFailureAndResume: when the shared fit fails, every cell
// sharing it fails with its error; a later run resumes the cells stored and
// fits once more for the cells still to do.
func TestSharedFitFailureAndResume(t *testing.T) {
	dir := t.TempDir()
	fail := strings.Replace(shareConfig, "{k: [1, 2, 3], seed: 5}", "{k: [1, 2, 3], seed: 5, fail_rows: 80}", 1)
	c := writeConfig(t, dir, "share", fail)
	_, err := Run(context.Background(), c, Options{Dir: filepath.Join(dir, "out"), Jobs: 2})
	if !errors.Is(err, ErrCellsFailed) {
		t.Fatalf("run: %v; want failed cells", err)
	}
	s, _ := Run(context.Background(), c, Options{Dir: filepath.Join(dir, "out"), Jobs: 1})
	if len(s.Failed) != 6 {
		t.Errorf("%d cells failed; want the 6 of exptest-rank", len(s.Failed))
	}
	for _, f := range s.Failed {
		if !strings.Contains(f.Error, "asked to fail on 80 rows") {
			t.Errorf("%s: %s", f.What, f.Error)
		}
	}
	if s.Ran != 6 {
		t.Errorf("the second run computed %d cells; want only the 6 failed ones", s.Ran)
	}
}
