package config

import (
	"fmt"
	"math"

	"github.com/gsbench/gsbench/datasets"
	"github.com/gsbench/gsbench/datasets/format"
	"github.com/gsbench/gsbench/params"
)

// The parameters of registry datasets and data files (generators declare
// their own in package datasets).

// RegistryOptions are the parameters of a registry dataset (configs/README.md,
// datasets), decoded like method parameters.
type RegistryOptions struct {
	Missing     string `param:"missing" doc:"missing-value policy: drop, mean or most_frequent (default: the registry's)"`
	Categorical string `param:"categorical" doc:"encoding of categorical columns: onehot or ordinal (default: the registry's)"`
	// Scale and Subsample prepare the data as a paper may have: e.g. COIL-20
	// pixels in [0,255] instead of [0,1] (scale: 255), MNIST pixels in
	// [0,1] (scale: 0.00392156862745098), or a random part of MNIST.
	Scale float64 `param:"scale" doc:"multiply every feature by this before preprocessing (e.g. 255 for 8-bit pixels of an image set stored in [0,1])"`
	// Offset shifts every value after Scale: scale 0.5 and offset 0.5 map
	// Isolet's [-1, 1] to the [0, 1] of Auto-UFSTool's Isolet1.mat (the
	// QMR-FS authors' copy).
	Offset    float64 `param:"offset" doc:"add this to every feature after scale, before preprocessing (e.g. scale 0.5 and offset 0.5 map values in [-1,1] to [0,1])" key:"omitdefault"`
	Subsample int     `param:"subsample" doc:"keep this many rows, drawn at random without replacement from every class in proportion (seeded per repetition); 0 keeps all"`
}

// DefaultRegistryOptions leaves the data as the registry loads it.
func DefaultRegistryOptions() RegistryOptions { return RegistryOptions{Scale: 1} }

// Validate checks the preparation options.
func (o RegistryOptions) Validate() error {
	if !(o.Scale > 0) || math.IsInf(o.Scale, 0) {
		return fmt.Errorf("scale %v: use a positive finite number (1 leaves the data as stored)", o.Scale)
	}
	if math.IsNaN(o.Offset) || math.IsInf(o.Offset, 0) {
		return fmt.Errorf("offset %v: use a finite number (0 leaves the data as stored)", o.Offset)
	}
	if o.Subsample < 0 {
		return fmt.Errorf("subsample %d: use 0 (all rows) or a positive number of rows", o.Subsample)
	}
	return nil
}

// FileOptions are the parameters of a data file given by path.
type FileOptions struct {
	LabelCol           string `param:"label_col" doc:"the class label: a 0-based column number, last, a header name, or none (datasets/format.ParseLabelCol)"`
	Header             string `param:"header" doc:"auto, yes, no or sklearn"`
	Missing            string `param:"missing" doc:"missing-value policy: drop, mean or most_frequent (default: missing values are an error)"`
	CategoricalColumns []int  `param:"categorical_columns" doc:"0-based columns holding categories"`
	Encoding           string `param:"encoding" doc:"encoding of categorical columns: onehot or ordinal"`
}

// DefaultFileOptions reads a file without labels, guessing its header.
func DefaultFileOptions() FileOptions { return FileOptions{LabelCol: "none", Header: "auto"} }

// Options returns the loading options of package datasets.
func (o FileOptions) Options() (datasets.Options, error) {
	if _, err := format.ParseLabelCol(o.LabelCol); err != nil {
		return datasets.Options{}, fmt.Errorf("label_col: %v", err)
	}
	csv := format.CSVOptions{Header: o.Header, Missing: o.Missing, Categorical: o.CategoricalColumns, Encoding: o.Encoding}
	return datasets.Options{CSV: csv, LabelCol: o.LabelCol}, nil
}

var (
	registryParams = mustDescribe(DefaultRegistryOptions())
	fileParams     = mustDescribe(DefaultFileOptions())
)

func mustDescribe(v any) []params.Param {
	ps, err := params.Describe(v)
	if err != nil {
		panic(err)
	}
	return ps
}
