package main

import (
	"encoding/json"
	"fmt"
	"io"
	"io/fs"
	"path/filepath"
	"strings"
	"text/tabwriter"

	"github.com/gsbench/gsbench/algorithms"
	"github.com/gsbench/gsbench/experiments"
	"github.com/gsbench/gsbench/experiments/metric"
	"github.com/gsbench/gsbench/experiments/run"
	"github.com/gsbench/gsbench/internal/registry"
	"github.com/gsbench/gsbench/methods"
	"github.com/gsbench/gsbench/params"
)

func init() {
	register("list", command{
		summary: "list experiment configs, methods, function families or metrics",
		usage:   "configs [DIR] | methods [NAME...] | families | metrics [NAME...]  [--json] [--params]",
		run:     runList,
	})
}

func runList(args []string, stdout io.Writer) error {
	fs := newFlagSet("list")
	asJSON := fs.Bool("json", false, "print JSON")
	withParams := fs.Bool("params", false, "methods and metrics: list every parameter with its type, default and meaning")
	pos, err := fs.parse(args, stdout)
	if err != nil {
		return err
	}
	if len(pos) == 0 {
		return fmt.Errorf("list what? configs, methods, families or metrics")
	}
	switch what := pos[0]; what {
	case "configs":
		dir := "configs"
		if len(pos) > 1 {
			dir = pos[1]
		}
		return listConfigs(stdout, dir, *asJSON)
	case "methods":
		specs, err := pick(methods.All(), pos[1:], "method", func(s methods.Spec) string { return s.Name })
		if err != nil {
			return err
		}
		if *asJSON {
			return json.NewEncoder(stdout).Encode(specs)
		}
		tw := tabwriter.NewWriter(stdout, 0, 0, 2, ' ', 0)
		fmt.Fprintln(tw, "METHOD\tKIND\tLABELS\tSUMMARY")
		for _, s := range specs {
			labels := ""
			if s.Supervised {
				labels = "uses labels"
			}
			fmt.Fprintf(tw, "%s\t%s\t%s\t%s\n", s.Name, s.Kind, labels, s.Summary)
			if *withParams || len(pos) > 1 {
				paramLines(tw, s.Params)
			}
		}
		return tw.Flush()
	case "families":
		if *asJSON {
			return json.NewEncoder(stdout).Encode(algorithms.Families())
		}
		tw := tabwriter.NewWriter(stdout, 0, 0, 2, ' ', 0)
		fmt.Fprintln(tw, "FAMILY (example)\tFUNCTIONS")
		for _, f := range algorithms.Families() {
			fmt.Fprintf(tw, "%s\t%s\n", f.Example, f.Summary)
		}
		return tw.Flush()
	case "metrics":
		infos, err := pick(metric.All(), pos[1:], "metric", func(i metric.Info) string { return i.Name })
		if err != nil {
			return err
		}
		if *asJSON {
			return json.NewEncoder(stdout).Encode(infos)
		}
		tw := tabwriter.NewWriter(stdout, 0, 0, 2, ' ', 0)
		fmt.Fprintln(tw, "METRIC\tVALUES\tSUMMARY")
		for _, m := range infos {
			fmt.Fprintf(tw, "%s\t%s\t%s\n", m.Name, strings.Join(m.Values, ", "), m.Summary)
			if *withParams || len(pos) > 1 {
				paramLines(tw, m.Params)
			}
		}
		return tw.Flush()
	default:
		return fmt.Errorf("cannot list %q: use configs, methods, families or metrics", what)
	}
}

// pick returns the items named by names (all of them when none is given),
// in the order of names; an unknown name is an error with a suggestion.
func pick[T any](all []T, names []string, kind string, name func(T) string) ([]T, error) {
	if len(names) == 0 {
		return all, nil
	}
	byName := map[string]T{}
	var known []string
	for _, it := range all {
		byName[name(it)] = it
		known = append(known, name(it))
	}
	var out []T
	for _, n := range names {
		it, ok := byName[strings.ToLower(n)]
		if !ok {
			return nil, fmt.Errorf("unknown %s %q%s: use one of %s", kind, n, registry.Suggest(n, known), strings.Join(known, ", "))
		}
		out = append(out, it)
	}
	return out, nil
}

func paramLines(w io.Writer, ps []params.Param) {
	for _, p := range ps {
		fmt.Fprintf(w, "\t  %s (%s, default %v)\t\t%s\n", p.Name, p.Type, p.Default, p.Doc)
	}
}

type configRow struct {
	Path        string `json:"path"`
	Name        string `json:"name,omitempty"`
	Cells       int    `json:"cells,omitempty"`
	QuickCells  int    `json:"quick_cells,omitempty"`
	Description string `json:"description,omitempty"`
	Error       string `json:"error,omitempty"`
}

func listConfigs(w io.Writer, dir string, asJSON bool) error {
	var rows []configRow
	err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() || (filepath.Ext(path) != ".yaml" && filepath.Ext(path) != ".yml") {
			return nil
		}
		r := configRow{Path: path}
		c, err := experiments.Load(path)
		if err == nil {
			r.Name, r.Description = c.Name, strings.TrimSpace(c.Description)
			if p, err := run.NewPlan(c, false); err == nil {
				r.Cells = len(p.Cells)
			}
			if p, err := run.NewPlan(c, true); err == nil {
				r.QuickCells = len(p.Cells)
			}
		} else {
			msg, _, _ := strings.Cut(err.Error(), "\n")
			r.Error = msg
		}
		rows = append(rows, r)
		return nil
	})
	if err != nil {
		return err
	}
	if asJSON {
		return json.NewEncoder(w).Encode(rows)
	}
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "CONFIG\tCELLS\tQUICK\tDESCRIPTION")
	for _, r := range rows {
		if r.Error != "" {
			fmt.Fprintf(tw, "%s\t-\t-\tINVALID: %s\n", r.Path, r.Error)
			continue
		}
		desc, _, _ := strings.Cut(r.Description, "\n")
		fmt.Fprintf(tw, "%s\t%d\t%d\t%s\n", r.Path, r.Cells, r.QuickCells, desc)
	}
	return tw.Flush()
}
