package datasets

import (
	"bufio"
	"compress/gzip"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"gonum.org/v1/gonum/mat"
)

// Label column positions for CSVOptions.LabelCol.
const (
	NoLabel   = -1 // the file has no label column
	LastLabel = -2 // the label is the last column
)

// CSVOptions controls ReadCSV.
type CSVOptions struct {
	// LabelCol is the 0-based column holding the class label, NoLabel or
	// LastLabel. Labels may be any strings; they are numbered in order of
	// first appearance unless all are integers, which are then sorted.
	LabelCol int
	// Header: "auto" (a first line with a non-numeric feature cell is a
	// header), "yes" or "no".
	Header string
}

// ReadCSVFile reads a numeric CSV file (optionally gzip-compressed, by its
// .gz suffix) with ReadCSV.
func ReadCSVFile(path string, opt CSVOptions) (*Dataset, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var r io.Reader = f
	if strings.HasSuffix(path, ".gz") {
		gz, err := gzip.NewReader(f)
		if err != nil {
			return nil, fmt.Errorf("%s: %v", path, err)
		}
		defer gz.Close()
		r = gz
	}
	ds, err := ReadCSV(r, opt)
	if err != nil {
		return nil, fmt.Errorf("%s: %v", path, err)
	}
	ds.Name = strings.TrimSuffix(filepath.Base(path), ".gz")
	return ds, nil
}

// ReadCSV reads comma-separated numeric rows (one sample a line) from r.
// Every row must have the same number of cells; a malformed cell is reported
// with its line and column.
func ReadCSV(r io.Reader, opt CSVOptions) (*Dataset, error) {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 1<<20), 1<<28)
	var (
		data     []float64
		labels   []string
		header   []string
		ncol     = -1
		line     = 0
		rows     = 0
		labelCol = opt.LabelCol
	)
	for sc.Scan() {
		line++
		text := strings.TrimSpace(sc.Text())
		if text == "" {
			continue
		}
		cells := strings.Split(text, ",")
		for i := range cells {
			cells[i] = strings.TrimSpace(cells[i])
		}
		if ncol < 0 {
			ncol = len(cells)
			labelCol = opt.LabelCol
			if labelCol == LastLabel {
				labelCol = ncol - 1
			}
			if labelCol >= ncol || labelCol < NoLabel {
				return nil, fmt.Errorf("line %d: label column %d, but rows have %d columns (0-based)", line, opt.LabelCol, ncol)
			}
			isHeader := opt.Header == "yes" && header == nil
			if header == nil && (opt.Header == "" || opt.Header == "auto") {
				for j, c := range cells {
					if j == labelCol {
						continue
					}
					if _, err := strconv.ParseFloat(c, 64); err != nil {
						isHeader = true
						break
					}
				}
			}
			if isHeader {
				header = cells
				ncol = -1 // the data rows set the width; a header may be shorter
				continue
			}
		}
		if len(cells) != ncol {
			return nil, fmt.Errorf("line %d: %d columns, the first row has %d", line, len(cells), ncol)
		}
		for j, c := range cells {
			if j == labelCol {
				labels = append(labels, c)
				continue
			}
			v, err := strconv.ParseFloat(c, 64)
			if err != nil || v != v {
				return nil, fmt.Errorf("line %d, column %d: %q is not a number", line, j+1, c)
			}
			data = append(data, v)
		}
		rows++
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("line %d: %v", line+1, err)
	}
	d := ncol
	if labelCol >= 0 {
		d--
	}
	if rows == 0 || d <= 0 {
		return nil, fmt.Errorf("no data rows with at least one feature column")
	}
	ds := &Dataset{X: mat.NewDense(rows, d, data)}
	if len(header) == ncol {
		for j, h := range header {
			if j != labelCol {
				ds.Features = append(ds.Features, h)
			}
		}
	}
	if labelCol >= 0 {
		ds.Y, ds.Classes = EncodeLabels(labels)
	}
	return ds, nil
}

// EncodeLabels numbers string labels 0..c-1. When every label is an integer
// they are numbered in increasing numeric order, otherwise in order of first
// appearance.
func EncodeLabels(labels []string) (y []int, classes []string) {
	numeric := true
	vals := make(map[string]int64, 16)
	for _, l := range labels {
		if _, ok := vals[l]; ok {
			continue
		}
		v, err := strconv.ParseInt(l, 10, 64)
		if err != nil {
			f, ferr := strconv.ParseFloat(l, 64)
			if ferr != nil || f != float64(int64(f)) {
				numeric = false
			}
			v = int64(f)
		}
		vals[l] = v
		classes = append(classes, l)
	}
	if numeric {
		sortByValue(classes, vals)
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

func sortByValue(classes []string, vals map[string]int64) {
	for i := 1; i < len(classes); i++ {
		for j := i; j > 0 && vals[classes[j]] < vals[classes[j-1]]; j-- {
			classes[j], classes[j-1] = classes[j-1], classes[j]
		}
	}
}
