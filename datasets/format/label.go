package format

import (
	"fmt"
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

// LabelCol is a parsed label-column value: datasets.Options.LabelCol, the label_col
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
