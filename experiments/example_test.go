package experiments_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"

	"github.com/gsbench/gsbench/experiments"
	"github.com/gsbench/gsbench/experiments/run"
)

// A config is checked and expanded into cells before anything runs.
func ExampleParse() {
	cfg, err := experiments.Parse("example.yaml", []byte(`
name: example
seed: 1
repetitions: 2
datasets:
  - name: journal-gfr
    params: {n_samples: [200, 400], labels: ltf}
methods:
  - {name: gfs, label: GFS, params: {family: "multilinear:2", eps2: 0.1}}
  - {name: pca, label: PCA, match: GFS}
metrics: [n_selected, svm_accuracy]
tables:
  - {name: accuracy, rows: method, columns: n_samples, value: svm_accuracy, scale: 100, format: "{mean:.1f}"}
`))
	if err != nil {
		fmt.Println(err)
		return
	}
	plan, _ := run.NewPlan(cfg, false)
	fmt.Println(plan.Summary())
	for _, c := range plan.Cells[:2] {
		fmt.Println(c.Describe())
	}
	// Output:
	// 8 cells: 2 dataset variants x 2 method variants x repetitions (4 data instances)
	// GFS{eps2=0.1,family=multilinear:2} on journal-gfr{labels=ltf,n_samples=200} rep 0
	// PCA matched to GFS{eps2=0.1,family=multilinear:2} on journal-gfr{labels=ltf,n_samples=200} rep 0
}

// Run computes the cells (resuming from those already stored) and writes
// the results.
func ExampleRun() {
	dir, _ := os.MkdirTemp("", "gsbench-example")
	defer os.RemoveAll(dir)
	cfg, err := experiments.Parse("example.yaml", []byte(`
name: example
datasets: [{name: journal-gfa, params: {n_samples: 300, d: 8, n_independent: 4, var_ratio: 0.5}}]
methods: [{name: gfa, params: {family: "multilinear:2"}}]
metrics: [n_selected, success_rate]
tables: [{name: t, rows: method, value: success_rate}]
`))
	if err != nil {
		fmt.Println(err)
		return
	}
	sum, err := experiments.Run(context.Background(), cfg, run.Options{Out: dir})
	if err != nil {
		fmt.Println(err)
		return
	}
	rel, _ := filepath.Rel(dir, sum.Dir)
	fmt.Println(rel, sum.Ran, "cell computed")
	table, _ := os.ReadFile(filepath.Join(sum.Dir, "tables", "t.md"))
	fmt.Print(string(table))
	// Output:
	// example 1 cell computed
	// ### t
	//
	// | method | success_rate |
	// | :--- | ---: |
	// | gfa | 1 |
}
