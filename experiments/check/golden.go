package check

import (
	"bytes"
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"math"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"

	"github.com/gsbench/gsbench/experiments/metric"
)

// Key names one metric of a config.
type Key struct {
	Dataset    string // the dataset label and the parameters that tell its variants apart
	Preprocess string // none, center, standardize or minmax
	Method     string // the method label and the parameters that tell its variants apart
	Metric     string // the value: n_selected, svm_accuracy, ...
}

// String is "dataset / method / metric", with the preprocessing after the
// dataset when it is not none.
func (k Key) String() string {
	d := k.Dataset
	if k.Preprocess != "" && k.Preprocess != "none" {
		d += " (" + k.Preprocess + ")"
	}
	return d + " / " + k.Method + " / " + k.Metric
}

// Metric is one metric of a run or of a golden file: the mean of a value
// over Cells cells (the repetitions).
type Metric struct {
	Key
	Value float64
	Cells int
	Line  int // line in the golden file (0 for a computed metric)
}

// goldenHeader is the header of a golden file.
var goldenHeader = []string{"dataset", "preprocess", "method", "metric", "cells", "golden"}

// toleranceHeader is the header of tolerances.csv.
var toleranceHeader = []string{"metric", "tolerance", "note"}

// ToleranceFile is the name of the tolerance table in a golden directory.
const ToleranceFile = "tolerances.csv"

// GoldenPath is the golden file of the config named name in dir.
func GoldenPath(dir, name string) string { return filepath.Join(dir, name+".csv") }

// ReadGolden reads a golden file. Errors name the file and line.
func ReadGolden(path string) ([]Metric, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	return parseGolden(path, data)
}

func parseGolden(path string, data []byte) ([]Metric, error) {
	var out []Metric
	seen := map[Key]int{}
	err := readRecords(path, data, goldenHeader, func(rec []string, line int) error {
		m := Metric{Key: Key{Dataset: rec[0], Preprocess: rec[1], Method: rec[2], Metric: rec[3]}, Line: line}
		var err error
		for i, f := range rec[:4] {
			if strings.TrimSpace(f) == "" {
				return fmt.Errorf("%s:%d: empty %s", path, line, goldenHeader[i])
			}
		}
		if m.Cells, err = strconv.Atoi(rec[4]); err != nil || m.Cells < 1 {
			return fmt.Errorf("%s:%d: cells %q: want the number of cells averaged, a positive integer", path, line, rec[4])
		}
		if m.Value, err = strconv.ParseFloat(rec[5], 64); err != nil {
			return fmt.Errorf("%s:%d: golden %q: want a number", path, line, rec[5])
		}
		if prev, dup := seen[m.Key]; dup {
			return fmt.Errorf("%s:%d: %s is listed twice (also on line %d)", path, line, m.Key, prev)
		}
		seen[m.Key] = line
		out = append(out, m)
		return nil
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}

// formatGolden writes metrics as a golden file.
func formatGolden(ms []Metric) []byte {
	var b bytes.Buffer
	w := csv.NewWriter(&b)
	w.Write(goldenHeader)
	for _, m := range ms {
		w.Write([]string{m.Dataset, m.Preprocess, m.Method, m.Metric, strconv.Itoa(m.Cells), formatValue(m.Value)})
	}
	w.Flush()
	return b.Bytes()
}

// formatValue writes the shortest decimal that reads back to v.
func formatValue(v float64) string { return strconv.FormatFloat(v, 'g', -1, 64) }

// readRecords reads the CSV file data (named path in errors): it checks
// the header line against header and the field count of every record, and
// calls fn with each record and its line number, stopping at fn's first
// error. Errors name the file and line (results/golden/README.md describes
// both formats).
func readRecords(path string, data []byte, header []string, fn func(rec []string, line int) error) error {
	r := csv.NewReader(bytes.NewReader(data))
	r.FieldsPerRecord = -1
	got, err := r.Read()
	if err == io.EOF {
		return fmt.Errorf("%s: empty file; it starts with the header %s", path, strings.Join(header, ","))
	}
	if err != nil {
		return csvError(path, err)
	}
	if !equalFields(got, header) {
		return fmt.Errorf("%s:1: header %q: want %s (results/golden/README.md describes the format)", path, strings.Join(got, ","), strings.Join(header, ","))
	}
	for {
		rec, err := r.Read()
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return csvError(path, err)
		}
		line, _ := r.FieldPos(0)
		if len(rec) != len(header) {
			return fmt.Errorf("%s:%d: %d fields, want %d (%s)", path, line, len(rec), len(header), strings.Join(header, ","))
		}
		if err := fn(rec, line); err != nil {
			return err
		}
	}
}

func csvError(path string, err error) error {
	var pe *csv.ParseError
	if errors.As(err, &pe) {
		return fmt.Errorf("%s:%d: %v", path, pe.Line, pe.Err)
	}
	return fmt.Errorf("%s: %v", path, err)
}

func equalFields(a, b []string) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if strings.TrimSpace(strings.TrimPrefix(a[i], "\ufeff")) != b[i] {
			return false
		}
	}
	return true
}

// Tolerance is how far a value may be from a reference value: a metric
// from its golden value (gsbench check, tolerances.csv), or one of our
// values from the published one (the reproduction report, package compare).
type Tolerance struct {
	Abs float64 // absolute bound ...
	Rel float64 // ... or bound relative to |reference| (0.01 is 1%); the larger applies
	// Factor, for ratios: the value may be up to Factor times larger or
	// smaller than the reference (Abs and Rel are then unused). Not
	// expressible in tolerances.csv.
	Factor float64
	Skip   bool   // not checked and not stored
	Note   string // what it means: the note column of tolerances.csv; how the reproduction report states it
}

// ParseTolerance reads "0.005" (absolute), "1%" (relative to the golden
// value) or "skip".
func ParseTolerance(s string) (Tolerance, error) {
	s = strings.TrimSpace(s)
	if s == "skip" {
		return Tolerance{Skip: true}, nil
	}
	if p, ok := strings.CutSuffix(s, "%"); ok {
		v, err := strconv.ParseFloat(strings.TrimSpace(p), 64)
		if err == nil && v >= 0 && !math.IsInf(v, 0) {
			return Tolerance{Rel: v / 100}, nil
		}
	} else if v, err := strconv.ParseFloat(s, 64); err == nil && v >= 0 && !math.IsInf(v, 0) {
		return Tolerance{Abs: v}, nil
	}
	return Tolerance{}, fmt.Errorf("tolerance %q: want a non-negative number (absolute, e.g. 0.005), a percentage of the golden value (e.g. 1%%) or skip", s)
}

// String is the tolerance as written in tolerances.csv.
func (t Tolerance) String() string {
	switch {
	case t.Skip:
		return "skip"
	case t.Rel > 0:
		return formatValue(t.Rel*100) + "%"
	}
	return formatValue(t.Abs)
}

// Bound is the largest difference from the reference that passes (without
// a Factor). A slack of 1e-9 relative absorbs the rounding of a mean over
// repetitions.
func (t Tolerance) Bound(ref float64) float64 {
	return math.Max(t.Abs, t.Rel*math.Abs(ref)) + 1e-9*math.Max(1, math.Abs(ref))
}

// Within reports whether x is within the tolerance of ref. NaN is within
// the tolerance of NaN only, an infinity of the same infinity only.
func (t Tolerance) Within(ref, x float64) bool {
	switch {
	case math.IsNaN(ref) || math.IsNaN(x):
		return math.IsNaN(ref) && math.IsNaN(x)
	case math.IsInf(ref, 0) || math.IsInf(x, 0):
		return ref == x
	case t.Factor > 0:
		if ref <= 0 || x <= 0 {
			return ref == x
		}
		return x/ref <= t.Factor && ref/x <= t.Factor
	}
	return math.Abs(x-ref) <= t.Bound(ref)
}

// Times returns the tolerance k times as wide (a Factor raised to the
// power k), e.g. the reproduction report's "near": within twice the
// tolerance.
func (t Tolerance) Times(k float64) Tolerance {
	t.Abs, t.Rel = k*t.Abs, k*t.Rel
	if t.Factor > 0 {
		t.Factor = math.Pow(t.Factor, k)
	}
	return t
}

// Tolerances holds the tolerance of each metric kind (value name), in file
// order.
type Tolerances struct {
	Path  string
	Kinds []string
	By    map[string]Tolerance
}

// Lookup returns the tolerance of a metric value: the row naming it, or
// else the most specific pattern matching it (a kind with * stands for a
// family of values, e.g. coef_* for coef_1_1, coef_1_2, ...).
func (ts *Tolerances) Lookup(name string) (Tolerance, bool) {
	if t, ok := ts.By[name]; ok {
		return t, ok
	}
	best, literal := "", -1 // the pattern with the most literal characters wins
	for _, k := range ts.Kinds {
		if n := len(strings.ReplaceAll(k, "*", "")); strings.Contains(k, "*") && n > literal {
			if ok, _ := path.Match(k, name); ok {
				best, literal = k, n
			}
		}
	}
	if best == "" {
		return Tolerance{}, false
	}
	return ts.By[best], true
}

// kindOf is the tolerance kind a value belongs to: its name, or the
// pattern of the metric that records a family of values
// ("coef_<component>_<feature>" gives coef_*_*).
func kindOf(name string) string {
	for _, m := range metric.All() {
		for _, v := range m.Values {
			if !strings.Contains(v, "<") {
				continue
			}
			pat := valuePattern.ReplaceAllString(v, "*")
			if ok, _ := path.Match(pat, name); ok {
				return pat
			}
		}
	}
	return name
}

var valuePattern = regexp.MustCompile(`<[^>]*>`)

// add appends a kind (used by update).
func (ts *Tolerances) add(kind string, t Tolerance) {
	if ts.By == nil {
		ts.By = map[string]Tolerance{}
	}
	ts.Kinds = append(ts.Kinds, kind)
	ts.By[kind] = t
}

// ReadTolerances reads dir/tolerances.csv. A missing file gives an error
// wrapping fs.ErrNotExist.
func ReadTolerances(dir string) (*Tolerances, error) {
	path := filepath.Join(dir, ToleranceFile)
	data, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, fmt.Errorf("%s is missing: it gives the tolerance of every metric kind; `gsbench check --update` creates it with the defaults: %w", path, err)
	}
	if err != nil {
		return nil, err
	}
	return parseTolerances(path, data)
}

func parseTolerances(path string, data []byte) (*Tolerances, error) {
	ts := &Tolerances{Path: path, By: map[string]Tolerance{}}
	lines := map[string]int{}
	err := readRecords(path, data, toleranceHeader, func(rec []string, line int) error {
		kind := strings.TrimSpace(rec[0])
		if kind == "" {
			return fmt.Errorf("%s:%d: empty metric", path, line)
		}
		if prev, dup := lines[kind]; dup {
			return fmt.Errorf("%s:%d: metric %s is listed twice (also on line %d)", path, line, kind, prev)
		}
		lines[kind] = line
		t, err := ParseTolerance(rec[1])
		if err != nil {
			return fmt.Errorf("%s:%d: %s: %v", path, line, kind, err)
		}
		t.Note = rec[2]
		ts.add(kind, t)
		return nil
	})
	if err != nil {
		return nil, err
	}
	return ts, nil
}

func formatTolerances(ts *Tolerances) []byte {
	var b bytes.Buffer
	w := csv.NewWriter(&b)
	w.Write(toleranceHeader)
	for _, k := range ts.Kinds {
		t := ts.By[k]
		w.Write([]string{k, t.String(), t.Note})
	}
	w.Flush()
	return b.Bytes()
}

// DefaultTolerances are written to a new tolerances.csv for the kinds a
// golden directory needs. They are the smallest changes that matter, not
// allowances for noise: runs are deterministic (same seeds, same numbers
// with OpenBLAS or pure-Go BLAS, whatever the number of jobs).
func DefaultTolerances() map[string]Tolerance {
	count := "a count or a fraction of repetitions: any change changes which features are found"
	return map[string]Tolerance{
		"n_selected":            {Abs: 0, Note: count},
		"success_rate":          {Abs: 0, Note: count},
		"redundant_selected":    {Abs: 0, Note: count},
		"nonredundant_selected": {Abs: 0, Note: count},
		"svm_accuracy":          {Abs: 0.005, Note: "fraction; half a point: a few test samples changing sides pass, a 1-point change fails"},
		"kmeans_nmi":            {Abs: 0.01, Note: "in [0, 1]; one point"},
		"kmeans_acc":            {Abs: 0.01, Note: "fraction; one point"},
		"residual_variance":     {Rel: 0.01, Note: "scale of the data: relative"},
		"residual_ratio":        {Rel: 0.01, Note: "spans decades (1e-4 to 1): relative"},
		"svm_accuracy_std":      {Skip: true, Note: "spread over folds: reported by runs, not checked"},
		"kmeans_nmi_std":        {Skip: true, Note: "spread over seeds: reported by runs, not checked"},
		"kmeans_acc_std":        {Skip: true, Note: "spread over seeds: reported by runs, not checked"},
		"time":                  {Skip: true, Note: "wall time differs between runs and machines"},
		"data_rows":             {Abs: 0, Note: "a count"},
		"data_columns":          {Abs: 0, Note: "a count"},
		"coef_*_*":              {Abs: 1e-6, Note: "coefficients of unit directions: absolute (relative fails near 0)"},
	}
}

// defaultTolerance is the tolerance --update writes for a kind.
func defaultTolerance(kind string) Tolerance {
	if t, ok := DefaultTolerances()[kind]; ok {
		return t
	}
	return Tolerance{Rel: 0.01, Note: "default for a metric gsbench check has no rule for; review"}
}
