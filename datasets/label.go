package datasets

import (
	"math"
	"slices"
	"sort"
	"strconv"

	"github.com/gsbench/gsbench/datasets/format"
)

// EncodeLabels numbers string labels 0..c-1. When every label is a number
// they are numbered in increasing numeric order, otherwise in order of first
// appearance.
func EncodeLabels(labels []string) (y []int, classes []string) {
	numeric := true
	vals := make(map[string]float64, 16)
	for _, l := range labels {
		if _, ok := vals[l]; ok {
			continue
		}
		v, err := strconv.ParseFloat(l, 64)
		if err != nil || math.IsNaN(v) {
			numeric = false
		}
		vals[l] = v
		classes = append(classes, l)
	}
	if numeric {
		sort.SliceStable(classes, func(a, b int) bool { return vals[classes[a]] < vals[classes[b]] })
	}
	index := make(map[string]int, len(classes))
	for i, c := range classes {
		index[c] = i
	}
	y = make([]int, len(labels))
	for i, l := range labels {
		y[i] = index[l]
	}
	return y, classes
}

// fromTable builds the Dataset of what a reader of package format read,
// numbering its classes: in the order the file declares them
// (format.Table.Classes), else as EncodeLabels does.
func fromTable(t *format.Table) *Dataset {
	ds := &Dataset{X: t.X, Features: t.Features, Notes: t.Notes, MissingValues: t.MissingValues}
	switch {
	case t.Labels == nil:
	case t.Classes != nil:
		index := make(map[string]int, len(t.Classes))
		for i, c := range t.Classes {
			index[c] = i
		}
		ds.Y = make([]int, len(t.Labels))
		for i, l := range t.Labels {
			ds.Y[i] = index[l]
		}
		ds.Classes = slices.Clone(t.Classes)
	default:
		ds.Y, ds.Classes = EncodeLabels(t.Labels)
	}
	return ds
}

// canonicalNumber writes a numeric label in its shortest form ("1." -> "1").
func canonicalNumber(s string) string {
	if v, err := strconv.ParseFloat(s, 64); err == nil {
		return strconv.FormatFloat(v, 'g', -1, 64)
	}
	return s
}
