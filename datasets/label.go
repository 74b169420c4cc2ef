package datasets

import (
	"fmt"
	"math"
	"strconv"
	"strings"
)

// LabelKind says how a label column is given (LabelCol).
type LabelKind int

// The ways to give a label column.
const (
	LabelDefault LabelKind = iota // "": the format's own rule (see the package documentation)
	LabelNone                     // "none": no labels, every column is a feature
	LabelLast                     // "last": the last column
	LabelIndex                    // a 0-based column number
	LabelName                     // a column name: a CSV header cell, an ARFF attribute, an .npz member
)

// LabelCol is a parsed label-column value: Options.LabelCol, the label_col
// key of a config's data file, the --label-col flag.
type LabelCol struct {
	Kind  LabelKind
	Index int    // LabelIndex
	Name  string // LabelName
}

// ParseLabelCol parses a label-column value: "" (the format's rule),
// "none", "last" (any case), a 0-based column number, or a name. A column
// actually named "none" or "last", or named by digits, is given by its
// number.
func ParseLabelCol(s string) (LabelCol, error) {
	t := strings.TrimSpace(s)
	switch strings.ToLower(t) {
	case "":
		return LabelCol{}, nil
	case "none":
		return LabelCol{Kind: LabelNone}, nil
	case "last":
		return LabelCol{Kind: LabelLast}, nil
	}
	if k, err := strconv.Atoi(t); err == nil {
		if k < 0 {
			return LabelCol{}, fmt.Errorf("label column %q: want a 0-based column number, last, none or a column name", s)
		}
		return LabelCol{Kind: LabelIndex, Index: k}, nil
	}
	if strings.TrimLeft(t, "+-0123456789") == "" {
		return LabelCol{}, fmt.Errorf("label column %q: want a 0-based column number, last, none or a column name", s)
	}
	return LabelCol{Kind: LabelName, Name: t}, nil
}

// String returns the value ParseLabelCol reads back.
func (l LabelCol) String() string {
	switch l.Kind {
	case LabelNone:
		return "none"
	case LabelLast:
		return "last"
	case LabelIndex:
		return strconv.Itoa(l.Index)
	case LabelName:
		return l.Name
	}
	return ""
}

// index resolves l against a row of d columns with the given names (nil
// when the source has none): the 0-based column, or -1 for no label.
// LabelDefault resolves to -1: callers apply their format's rule first.
func (l LabelCol) index(d int, names []string, what string) (int, error) {
	switch l.Kind {
	case LabelDefault, LabelNone:
		return -1, nil
	case LabelLast:
		return d - 1, nil
	case LabelIndex:
		if l.Index >= d {
			return 0, fmt.Errorf("label column %d: %s has %d columns (0-based: 0..%d)", l.Index, what, d, d-1)
		}
		return l.Index, nil
	}
	if names == nil {
		return 0, fmt.Errorf("label column %q: %s has no column names; give a 0-based column number or last", l.Name, what)
	}
	for j, n := range names {
		if n == l.Name {
			return j, nil
		}
	}
	for j, n := range names {
		if strings.EqualFold(n, l.Name) {
			return j, nil
		}
	}
	return 0, fmt.Errorf("label column %q: %s has no such column (it has %s)", l.Name, what, strings.Join(names, ", "))
}

// arrayDataset builds a Dataset from an array of n rows (a 1-D array is a
// column; more dimensions are flattened per row in C order, as IDX images
// are), taking the label column lc (LabelLast, LabelIndex; LabelName is an
// error, LabelDefault and LabelNone read no labels) out of X.
func arrayDataset(what string, a *NpyArray, lc LabelCol) (*Dataset, error) {
	if a.Strings != nil {
		return nil, fmt.Errorf("%s: a %s array of strings cannot be features", what, a.Dtype)
	}
	if len(a.Shape) == 0 {
		return nil, fmt.Errorf("%s: a 0-d array (a scalar) is not a data matrix", what)
	}
	n, d := a.Shape[0], 1
	for _, k := range a.Shape[1:] {
		d *= k
	}
	if n == 0 || d == 0 {
		return nil, fmt.Errorf("%s: empty array of shape %v", what, a.Shape)
	}
	col, err := lc.index(d, nil, what)
	if err != nil {
		return nil, err
	}
	for k, v := range a.Data {
		if math.IsNaN(v) || math.IsInf(v, 0) {
			return nil, fmt.Errorf("%s: element [%d, %d] is %v; remove or impute non-finite values first", what, k/d, k%d, v)
		}
	}
	if col < 0 {
		return &Dataset{X: newDense(n, d, a.Data)}, nil
	}
	if d < 2 {
		return nil, fmt.Errorf("%s: label column %s would leave no feature column", what, lc)
	}
	data, labels := splitLabelColumn(a.Data, n, d, col)
	ds := &Dataset{X: newDense(n, d-1, data)}
	ds.Y, ds.Classes = EncodeLabels(labels)
	return ds, nil
}

// splitLabelColumn removes column col of the n x d row-major data and
// returns the rest and the column's values as labels (shortest form of
// each number, so that 1 and 1.0 are one class).
func splitLabelColumn(data []float64, n, d, col int) ([]float64, []string) {
	out := make([]float64, 0, n*(d-1))
	labels := make([]string, n)
	for i := range n {
		row := data[i*d : (i+1)*d]
		out = append(out, row[:col]...)
		out = append(out, row[col+1:]...)
		labels[i] = strconv.FormatFloat(row[col], 'g', -1, 64)
	}
	return out, labels
}

// arrayLabels reads n labels from an array of shape (n,), (n, 1) or (1, n).
func arrayLabels(y *NpyArray, n int) ([]int, []string, error) {
	ok := y.Len() == n && (len(y.Shape) == 1 || len(y.Shape) == 2 && (y.Shape[0] == 1 || y.Shape[1] == 1))
	if !ok {
		return nil, nil, fmt.Errorf("labels %s: shape %v; want (%d,) for the %d rows", y.Name, y.Shape, n, n)
	}
	labels := make([]string, n)
	if y.Strings != nil {
		for i, s := range y.Strings {
			labels[i] = strings.TrimSpace(s)
			if labels[i] == "" {
				return nil, nil, fmt.Errorf("labels %s: element %d is empty", y.Name, i)
			}
		}
	} else {
		for i, v := range y.Data {
			if math.IsNaN(v) || math.IsInf(v, 0) {
				return nil, nil, fmt.Errorf("labels %s: element %d is %v", y.Name, i, v)
			}
			labels[i] = strconv.FormatFloat(v, 'g', -1, 64)
		}
	}
	yy, classes := EncodeLabels(labels)
	return yy, classes, nil
}
