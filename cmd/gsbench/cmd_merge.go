package main

import (
	"fmt"
	"io"

	"github.com/gsbench/gsbench/experiments"
)

func init() {
	register("merge", command{
		summary: "combine the results directories of the shards of one config and render its outputs",
		usage:   "--out DIR SHARD_DIR...",
		run:     runMerge,
	})
}

func runMerge(args []string, stdout io.Writer) error {
	fs := newFlagSet("merge")
	out := fs.String("out", "", "directory to write the merged results to (may be one of the shard directories)")
	dirs, err := fs.parse(args, stdout)
	if err != nil {
		return err
	}
	if *out == "" || len(dirs) == 0 {
		return fmt.Errorf("give --out DIR and the shard directories to merge")
	}
	s, err := experiments.Merge(*out, dirs)
	if err != nil {
		return err
	}
	printReportSummary(stdout, *out, s)
	if s.Missing > 0 {
		return exitError{1, fmt.Errorf("%d cells are missing: a shard did not finish, or was not given", s.Missing)}
	}
	return nil
}
