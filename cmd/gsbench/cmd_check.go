package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"

	"github.com/gsbench/gsbench/experiments/check"
)

func init() {
	register("check", command{
		summary: "regression check: re-run configs and compare their metrics with golden values (exit 1 on a FAIL)",
		usage:   "[CONFIG...] [--configs A.yaml,B.yaml] [--golden DIR] [--update] [--out DIR] [--quick] [--jobs N] [--data-dir DIR] [--progress auto|bar|plain|none]",
		run:     runCheck,
	})
}

// Defaults: gsbench's own check set, run from the repository root.
const (
	defaultCheckConfigs = "configs/check"
	defaultGoldenDir    = "results/golden"
)

func runCheck(args []string, stdout io.Writer) error {
	fs := newFlagSet("check")
	configsFlag := fs.String("configs", "", "comma-separated configs to check (also as arguments; default: "+defaultCheckConfigs+"/*.yaml)")
	golden := fs.String("golden", defaultGoldenDir, "golden directory: tolerances.csv and one NAME.csv per config")
	update := fs.Bool("update", false, "rewrite the golden files from this run (after an intended change) and print the differences for the commit message")
	out := fs.String("out", "", "keep the runs in OUT/NAME (default: a temporary directory, removed); every cell is recomputed either way")
	quick := fs.Bool("quick", false, "check the configs' quick variants (golden files NAME-quick.csv)")
	jobs := fs.Int("jobs", 0, "cells run at once (default: all cores)")
	dataDir := fs.String("data-dir", "", "data directory (default: $GSBENCH_DATA, then the user cache directory)")
	progress := fs.String("progress", "auto", "auto (a bar on a terminal, plain lines otherwise), bar, plain or none")
	configs, err := fs.parse(args, stdout)
	if err != nil {
		return err
	}
	configs = append(configs, splitList(*configsFlag)...)
	if len(configs) == 0 {
		configs, err = filepath.Glob(filepath.Join(defaultCheckConfigs, "*.yaml"))
		if err != nil {
			return err
		}
		sort.Strings(configs)
		if len(configs) == 0 {
			return fmt.Errorf("no configs: %s/*.yaml matches nothing (run from the repository root, or give --configs)", defaultCheckConfigs)
		}
	}
	opt := check.Options{
		Configs: configs, Golden: *golden, Update: *update, Out: *out, Quick: *quick, Jobs: *jobs, DataDir: *dataDir,
		Log: os.Stderr, Command: append([]string{"gsbench", "check"}, args...),
	}
	switch *progress {
	case "auto":
		if p := newProgressPrinter(os.Stderr); p != nil {
			opt.Progress = p.Update
		}
	case "bar", "plain":
		opt.Progress = (&progressPrinter{W: os.Stderr, Terminal: *progress == "bar"}).Update
	case "none":
	default:
		return fmt.Errorf("--progress %q: use auto, bar, plain or none", *progress)
	}
	ctx, stop := interruptContext()
	defer stop()
	rep, err := check.Run(ctx, opt)
	if ctx.Err() != nil {
		return exitError{130, fmt.Errorf("interrupted")}
	}
	if err != nil {
		return err
	}
	if *update {
		rep.WriteUpdate(stdout)
	} else {
		rep.WriteTable(stdout)
	}
	if err := rep.Err(); err != nil {
		return exitError{2, err}
	}
	if rep.Failed() {
		n := rep.Counts()[check.Fail]
		return exitError{1, errors.New(plural(n, "metric") + " moved beyond tolerance (the FAIL rows above); if the change is intended, run gsbench check --update and commit the golden files with the printed differences")}
	}
	return nil
}

func plural(n int, what string) string {
	if n == 1 {
		return "1 " + what
	}
	return fmt.Sprintf("%d %ss", n, what)
}
