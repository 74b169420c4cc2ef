package config

import (
	"fmt"
	"slices"
	"strings"

	"github.com/gsbench/gsbench/internal/registry"
)

// Fields are what tables and figures lay out and filter by. Every cell has
//
//	dataset          the dataset's label
//	dataset.<param>  a dataset parameter the config sets (or <param> alone when unambiguous)
//	preprocess       none, center, standardize or minmax
//	method           the method's label
//	method.<param>   a method parameter the config sets, and k of a matched method
//	match            the label of the method a matched method copies k from
//	rep              the repetition, from 0
//
// and every value its metrics record (n_selected, svm_accuracy, ...).

// FieldSet is the fields of a config's cells.
type FieldSet struct {
	datasetParams []string // dataset parameter names, in order of first appearance
	methodParams  []string
	values        []string
	hasMatch      bool
}

var fixedFields = []string{"dataset", "preprocess", "method", "match", "rep"}

// Fields returns the fields of the config's cells.
func (c *Config) Fields() *FieldSet {
	fs := &FieldSet{values: c.ValueNames()}
	for _, ds := range c.Datasets {
		for _, s := range ds.Params {
			if !slices.Contains(fs.datasetParams, s.Name) {
				fs.datasetParams = append(fs.datasetParams, s.Name)
			}
		}
	}
	for _, m := range c.Methods {
		for _, s := range m.Params {
			if !slices.Contains(fs.methodParams, s.Name) {
				fs.methodParams = append(fs.methodParams, s.Name)
			}
		}
		if m.Match != "" {
			fs.hasMatch = true
			if !slices.Contains(fs.methodParams, "k") {
				fs.methodParams = append(fs.methodParams, "k")
			}
		}
	}
	return fs
}

// Resolve maps a field as written in a config to its full name (n_samples
// to dataset.n_samples) and says whether it is a metric value.
func (fs *FieldSet) Resolve(name string) (full string, isValue bool, err error) {
	if slices.Contains(fixedFields, name) {
		return name, false, nil
	}
	if slices.Contains(fs.values, name) {
		return name, true, nil
	}
	if p, ok := strings.CutPrefix(name, "dataset."); ok && slices.Contains(fs.datasetParams, p) {
		return name, false, nil
	}
	if p, ok := strings.CutPrefix(name, "method."); ok && slices.Contains(fs.methodParams, p) {
		return name, false, nil
	}
	inD, inM := slices.Contains(fs.datasetParams, name), slices.Contains(fs.methodParams, name)
	switch {
	case inD && inM:
		return "", false, fmt.Errorf("%q is both a dataset and a method parameter: write dataset.%s or method.%s", name, name, name)
	case inD:
		return "dataset." + name, false, nil
	case inM:
		return "method." + name, false, nil
	}
	cands := fs.All()
	for _, p := range fs.datasetParams {
		cands = append(cands, p)
	}
	for _, p := range fs.methodParams {
		cands = append(cands, p)
	}
	return "", false, fmt.Errorf("unknown field %q%s; the fields are %s", name, registry.Suggest(name, cands), strings.Join(fs.All(), ", "))
}

// All lists every field by its full name.
func (fs *FieldSet) All() []string {
	out := slices.Clone(fixedFields)
	for _, p := range fs.datasetParams {
		out = append(out, "dataset."+p)
	}
	for _, p := range fs.methodParams {
		out = append(out, "method."+p)
	}
	return append(out, fs.values...)
}

// AttrColumns lists the attribute columns of cells.csv, in order.
func (fs *FieldSet) AttrColumns() []string {
	out := []string{"dataset"}
	for _, p := range fs.datasetParams {
		out = append(out, "dataset."+p)
	}
	out = append(out, "preprocess", "method")
	for _, p := range fs.methodParams {
		out = append(out, "method."+p)
	}
	if fs.hasMatch {
		out = append(out, "match")
	}
	return append(out, "rep")
}

// Values lists the metric values.
func (fs *FieldSet) Values() []string { return fs.values }
