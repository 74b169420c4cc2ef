package experiments

import (
	"context"

	"github.com/gsbench/gsbench/experiments/cells"
	"github.com/gsbench/gsbench/experiments/config"
	"github.com/gsbench/gsbench/experiments/report"
	"github.com/gsbench/gsbench/experiments/run"
)

// Run runs the cells of c that are not already stored in the results
// directory (run.Run) and, once every cell of the plan has a result,
// renders the outputs there (report.Render) before run.json is written.
// opt.Render is set by Run.
func Run(ctx context.Context, c *config.Config, opt run.Options) (*run.Summary, error) {
	opt.Render = render
	return run.Run(ctx, c, opt)
}

// render writes the outputs of a plan from the results of its cells.
func render(dir string, p *run.Plan, results []*run.Result) error {
	return report.Render(dir, report.Results{Config: p.Config, Quick: p.Quick, Plan: p.Summary(), Cells: p.Records(results)})
}

// ReportOptions controls Report.
type ReportOptions struct {
	// Config, when set, replaces the config stored in the results directory
	// (e.g. to lay out the tables differently; cells are found by key).
	Config *config.Config
	// Quick selects the quick plan; nil reads it from run.json.
	Quick *bool
}

// ReportSummary says what Report found.
type ReportSummary struct {
	Plan    *run.Plan
	Total   int // cells of the plan
	Missing int // without a result (other shards, interrupted, filtered)
	Failed  int
}

// Report re-renders the tables, figures, cells.csv and cells.jsonl of a
// results directory from its stored cells, without computing anything.
// Cells without a result are left out of the outputs and counted.
func Report(dir string, opt ReportOptions) (*ReportSummary, error) {
	c := opt.Config
	if c == nil {
		var err error
		if c, err = run.StoredConfig(dir); err != nil {
			return nil, err
		}
	}
	var quick bool
	if opt.Quick != nil {
		quick = *opt.Quick
	} else {
		quick = run.StoredQuick(dir)
	}
	p, err := run.NewPlan(c, quick)
	if err != nil {
		return nil, err
	}
	results, err := run.LoadResults(dir, p)
	if err != nil {
		return nil, err
	}
	sum := &ReportSummary{Plan: p, Total: len(p.Cells)}
	for _, r := range results {
		switch {
		case r == nil:
			sum.Missing++
		case r.Status != cells.StatusOK:
			sum.Failed++
		}
	}
	if err := render(dir, p, results); err != nil {
		return sum, err
	}
	return sum, run.WriteMergedInfo(dir, p, results)
}

// Merge combines the results directories of the shards of one config into
// out (which may be one of them: run.Merge) and renders the outputs there.
func Merge(out string, dirs []string) (*ReportSummary, error) {
	_, quick, err := run.Merge(out, dirs)
	if err != nil {
		return nil, err
	}
	return Report(out, ReportOptions{Quick: &quick})
}
