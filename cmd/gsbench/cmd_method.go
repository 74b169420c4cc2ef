package main

import (
	"encoding/json"
	"fmt"
	"io"
	"strconv"
	"strings"
	"text/tabwriter"

	"gonum.org/v1/gonum/mat"

	"github.com/gsbench/gsbench/datasets"
	"github.com/gsbench/gsbench/methods"
	"github.com/gsbench/gsbench/params"
	"github.com/gsbench/gsbench/preprocess"
)

func init() {
	register("select", command{
		summary: "run a feature selection method on a dataset",
		usage:   "--method NAME --data DATA [--preprocess none|center|standardize|minmax] [--missing drop|mean|most_frequent] [--categorical onehot|ordinal] [--label-col N|last] [--data-dir DIR] [--json] [--METHOD-PARAM VALUE ...]",
		run:     func(args []string, w io.Writer) error { return runMethod(methods.Selection, args, w) },
	})
	register("extract", command{
		summary: "run a feature extraction method on a dataset",
		usage:   "--method NAME --data DATA [--preprocess ...] [--missing ...] [--categorical ...] [--label-col N|last] [--data-dir DIR] [--json] [--embedding] [--METHOD-PARAM VALUE ...]",
		run:     func(args []string, w io.Writer) error { return runMethod(methods.Extraction, args, w) },
	})
}

// methodArgs are the flags of select/extract that are not method parameters.
type methodArgs struct {
	method, data, dataDir, preprocess string
	missing, categorical              string
	labelCol                          string
	json, embedding                   bool
	params                            methods.Params
}

// parseMethodArgs reads --flag VALUE and --flag=VALUE pairs. The fixed flags
// configure the run; every other flag is a parameter of the method, decoded
// (and rejected when unknown) by the methods registry.
func parseMethodArgs(kind methods.Kind, args []string) (methodArgs, error) {
	a := methodArgs{params: methods.Params{}}
	for i := 0; i < len(args); i++ {
		arg := args[i]
		if !strings.HasPrefix(arg, "-") || arg == "-" || arg == "--" {
			return a, fmt.Errorf("unexpected argument %q (flags look like --name value)", arg)
		}
		name, value, hasValue := strings.Cut(strings.TrimLeft(arg, "-"), "=")
		switch name {
		case "h", "help":
			return a, fmt.Errorf("usage: gsbench %s --method NAME --data DATA [flags]; 'gsbench list methods' shows each method's parameters", map[methods.Kind]string{methods.Selection: "select", methods.Extraction: "extract"}[kind])
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
		switch name {
		case "method":
			a.method = value
		case "data":
			a.data = value
		case "data-dir", "data_dir":
			a.dataDir = value
		case "preprocess":
			a.preprocess = value
		case "missing":
			a.missing = value
		case "categorical":
			a.categorical = value
		case "label-col", "label_col":
			if _, err := datasets.ParseLabelCol(value); err != nil {
				return a, fmt.Errorf("--label-col: %v", err)
			}
			a.labelCol = value
		default:
			a.params[params.NormalizeName(name)] = value
		}
	}
	if a.method == "" || a.data == "" {
		return a, fmt.Errorf("--method and --data are required")
	}
	return a, nil
}

func runMethod(kind methods.Kind, args []string, w io.Writer) error {
	a, err := parseMethodArgs(kind, args)
	if err != nil {
		return err
	}
	spec, ok := methods.Lookup(a.method)
	if !ok || spec.Kind != kind {
		return fmt.Errorf("unknown %s method %q: use one of %s", kind, a.method, strings.Join(methods.Names(kind), ", "))
	}
	m, err := methods.New(a.method, a.params)
	if err != nil {
		return err
	}
	prep, err := preprocess.Parse(a.preprocess)
	if err != nil {
		return err
	}
	ds, err := datasets.Load(a.data, datasets.Options{
		DataDir: a.dataDir, Missing: a.missing, Categorical: a.categorical,
		LabelCol: a.labelCol,
	})
	if err != nil {
		return err
	}
	X, scaler, err := preprocess.Apply(prep, ds.X)
	if err != nil {
		return err
	}
	if spec.Supervised && ds.Y == nil {
		return fmt.Errorf("method %s uses class labels, but %s has none (give --label-col for a CSV file)", a.method, a.data)
	}
	if err := m.Fit(X, ds.Y); err != nil {
		return err
	}
	out := map[string]any{"method": a.method}
	if len(scaler.Constant) > 0 {
		out["constant_columns"] = scaler.Constant
	}
	switch kind {
	case methods.Selection:
		out["selected"] = nonNil(m.(methods.Selector).Selected())
	case methods.Extraction:
		if err := extractionOutput(m, X, a.embedding, out); err != nil {
			return err
		}
	}
	outputs := 0 // number of selected features or extracted components
	if t, ok := m.(methods.Tracer); ok {
		out["trace"] = nonNil(t.Trace())
	}
	switch kind {
	case methods.Selection:
		outputs = len(m.(methods.Selector).Selected())
	case methods.Extraction:
		outputs = components(m, X)
		if t, ok := m.(methods.Tracer); ok {
			out["variances"] = nonNil(t.Trace()[:min(outputs, len(t.Trace()))])
		}
	}
	if t, ok := m.(methods.Tracer); ok && len(t.Trace()) > outputs {
		// Var(Z_{m+1}): the variance left after the last output (the value
		// that stopped a threshold run).
		out["residual_variance"] = t.Trace()[outputs]
	}
	if s, ok := m.(methods.Scorer); ok {
		out["scores"] = s.Scores()
	}
	if r, ok := m.(methods.Reporter); ok {
		out["report"] = r.Report()
	}
	if a.json {
		enc := json.NewEncoder(w)
		return enc.Encode(out)
	}
	return writeMethodText(w, ds, X, out)
}

func nonNil[T any](s []T) []T {
	if s == nil {
		return []T{}
	}
	return s
}

// extractionOutput adds components (linear methods), kept (GCA),
// eigenvalues (kernel PCA) and the embedding of the training rows.
func extractionOutput(m methods.Method, X *mat.Dense, wantEmbedding bool, out map[string]any) error {
	if l, ok := m.(methods.Linear); ok {
		C := l.Components()
		_, k := C.Dims()
		comps := make([][]float64, k)
		for j := range comps {
			comps[j] = mat.Col(nil, j, C)
		}
		out["components"] = comps
	}
	if g, ok := m.(interface{ Kept() []int }); ok {
		out["kept"] = nonNil(g.Kept())
	}
	if e, ok := m.(interface{ Eigenvalues() []float64 }); ok {
		out["eigenvalues"] = e.Eigenvalues()
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
	out["embedding"] = rows
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

func writeMethodText(w io.Writer, ds *datasets.Dataset, X *mat.Dense, out map[string]any) error {
	n, d := X.Dims()
	fmt.Fprintf(w, "method %s on %s (%d samples x %d features)\n", out["method"], ds.Name, n, d)
	tw := tabwriter.NewWriter(w, 0, 4, 2, ' ', 0)
	name := func(j int) string {
		if j < len(ds.Features) {
			return ds.Features[j]
		}
		return ""
	}
	trace, _ := out["trace"].([]float64)
	scores, _ := out["scores"].([]float64)
	if sel, ok := out["selected"].([]int); ok {
		fmt.Fprintf(w, "%d selected\n", len(sel))
		header := "rank\tfeature\tname"
		switch {
		case trace != nil:
			header += "\tvariance when selected"
		case scores != nil:
			header += "\tscore"
		}
		fmt.Fprintln(tw, header)
		for i, j := range sel {
			v := ""
			switch {
			case trace != nil && i < len(trace):
				v = strconv.FormatFloat(trace[i], 'g', 6, 64)
			case trace == nil && j < len(scores):
				v = strconv.FormatFloat(scores[j], 'g', 6, 64)
			}
			fmt.Fprintf(tw, "%d\t%d\t%s\t%s\n", i+1, j, name(j), v)
		}
		tw.Flush()
	}
	if comps, ok := out["components"].([][]float64); ok {
		fmt.Fprintf(w, "%d components\n", len(comps))
		if vars, ok := out["variances"].([]float64); ok {
			fmt.Fprintln(tw, "component\tvariance")
			for i, v := range vars {
				fmt.Fprintf(tw, "%d\t%.6g\n", i+1, v)
			}
			tw.Flush()
		}
	}
	if kept, ok := out["kept"].([]int); ok {
		fmt.Fprintf(w, "kept principal components: %v\n", kept)
	}
	if v, ok := out["residual_variance"].(float64); ok {
		fmt.Fprintf(w, "residual variance after the last output: %.6g\n", v)
	}
	if r, ok := out["report"].(map[string]any); ok {
		fmt.Fprintf(w, "report: %v\n", r)
	}
	if c, ok := out["constant_columns"].([]int); ok {
		fmt.Fprintf(w, "note: constant columns left at zero by preprocessing: %v\n", c)
	}
	return nil
}
