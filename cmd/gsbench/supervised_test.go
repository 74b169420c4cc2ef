package main

import (
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gsbench/gsbench/internal/memory"
)

// TestSupervisedBadInput: the bad inputs of issue 18 for the supervised
// selectors on the command line — no labels, k larger than d, a depth whose
// subsets do not fit in memory — are each an error (exit 2) that says what
// is wrong and how to fix it, and nothing is printed on stdout (no partial
// selection or score).
func TestSupervisedBadInput(t *testing.T) {
	dir := t.TempDir()
	rng := rand.New(rand.NewPCG(18, 18))
	write := func(name string, d int) string {
		var b strings.Builder
		for i := range 40 {
			for j := range d {
				fmt.Fprintf(&b, "%.3f,", rng.NormFloat64()+float64(i%2*j%3))
			}
			fmt.Fprintf(&b, "%d\n", i%2)
		}
		path := filepath.Join(dir, name)
		if err := os.WriteFile(path, []byte(b.String()), 0o644); err != nil {
			t.Fatal(err)
		}
		return path
	}
	small, wide := write("small.csv", 3), write("wide.csv", 300)
	defer func(old int64) { memory.Limit = old }(memory.Limit)
	memory.Limit = 32 << 20
	var cases []struct {
		args []string
		want string
	}
	add := func(want string, args ...string) {
		cases = append(cases, struct {
			args []string
			want string
		}{args, want})
	}
	for _, m := range []string{"sffs", "relieff", "mrmr", "mi", "rfs", "ccm"} {
		// Without --label-col the CSV has no labels (its last column is a feature).
		add("method "+m+" needs class labels, but small.csv has none: for a data file give --label-col", "select", "--method", m, "--data", small)
		// With them, 3 features: k = 4 is refused by the method itself.
		add(m+": k = 4 features to select, but the data has 3 (0 ranks them all)", "select", "--method", m, "--k", "4", "--data", small, "--label-col", "last", "--json")
		add("fold 1: feature step: "+m+": k = 4 features to select, but the data has 3",
			"evaluate", "--data", small, "--label-col", "last", "--method", m, "--method-param", "k=4", "--protocol", "pipeline", "--json")
	}
	add("needs class labels, but small.csv has none", "evaluate", "--data", small, "--method", "sffs", "--protocol", "pipeline")
	// sum_{s <= 3} C(300, s) = 4500250 subsets, about 12 bytes each plus 8
	// for the smaller ones (52.8 MiB), with 32 MiB available; at depth 6,
	// 9.83e11 subsets of 20 bytes (17.9 TiB), more than the search can index
	// (counts from Python's math.comb).
	add("sffs: the measures of the 4500250 subsets of at most 3 of 300 features would need about 52.8 MiB of memory, but only 32.0 MiB is available", "select", "--method", "sffs", "--depth", "3", "--data", wide, "--label-col", "last")
	add("sffs: the 9.83e+11 subsets of at most 6 of 300 features would need about 17.9 TiB of memory", "select", "--method", "sffs", "--depth", "6", "--data", wide, "--label-col", "last", "--json")
	add("fold 1: feature step: sffs: the measures of the 4500250 subsets", "evaluate", "--data", wide, "--label-col", "last", "--method", "sffs", "--method-param", "depth=3", "--method-param", "k=5", "--protocol", "pipeline")
	for _, tc := range cases {
		code, out, errs := runCLI(t, tc.args...)
		if code != 2 || !strings.Contains(errs, tc.want) || out != "" {
			t.Errorf("gsbench %s: exit %d (want 2), stdout %q (want none)\nstderr: %s\nwant: %s", strings.Join(tc.args, " "), code, out, errs, tc.want)
		}
	}
}
