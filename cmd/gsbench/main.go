// Command gsbench runs Gram-Schmidt feature extraction and selection, the
// baselines they are compared with, and the experiments of the papers.
//
// Run `gsbench help` for the list of commands.
package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"sort"
	"strings"

	"github.com/gsbench/gsbench/fastblas"
)

// command is one sub-command. run receives the arguments after the command
// name and writes results to stdout; it returns an error for the user.
type command struct {
	summary string
	usage   string // argument synopsis shown by help
	run     func(args []string, stdout io.Writer) error
}

var commands = map[string]command{}

// register adds a sub-command; each lives in its own cmd_*.go file.
func register(name string, c command) {
	if _, dup := commands[name]; dup {
		panic("gsbench: command " + name + " registered twice")
	}
	commands[name] = c
}

// exitError carries a specific exit status (e.g. 1 for failed checks).
type exitError struct {
	code int
	err  error
}

func (e exitError) Error() string { return e.err.Error() }

func main() {
	// The command uses OpenBLAS (or the library GSBENCH_BLAS names) when it
	// is installed; `gsbench version` says which. Without one every routine
	// runs in pure Go, with the same results up to rounding.
	_ = fastblas.Enable()
	os.Exit(execute(os.Args[1:], os.Stdout, os.Stderr))
}

// execute runs gsbench with the arguments args (without the program name)
// and returns the exit status.
func execute(args []string, stdout, stderr io.Writer) int {
	if len(args) == 0 || args[0] == "help" || args[0] == "-h" || args[0] == "--help" {
		if len(args) > 1 {
			if c, ok := commands[args[1]]; ok {
				fmt.Fprintf(stdout, "usage: gsbench %s %s\n\n%s\n", args[1], c.usage, c.summary)
				return 0
			}
		}
		usage(stdout)
		return 0
	}
	c, ok := commands[args[0]]
	if !ok {
		fmt.Fprintf(stderr, "gsbench: unknown command %q\n\n", args[0])
		usage(stderr)
		return 2
	}
	if err := c.run(args[1:], stdout); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return 0
		}
		fmt.Fprintf(stderr, "gsbench %s: %v\n", args[0], err)
		var ee exitError
		if errors.As(err, &ee) {
			return ee.code
		}
		return 2
	}
	return 0
}

func usage(w io.Writer) {
	fmt.Fprintln(w, "usage: gsbench COMMAND [flags]\n\nCommands:")
	names := make([]string, 0, len(commands))
	for n := range commands {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		fmt.Fprintf(w, "  %-10s %s\n", n, commands[n].summary)
	}
	fmt.Fprintln(w, "\nRun 'gsbench help COMMAND' or 'gsbench COMMAND -h' for a command's flags.")
}

// newFlagSet returns a flag set that reports errors instead of exiting.
func newFlagSet(name, usage string) *flag.FlagSet {
	fs := flag.NewFlagSet("gsbench "+name, flag.ContinueOnError)
	fs.Usage = func() {
		fmt.Fprintf(fs.Output(), "usage: gsbench %s %s\n\nflags:\n", name, usage)
		fs.PrintDefaults()
	}
	return fs
}

// splitList splits a comma-separated flag value, dropping empty items.
func splitList(s string) []string {
	var out []string
	for _, f := range strings.Split(s, ",") {
		if f = strings.TrimSpace(f); f != "" {
			out = append(out, f)
		}
	}
	return out
}
