package main

import (
	"flag"
	"fmt"
	"strings"

	"github.com/gsbench/gsbench/datasets"
	"github.com/gsbench/gsbench/params"
)

// dataFlags are the flags that say which data a command reads. select,
// extract, evaluate and info share them, so that a file's label column, a
// dataset's missing-value policy and a generator's parameters are written
// the same way everywhere (datasets.Load documents the one label rule).
type dataFlags struct {
	data, dataDir, labelCol, missing, categorical string
	seed                                          uint64        // a generator's seed
	params                                        params.Params // a generator's parameters
	verify                                        bool
}

// dataFlagNames are the flags dataFlags reads (select and extract pass
// every other flag to the method).
var dataFlagNames = []string{"data", "data-dir", "label-col", "missing", "categorical", "data-seed", "data-param"}

// register declares the flags on fs.
func (d *dataFlags) register(fs *flag.FlagSet) {
	fs.StringVar(&d.data, "data", "", "registry dataset (gsbench datasets), synthetic generator, or data file (CSV, LIBSVM, MAT, NumPy .npy/.npz, ARFF; gzip allowed)")
	fs.StringVar(&d.dataDir, "data-dir", "", "data directory (default: $GSBENCH_DATA, then the user cache directory)")
	fs.StringVar(&d.labelCol, "label-col", "", "class label of a data file: a 0-based column, last, a column name, or none (default: the format's convention: none for a plain CSV)")
	fs.StringVar(&d.missing, "missing", "", "missing-value policy: drop, mean or most_frequent (default: the dataset's)")
	fs.StringVar(&d.categorical, "categorical", "", "encoding of categorical columns: onehot or ordinal (default: the dataset's)")
	fs.Uint64Var(&d.seed, "data-seed", 1, "seed of a synthetic generator")
	fs.Func("data-param", "a generator parameter NAME=VALUE (repeatable; gsbench info --data GENERATOR lists them)", d.addParam)
}

// set assigns one data flag by name (for the hand-written parser of select
// and extract); it reports whether name is a data flag.
func (d *dataFlags) set(name, value string) (bool, error) {
	switch name {
	case "data":
		d.data = value
	case "data-dir", "data_dir":
		d.dataDir = value
	case "label-col", "label_col":
		d.labelCol = value
	case "missing":
		d.missing = value
	case "categorical":
		d.categorical = value
	case "data-seed", "data_seed":
		var s uint64
		if _, err := fmt.Sscan(value, &s); err != nil {
			return true, fmt.Errorf("--data-seed %q: want a non-negative integer", value)
		}
		d.seed = s
	case "data-param", "data_param":
		return true, d.addParam(value)
	default:
		return false, nil
	}
	return true, nil
}

func (d *dataFlags) addParam(kv string) error {
	name, value, ok := strings.Cut(kv, "=")
	if !ok || strings.TrimSpace(name) == "" {
		return fmt.Errorf("--data-param %q: want NAME=VALUE", kv)
	}
	if d.params == nil {
		d.params = params.Params{}
	}
	d.params[params.NormalizeName(name)] = value
	return nil
}

// load reads the data the flags name.
func (d *dataFlags) load() (*datasets.Dataset, error) {
	if d.data == "" {
		return nil, fmt.Errorf("--data is required (gsbench datasets lists the registry and the generators)")
	}
	return datasets.Load(d.data, datasets.Options{DataDir: d.dataDir, Verify: d.verify, LabelCol: d.labelCol,
		Missing: d.missing, Categorical: d.categorical, Params: d.params, Seed: d.seed})
}

// openRows opens the data the flags name for reading in row blocks (a .npy
// file or a streaming generator; datasets.Streams).
func (d *dataFlags) openRows() (*datasets.RowSource, error) {
	if d.missing != "" || d.categorical != "" {
		return nil, fmt.Errorf("--missing and --categorical apply to tables; %s is read as it is", d.data)
	}
	return datasets.OpenRows(d.data, datasets.Options{DataDir: d.dataDir, LabelCol: d.labelCol, Params: d.params, Seed: d.seed})
}

// labelled returns the dataset's labels, or an error that says how to give
// them when it has none.
func labelled(ds *datasets.Dataset, what string) ([]int, error) {
	if ds.Y != nil {
		return ds.Y, nil
	}
	return nil, fmt.Errorf("%s needs class labels, but %s has none: for a data file give --label-col (a 0-based column, last or a column name)", what, ds.Name)
}
