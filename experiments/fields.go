package experiments

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/gsbench/gsbench/internal/registry"
	"github.com/gsbench/gsbench/params"
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

// fieldSet is the fields of a config.
type fieldSet struct {
	datasetParams []string // dataset parameter names, in order of first appearance
	methodParams  []string
	values        []string
	hasMatch      bool
}

var fixedFields = []string{"dataset", "preprocess", "method", "match", "rep"}

func (c *Config) fieldSet() *fieldSet {
	fs := &fieldSet{values: c.valueNames()}
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

// resolve maps a field as written in a config to its full name and says
// whether it is a metric value.
func (fs *fieldSet) resolve(name string) (full string, isValue bool, err error) {
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
	cands := fs.all()
	for _, p := range fs.datasetParams {
		cands = append(cands, p)
	}
	for _, p := range fs.methodParams {
		cands = append(cands, p)
	}
	return "", false, fmt.Errorf("unknown field %q%s; the fields are %s", name, registry.Suggest(name, cands), strings.Join(fs.all(), ", "))
}

func (fs *fieldSet) all() []string {
	out := slices.Clone(fixedFields)
	for _, p := range fs.datasetParams {
		out = append(out, "dataset."+p)
	}
	for _, p := range fs.methodParams {
		out = append(out, "method."+p)
	}
	return append(out, fs.values...)
}

// attrColumns lists the attribute columns of cells.csv.
func (fs *fieldSet) attrColumns() []string {
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

// record is a cell with its result, as tables and figures see it.
type record struct {
	cell  *Cell
	res   *CellResult // nil when missing
	attrs map[string]string
}

func newRecord(cell *Cell, res *CellResult) *record {
	in := cell.Instance
	a := map[string]string{
		"dataset":    in.Dataset.Label,
		"preprocess": string(in.Preprocess),
		"method":     cell.Method.Label,
		"rep":        strconv.Itoa(in.Rep),
		"match":      cell.Method.Match,
	}
	for k, v := range in.Params {
		a["dataset."+k] = params.Format(v)
	}
	for k, v := range cell.Params {
		a["method."+k] = params.Format(v)
	}
	if cell.Target != nil && res != nil && res.K > 0 {
		a["method.k"] = strconv.Itoa(res.K)
	}
	return &record{cell: cell, res: res, attrs: a}
}

func (r *record) ok() bool { return r.res != nil && r.res.Status == StatusOK }

// value returns a metric value of the cell.
func (r *record) value(name string) (float64, bool) {
	if !r.ok() {
		return 0, false
	}
	v, ok := r.res.Values[name]
	return float64(v), ok
}

// field returns the text of a field (attribute or value).
func (r *record) field(full string, isValue bool) (string, bool) {
	if isValue {
		v, ok := r.value(full)
		if !ok {
			return "", false
		}
		return params.Format(v), true
	}
	s, ok := r.attrs[full]
	return s, ok
}

func records(p *Plan, results []*CellResult) []*record {
	out := make([]*record, len(p.Cells))
	for i, c := range p.Cells {
		out[i] = newRecord(c, results[i])
	}
	return out
}

// filter is a where: clause: field -> accepted values.
type filter struct {
	field   string
	isValue bool
	values  []string
}

func (f filter) match(r *record) bool {
	s, ok := r.field(f.field, f.isValue)
	if !ok {
		return false
	}
	if slices.Contains(f.values, s) {
		return true
	}
	// Numbers match by value, whatever their spelling (0.10 and 0.1).
	x, err := strconv.ParseFloat(s, 64)
	if err != nil {
		return false
	}
	for _, v := range f.values {
		if y, err := strconv.ParseFloat(v, 64); err == nil && x == y {
			return true
		}
	}
	return false
}

func matchAll(fs []filter, r *record) bool {
	for _, f := range fs {
		if !f.match(r) {
			return false
		}
	}
	return true
}
