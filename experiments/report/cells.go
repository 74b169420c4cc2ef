package report

import (
	"slices"
	"strconv"

	"github.com/gsbench/gsbench/experiments/cells"
	"github.com/gsbench/gsbench/experiments/config"
	"github.com/gsbench/gsbench/params"
)

// field returns the text of a field of a cell (an attribute, or a metric
// value of a cell that succeeded).
func field(c *cells.Cell, a config.Axis) (string, bool) {
	if a.IsValue {
		v, ok := c.Value(a.Name)
		if !ok {
			return "", false
		}
		return params.Format(v), true
	}
	return c.Attr(a.Name)
}

// match reports whether a cell passes a where: filter.
func match(f config.Filter, c *cells.Cell) bool {
	s, ok := field(c, config.Axis{Name: f.Field, IsValue: f.IsValue})
	if !ok {
		return false
	}
	if slices.Contains(f.Values, s) {
		return true
	}
	// Numbers match by value, whatever their spelling (0.10 and 0.1).
	x, err := strconv.ParseFloat(s, 64)
	if err != nil {
		return false
	}
	for _, v := range f.Values {
		if y, err := strconv.ParseFloat(v, 64); err == nil && x == y {
			return true
		}
	}
	return false
}

func matchAll(fs []config.Filter, c *cells.Cell) bool {
	for _, f := range fs {
		if !match(f, c) {
			return false
		}
	}
	return true
}
