package main

import (
	"encoding/json"
	"fmt"
	"io"
	"text/tabwriter"

	"github.com/gsbench/gsbench/datasets"
)

func init() {
	register("datasets", command{
		summary: "list the registry datasets (shape, presence) and the synthetic generators",
		usage:   "[--data-dir DIR] [--json]",
		run:     runDatasets,
	})
}

// datasetRow is one registry dataset as listed.
type datasetRow struct {
	datasets.Entry
	Present bool     `json:"present"`
	Paths   []string `json:"paths,omitempty"`
	Reason  string   `json:"missing_reason,omitempty"`
}

func runDatasets(args []string, stdout io.Writer) error {
	fs := newFlagSet("datasets")
	dataDir := fs.String("data-dir", "", "data directory (default: $GSBENCH_DATA, then the user cache directory)")
	asJSON := fs.Bool("json", false, "print JSON")
	pos, err := fs.parse(args, stdout)
	if err != nil {
		return err
	}
	if len(pos) > 0 {
		return fmt.Errorf("unexpected argument %q", pos[0])
	}
	var rows []datasetRow
	for _, e := range datasets.Registry() {
		r := datasetRow{Entry: e}
		paths, err := datasets.Find(e.Name, *dataDir)
		if err == nil {
			r.Present, r.Paths = true, paths
		} else {
			r.Reason = err.Error()
		}
		rows = append(rows, r)
	}
	if *asJSON {
		enc := json.NewEncoder(stdout)
		enc.SetIndent("", "  ")
		return enc.Encode(map[string]any{
			"data_dir":   datasets.DataDir(*dataDir),
			"datasets":   rows,
			"generators": datasets.Generators(),
		})
	}
	tw := tabwriter.NewWriter(stdout, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "DATASET\tN x D\tCLASSES\tFORMAT\tPRESENT\tTITLE")
	for _, r := range rows {
		present := "no"
		if r.Present {
			present = "yes"
		}
		fmt.Fprintf(tw, "%s\t%d x %d\t%d\t%s\t%s\t%s\n", r.Name, r.N, r.D, r.Classes, r.Format, present, r.Title)
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	fmt.Fprintf(stdout, "\nData directory: %s (gsbench fetch NAME fills it)\n\nSynthetic generators (gsbench info --data NAME lists the parameters):\n", datasets.DataDir(*dataDir))
	tw = tabwriter.NewWriter(stdout, 0, 0, 2, ' ', 0)
	for _, g := range datasets.Generators() {
		fmt.Fprintf(tw, "%s\t%s\n", g.Name, g.Source)
	}
	return tw.Flush()
}

// paramsText lists generator parameters, one a line.
func paramsText(w io.Writer, g datasets.GeneratorSpec) {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	for _, p := range g.Params {
		doc := p.Doc
		if p.Auto != "" {
			doc += " (auto: " + p.Auto + ")"
		}
		fmt.Fprintf(tw, "  %s\t%s\t(default %s)\t%s\n", p.Name, p.Type, p.DefaultText(), doc)
	}
	tw.Flush()
}
