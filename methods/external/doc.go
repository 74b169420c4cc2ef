// Package external runs a feature selection or extraction method written
// in any language as a gsbench method: Fit runs the user's command, hands it
// the training matrix (and the class labels when asked) as plain text files,
// and reads back a JSON result. The harness and the command line then treat
// it as any other method: every metric, match rule, sweep and protocol
// applies, and the command is recorded with a hash of its script.
//
// Two methods are registered (package methods, register_external.go):
//
//	external-select    a Selector: the command returns column indices
//	external-extract   an Extractor: the command returns new features, and
//	                   can be asked to transform other rows (see Transform)
//
// In a config:
//
//	methods:
//	  - name: external-extract
//	    label: NumPy PCA
//	    params: {command: python3 examples/python/pca.py, k: 5, timeout: 10m}
//	  - name: external-select
//	    label: awk Fisher
//	    params: {command: awk -f examples/awk/fisher.awk, supervised: true, k: 5}
//
// and on the command line the same names and parameters are flags:
//
//	gsbench select --method external-select --command "awk -f examples/awk/fisher.awk" --supervised true --k 5 --data wine
//
// # Parameters
//
// command (required) is run by /bin/sh -c with one more argument, the
// exchange directory DIR, in gsbench's working directory: "python3 my.py"
// runs `python3 my.py DIR`. k (default 0: the command decides how many) is
// the number of features to produce; a match rule sets it. seed is the
// cell's seed (the harness derives one per cell). supervised (default
// false) writes the class labels and makes data without labels an error.
// timeout (default 1h; 0 waits for ever) kills the command. Every other
// parameter is the command's own: it is passed through in params.json and
// params.txt (a config may sweep it like any parameter; a flag's value that
// reads as a number or true/false is passed as one).
//
// # The exchange directory
//
// gsbench creates DIR (a new temporary directory, removed afterwards),
// writes
//
//	X.txt        the training matrix: n lines of d numbers separated by one
//	             space, each the shortest decimal that reads back to the same
//	             double (Go's strconv 'g', -1: 0.1, -3e-05, 1.2345678901234567)
//	y.txt        (supervised only) n lines, the class label of each row,
//	             an integer 0..c-1
//	apply.txt    (extraction only, when other rows are to be transformed)
//	             m lines of d numbers, as X.txt
//	params.json  {"k": 5, "seed": 123, ...}: k, seed and the command's own
//	             parameters
//	params.txt   the same, one a line: the name, one space, the value as text
//
// runs the command, and reads DIR/result.json, which the command writes:
//
//	selection    {"selected": [j1, j2, ...], "scores": [s0, ..., s(d-1)]}
//	             0-based column indices of X.txt, most important first,
//	             distinct, exactly k of them when k > 0; scores (optional)
//	             one finite number per column
//	extraction   {"features": [[...], ...], "apply_features": [[...], ...]}
//	             the new features of the n rows of X.txt (n rows of m
//	             finite numbers, m = k when k > 0) and, when apply.txt
//	             exists, those of its rows (m columns too)
//
// Any other key is an error (a misspelt key must not pass silently), and
// JSON has no NaN or Infinity. Indices are 0-based: R and MATLAB users
// subtract 1.
//
// Why plain text: it is the default of every reader, without packages or
// options: numpy.loadtxt(f, ndmin=2), Octave's and MATLAB's load(f),
// R's as.matrix(read.table(f)) or scan(f), awk's default field splitting,
// the shell's read. CSV needs a delimiter option in NumPy and awk and is
// read by MATLAB's load only by accident; binary formats (.npy, .mat) need
// a library outside their own language. The cost is size and parsing time
// (about 20 bytes a value), small beside a method's own work.
//
// # Transforming other rows
//
// An extractor's Transform(X) on the training rows returns the features
// the command gave for them. On other rows (the test fold of a pipeline
// protocol, which fits a method on the training folds and transforms the
// test fold) it runs the command again with the same X.txt, y.txt and
// parameters plus apply.txt, and returns apply_features. The command is
// thus stateless: it fits on X.txt every time and, when apply.txt exists,
// also transforms its rows with the fitted model. The features it returns
// for X.txt must equal those of the first run (to 1e-8 relative to their
// largest magnitude): a command whose output changes between two runs with
// the same input and seed would give the test rows features in another
// basis than the training rows, and is an error.
//
// # Failures
//
// A non-zero exit, a timeout, a missing, malformed or out-of-range result
// and a wrong length are errors that name the command and end with the last
// lines of its standard error (or output): the harness records a failed
// cell, the command line prints the error. The command runs in its own
// process group; when the context of Fit is canceled (Ctrl-C, a canceled
// run) or the timeout expires, the whole group is killed (SIGKILL), and so
// is whatever the command left running when it exits. Transform runs under
// the context of the last Fit.
//
// # Provenance
//
// Report returns the command, the program it starts (the first word
// resolved on PATH), and the SHA-256 of every file the command names
// (words that are existing regular files, relative to the working
// directory: the script), and the number of runs. The harness keeps it
// with each cell's record (the journals in the results' cells/ directory);
// cells.jsonl and the tables are unchanged. A cell's key holds the command
// and parameters, not the script's content: after changing a script, run
// with --fresh (or change a parameter) so that stored cells are recomputed.
package external
