package rank_test

import (
	"fmt"

	"github.com/gsbench/gsbench/experiments/cells"
	"github.com/gsbench/gsbench/experiments/rank"
)

// Two methods on two datasets: B is cut exactly at 40 % of the features,
// A (like QMR-FS) keeps 38 % and 45 %, so the window around 40 % widens to
// 13 % on the first dataset before A has a cell in it.
func Example() {
	cell := func(ds, m string, pct, acc float64) *cells.Cell {
		return &cells.Cell{Dataset: ds, Method: m, Status: cells.StatusOK,
			Values: map[string]cells.Num{"selected_percent": cells.Num(pct), "svm_accuracy": cells.Num(acc)}}
	}
	cs := []*cells.Cell{
		cell("Wine", "A", 45, 0.95), cell("Wine", "B", 40, 0.90),
		cell("Sonar", "A", 38.3, 0.70), cell("Sonar", "B", 40, 0.75),
	}
	es, _, err := rank.Compute(cs, rank.Spec{Score: "svm_accuracy", By: "selected_percent", At: []float64{40}})
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, e := range es {
		fmt.Printf("%s %s: rank %g (accuracy %.2f, window %.2f)\n", e.Dataset, e.Method, e.Rank, e.Score, e.Window)
	}
	for _, s := range rank.Average(es) {
		fmt.Printf("%s: %.1f ± %.2f over %d datasets\n", s.Method, s.Mean, s.SD, s.N)
	}
	// Output:
	// Wine A: rank 1 (accuracy 0.95, window 0.13)
	// Wine B: rank 2 (accuracy 0.90, window 0.13)
	// Sonar A: rank 2 (accuracy 0.70, window 0.05)
	// Sonar B: rank 1 (accuracy 0.75, window 0.05)
	// A: 1.5 ± 0.71 over 2 datasets
	// B: 1.5 ± 0.71 over 2 datasets
}
