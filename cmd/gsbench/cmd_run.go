package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"strings"
	"syscall"

	"github.com/gsbench/gsbench/experiments"
	"github.com/gsbench/gsbench/experiments/config"
	"github.com/gsbench/gsbench/experiments/run"
)

func init() {
	register("run", command{
		summary: "run experiment configs: cells in parallel, resumable, into results/NAME",
		usage:   "CONFIG... [--out DIR] [--jobs N] [--shard I/N] [--datasets LABELS] [--quick] [--fresh] [--data-dir DIR] [--progress auto|bar|plain|none]",
		run:     runRun,
	})
}

func runRun(args []string, stdout io.Writer) error {
	fs := newFlagSet("run")
	out := fs.String("out", "results", "results root: results go to OUT/NAME (OUT/NAME-quick with --quick)")
	jobs := fs.Int("jobs", 0, "cells run at once (default: all cores)")
	shard := fs.String("shard", "", "run one part I/N of the cells (e.g. $SLURM_ARRAY_TASK_ID/8); merge the parts with gsbench merge")
	quick := fs.Bool("quick", false, "run the config's quick variant (fewer repetitions and sizes)")
	fresh := fs.Bool("fresh", false, "recompute cells already stored")
	dataDir := fs.String("data-dir", "", "data directory (default: $GSBENCH_DATA, then the user cache directory)")
	progress := fs.String("progress", "auto", "auto (a bar on a terminal, plain lines otherwise), bar, plain or none")
	only := fs.String("datasets", "", "run only the cells of the datasets with these labels (comma-separated, e.g. the panels of a paper table that fit on this machine); outputs show the others as missing")
	configs, err := fs.parse(args, stdout)
	if err != nil {
		return err
	}
	if len(configs) == 0 {
		return fmt.Errorf("give at least one config file (e.g. configs/quickstart.yaml)")
	}
	opt := run.Options{Out: *out, Jobs: *jobs, Quick: *quick, Fresh: *fresh, DataDir: *dataDir, Datasets: splitList(*only), Command: append([]string{"gsbench", "run"}, args...)}
	if *shard != "" {
		if opt.Shard, err = run.ParseShard(*shard); err != nil {
			return err
		}
	}
	var printer *progressPrinter
	switch *progress {
	case "auto":
		printer = newProgressPrinter(os.Stderr)
	case "bar", "plain":
		printer = &progressPrinter{W: os.Stderr, Terminal: *progress == "bar"}
	case "none":
	default:
		return fmt.Errorf("--progress %q: use auto, bar, plain or none", *progress)
	}
	// Load every config first: a typo in the last one should not wait for the first to run.
	var cfgs []*config.Config
	for _, path := range configs {
		c, err := experiments.Load(path)
		if err != nil {
			return err
		}
		cfgs = append(cfgs, c)
	}
	ctx, stop := interruptContext()
	defer stop()
	failed := 0
	for _, c := range cfgs {
		if printer != nil {
			opt.Progress = printer.Update
			if len(cfgs) > 1 {
				fmt.Fprintf(os.Stderr, "%s:\n", c.Path)
			}
		}
		sum, err := experiments.Run(ctx, c, opt)
		if sum != nil {
			printRunSummary(stdout, c, sum)
		}
		switch {
		case errors.Is(err, run.ErrCellsFailed):
			failed++
		case ctx.Err() != nil:
			return exitError{130, fmt.Errorf("interrupted; run the same command again to resume")}
		case err != nil:
			return err
		}
	}
	if failed > 0 {
		return exitError{1, fmt.Errorf("cells failed in %d of %d configs (see above; the other cells completed)", failed, len(cfgs))}
	}
	return nil
}

func printRunSummary(w io.Writer, c *config.Config, s *run.Summary) {
	what := fmt.Sprintf("%d cells", s.InShard)
	if s.InShard != s.Total {
		what = fmt.Sprintf("%d of %d cells (shard)", s.InShard, s.Total)
	}
	fmt.Fprintf(w, "%s: %s: %d computed, %d already stored, %d failed, in %s\n", c.Name, what, s.Ran, s.Resumed, len(s.Failed), s.Elapsed.Round(1e7))
	// Group the failures by error: a missing dataset fails all its cells alike.
	type group struct {
		msg, example string
		n            int
	}
	var groups []*group
	byMsg := map[string]*group{}
	for _, f := range s.Failed {
		msg, _, _ := strings.Cut(f.Error, "\n")
		g := byMsg[msg]
		if g == nil {
			g = &group{msg: msg, example: f.What}
			byMsg[msg] = g
			groups = append(groups, g)
		}
		g.n++
	}
	for i, g := range groups {
		if i == 10 {
			fmt.Fprintf(w, "  ... and %d more kinds of failure (every error: %s/cells.jsonl)\n", len(groups)-10, s.Dir)
			break
		}
		if g.n == 1 {
			fmt.Fprintf(w, "  FAILED %s: %s\n", g.example, g.msg)
		} else {
			fmt.Fprintf(w, "  FAILED %d cells (e.g. %s): %s\n", g.n, g.example, g.msg)
		}
	}
	switch {
	case s.Rendered:
		fmt.Fprintf(w, "results in %s (README.md, tables/, figures/, cells.csv)\n", s.Dir)
	case s.Missing > 0 && !s.Canceled && len(s.Filtered) > 0:
		fmt.Fprintf(w, "%d cells of the other datasets are not in %s (--datasets %s)\n", s.Missing, s.Dir, strings.Join(s.Filtered, ","))
	case s.Missing > 0 && !s.Canceled:
		fmt.Fprintf(w, "%d cells of other shards are not in %s yet; when every shard is done: gsbench merge --out DIR SHARD_DIRS... (or gsbench report %s for a shared directory)\n", s.Missing, s.Dir, s.Dir)
	}
}

// interruptContext is canceled by the first Ctrl-C or SIGTERM (running
// cells finish and are kept); a second one exits at once.
func interruptContext() (context.Context, func()) {
	ctx, cancel := context.WithCancel(context.Background())
	sigs := make(chan os.Signal, 2)
	signal.Notify(sigs, os.Interrupt, syscall.SIGTERM)
	go func() {
		if _, ok := <-sigs; !ok {
			return
		}
		fmt.Fprintln(os.Stderr, "\ninterrupted: waiting for the running cells to finish (interrupt again to quit now); run again to resume")
		cancel()
		if _, ok := <-sigs; ok {
			os.Exit(130)
		}
	}()
	return ctx, func() {
		signal.Stop(sigs)
		close(sigs)
		cancel()
	}
}
