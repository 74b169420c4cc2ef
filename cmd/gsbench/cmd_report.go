package main

import (
	"fmt"
	"io"

	"github.com/gsbench/gsbench/experiments"
)

func init() {
	register("report", command{
		summary: "re-render the tables, figures and cells.csv of results directories from their stored cells",
		usage:   "DIR... [--config CONFIG]",
		run:     runReport,
	})
}

func runReport(args []string, stdout io.Writer) error {
	fs := newFlagSet("report", "DIR... [flags]")
	config := fs.String("config", "", "lay the results out with this config's tables and figures instead of the stored config.yaml")
	dirs, err := parseInterleaved(fs, args)
	if err != nil {
		return err
	}
	if len(dirs) == 0 {
		return fmt.Errorf("give at least one results directory (e.g. results/quickstart)")
	}
	var opt experiments.ReportOptions
	if *config != "" {
		if opt.Config, err = experiments.Load(*config); err != nil {
			return err
		}
	}
	for _, dir := range dirs {
		s, err := experiments.Report(dir, opt)
		if err != nil {
			return fmt.Errorf("%s: %w", dir, err)
		}
		printReportSummary(stdout, dir, s)
	}
	return nil
}

func printReportSummary(w io.Writer, dir string, s *experiments.ReportSummary) {
	fmt.Fprintf(w, "%s: rendered %d of %d cells", dir, s.Total-s.Missing, s.Total)
	if s.Failed > 0 {
		fmt.Fprintf(w, " (%d failed)", s.Failed)
	}
	if s.Missing > 0 {
		fmt.Fprintf(w, "; %d cells have no result yet (run the config again, or merge the missing shards)", s.Missing)
	}
	fmt.Fprintln(w)
}
