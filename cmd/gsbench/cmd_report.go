package main

import (
	"fmt"
	"io"
	"maps"
	"slices"
	"strings"

	"github.com/gsbench/gsbench/experiments"
	"github.com/gsbench/gsbench/experiments/compare"
)

func init() {
	register("report", command{
		summary: "re-render the tables, figures and cells.csv of results directories from their stored cells; --compare writes the reproduction report",
		usage:   "DIR... [--config CONFIG] | --compare [--reference DIR] [--results DIR] [--notes DIR] [--out FILE] [--prefer-quick]",
		run:     runReport,
	})
}

func runReport(args []string, stdout io.Writer) error {
	fs := newFlagSet("report")
	config := fs.String("config", "", "lay the results out with this config's tables and figures instead of the stored config.yaml")
	cmp := fs.Bool("compare", false, "compare the results of the paper configs with the published values and write the reproduction report")
	ref := fs.String("reference", "results/reference", "--compare: the published values (one YAML file per table or figure)")
	res := fs.String("results", "results/paper", "--compare: where the paper configs' results are (<item>/ and <item>-quick/)")
	notes := fs.String("notes", "results/notes", "--compare: the hand-written investigation of each item (<item>.md)")
	out := fs.String("out", "results/REPRODUCTION.md", "--compare: the report to write")
	preferQuick := fs.Bool("prefer-quick", false, "--compare: compare the quick results even where full ones exist")
	dirs, err := fs.parse(args, stdout)
	if err != nil {
		return err
	}
	if *cmp {
		if len(dirs) > 0 || *config != "" {
			return fmt.Errorf("--compare reads --results; give no results directories or --config")
		}
		return runCompare(stdout, compare.Options{Reference: *ref, Results: *res, Notes: *notes, PreferQuick: *preferQuick}, *out)
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

func runCompare(w io.Writer, opt compare.Options, out string) error {
	items, err := compare.Write(out, opt)
	if err != nil {
		return err
	}
	counts := map[string]int{}
	for _, it := range items {
		counts[it.Status]++
	}
	fmt.Fprintf(w, "%s: %d items: ", out, len(items))
	// Every status, the known ones in their order, then any other (the
	// verdict of a figure's notes), so that the counts add up to the items.
	var parts []string
	for _, s := range compare.Statuses {
		if counts[s] > 0 {
			parts = append(parts, fmt.Sprintf("%d %s", counts[s], s))
			delete(counts, s)
		}
	}
	for _, s := range slices.Sorted(maps.Keys(counts)) {
		parts = append(parts, fmt.Sprintf("%d %s", counts[s], s))
	}
	fmt.Fprintln(w, strings.Join(parts, ", "))
	return nil
}
