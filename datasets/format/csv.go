package format

import (
	"bufio"
	"encoding/csv"
	"fmt"
	"io"
	"math"
	"slices"
	"sort"
	"strconv"
	"strings"
)

// Label column positions for CSVOptions.LabelCol.
const (
	NoLabel   = -1 // the file has no label column
	LastLabel = -2 // the label is the last column
)

// Missing-value policies (CSVOptions.Missing, ARFFOptions.Missing; datasets.Options.Missing).
const (
	// MissingDrop drops every row with a missing feature value.
	MissingDrop = "drop"
	// MissingMean imputes a numeric column's mean of the observed values and
	// a categorical column's most frequent category.
	MissingMean = "mean"
	// MissingMostFrequent imputes every column's most frequent observed value
	// (ties: the smallest number, or the first category in sorted order).
	MissingMostFrequent = "most_frequent"
)

// Encodings of categorical columns (CSVOptions.Encoding, ARFFOptions.Encoding;
// datasets.Options.Categorical).
const (
	// OneHot replaces a categorical column, in place, by one 0/1 column per
	// category, categories in sorted (byte-wise) order, named "column=category".
	OneHot = "onehot"
	// Ordinal replaces a categorical column by the index of its category in
	// sorted (byte-wise) order: 0, 1, ...
	Ordinal = "ordinal"
)

// DefaultMissingMarkers are the cell texts a CSV file uses for a missing value
// unless CSVOptions.MissingMarkers says otherwise.
var DefaultMissingMarkers = []string{"", "?", "NA", "NaN", "nan"}

// CSVOptions controls ReadCSV.
type CSVOptions struct {
	// LabelCol is the 0-based column holding the class label, NoLabel or
	// LastLabel. Labels may be any strings; they are numbered in order of
	// first appearance unless all are integers, which are then sorted.
	// (datasets.Load ignores it: the label column of a file it loads is
	// datasets.Options.LabelCol.)
	LabelCol int
	// LabelName, when set, names the label column by its header cell
	// (exact, else ignoring case) instead of LabelCol; the file must then
	// have a header line (Header "auto" takes the first line as one).
	LabelName string
	// Header: "auto" (a first line with a non-numeric feature cell is a
	// header; so is scikit-learn's "n,d,class names..." line), "yes", "no",
	// or "sklearn" (the first line is "n,d,class names...": the shape is
	// checked, the label is the last column and indexes the class names).
	Header string
	// Categorical lists the 0-based file columns holding categories rather
	// than numbers; they are encoded as Encoding says.
	Categorical []int
	// Encoding of the categorical columns: OneHot ("" too) or Ordinal.
	Encoding string
	// MissingMarkers are the cell texts that mean "missing";
	// nil means DefaultMissingMarkers.
	MissingMarkers []string
	// Missing is the policy for missing feature values: MissingDrop,
	// MissingMean or MissingMostFrequent; "" makes a missing value an error.
	// A row whose label is missing is always dropped.
	Missing string
	// Ignore lists 0-based file columns that are read past (not features).
	Ignore []int
	// Names are the column names of a file without a header line, by file
	// column (the label's included); x1, x2, ... when nil or short.
	Names []string
	// Whitespace splits lines at runs of spaces and tabs (UCI Statlog's
	// .dat files) instead of reading comma-separated values.
	Whitespace bool
}

// ReadCSV reads comma-separated rows (one sample a line) from r. Every row
// must have the same number of cells; a malformed cell is reported with its
// line and column. Numeric cells may carry leading zeros ("00202").
func ReadCSV(r io.Reader, opt CSVOptions) (*Table, error) {
	spec := tableSpec{
		labelCol:   opt.LabelCol,
		labelName:  opt.LabelName,
		header:     opt.Header,
		names:      opt.Names,
		missing:    opt.MissingMarkers,
		whitespace: opt.Whitespace,
	}
	if spec.labelName != "" {
		spec.labelCol = NoLabel // resolved against the header
		switch spec.header {
		case "", "auto":
			spec.header = "yes"
		case "yes":
		default:
			return nil, fmt.Errorf("label column %q is a name, but header is %q: a named label column needs a header line", opt.LabelName, opt.Header)
		}
	}
	if spec.missing == nil {
		spec.missing = DefaultMissingMarkers
	}
	if len(opt.Categorical) > 0 || len(opt.Ignore) > 0 {
		spec.kindOf = func(j int) colKind {
			switch {
			case slices.Contains(opt.Categorical, j):
				return colCategorical
			case slices.Contains(opt.Ignore, j):
				return colIgnore
			}
			return colNumeric
		}
	}
	t, err := readTable(r, spec)
	if err != nil {
		return nil, err
	}
	return t.table(opt.Missing, opt.Encoding)
}

type colKind uint8

const (
	colNumeric colKind = iota
	colCategorical
	colIgnore
)

// tableSpec says how to read a delimited table.
type tableSpec struct {
	labelCol  int               // 0-based, NoLabel or LastLabel
	labelName string            // the header cell of the label column (overrides labelCol)
	header    string            // "auto", "yes", "no", "sklearn"
	kindOf    func(int) colKind // kind of file column j; nil: all numeric
	names     []string          // file column names when the file has no header
	missing   []string          // cell texts meaning "missing"
	// whitespace splits lines at runs of spaces and tabs (UCI Statlog's
	// .dat files) instead of reading comma-separated values.
	whitespace bool
}

// tcol is one feature column as read.
type tcol struct {
	name string
	kind colKind
	num  []float64 // numeric: NaN marks a missing value
	cat  []int32   // categorical: index into dict, -1 when missing
	dict []string  // categories in order of first appearance (or of declaration)
	seen map[string]int32
	// declared: dict is the declared list of categories (ARFF), which
	// gives their order instead of the byte-wise sorted one.
	declared bool
}

func (c *tcol) missingAt(i int) bool {
	if c.kind == colNumeric {
		return math.IsNaN(c.num[i])
	}
	return c.cat[i] < 0
}

// table is a delimited file as read, before missing values are handled and
// categories encoded.
type table struct {
	n       int
	cols    []*tcol
	labels  []string // nil when there is no label column
	classes []string // class names from an sklearn header
	// classOrder lists the declared classes (ARFF nominal class): the
	// classes present are numbered in this order.
	classOrder []string
}

// recordReader yields the cells of a table's lines and the line number of
// the last record read.
type recordReader interface {
	Read() ([]string, error)
	line() int
}

type csvRecords struct{ *csv.Reader }

func (c csvRecords) line() int { l, _ := c.FieldPos(0); return l }

// fieldRecords splits lines at runs of white space.
type fieldRecords struct {
	sc   *bufio.Scanner
	n    int
	cell []string
}

func (f *fieldRecords) Read() ([]string, error) {
	if !f.sc.Scan() {
		if err := f.sc.Err(); err != nil {
			return nil, err
		}
		return nil, io.EOF
	}
	f.n++
	f.cell = append(f.cell[:0], strings.Fields(f.sc.Text())...)
	if len(f.cell) == 0 {
		f.cell = append(f.cell, "")
	}
	return f.cell, nil
}

func (f *fieldRecords) line() int { return f.n }

func newRecordReader(r io.Reader, whitespace bool) recordReader {
	if whitespace {
		sc := bufio.NewScanner(r)
		sc.Buffer(make([]byte, 64<<10), 1<<26)
		return &fieldRecords{sc: sc}
	}
	cr := csv.NewReader(r)
	cr.FieldsPerRecord = -1
	cr.TrimLeadingSpace = true
	cr.ReuseRecord = true
	cr.LazyQuotes = true
	return csvRecords{cr}
}

func readTable(r io.Reader, spec tableSpec) (*table, error) {
	cr := newRecordReader(r, spec.whitespace)
	isMissing := func(s string) bool { return slices.Contains(spec.missing, s) }
	var (
		t        = &table{}
		ncol     = -1
		labelCol int
		pending  []string // a first line that may be a header
		sk       *sklearnHeader
		header   []string
	)
	parseNum := func(s string) (float64, bool) {
		v, err := strconv.ParseFloat(s, 64)
		return v, err == nil && !math.IsInf(v, 0) && !math.IsNaN(v)
	}
	setup := func(cells []string, line int) error {
		ncol = len(cells)
		labelCol = spec.labelCol
		if spec.labelName != "" {
			if len(header) != ncol {
				return fmt.Errorf("line %d: %d columns, the header line has %d: cannot find the label column %q", line, ncol, len(header), spec.labelName)
			}
			var err error
			if labelCol, err = (LabelCol{Kind: LabelName, Name: spec.labelName}).index(len(header), header, "the header line"); err != nil {
				return fmt.Errorf("line 1: %v", err)
			}
		}
		if labelCol == LastLabel {
			labelCol = ncol - 1
		}
		if labelCol >= ncol || labelCol < NoLabel {
			return fmt.Errorf("line %d: label column %d, but rows have %d columns (0-based)", line, spec.labelCol, ncol)
		}
		for j := range ncol {
			if j == labelCol {
				continue
			}
			k := colNumeric
			if spec.kindOf != nil {
				k = spec.kindOf(j)
			}
			if k == colIgnore {
				t.cols = append(t.cols, nil)
				continue
			}
			c := &tcol{kind: k, name: fmt.Sprintf("x%d", j+1)}
			if j < len(spec.names) {
				c.name = spec.names[j]
			}
			if len(header) == ncol {
				c.name = header[j]
			}
			if k == colCategorical {
				c.seen = map[string]int32{}
			}
			t.cols = append(t.cols, c)
		}
		if labelCol >= 0 {
			t.labels = []string{}
		}
		return nil
	}
	addRow := func(cells []string, line int) error {
		if ncol < 0 {
			if err := setup(cells, line); err != nil {
				return err
			}
		}
		if len(cells) != ncol {
			return fmt.Errorf("line %d: %d columns, the first row has %d", line, len(cells), ncol)
		}
		k := 0
		for j, s := range cells {
			s = strings.TrimSpace(s)
			if j == labelCol {
				if isMissing(s) {
					s = "" // marks a row to drop
				}
				t.labels = append(t.labels, s)
				continue
			}
			c := t.cols[k]
			k++
			switch {
			case c == nil:
			case c.kind == colNumeric:
				v, ok := parseNum(s)
				if !ok {
					if !isMissing(s) {
						return fmt.Errorf("line %d, column %d: %q is not a number", line, j+1, s)
					}
					v = math.NaN()
				}
				c.num = append(c.num, v)
			default:
				code := int32(-1)
				if !isMissing(s) {
					var ok bool
					if code, ok = c.seen[s]; !ok {
						code = int32(len(c.dict))
						c.seen[s] = code
						c.dict = append(c.dict, s)
					}
				}
				c.cat = append(c.cat, code)
			}
		}
		t.n++
		return nil
	}
	looksNumeric := func(cells []string) bool {
		lc := spec.labelCol
		if lc == LastLabel {
			lc = len(cells) - 1
		}
		for j, s := range cells {
			s = strings.TrimSpace(s)
			if j == lc || isMissing(s) || (spec.kindOf != nil && spec.kindOf(j) != colNumeric) {
				continue
			}
			if _, ok := parseNum(s); !ok {
				return false
			}
		}
		return true
	}
	line := 0
	for {
		rec, err := cr.Read()
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, fmt.Errorf("line %d: %v", line+1, err)
		}
		line = cr.line()
		if len(rec) == 1 && strings.TrimSpace(rec[0]) == "" {
			continue
		}
		cells := rec
		if t.n == 0 && pending == nil && header == nil && sk == nil {
			switch spec.header {
			case "yes":
				header = trimAll(rec)
				continue
			case "sklearn":
				if sk, err = parseSklearnHeader(rec); err != nil {
					return nil, fmt.Errorf("line %d: %v", line, err)
				}
				spec.labelCol = LastLabel
				continue
			case "", "auto":
				if !looksNumeric(rec) {
					pending = trimAll(rec)
					continue
				}
			case "no":
			default:
				return nil, fmt.Errorf("header %q: use auto, yes, no or sklearn", spec.header)
			}
		} else if pending != nil {
			// Decide what the pending first line was, now that a data row shows the width.
			if h, err := parseSklearnHeader(pending); err == nil && len(pending) != len(rec) && h.d == len(rec)-1 {
				sk = h
				spec.labelCol = LastLabel
			} else {
				header = pending
			}
			pending = nil
		}
		if err := addRow(cells, line); err != nil {
			return nil, err
		}
	}
	if t.n == 0 {
		return nil, fmt.Errorf("no data rows")
	}
	if len(t.cols) == 0 || !slices.ContainsFunc(t.cols, func(c *tcol) bool { return c != nil }) {
		return nil, fmt.Errorf("no feature columns")
	}
	t.cols = slices.DeleteFunc(t.cols, func(c *tcol) bool { return c == nil })
	if sk != nil {
		if sk.n != t.n || sk.d != len(t.cols) {
			return nil, fmt.Errorf("the header line announces %d x %d, the file holds %d x %d", sk.n, sk.d, t.n, len(t.cols))
		}
		for i, l := range t.labels {
			k, err := strconv.Atoi(l)
			if err != nil || k < 0 || k >= len(sk.classes) {
				return nil, fmt.Errorf("row %d: label %q is not a class index 0..%d", i+1, l, len(sk.classes)-1)
			}
		}
		for j, c := range sk.classes {
			if slices.Index(sk.classes, c) != j {
				return nil, fmt.Errorf("line 1: the header line names class %q twice", c)
			}
		}
		t.classes = sk.classes
	}
	return t, nil
}

func trimAll(s []string) []string {
	out := make([]string, len(s))
	for i, x := range s {
		out[i] = strings.TrimSpace(x)
	}
	return out
}

// sklearnHeader is the first line of scikit-learn's bundled CSV files:
// "n_samples,n_features,class name 0,class name 1,...".
type sklearnHeader struct {
	n, d    int
	classes []string
}

func parseSklearnHeader(cells []string) (*sklearnHeader, error) {
	if len(cells) < 3 {
		return nil, fmt.Errorf("sklearn header: want n,d,class names..., got %d cells", len(cells))
	}
	n, err1 := strconv.Atoi(strings.TrimSpace(cells[0]))
	d, err2 := strconv.Atoi(strings.TrimSpace(cells[1]))
	if err1 != nil || err2 != nil || n <= 0 || d <= 0 {
		return nil, fmt.Errorf("sklearn header: %q, %q are not positive integers n, d", cells[0], cells[1])
	}
	return &sklearnHeader{n: n, d: d, classes: trimAll(cells[2:])}, nil
}

// table handles missing values (policy) and encodes categorical columns
// (encoding), then builds the Table.
func (t *table) table(policy, encoding string) (*Table, error) {
	switch policy {
	case "", MissingDrop, MissingMean, MissingMostFrequent:
	default:
		return nil, fmt.Errorf("missing-value policy %q: use drop, mean or most_frequent", policy)
	}
	switch encoding {
	case "", OneHot, Ordinal:
	default:
		return nil, fmt.Errorf("categorical encoding %q: use onehot or ordinal", encoding)
	}
	tb := &Table{}
	// Rows to keep: a missing label always drops the row.
	keep := make([]bool, t.n)
	nLabelMissing := 0
	for i := range keep {
		keep[i] = t.labels == nil || t.labels[i] != ""
		if !keep[i] {
			nLabelMissing++
		}
	}
	if nLabelMissing > 0 {
		tb.Notes = append(tb.Notes, fmt.Sprintf("dropped %d rows with a missing label", nLabelMissing))
	}
	missingRows := 0
	var missingCols []string
	for _, c := range t.cols {
		k := 0
		for i := range t.n {
			if keep[i] && c.missingAt(i) {
				k++
			}
		}
		if k > 0 {
			tb.MissingValues += k
			missingCols = append(missingCols, fmt.Sprintf("%s (%d)", c.name, k))
		}
	}
	if tb.MissingValues > 0 {
		for i := range t.n {
			if !keep[i] {
				continue
			}
			for _, c := range t.cols {
				if c.missingAt(i) {
					missingRows++
					break
				}
			}
		}
		what := fmt.Sprintf("%d missing values in %d rows, in %s", tb.MissingValues, missingRows, strings.Join(missingCols, ", "))
		switch policy {
		case "":
			return nil, fmt.Errorf("%s; choose a missing-value policy: drop, mean or most_frequent (Options.Missing; --missing on the command line)", what)
		case MissingDrop:
			for i := range t.n {
				for _, c := range t.cols {
					if keep[i] && c.missingAt(i) {
						keep[i] = false
					}
				}
			}
			tb.Notes = append(tb.Notes, what+": dropped those rows")
		default:
			for _, c := range t.cols {
				if err := c.impute(keep, policy); err != nil {
					return nil, err
				}
			}
			how := "the most frequent value of each column"
			if policy == MissingMean {
				how = "numeric columns: mean, categorical columns: most frequent category"
			}
			tb.Notes = append(tb.Notes, what+": imputed ("+how+")")
		}
	}
	var rows []int
	for i, k := range keep {
		if k {
			rows = append(rows, i)
		}
	}
	if len(rows) == 0 {
		return nil, fmt.Errorf("no rows left after dropping those with missing values")
	}
	// Columns: numeric as they are, categorical encoded.
	type outCol struct {
		src  *tcol
		code int32 // one-hot: the category this column indicates; -1 otherwise
		rank []int32
	}
	var out []outCol
	nCat, nOneHot := 0, 0
	for _, c := range t.cols {
		if c.kind == colNumeric {
			out = append(out, outCol{src: c, code: -1})
			tb.Features = append(tb.Features, c.name)
			continue
		}
		nCat++
		// Categories present in the kept rows, in sorted order.
		present := make([]bool, len(c.dict))
		for _, i := range rows {
			present[c.cat[i]] = true
		}
		var cats []int32
		for code, ok := range present {
			if ok {
				cats = append(cats, int32(code))
			}
		}
		if !c.declared {
			sort.Slice(cats, func(a, b int) bool { return c.dict[cats[a]] < c.dict[cats[b]] })
		}
		if encoding == Ordinal {
			rank := make([]int32, len(c.dict))
			for r, code := range cats {
				rank[code] = int32(r)
				if c.declared {
					rank[code] = code // the declared index (ARFF, as Weka codes it)
				}
			}
			out = append(out, outCol{src: c, code: -1, rank: rank})
			tb.Features = append(tb.Features, c.name)
			continue
		}
		for _, code := range cats {
			out = append(out, outCol{src: c, code: code})
			tb.Features = append(tb.Features, c.name+"="+c.dict[code])
			nOneHot++
		}
	}
	if nCat > 0 {
		order := "categories in sorted order"
		if slices.ContainsFunc(t.cols, func(c *tcol) bool { return c.declared }) {
			order = "the declared indices" // ARFF
			if encoding != Ordinal {
				order = "categories in declared order"
			}
		}
		if encoding == Ordinal {
			tb.Notes = append(tb.Notes, fmt.Sprintf("encoded %d categorical columns as ordinals (%s)", nCat, order))
		} else {
			tb.Notes = append(tb.Notes, fmt.Sprintf("one-hot encoded %d categorical columns into %d columns (in place, categories in %s)", nCat, nOneHot, strings.TrimPrefix(order, "categories in ")))
		}
	}
	n, d := len(rows), len(out)
	if _, err := CheckCells("csv", int64(n), int64(d)); err != nil {
		return nil, err
	}
	data := make([]float64, n*d)
	for j, oc := range out {
		c := oc.src
		for r, i := range rows {
			var v float64
			switch {
			case c.kind == colNumeric:
				v = c.num[i]
			case oc.rank != nil:
				v = float64(oc.rank[c.cat[i]])
			case c.cat[i] == oc.code:
				v = 1
			}
			data[r*d+j] = v
		}
	}
	tb.X = newDense(n, d, data)
	if t.labels != nil {
		tb.Labels = make([]string, n)
		for r, i := range rows {
			tb.Labels[r] = t.labels[i]
		}
		switch {
		case t.classes != nil: // scikit-learn's header: the labels index its class names
			for r, l := range tb.Labels {
				k, _ := strconv.Atoi(l) // validated by readTable
				tb.Labels[r] = t.classes[k]
			}
			tb.Classes = slices.Clone(t.classes)
		case t.classOrder != nil: // ARFF: the declared classes present
			present := make(map[string]bool, len(t.classOrder))
			for _, l := range tb.Labels {
				present[l] = true
			}
			for _, c := range t.classOrder {
				if present[c] {
					tb.Classes = append(tb.Classes, c)
				}
			}
		}
	}
	return tb, nil
}

// impute fills the missing values of the kept rows of c.
func (c *tcol) impute(keep []bool, policy string) error {
	if c.kind == colNumeric {
		var fill float64
		if policy == MissingMean {
			var sum float64
			k := 0
			for i, v := range c.num {
				if keep[i] && !math.IsNaN(v) {
					sum += v
					k++
				}
			}
			if k == 0 {
				return fmt.Errorf("column %s: every value is missing; nothing to impute from", c.name)
			}
			fill = sum / float64(k)
		} else {
			count := map[float64]int{}
			for i, v := range c.num {
				if keep[i] && !math.IsNaN(v) {
					count[v]++
				}
			}
			if len(count) == 0 {
				return fmt.Errorf("column %s: every value is missing; nothing to impute from", c.name)
			}
			best := -1
			for v, k := range count {
				if k > best || (k == best && v < fill) {
					fill, best = v, k
				}
			}
		}
		for i, v := range c.num {
			if math.IsNaN(v) {
				c.num[i] = fill
			}
		}
		return nil
	}
	count := make([]int, len(c.dict))
	for i, code := range c.cat {
		if keep[i] && code >= 0 {
			count[code]++
		}
	}
	best := int32(-1)
	for code, k := range count {
		if k == 0 {
			continue
		}
		if best < 0 || k > count[best] || (k == count[best] && c.dict[code] < c.dict[best]) {
			best = int32(code)
		}
	}
	if best < 0 {
		return fmt.Errorf("column %s: every value is missing; nothing to impute from", c.name)
	}
	for i, code := range c.cat {
		if code < 0 {
			c.cat[i] = best
		}
	}
	return nil
}
