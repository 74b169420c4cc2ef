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
		usage:   "--data NAME|FILE|GENERATOR [--verify] [--json] [--write-npy FILE.npy [--dtype float32]] [--label-col COL] [--data-dir DIR] [--missing drop|mean|most_frequent] [--categorical onehot|ordinal] [--data-seed N] [--data-param NAME=VALUE ...]",
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
	fs := newFlagSet("info")
	var df dataFlags
	df.register(fs.FlagSet)
	fs.BoolVar(&df.verify, "verify", false, "verify the sha256 of every file read")
	asJSON := fs.Bool("json", false, "print JSON")
	npy := fs.String("write-npy", "", "also write the feature matrix to this .npy file (C order), a block of rows at a time when the data streams (a .npy file, qmrfs-table01): for gsbench select on data larger than memory")
	dtype := fs.String("dtype", "float64", "element type of --write-npy: float64, or float32 (exact for integers up to 2^24)")
	pos, err := fs.parse(args, stdout)
	if err != nil {
		return err
	}
	if df.data == "" && len(pos) == 1 {
		df.data = pos[0]
	} else if len(pos) > 0 {
		return fmt.Errorf("unexpected argument %q", pos[0])
	}
	// Data that streams is described (and written) without holding it.
	var (
		src   *datasets.RowSource
		truth *datasets.Truth
		info  datasetInfo
	)
	if datasets.Streams(df.data) && df.labelCol == "" && !df.verify {
		if src, err = df.openRows(); err != nil {
			return err
		}
		info.Name, info.N, info.D, info.Files, truth = src.Name, src.N, src.D, src.Files, src.Truth
	} else {
		ds, err := df.load()
		if err != nil {
			return err
		}
		src, truth = ds.Rows(), ds.Truth
		info.Name = ds.Name
		info.N, info.D = ds.Dims()
		info.Classes, info.ClassCounts = ds.Classes, ds.ClassCounts()
		info.MissingValues, info.Notes, info.Files = ds.MissingValues, ds.Notes, ds.Files
	}
	if g, ok := datasets.LookupGenerator(df.data); ok {
		info.Generator = &g
		info.Title = g.Summary
		info.Truth = map[string]any{"non_redundant": len(truth.NonRedundant), "redundant": len(truth.Redundant), "basis": truth.Basis != nil, "noise_var": truth.NoiseVar}
	} else if e, ok := datasets.Lookup(df.data); ok {
		info.Title = e.Title
	}
	if *npy != "" {
		if err := datasets.WriteNPY(*npy, src, *dtype); err != nil {
			return err
		}
		info.Notes = append(info.Notes, fmt.Sprintf("wrote the %d x %d matrix to %s (%s)", info.N, info.D, *npy, *dtype))
	}
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
		fmt.Fprintf(stdout, "  source: %s\n  truth: %d independent, %d redundant\n  parameters (config keys; --data-param NAME=VALUE on the command line):\n", g.Source, info.Truth["non_redundant"], info.Truth["redundant"])
		paramsText(stdout, *g)
	}
	return nil
}
