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
	"github.com/gsbench/gsbench/internal/registry"
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
	switch {
	case len(args) == 0:
		usage(stderr)
		return 2
	case args[0] == "-h" || args[0] == "--help" || args[0] == "help" && len(args) == 1:
		usage(stdout)
		return 0
	case args[0] == "help":
		// gsbench help COMMAND is gsbench COMMAND -h: the summary, the
		// synopsis and every flag.
		args = []string{args[1], "-h"}
	}
	c, ok := commands[args[0]]
	if !ok {
		fmt.Fprintf(stderr, "gsbench: unknown command %q%s\n\n", args[0], registry.Suggest(args[0], commandNames()))
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

func commandNames() []string {
	names := make([]string, 0, len(commands))
	for n := range commands {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}

func usage(w io.Writer) {
	fmt.Fprintln(w, "usage: gsbench COMMAND [flags]\n\nCommands:")
	for _, n := range commandNames() {
		fmt.Fprintf(w, "  %-10s %s\n", n, commands[n].summary)
	}
	fmt.Fprintln(w, "\nRun 'gsbench help COMMAND' or 'gsbench COMMAND -h' for a command's flags.")
}

// flagSet is a command's flags. Parse errors are returned (and printed once,
// by execute, on stderr); -h prints the command's help on stdout.
type flagSet struct {
	*flag.FlagSet
	name string
}

// newFlagSet returns the flag set of the named command.
func newFlagSet(name string) *flagSet {
	fs := flag.NewFlagSet("gsbench "+name, flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	fs.Usage = func() {}
	return &flagSet{FlagSet: fs, name: name}
}

// parse parses flags that may come before, between or after positional
// arguments (gsbench run CONFIG --out DIR) and returns the positional ones.
// On -h it prints the command's help to stdout and returns flag.ErrHelp.
func (fs *flagSet) parse(args []string, stdout io.Writer) ([]string, error) {
	var pos []string
	for {
		if err := fs.Parse(args); err != nil {
			if errors.Is(err, flag.ErrHelp) {
				fs.help(stdout)
			} else {
				err = fmt.Errorf("%v (gsbench help %s lists the flags)", err, fs.name)
			}
			return nil, err
		}
		args = fs.Args()
		if len(args) == 0 {
			return pos, nil
		}
		if args[0] == "--" {
			return append(pos, args[1:]...), nil
		}
		pos = append(pos, args[0])
		args = args[1:]
	}
}

// help writes the command's summary, synopsis and flags.
func (fs *flagSet) help(w io.Writer) {
	c := commands[fs.name]
	fmt.Fprintf(w, "usage: gsbench %s %s\n\n%s\n\nflags:\n", fs.name, c.usage, c.summary)
	fs.SetOutput(w)
	fs.PrintDefaults()
	fs.SetOutput(io.Discard)
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
