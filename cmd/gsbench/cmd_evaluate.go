package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"

	"github.com/gsbench/gsbench/datasets"
	"github.com/gsbench/gsbench/evaluate"
	"github.com/gsbench/gsbench/learn/svm"
	"github.com/gsbench/gsbench/preprocess"
)

func init() {
	register("evaluate", command{
		summary: "score a dataset or a feature subset: SVM cross-validated accuracy, k-means NMI",
		usage: "--data DATA [--preprocess standardize] [--features 0,3,7 | --select-json FILE] " +
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
	fs := newFlagSet("evaluate", commands["evaluate"].usage)
	var (
		data       = fs.String("data", "", "dataset: a registry name (gsbench datasets) or a data file")
		dataDir    = fs.String("data-dir", "", "data directory (default $GSBENCH_DATA)")
		labelCol   = fs.String("label-col", "last", "label column of a CSV file: 0-based number or 'last'")
		prep       = fs.String("preprocess", "none", "none, center, standardize or minmax")
		prepOn     = fs.String("preprocess-on", "train", "fit the preprocessing on each training fold (train) or on all rows (all)")
		features   = fs.String("features", "", "comma-separated 0-based columns to keep (default: all)")
		selectJSON = fs.String("select-json", "", "keep the columns listed under \"selected\" in this JSON file (gsbench select --json)")
		classifier = fs.String("classifier", "svm", "svm, or none to skip classification")
		multiclass = fs.String("multiclass", "ovr", "ovr (one-vs-rest, the papers') or ovo (one-vs-one, libsvm's)")
		kernel     = fs.String("kernel", "rbf", "rbf, linear or poly")
		c          = fs.Float64("C", 1, "SVM box constraint")
		gamma      = fs.String("gamma", "scale", "kernel coefficient: scale, auto or a positive number")
		degree     = fs.Int("degree", 3, "poly kernel degree")
		coef0      = fs.Float64("coef0", 0, "poly kernel constant")
		tol        = fs.Float64("tol", 1e-3, "SMO stopping tolerance")
		cacheMB    = fs.Float64("cache-mb", 200, "kernel cache per fit, MiB")
		folds      = fs.Int("cv", 5, "number of stratified folds")
		shuffle    = fs.Bool("shuffle", false, "shuffle the folds with --seed (default: scikit-learn's StratifiedKFold folds)")
		seed       = fs.Uint64("seed", 0, "seed of the first shuffled repeat")
		repeats    = fs.Int("repeats", 1, "cross-validation repeats, seeds seed, seed+1, ... (needs --shuffle)")
		clusterer  = fs.String("cluster", "none", "kmeans, or none to skip clustering")
		seeds      = fs.Int("seeds", 25, "k-means seeds 0..seeds-1, one NMI each")
		k          = fs.Int("k", 0, "k-means clusters (default: number of classes)")
		nInit      = fs.Int("n-init", 10, "k-means restarts per seed")
		workers    = fs.Int("workers", 0, "goroutines (default: all cores)")
		asJSON     = fs.Bool("json", false, "print {\"accuracy_mean\", \"accuracy_std\", \"folds\", \"nmi_mean\", \"nmi_std\"}")
	)
	if err := fs.Parse(args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return fmt.Errorf("unexpected argument %q", fs.Arg(0))
	}
	if *data == "" {
		return fmt.Errorf("--data is required")
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
	mc, err := svm.ParseMulticlass(*multiclass)
	if err != nil {
		return err
	}
	kk, err := svm.ParseKernel(*kernel)
	if err != nil {
		return err
	}
	if *features != "" && *selectJSON != "" {
		return fmt.Errorf("give --features or --select-json, not both")
	}
	lc := datasets.LastLabel
	if *labelCol != "last" {
		if lc, err = strconv.Atoi(*labelCol); err != nil || lc < 0 {
			return fmt.Errorf("--label-col %q: want a 0-based column number or 'last'", *labelCol)
		}
	}

	ds, err := datasets.Load(*data, datasets.Options{DataDir: *dataDir, CSV: datasets.CSVOptions{LabelCol: lc}})
	if err != nil {
		return err
	}
	if ds.Y == nil {
		return fmt.Errorf("%s has no class labels (give --label-col for a CSV file)", *data)
	}
	X := ds.X
	cols, err := featureList(*features, *selectJSON)
	if err != nil {
		return err
	}
	if cols != nil {
		if X, err = evaluate.SelectColumns(X, cols); err != nil {
			return err
		}
	}
	foldPrep := kind
	if *prepOn == "all" && kind != preprocess.None {
		if X, _, err = preprocess.Apply(kind, X); err != nil {
			return err
		}
		foldPrep = preprocess.None
	}

	ctx := context.Background()
	var out evaluateJSON
	var notes []string
	var acc evaluate.Score
	if doSVM {
		acc, err = evaluate.CVAccuracy(ctx, X, ds.Y, evaluate.CVOptions{
			SVM: svm.Params{
				Kernel: kk, C: *c, Gamma: *gamma, Degree: *degree, Coef0: *coef0,
				Tol: *tol, CacheMB: *cacheMB, Multiclass: mc,
			},
			Folds: *folds, Shuffle: *shuffle, Seed: *seed, Repeats: *repeats,
			Preprocess: foldPrep, Workers: *workers,
		})
		if err != nil {
			return err
		}
		out.AccuracyMean, out.AccuracyStd, out.Folds = &acc.Mean, &acc.Std, acc.Values
		notes = append(notes, acc.Notes...)
	}
	var cl evaluate.ClusterScore
	if doKMeans {
		if *seeds < 1 {
			return fmt.Errorf("--seeds %d: use at least 1", *seeds)
		}
		// Clustering has no training fold: the preprocessing is fitted on X.
		cl, err = evaluate.ClusterNMI(ctx, X, ds.Y, evaluate.ClusterOptions{
			K: *k, NInit: *nInit, Seeds: evaluate.SeedRange(*seeds),
			Preprocess: foldPrep, Workers: *workers,
		})
		if err != nil {
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

	n, d := X.Dims()
	subset := "all features"
	if cols != nil {
		subset = fmt.Sprintf("features %v", cols)
	}
	fmt.Fprintf(w, "data      %s: %d samples, %d features (%s), %d classes\n", *data, n, d, subset, len(distinctLabels(ds.Y)))
	if kind != preprocess.None {
		fmt.Fprintf(w, "scaling   %s, fitted on %s\n", kind, map[string]string{"train": "each training fold", "all": "all rows"}[*prepOn])
	}
	if doSVM {
		fmt.Fprintf(w, "svm       %s kernel, C=%g, gamma=%s, %s; %d-fold stratified CV", kk, *c, *gamma, mc, *folds)
		if *repeats > 1 {
			fmt.Fprintf(w, " x %d repeats", *repeats)
		}
		fmt.Fprintf(w, "\naccuracy  %.4f ± %.4f  (folds %s)\n", acc.Mean, acc.Std, formatValues(acc.Values))
	}
	if doKMeans {
		clusters := *k
		if clusters == 0 {
			clusters = len(distinctLabels(ds.Y))
		}
		fmt.Fprintf(w, "k-means   k=%d, n_init=%d, seeds 0..%d\n", clusters, *nInit, *seeds-1)
		fmt.Fprintf(w, "NMI       %.4f ± %.4f\n", cl.NMI.Mean, cl.NMI.Std)
		fmt.Fprintf(w, "ACC       %.4f ± %.4f  (Hungarian matching)\n", cl.ACC.Mean, cl.ACC.Std)
	}
	return nil
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
