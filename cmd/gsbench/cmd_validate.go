package main

import (
	"fmt"
	"io"

	"github.com/gsbench/gsbench/experiments"
	"github.com/gsbench/gsbench/experiments/run"
)

func init() {
	register("validate", command{
		summary: "check experiment configs without running them (errors name file, line and key)",
		usage:   "CONFIG... [--quick]",
		run:     runValidate,
	})
}

func runValidate(args []string, stdout io.Writer) error {
	fs := newFlagSet("validate")
	quick := fs.Bool("quick", false, "also report the size of the quick variant")
	paths, err := fs.parse(args, stdout)
	if err != nil {
		return err
	}
	if len(paths) == 0 {
		return fmt.Errorf("give at least one config file")
	}
	bad := 0
	for _, path := range paths {
		c, err := experiments.Load(path)
		if err != nil {
			fmt.Fprintln(stdout, err)
			bad++
			continue
		}
		p, err := run.NewPlan(c, *quick)
		if err != nil {
			fmt.Fprintln(stdout, err)
			bad++
			continue
		}
		variant := ""
		if *quick {
			variant = " (quick)"
		}
		fmt.Fprintf(stdout, "%s: ok: %s%s; %d tables, %d figures\n", path, p.Summary(), variant, len(c.Tables), len(c.Figures))
	}
	if bad > 0 {
		return exitError{1, fmt.Errorf("%d of %d configs have errors", bad, len(paths))}
	}
	return nil
}
