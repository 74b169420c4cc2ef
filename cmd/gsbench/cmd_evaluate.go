package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"maps"
	"os"
	"os/signal"
	"slices"
	"strconv"
	"strings"

	"gonum.org/v1/gonum/mat"

	"github.com/gsbench/gsbench/datasets"
	"github.com/gsbench/gsbench/evaluate"
	"github.com/gsbench/gsbench/internal/registry"
	"github.com/gsbench/gsbench/learn/svm"
	"github.com/gsbench/gsbench/methods"
	"github.com/gsbench/gsbench/params"
	"github.com/gsbench/gsbench/preprocess"
)

func init() {
	register("evaluate", command{
		summary: "score a dataset, a feature subset or a method: SVM cross-validated accuracy, k-means NMI",
		usage: "--data DATA [--preprocess standardize] [--features 0,3,7 | --select-json FILE | --method NAME [--method-param NAME=VALUE ...] [--protocol all-rows|pipeline]] " +
			"[--classifier svm|none --multiclass ovr|ovo --cv 5] [--cluster kmeans --seeds 25] [--json]",
		run: runEvaluate,
	})
}

// evaluateJSON is the --json output: the keys the experiment tables use.
// Keys of a score that was not requested are left out.
type evaluateJSON struct {
	AccuracyMean *float64  `json:"accuracy_mean,omitempty"`
	AccuracyStd  *float64  `json:"accuracy_std,omitempty"`
	Folds        []float64 `json:"folds,omitempty"`
	NMIMean      *float64  `json:"nmi_mean,omitempty"`
	NMIStd       *float64  `json:"nmi_std,omitempty"`
}

func runEvaluate(args []string, w io.Writer) error {
	// Every default is the library's: the papers' SVM protocol, the QMR-FS
	// k-means protocol and the classifier's own settings.
	sd, kd, sp := evaluate.DefaultSVM(), evaluate.DefaultKMeans(), svm.Params{}.Defaults()
	fs := newFlagSet("evaluate")
	var df dataFlags
	df.register(fs.FlagSet)
	var (
		prep       = fs.String("preprocess", sd.Preprocess, "none, center, standardize or minmax")
		prepOn     = fs.String("preprocess-on", "train", "fit the preprocessing on each training fold (train) or on all rows (all)")
		features   = fs.String("features", "", "comma-separated 0-based columns to keep (default: all)")
		selectJSON = fs.String("select-json", "", "keep the columns listed under \"selected\" in this JSON file (gsbench select --json)")
		method     = fs.String("method", "", "score the features of this selection or extraction method (gsbench list methods)")
		protocol   = fs.String("protocol", string(evaluate.AllRows), "with --method: all-rows (fit it once on all rows, then cross-validate the classifier on its features) or pipeline (fit it inside each training fold and transform the test fold; a supervised method never sees the test labels)")
		classifier = fs.String("classifier", "svm", "svm, or none to skip classification")
		multiclass = fs.String("multiclass", sd.Multiclass, "ovr (one-vs-rest, the papers') or ovo (one-vs-one, libsvm's)")
		kernel     = fs.String("kernel", sd.Kernel, "rbf, linear or poly")
		c          = fs.Float64("C", sd.C, "SVM box constraint")
		gamma      = fs.String("gamma", sd.Gamma, "kernel coefficient: scale, auto or a positive number")
		degree     = fs.Int("degree", sp.Degree, "poly kernel degree")
		coef0      = fs.Float64("coef0", sp.Coef0, "poly kernel constant")
		tol        = fs.Float64("tol", sp.Tol, "SMO stopping tolerance")
		cacheMB    = fs.Float64("cache-mb", sp.CacheMB, "kernel cache per fit, MiB")
		folds      = fs.Int("cv", sd.Folds, "number of stratified folds")
		shuffle    = fs.Bool("shuffle", sd.Shuffle, "shuffle the folds with --seed (default: scikit-learn's StratifiedKFold folds)")
		seed       = fs.Uint64("seed", 0, "seed of the first shuffled repeat")
		repeats    = fs.Int("repeats", sd.Repeats, "cross-validation repeats, seeds seed, seed+1, ... (needs --shuffle)")
		clusterer  = fs.String("cluster", "none", "kmeans, or none to skip clustering")
		seeds      = fs.Int("seeds", kd.Seeds, "k-means seeds 0..seeds-1, one NMI each")
		k          = fs.Int("k", kd.Clusters, "k-means clusters (default: number of classes)")
		nInit      = fs.Int("n-init", kd.NInit, "k-means restarts per seed")
		workers    = fs.Int("workers", 0, "goroutines (default: all cores)")
		asJSON     = fs.Bool("json", false, "print {\"accuracy_mean\", \"accuracy_std\", \"folds\", \"nmi_mean\", \"nmi_std\"}")
	)
	methodParams := methods.Params{}
	fs.Func("method-param", "a parameter of --method, NAME=VALUE (repeatable; gsbench select|extract --method NAME -h lists them)", func(kv string) error {
		name, value, ok := strings.Cut(kv, "=")
		if !ok || strings.TrimSpace(name) == "" {
			return fmt.Errorf("want NAME=VALUE")
		}
		methodParams[params.NormalizeName(name)] = value
		return nil
	})
	pos, err := fs.parse(args, w)
	if err != nil {
		return err
	}
	if len(pos) > 0 {
		return fmt.Errorf("unexpected argument %q", pos[0])
	}
	proto, err := evaluate.ParseProtocol(*protocol)
	if err != nil {
		return err
	}
	var spec methods.Spec
	switch {
	case *method == "" && len(methodParams) > 0:
		return fmt.Errorf("--method-param %s: give the method with --method", slices.Sorted(maps.Keys(methodParams))[0])
	case *method == "" && proto == evaluate.Pipeline:
		return fmt.Errorf("--protocol pipeline fits a method inside each training fold: give it with --method")
	case *method != "":
		if *features != "" || *selectJSON != "" {
			return fmt.Errorf("give --method, --features or --select-json, not several")
		}
		var ok bool
		if spec, ok = methods.Lookup(*method); !ok {
			names := methods.Names("")
			return fmt.Errorf("unknown method %q%s: use one of %s", *method, registry.Suggest(*method, names), strings.Join(names, ", "))
		}
		if _, err := spec.New(methodParams); err != nil { // its parameters, checked before anything runs
			return err
		}
	}
	doSVM, err := choice("--classifier", *classifier, "svm")
	if err != nil {
		return err
	}
	doKMeans, err := choice("--cluster", *clusterer, "kmeans")
	if err != nil {
		return err
	}
	if !doSVM && !doKMeans {
		return fmt.Errorf("nothing to do: --classifier none and --cluster none")
	}
	kind, err := preprocess.Parse(*prep)
	if err != nil {
		return err
	}
	if *prepOn != "train" && *prepOn != "all" {
		return fmt.Errorf("--preprocess-on %q: use train or all", *prepOn)
	}
	// The protocols as the flags give them; with --preprocess-on all the
	// data is scaled once here, and the protocols leave it as it is.
	so := evaluate.SVMOptions{Folds: *folds, Repeats: *repeats, Shuffle: *shuffle, Kernel: *kernel, C: *c,
		Gamma: *gamma, Multiclass: *multiclass, Preprocess: string(kind)}
	ko := evaluate.KMeansOptions{Seeds: *seeds, Clusters: *k, NInit: *nInit, MaxIter: kd.MaxIter, Preprocess: string(kind)}
	if *prepOn == "all" {
		so.Preprocess, ko.Preprocess = string(preprocess.None), string(preprocess.None)
	}
	cvOpt, err := so.CV(*seed, *workers)
	if err != nil {
		return err
	}
	cvOpt.SVM.Degree, cvOpt.SVM.Coef0, cvOpt.SVM.Tol, cvOpt.SVM.CacheMB = *degree, *coef0, *tol, *cacheMB
	if *features != "" && *selectJSON != "" {
		return fmt.Errorf("give --features or --select-json, not both")
	}
	if doKMeans && *seeds < 1 {
		return fmt.Errorf("--seeds %d: use at least 1", *seeds)
	}
	clOpt, err := ko.Cluster(*workers)
	if err != nil {
		return err
	}

	ds, cols, X, err := evaluationData(&df, *features, *selectJSON)
	if err != nil {
		return err
	}
	if *prepOn == "all" && kind != preprocess.None {
		if X, _, err = preprocess.Apply(kind, X); err != nil {
			return err
		}
	}
	n, d := X.Dims()
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	newMethod := func() (methods.Method, error) { return spec.New(methodParams) }
	var y []int // the method's labels
	if *method != "" {
		if m, _ := newMethod(); methods.UsesLabels(spec, m) {
			y = ds.Y
		}
	}
	// The classifier's data: the method's features on all rows, or under
	// the pipeline protocol the data, with the method fitted in each fold.
	cvX, clX := X, X
	switch {
	case *method != "" && proto == evaluate.Pipeline:
		cvOpt.Features = methods.FoldFeatures(spec, newMethod)
		if doKMeans { // clustering has no folds: the method fitted on all rows
			if clX, err = fitFeatures(newMethod, X, y, spec.Name, ds.Name); err != nil {
				return err
			}
		}
	case *method != "":
		if X, err = fitFeatures(newMethod, X, y, spec.Name, ds.Name); err != nil {
			return err
		}
		cvX, clX = X, X
	}
	var out evaluateJSON
	var notes []string
	var acc evaluate.Score
	if doSVM {
		if acc, err = evaluate.CVAccuracy(ctx, cvX, ds.Y, cvOpt); err != nil {
			return err
		}
		out.AccuracyMean, out.AccuracyStd, out.Folds = &acc.Mean, &acc.Std, acc.Values
		notes = append(notes, acc.Notes...)
	}
	var cl evaluate.ClusterScore
	if doKMeans {
		// Clustering has no training fold: the preprocessing is fitted on X.
		if cl, err = evaluate.ClusterNMI(ctx, clX, ds.Y, clOpt); err != nil {
			return err
		}
		out.NMIMean, out.NMIStd = &cl.NMI.Mean, &cl.NMI.Std
		notes = append(notes, cl.NMI.Notes...)
	}
	for _, n := range notes {
		fmt.Fprintln(os.Stderr, "note:", n)
	}
	if *asJSON {
		return json.NewEncoder(w).Encode(out)
	}
	subset := "all features"
	if cols != nil {
		subset = fmt.Sprintf("features %v", cols)
	}
	classes := len(distinctLabels(ds.Y))
	fmt.Fprintf(w, "data      %s: %d samples, %d features (%s), %d classes\n", df.data, n, d, subset, classes)
	if kind != preprocess.None {
		fmt.Fprintf(w, "scaling   %s, fitted on %s\n", kind, map[string]string{"train": "each training fold (of the classifier's inputs)", "all": "all rows"}[*prepOn])
	}
	if *method != "" {
		fmt.Fprintf(w, "method    %s%s, fitted %s\n", spec.Name, formatMethodParams(methodParams),
			map[evaluate.Protocol]string{evaluate.AllRows: "once on all rows", evaluate.Pipeline: "inside each training fold (pipeline)"}[proto])
	}
	if doSVM {
		writeAccuracy(w, cvOpt, acc)
	}
	if doKMeans {
		writeClusters(w, clOpt, classes, cl)
	}
	return nil
}

// fitFeatures fits a new method on all rows and returns the features it
// gives them.
func fitFeatures(newMethod func() (methods.Method, error), X *mat.Dense, y []int, method, data string) (*mat.Dense, error) {
	m, err := newMethod()
	if err != nil {
		return nil, err
	}
	n, d := X.Dims()
	fit := func(ctx context.Context) error { return methods.Fit(ctx, m, X, y) }
	if err := fitWithProgress(fit, method, data, n, d, nil); err != nil {
		return nil, err
	}
	Z, err := methods.TrainingFeatures(m, X)
	if err == nil && Z.IsEmpty() {
		err = fmt.Errorf("method %s produced no features", method)
	}
	return Z, err
}

// formatMethodParams writes parameters as {name=value,...}, sorted.
func formatMethodParams(p methods.Params) string {
	if len(p) == 0 {
		return ""
	}
	var parts []string
	for _, k := range slices.Sorted(maps.Keys(p)) {
		parts = append(parts, k+"="+params.Format(p[k]))
	}
	return "{" + strings.Join(parts, ",") + "}"
}

// writeAccuracy writes the protocol and the accuracy of the SVM.
func writeAccuracy(w io.Writer, o evaluate.CVOptions, acc evaluate.Score) {
	fmt.Fprintf(w, "svm       %s kernel, C=%g, gamma=%s, %s; %d-fold stratified CV", o.SVM.Kernel, o.SVM.C, o.SVM.Gamma, o.SVM.Multiclass, o.Folds)
	if o.Repeats > 1 {
		fmt.Fprintf(w, " x %d repeats", o.Repeats)
	}
	fmt.Fprintf(w, "\naccuracy  %.4f ± %.4f  (folds %s)\n", acc.Mean, acc.Std, formatValues(acc.Values))
}

// writeClusters writes the protocol and the scores of k-means.
func writeClusters(w io.Writer, o evaluate.ClusterOptions, classes int, cl evaluate.ClusterScore) {
	clusters := o.K
	if clusters == 0 {
		clusters = classes
	}
	fmt.Fprintf(w, "k-means   k=%d, n_init=%d, seeds 0..%d\n", clusters, o.NInit, len(o.Seeds)-1)
	fmt.Fprintf(w, "NMI       %.4f ± %.4f\n", cl.NMI.Mean, cl.NMI.Std)
	fmt.Fprintf(w, "ACC       %.4f ± %.4f  (Hungarian matching)\n", cl.ACC.Mean, cl.ACC.Std)
}

// evaluationData loads the labelled dataset and keeps the columns of
// --features or --select-json (cols nil: all of them).
func evaluationData(df *dataFlags, features, selectJSON string) (ds *datasets.Dataset, cols []int, X *mat.Dense, err error) {
	if ds, err = df.load(); err != nil {
		return nil, nil, nil, err
	}
	if _, err = labelled(ds, "evaluate"); err != nil {
		return nil, nil, nil, err
	}
	X = ds.X
	if cols, err = featureList(features, selectJSON); err != nil {
		return nil, nil, nil, err
	}
	if cols != nil {
		if X, err = methods.SelectColumns(X, cols); err != nil {
			return nil, nil, nil, err
		}
	}
	return ds, cols, X, nil
}

// choice reports whether value names the action (true) or is "none".
func choice(flagName, value, action string) (bool, error) {
	switch strings.ToLower(value) {
	case action:
		return true, nil
	case "none", "":
		return false, nil
	}
	return false, fmt.Errorf("%s %q: use %s or none", flagName, value, action)
}

// featureList returns the columns of --features or --select-json (nil: all).
func featureList(list, jsonFile string) ([]int, error) {
	if list != "" {
		var cols []int
		for _, f := range splitList(list) {
			c, err := strconv.Atoi(f)
			if err != nil {
				return nil, fmt.Errorf("--features: %q is not a column number", f)
			}
			cols = append(cols, c)
		}
		if len(cols) == 0 {
			return nil, fmt.Errorf("--features lists no column")
		}
		return cols, nil
	}
	if jsonFile == "" {
		return nil, nil
	}
	raw, err := os.ReadFile(jsonFile)
	if err != nil {
		return nil, err
	}
	// The output of gsbench select --json, or a bare array of columns.
	var obj struct {
		Selected *[]int `json:"selected"`
	}
	var arr []int
	if err := json.Unmarshal(raw, &obj); err == nil && obj.Selected != nil {
		arr = *obj.Selected
	} else if err := json.Unmarshal(raw, &arr); err != nil {
		return nil, fmt.Errorf("%s: want a JSON object with \"selected\": [columns] or a JSON array of columns", jsonFile)
	}
	if len(arr) == 0 {
		return nil, fmt.Errorf("%s selects no column", jsonFile)
	}
	return arr, nil
}

func distinctLabels(y []int) map[int]bool {
	m := map[int]bool{}
	for _, l := range y {
		m[l] = true
	}
	return m
}

func formatValues(v []float64) string {
	s := make([]string, len(v))
	for i, x := range v {
		s[i] = strconv.FormatFloat(x, 'f', 4, 64)
	}
	return strings.Join(s, " ")
}
