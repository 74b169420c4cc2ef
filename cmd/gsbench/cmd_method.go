package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"maps"
	"os"
	"os/signal"
	"slices"
	"strconv"
	"strings"
	"sync/atomic"
	"text/tabwriter"
	"time"

	"gonum.org/v1/gonum/mat"

	"github.com/gsbench/gsbench/datasets"
	"github.com/gsbench/gsbench/internal/registry"
	"github.com/gsbench/gsbench/methods"
	"github.com/gsbench/gsbench/params"
	"github.com/gsbench/gsbench/preprocess"
)

func init() {
	register("select", command{
		summary: "run a feature selection method on a dataset",
		usage:   "--method NAME --data DATA [--preprocess none|center|standardize|minmax] [--label-col COL] [--data-dir DIR] [--missing ...] [--categorical ...] [--data-seed N] [--data-param NAME=VALUE ...] [--json] [--METHOD-PARAM VALUE ...]",
		run:     func(args []string, w io.Writer) error { return runMethod(methods.Selection, args, w) },
	})
	register("extract", command{
		summary: "run a feature extraction method on a dataset",
		usage:   "--method NAME --data DATA [--preprocess ...] [--label-col COL] [--data-dir DIR] [--missing ...] [--categorical ...] [--data-seed N] [--data-param NAME=VALUE ...] [--json] [--embedding] [--METHOD-PARAM VALUE ...]",
		run:     func(args []string, w io.Writer) error { return runMethod(methods.Extraction, args, w) },
	})
}

// methodArgs are the flags of select/extract that are not method parameters.
type methodArgs struct {
	method, preprocess string
	data               dataFlags
	json, embedding    bool
	help               bool
	params             methods.Params
}

// parseMethodArgs reads --flag VALUE and --flag=VALUE pairs. The data flags
// and a few others configure the run; every other flag is a parameter of
// the method, decoded (and rejected when unknown) by the methods registry.
func parseMethodArgs(args []string) (methodArgs, error) {
	a := methodArgs{params: methods.Params{}}
	a.data.seed = 1
	for i := 0; i < len(args); i++ {
		arg := args[i]
		if !strings.HasPrefix(arg, "-") || arg == "-" || arg == "--" {
			return a, fmt.Errorf("unexpected argument %q (flags look like --name value)", arg)
		}
		name, value, hasValue := strings.Cut(strings.TrimLeft(arg, "-"), "=")
		switch name {
		case "h", "help":
			a.help = true
			continue
		case "json":
			a.json = value != "false"
			continue
		case "embedding":
			a.embedding = value != "false"
			continue
		}
		if !hasValue {
			if i+1 >= len(args) {
				return a, fmt.Errorf("flag --%s needs a value", name)
			}
			i++
			value = args[i]
		}
		if ok, err := a.data.set(name, value); ok {
			if err != nil {
				return a, err
			}
			continue
		}
		switch name {
		case "method":
			a.method = value
		case "preprocess":
			a.preprocess = value
		default:
			a.params[params.NormalizeName(name)] = value
		}
	}
	return a, nil
}

func runMethod(kind methods.Kind, args []string, w io.Writer) error {
	cmd := map[methods.Kind]string{methods.Selection: "select", methods.Extraction: "extract"}[kind]
	a, err := parseMethodArgs(args)
	if err != nil {
		return err
	}
	if a.help {
		return methodHelp(w, cmd, kind, a.method)
	}
	if a.method == "" {
		return fmt.Errorf("--method is required: one of %s (gsbench %s --method NAME -h lists its parameters)", strings.Join(methods.Names(kind), ", "), cmd)
	}
	spec, ok := methods.Lookup(a.method)
	if !ok || spec.Kind != kind {
		return fmt.Errorf("unknown %s method %q%s: use one of %s", kind, a.method, registry.Suggest(a.method, methods.Names(kind)), strings.Join(methods.Names(kind), ", "))
	}
	m, err := methods.New(a.method, a.params)
	if err != nil {
		return err
	}
	prep, err := preprocess.Parse(a.preprocess)
	if err != nil {
		return err
	}
	if sf, ok := m.(methods.StreamFitter); ok && sf.CanStream() && prep == preprocess.None && !spec.Supervised && datasets.Streams(a.data.data) {
		return streamMethod(w, sf, a, kind)
	}
	ds, err := a.data.load()
	if err != nil {
		return err
	}
	X, scaler, err := preprocess.Apply(prep, ds.X)
	if err != nil {
		return err
	}
	var y []int
	if methods.UsesLabels(spec, m) {
		if y, err = labelled(ds, "method "+a.method); err != nil {
			return err
		}
	}
	n, d := X.Dims()
	fit := func(ctx context.Context) error { return methods.Fit(ctx, m, X, y) }
	if err := fitWithProgress(fit, a.method, ds.Name, n, d, nil); err != nil {
		return err
	}
	out := methodOutput{Method: a.method, Dataset: ds.Name, ConstantColumns: scaler.Constant}
	if err := out.fill(m, X, kind, a.embedding); err != nil {
		return err
	}
	if a.json {
		return json.NewEncoder(w).Encode(out)
	}
	return out.writeText(w, ds.Name, n, d, ds.Features)
}

// streamMethod fits a method that reads its data in row blocks
// (methods.StreamFitter) on a .npy file or a streaming generator, never
// holding the matrix: memory does not grow with the number of rows.
func streamMethod(w io.Writer, m methods.StreamFitter, a methodArgs, kind methods.Kind) error {
	src, err := a.data.openRows()
	if err != nil {
		return err
	}
	var rows atomic.Int64
	blocks := func(yield func(*mat.Dense, error) bool) {
		for X, err := range src.Blocks(0) {
			if err == nil {
				k, _ := X.Dims()
				rows.Add(int64(k))
			}
			if !yield(X, err) {
				return
			}
		}
	}
	fit := func(ctx context.Context) error { return methods.FitStream(ctx, m, src.D, blocks) }
	if err := fitWithProgress(fit, a.method, src.Name, src.N, src.D, &rows); err != nil {
		return err
	}
	out := methodOutput{Method: a.method, Dataset: src.Name}
	if err := out.fill(m, nil, kind, false); err != nil {
		return err
	}
	out.Notes = append(out.Notes, fmt.Sprintf("the %d x %d matrix was read in blocks of rows, never held whole", src.N, src.D))
	if a.json {
		return json.NewEncoder(w).Encode(out)
	}
	return out.writeText(w, src.Name, src.N, src.D, src.Features)
}

// methodHelp prints the flags of select or extract and, for a method, its
// parameters.
func methodHelp(w io.Writer, cmd string, kind methods.Kind, method string) error {
	c := commands[cmd]
	fmt.Fprintf(w, "usage: gsbench %s %s\n\n%s\n", cmd, c.usage, c.summary)
	if method == "" {
		fmt.Fprintf(w, "\nmethods: %s\n\ngsbench %s --method NAME -h lists a method's parameters; every --flag that is not one of %s, --method, --preprocess, --json%s is a parameter of the method.\n",
			strings.Join(methods.Names(kind), ", "), cmd, "--"+strings.Join(dataFlagNames, ", --"), map[methods.Kind]string{methods.Extraction: ", --embedding"}[kind])
		return flag.ErrHelp
	}
	spec, ok := methods.Lookup(method)
	if !ok || spec.Kind != kind {
		return fmt.Errorf("unknown %s method %q%s: use one of %s", kind, method, registry.Suggest(method, methods.Names(kind)), strings.Join(methods.Names(kind), ", "))
	}
	fmt.Fprintf(w, "\n%s: %s", spec.Name, spec.Summary)
	if spec.Supervised {
		fmt.Fprint(w, " (uses the class labels)")
	}
	fmt.Fprintln(w, "\n\nparameters (--name VALUE; lists comma-separated):")
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	paramLines(tw, spec.Params)
	tw.Flush()
	return flag.ErrHelp
}

// fitWithProgress fits m, stopping on Ctrl-C, and tells on stderr how long
// a fit of more than a few seconds has been running.
func fitWithProgress(fit func(context.Context) error, method, data string, n, d int, rows *atomic.Int64) error {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	start := time.Now()
	done := make(chan struct{})
	go func() {
		t := time.NewTicker(10 * time.Second)
		defer t.Stop()
		for {
			select {
			case <-done:
				return
			case <-t.C:
				read := ""
				if rows != nil {
					read = fmt.Sprintf(", %d rows read", rows.Load())
				}
				fmt.Fprintf(os.Stderr, "gsbench: fitting %s on %s (%d x %d)%s: %s\n", method, data, n, d, read, fmtDuration(time.Since(start)))
			}
		}
	}()
	err := fit(ctx)
	close(done)
	if err != nil && ctx.Err() != nil {
		return fmt.Errorf("interrupted after %s", fmtDuration(time.Since(start)))
	}
	if el := time.Since(start); el >= 10*time.Second {
		fmt.Fprintf(os.Stderr, "gsbench: fitted %s in %s\n", method, fmtDuration(el))
	}
	return err
}

// methodOutput is what select and extract print (as JSON with --json).
type methodOutput struct {
	Method          string         `json:"method"`
	Dataset         string         `json:"dataset"`
	Selected        []int          `json:"selected,omitempty"`
	Components      [][]float64    `json:"components,omitempty"`
	Kept            []int          `json:"kept,omitempty"`
	Eigenvalues     []float64      `json:"eigenvalues,omitempty"`
	Embedding       [][]float64    `json:"embedding,omitempty"`
	Trace           []float64      `json:"trace,omitempty"`
	Variances       []float64      `json:"variances,omitempty"`
	ResidualVar     *float64       `json:"residual_variance,omitempty"`
	Scores          []float64      `json:"scores,omitempty"`
	Report          map[string]any `json:"report,omitempty"`
	ConstantColumns []int          `json:"constant_columns,omitempty"`
	Notes           []string       `json:"notes,omitempty"`
	Warnings        []string       `json:"warnings,omitempty"`
}

// fill records the fitted method's outputs.
func (o *methodOutput) fill(m methods.Method, X *mat.Dense, kind methods.Kind, wantEmbedding bool) error {
	outputs := 0 // number of selected features or extracted components
	switch kind {
	case methods.Selection:
		o.Selected = nonNil(m.(methods.Selector).Selected())
		outputs = len(o.Selected)
	case methods.Extraction:
		if err := o.extraction(m, X, wantEmbedding); err != nil {
			return err
		}
		outputs = components(m, X)
	}
	if t, ok := m.(methods.Tracer); ok {
		tr := t.Trace()
		o.Trace = nonNil(tr)
		if kind == methods.Extraction {
			o.Variances = nonNil(tr[:min(outputs, len(tr))])
		}
		if len(tr) > outputs {
			// Var(Z_{m+1}): the variance left after the last output (the
			// value that stopped a threshold run).
			v := tr[outputs]
			o.ResidualVar = &v
		}
	}
	if s, ok := m.(methods.Scorer); ok {
		o.Scores = s.Scores()
	}
	if r, ok := m.(methods.Reporter); ok {
		o.Report = r.Report()
		if w, ok := o.Report["warning"].(string); ok {
			o.Warnings = append(o.Warnings, w)
		}
	}
	if outputs == 0 {
		why := "the method produced no features"
		if o.ResidualVar != nil {
			why += fmt.Sprintf(": the largest variance, %.6g, is already at or below the threshold", *o.ResidualVar)
		}
		o.Notes = append(o.Notes, why)
	}
	return nil
}

func nonNil[T any](s []T) []T {
	if s == nil {
		return []T{}
	}
	return s
}

// extraction adds components (linear methods), kept (GCA), eigenvalues
// (kernel PCA) and the embedding of the training rows.
func (o *methodOutput) extraction(m methods.Method, X *mat.Dense, wantEmbedding bool) error {
	if l, ok := m.(methods.Linear); ok {
		C := l.Components()
		_, k := C.Dims()
		comps := make([][]float64, k)
		for j := range comps {
			comps[j] = mat.Col(nil, j, C)
		}
		o.Components = comps
	}
	if g, ok := m.(interface{ Kept() []int }); ok {
		o.Kept = nonNil(g.Kept())
	}
	if e, ok := m.(interface{ Eigenvalues() []float64 }); ok {
		o.Eigenvalues = e.Eigenvalues()
	}
	_, linear := m.(methods.Linear)
	if !wantEmbedding && linear {
		return nil
	}
	var Z *mat.Dense
	if e, ok := m.(methods.Embedder); ok {
		Z = e.Embedding()
	} else {
		var err error
		if Z, err = m.(methods.Extractor).Transform(X); err != nil {
			return err
		}
	}
	n, _ := Z.Dims()
	rows := make([][]float64, n)
	for i := range rows {
		rows[i] = mat.Row(nil, i, Z)
	}
	o.Embedding = rows
	return nil
}

// components returns the number of features an extractor produces: the
// columns of its directions or of its embedding.
func components(m methods.Method, X *mat.Dense) int {
	if l, ok := m.(methods.Linear); ok {
		_, k := l.Components().Dims()
		return k
	}
	if e, ok := m.(methods.Embedder); ok {
		_, k := e.Embedding().Dims()
		return k
	}
	n, _ := X.Dims()
	if Z, err := m.(methods.Extractor).Transform(X.Slice(0, min(1, n), 0, X.RawMatrix().Cols).(*mat.Dense)); err == nil {
		_, k := Z.Dims()
		return k
	}
	return 0
}

// writeText writes the outputs for a reader.
func (o *methodOutput) writeText(w io.Writer, data string, n, d int, features []string) error {
	fmt.Fprintf(w, "method %s on %s (%d samples x %d features)\n", o.Method, data, n, d)
	tw := tabwriter.NewWriter(w, 0, 4, 2, ' ', 0)
	name := func(j int) string {
		if j < len(features) {
			return features[j]
		}
		return ""
	}
	if o.Selected != nil {
		fmt.Fprintf(w, "%d selected\n", len(o.Selected))
		header := "rank\tfeature\tname"
		switch {
		case o.Trace != nil:
			header += "\tvariance when selected"
		case o.Scores != nil:
			header += "\tscore"
		}
		fmt.Fprintln(tw, header)
		for i, j := range o.Selected {
			v := ""
			switch {
			case o.Trace != nil && i < len(o.Trace):
				v = strconv.FormatFloat(o.Trace[i], 'g', 6, 64)
			case o.Trace == nil && j < len(o.Scores):
				v = strconv.FormatFloat(o.Scores[j], 'g', 6, 64)
			}
			fmt.Fprintf(tw, "%d\t%d\t%s\t%s\n", i+1, j, name(j), v)
		}
		tw.Flush()
	}
	if o.Components != nil {
		fmt.Fprintf(w, "%d components\n", len(o.Components))
		if o.Variances != nil {
			fmt.Fprintln(tw, "component\tvariance")
			for i, v := range o.Variances {
				fmt.Fprintf(tw, "%d\t%.6g\n", i+1, v)
			}
			tw.Flush()
		}
	}
	if o.Kept != nil {
		fmt.Fprintf(w, "kept principal components: %v\n", o.Kept)
	}
	if o.ResidualVar != nil {
		fmt.Fprintf(w, "residual variance after the last output: %.6g\n", *o.ResidualVar)
	}
	if len(o.Report) > 0 {
		fmt.Fprintln(w, "report:")
		for _, k := range slices.Sorted(maps.Keys(o.Report)) {
			v, err := json.Marshal(o.Report[k])
			if err != nil {
				v = []byte(fmt.Sprint(o.Report[k]))
			}
			fmt.Fprintf(w, "  %s: %s\n", k, v)
		}
	}
	if len(o.ConstantColumns) > 0 {
		fmt.Fprintf(w, "note: constant columns left at zero by preprocessing: %v\n", o.ConstantColumns)
	}
	for _, note := range o.Notes {
		fmt.Fprintf(w, "note: %s\n", note)
	}
	for _, warning := range o.Warnings {
		fmt.Fprintf(w, "warning: %s\n", warning)
	}
	return nil
}
