package cells

import (
	"bytes"
	"encoding/csv"
	"encoding/json"
	"io"
	"slices"
	"strings"

	"github.com/gsbench/gsbench/params"
)

// File names in a results directory.
const (
	JSONLFile = "cells.jsonl"
	CSVFile   = "cells.csv"
)

// WriteJSONL writes the cells as cells.jsonl: one JSON object per line, in
// the order given. A cell that JSON cannot hold is written as its ID and
// the reason.
func WriteJSONL(w io.Writer, cs []*Cell) error {
	var b bytes.Buffer
	for _, c := range cs {
		line, err := json.Marshal(c)
		if err != nil {
			line, _ = json.Marshal(map[string]string{"cell": c.ID, "error": "cannot encode: " + err.Error()})
		}
		b.Write(line)
		b.WriteByte('\n')
	}
	_, err := w.Write(b.Bytes())
	return err
}

// WriteCSV writes the cells as cells.csv, the tidy long format: the header
//
//	cell, ATTRS..., status, metric, value, error
//
// then, for every cell that succeeded, one row per value it records, in the
// order of values (values it does not record are left out), and for every
// cell that failed one row with an empty metric and the first line of its
// error. attrs are attribute names (Cell.Attr).
func WriteCSV(w io.Writer, attrs, values []string, cs []*Cell) error {
	cw := csv.NewWriter(w)
	header := append([]string{"cell"}, attrs...)
	header = append(header, "status", "metric", "value", "error")
	cw.Write(header)
	for _, c := range cs {
		row := make([]string, 0, len(header))
		row = append(row, c.ID)
		for _, a := range attrs {
			s, _ := c.Attr(a)
			row = append(row, s)
		}
		if !c.OK() {
			msg, _, _ := strings.Cut(c.Error, "\n")
			cw.Write(append(row, c.Status, "", "", msg))
			continue
		}
		for _, n := range values {
			v, ok := c.Values[n]
			if !ok {
				continue
			}
			cw.Write(append(slices.Clone(row), StatusOK, n, params.Format(float64(v)), ""))
		}
	}
	cw.Flush()
	return cw.Error()
}
