package main

import (
	"encoding/json"
	"fmt"
	"io"
	"strings"

	"github.com/gsbench/gsbench/datasets"
)

func init() {
	register("info", command{
		summary: "describe a dataset (shape, classes, missing values, verified checksums) or a generator",
		usage:   "--data NAME|FILE|GENERATOR [--verify] [--json] [--data-dir DIR] [--missing drop|mean|most_frequent] [--categorical onehot|ordinal] [--seed N]",
		run:     runInfo,
	})
}

// datasetInfo is what info reports about a dataset.
type datasetInfo struct {
	Name          string                  `json:"name"`
	Title         string                  `json:"title,omitempty"`
	N             int                     `json:"n"`
	D             int                     `json:"d"`
	Classes       []string                `json:"classes,omitempty"`
	ClassCounts   []int                   `json:"class_counts,omitempty"`
	MissingValues int                     `json:"missing_values"`
	Notes         []string                `json:"notes,omitempty"`
	Files         []datasets.FileStatus   `json:"files,omitempty"`
	Generator     *datasets.GeneratorSpec `json:"generator,omitempty"`
	Truth         map[string]any          `json:"truth,omitempty"`
}

func runInfo(args []string, stdout io.Writer) error {
	fs := newFlagSet("info", "--data NAME [flags]")
	data := fs.String("data", "", "registry dataset, data file or synthetic generator")
	dataDir := fs.String("data-dir", "", "data directory (default: $GSBENCH_DATA, then the user cache directory)")
	verify := fs.Bool("verify", false, "verify the sha256 of every file read")
	asJSON := fs.Bool("json", false, "print JSON")
	missing := fs.String("missing", "", "missing-value policy: drop, mean or most_frequent (default: the dataset's)")
	categorical := fs.String("categorical", "", "encoding of categorical columns: onehot or ordinal (default: the dataset's)")
	seed := fs.Uint64("seed", 1, "seed of a generator")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if *data == "" && fs.NArg() == 1 {
		*data = fs.Arg(0)
	} else if fs.NArg() > 0 {
		return fmt.Errorf("unexpected argument %q", fs.Arg(0))
	}
	if *data == "" {
		return fmt.Errorf("--data is required")
	}
	var (
		ds   *datasets.Dataset
		info datasetInfo
		err  error
	)
	if g, ok := datasets.LookupGenerator(*data); ok {
		if ds, err = datasets.Generate(g.Name, nil, *seed); err != nil {
			return err
		}
		info.Generator = &g
		info.Title = g.Summary
		t := ds.Truth
		info.Truth = map[string]any{"non_redundant": len(t.NonRedundant), "redundant": len(t.Redundant), "basis": t.Basis != nil, "noise_var": t.NoiseVar}
	} else {
		ds, err = datasets.Load(*data, datasets.Options{DataDir: *dataDir, Verify: *verify, Missing: *missing, Categorical: *categorical})
		if err != nil {
			return err
		}
		if e, ok := datasets.Lookup(*data); ok {
			info.Title = e.Title
		}
	}
	info.Name = ds.Name
	info.N, info.D = ds.Dims()
	info.Classes, info.ClassCounts = ds.Classes, ds.ClassCounts()
	info.MissingValues, info.Notes, info.Files = ds.MissingValues, ds.Notes, ds.Files
	if *asJSON {
		enc := json.NewEncoder(stdout)
		enc.SetIndent("", "  ")
		return enc.Encode(info)
	}
	fmt.Fprintf(stdout, "%s", info.Name)
	if info.Title != "" {
		fmt.Fprintf(stdout, ": %s", info.Title)
	}
	fmt.Fprintf(stdout, "\n  n = %d, d = %d\n", info.N, info.D)
	if len(info.Classes) > 0 {
		parts := make([]string, len(info.Classes))
		for i, c := range info.Classes {
			parts[i] = fmt.Sprintf("%s (%d)", c, info.ClassCounts[i])
		}
		fmt.Fprintf(stdout, "  %d classes: %s\n", len(info.Classes), strings.Join(parts, ", "))
	}
	fmt.Fprintf(stdout, "  missing values: %d\n", info.MissingValues)
	for _, n := range info.Notes {
		fmt.Fprintf(stdout, "  note: %s\n", n)
	}
	for _, f := range info.Files {
		sum := "not verified (use --verify)"
		if f.Verified != "" {
			sum = fmt.Sprintf("sha256 %s: %s", f.SHA256, verifiedText(f.Verified))
		}
		fmt.Fprintf(stdout, "  file %s (%d bytes) %s\n", f.Path, f.Bytes, sum)
	}
	if g := info.Generator; g != nil {
		fmt.Fprintf(stdout, "  source: %s\n  truth: %d independent, %d redundant\n  parameters (config keys; --flag-spelling on the command line):\n", g.Source, info.Truth["non_redundant"], info.Truth["redundant"])
		paramsText(stdout, *g)
	}
	return nil
}
