package datasets

import (
	"bytes"
	_ "embed"
	"encoding/hex"
	"fmt"
	"net/url"
	"path"
	"slices"
	"strconv"
	"strings"

	"gopkg.in/yaml.v3"

	"github.com/gsbench/gsbench/datasets/format"
	"github.com/gsbench/gsbench/internal/registry"
)

// Entry describes one named dataset of the registry.
type Entry struct {
	Name    string     `json:"name" yaml:"name"`
	Title   string     `json:"title" yaml:"title"`
	Format  string     `json:"format" yaml:"format"` // libsvm, idx, mat, uci-csv, uci-text, sklearn-csv, musae, snap-edges
	Files   []FileSpec `json:"files" yaml:"files"`
	N       int        `json:"n" yaml:"n"`             // rows, with the default options
	D       int        `json:"d" yaml:"d"`             // columns, with the default options
	Classes int        `json:"classes" yaml:"classes"` // number of classes (0: unlabelled)
	// Missing is the default missing-value policy ("" when the files have
	// no missing values); Options.Missing overrides it.
	Missing string `json:"missing,omitempty" yaml:"missing"`
	// Encoding is the default encoding of categorical columns ("" when
	// there are none); Options.Categorical overrides it.
	Encoding string `json:"categorical,omitempty" yaml:"categorical"`
	// DataSHA256 is the digest of the parsed data with the default options
	// (dataDigest: the shape, X's float64 bits row-major, then Y): a file
	// re-formatted or re-compressed without changing a value still verifies
	// against it. "" where missing values or categories are handled.
	DataSHA256 string `json:"data_sha256,omitempty" yaml:"data_sha256"`
	// Shapes lists the expected shape under every other choice of options.
	Shapes   []Shape `json:"shapes,omitempty" yaml:"shapes"`
	Homepage string  `json:"homepage" yaml:"homepage"`
	Citation string  `json:"citation" yaml:"citation"`
	Note     string  `json:"note,omitempty" yaml:"note"`

	read       func(files []*dataFile, policy, encoding string) (*cached, error)
	classNames []string // names of the numeric labels firstLabel, firstLabel+1, ...
	firstLabel int
	labelCol   string // the label column of a table ("last", "none", a number); "" for other formats
}

// Shape is the expected shape of a dataset under a choice of options.
type Shape struct {
	Drop     bool   `json:"drop" yaml:"drop"` // rows with missing values dropped (else imputed)
	Encoding string `json:"categorical" yaml:"categorical"`
	N        int    `json:"n" yaml:"n"`
	D        int    `json:"d" yaml:"d"`
}

// FileSpec is one file of a dataset, at Path (slash-separated) under the
// data directory.
type FileSpec struct {
	Path  string `json:"path" yaml:"path"`
	Bytes int64  `json:"bytes,omitempty" yaml:"bytes"`
	// SHA256 is the digest of the file as laid out in the data directory
	// (MANIFEST.tsv of the reference copy); "" when none is known.
	SHA256 string `json:"sha256,omitempty" yaml:"sha256"`
	// ContentSHA256 is the digest of the decompressed content of a gzip
	// file: a file re-compressed differently still verifies against it.
	ContentSHA256 string `json:"content_sha256,omitempty" yaml:"content_sha256"`
	// Sources are the canonical download locations, tried in order.
	Sources []Source `json:"sources" yaml:"sources"`
}

// Source is a download location and the steps that turn what it serves
// into the file: "bunzip2", "gzip", "unlzw" (Unix compress, .Z), "unzip:NAME"
// (the zip member whose base name is NAME).
type Source struct {
	URL   string   `json:"url" yaml:"url"`
	Steps []string `json:"steps,omitempty" yaml:"steps"`
}

// FetchOnly reports whether no digest is known for some file of e: such a
// dataset is not in the reference data copy, and fetch and every load check
// it by its shape alone.
func (e *Entry) FetchOnly() bool {
	return slices.ContainsFunc(e.Files, func(f FileSpec) bool { return f.SHA256 == "" && f.ContentSHA256 == "" })
}

// LabelColumn returns where the label of e is: "last", "none", or a
// 0-based column number of its table file; "" for formats whose labels are
// not a column (LIBSVM, IDX, MAT, MUSAE: the format says where they are).
func (e *Entry) LabelColumn() string { return e.labelCol }

// shape returns the expected shape under the given options.
func (e *Entry) shape(policy, encoding string) (n, d int) {
	drop := policy == format.MissingDrop
	for _, s := range e.Shapes {
		if s.Drop == drop && (s.Encoding == encoding || e.Encoding == "") {
			return s.N, s.D
		}
	}
	return e.N, e.D
}

// Registry returns every named dataset, sorted by name. The entries are
// copies: changing them does not change the registry.
func Registry() []Entry {
	all := datasetRegistry.All()
	out := make([]Entry, len(all))
	for i, e := range all {
		out[i] = e.clone()
	}
	return out
}

// Lookup returns (a copy of) the registry entry called name (any case).
func Lookup(name string) (Entry, bool) {
	e, ok := lookupEntry(name)
	if !ok {
		return Entry{}, false
	}
	return e.clone(), true
}

func lookupEntry(name string) (*Entry, bool) { return datasetRegistry.Lookup(strings.ToLower(name)) }

// getEntry is lookupEntry with the registry's unknown-name error.
func getEntry(name string) (*Entry, error) { return datasetRegistry.Get(strings.ToLower(name)) }

func (e *Entry) clone() Entry {
	c := *e
	c.Shapes = slices.Clone(e.Shapes)
	c.classNames = slices.Clone(e.classNames)
	c.Files = slices.Clone(e.Files)
	for i := range c.Files {
		c.Files[i].Sources = slices.Clone(e.Files[i].Sources)
		for j := range c.Files[i].Sources {
			c.Files[i].Sources[j].Steps = slices.Clone(e.Files[i].Sources[j].Steps)
		}
	}
	return c
}

// Names returns the registry's dataset names, sorted.
func Names() []string { return datasetRegistry.Names() }

// datasetRegistry holds the entries of registry.yaml.
var datasetRegistry = registry.New[*Entry]("dataset")

//go:embed registry.yaml
var registryYAML []byte

func init() {
	entries, err := decodeRegistry(registryYAML)
	if err != nil {
		panic("datasets: registry.yaml: " + err.Error())
	}
	for _, e := range entries {
		datasetRegistry.Add(e.Name, e)
	}
}

// registryDoc is the schema of registry.yaml.
type registryDoc struct {
	Datasets []entryDoc `yaml:"datasets"`
}

// entryDoc is one entry of registry.yaml: the Entry and how to read it.
type entryDoc struct {
	Entry `yaml:",inline"`
	Read  readSpec `yaml:"read"`
}

// readSpec says how to read the files of an entry; which fields apply
// depends on the format (registry.yaml's header lists them).
type readSpec struct {
	Features       int      `yaml:"features"`
	X              string   `yaml:"x"`
	Y              string   `yaml:"y"`
	Header         string   `yaml:"header"`
	LabelCol       string   `yaml:"label_col"`
	Categorical    []int    `yaml:"categorical"`
	Ignore         []int    `yaml:"ignore"`
	Names          []string `yaml:"names"`
	MissingMarkers []string `yaml:"missing_markers"`
	LabelMap       string   `yaml:"label_map"`
	ClassNames     []string `yaml:"class_names"`
	FirstLabel     int      `yaml:"first_label"`
}

// decodeRegistry decodes and validates a registry file: unknown keys,
// duplicate names and every inconsistency validateEntry finds are errors
// naming the entry.
func decodeRegistry(data []byte) ([]*Entry, error) {
	dec := yaml.NewDecoder(bytes.NewReader(data))
	dec.KnownFields(true)
	var doc registryDoc
	if err := dec.Decode(&doc); err != nil {
		return nil, err
	}
	if len(doc.Datasets) == 0 {
		return nil, fmt.Errorf("no datasets")
	}
	seen := map[string]bool{}
	var out []*Entry
	for i := range doc.Datasets {
		d := &doc.Datasets[i]
		e := d.Entry
		if err := validateEntry(&e, &d.Read); err != nil {
			return nil, fmt.Errorf("dataset %d (%q): %v", i+1, e.Name, err)
		}
		if seen[e.Name] {
			return nil, fmt.Errorf("dataset %q listed twice", e.Name)
		}
		seen[e.Name] = true
		out = append(out, &e)
	}
	return out, nil
}

// conversion steps a Source may list (the part before ':').
var knownSteps = []string{"bunzip2", "gzip", "unlzw", "unzip"}

// validateEntry checks e and its reader options, and sets e's reader.
func validateEntry(e *Entry, rs *readSpec) error {
	if e.Name == "" || strings.Trim(e.Name, "abcdefghijklmnopqrstuvwxyz0123456789-") != "" {
		return fmt.Errorf("name %q: use lower-case letters, digits and '-'", e.Name)
	}
	for key, v := range map[string]string{"title": e.Title, "format": e.Format, "homepage": e.Homepage, "citation": e.Citation} {
		if strings.TrimSpace(v) == "" {
			return fmt.Errorf("%s is required", key)
		}
	}
	if err := checkURL(e.Homepage); err != nil {
		return fmt.Errorf("homepage: %v", err)
	}
	if len(e.Files) == 0 {
		return fmt.Errorf("no files")
	}
	paths := map[string]bool{}
	for _, f := range e.Files {
		if f.Path == "" || path.Clean(f.Path) != f.Path || path.IsAbs(f.Path) || strings.HasPrefix(f.Path, "../") || f.Path == ".." {
			return fmt.Errorf("file path %q: want a clean relative slash-separated path", f.Path)
		}
		if paths[f.Path] {
			return fmt.Errorf("file %s listed twice", f.Path)
		}
		paths[f.Path] = true
		for _, h := range []string{f.SHA256, f.ContentSHA256} {
			if err := checkDigest(h); err != nil {
				return fmt.Errorf("%s: %v", f.Path, err)
			}
		}
		if f.Bytes < 0 || (f.Bytes > 0) != (f.SHA256 != "") {
			return fmt.Errorf("%s: bytes %d: give bytes and sha256 together (both from MANIFEST.tsv), or neither", f.Path, f.Bytes)
		}
		if len(f.Sources) == 0 {
			return fmt.Errorf("%s: no sources", f.Path)
		}
		for _, s := range f.Sources {
			if err := checkURL(s.URL); err != nil {
				return fmt.Errorf("%s: source %v", f.Path, err)
			}
			for _, st := range s.Steps {
				op, arg, hasArg := strings.Cut(st, ":")
				if !slices.Contains(knownSteps, op) || (op == "unzip") != (hasArg && arg != "") {
					return fmt.Errorf("%s: step %q: use bunzip2, gzip, unlzw or unzip:MEMBER", f.Path, st)
				}
			}
		}
	}
	if e.N <= 0 || e.D <= 0 || e.Classes < 0 || e.Classes == 1 {
		return fmt.Errorf("shape %d x %d with %d classes: n and d must be positive, classes 0 (unlabelled) or at least 2", e.N, e.D, e.Classes)
	}
	if err := checkPolicy(e.Missing, e.Encoding); err != nil {
		return err
	}
	if err := checkDigest(e.DataSHA256); err != nil {
		return fmt.Errorf("data_sha256: %v", err)
	}
	if e.DataSHA256 != "" && (e.Missing != "" || e.Encoding != "") {
		return fmt.Errorf("data_sha256 is only for datasets read without imputation or encoding")
	}
	defaults := false
	for _, s := range e.Shapes {
		if s.N <= 0 || s.D <= 0 {
			return fmt.Errorf("shape %+v: n and d must be positive", s)
		}
		if err := checkPolicy("", s.Encoding); err != nil || (s.Encoding == "") != (e.Encoding == "") {
			return fmt.Errorf("shape %+v: categorical must be onehot or ordinal exactly when the dataset has a default encoding", s)
		}
		if s.Drop == (e.Missing == format.MissingDrop) && (e.Encoding == "" || s.Encoding == e.Encoding) {
			defaults = true
			if s.N != e.N || s.D != e.D {
				return fmt.Errorf("shape %+v differs from n x d = %d x %d under the default options", s, e.N, e.D)
			}
		}
	}
	if len(e.Shapes) > 0 && !defaults {
		return fmt.Errorf("shapes do not list the default options' shape")
	}
	return setReader(e, rs)
}

func checkDigest(h string) error {
	if h == "" {
		return nil
	}
	if len(h) != 64 || strings.ToLower(h) != h {
		return fmt.Errorf("digest %q: want 64 lower-case hex digits", h)
	}
	_, err := hex.DecodeString(h)
	return err
}

func checkURL(s string) error {
	u, err := url.Parse(s)
	if err != nil {
		return err
	}
	if (u.Scheme != "https" && u.Scheme != "http") || u.Host == "" {
		return fmt.Errorf("url %q: want http(s)://host/...", s)
	}
	return nil
}

// setReader sets e's reader, class names and label column from rs, and
// rejects options that do not apply to e's format.
func setReader(e *Entry, rs *readSpec) error {
	names, err := expandAll(rs.Names)
	if err != nil {
		return fmt.Errorf("names: %v", err)
	}
	classes, err := expandAll(rs.ClassNames)
	if err != nil {
		return fmt.Errorf("class_names: %v", err)
	}
	if classes != nil && len(classes) != e.Classes {
		return fmt.Errorf("%d class_names for %d classes", len(classes), e.Classes)
	}
	e.classNames, e.firstLabel = classes, rs.FirstLabel
	// unused reports the first option given that the format does not read.
	unused := func(allowed ...string) error {
		given := map[string]bool{
			"features": rs.Features != 0, "x": rs.X != "", "y": rs.Y != "", "header": rs.Header != "",
			"label_col": rs.LabelCol != "", "categorical": rs.Categorical != nil, "ignore": rs.Ignore != nil,
			"names": rs.Names != nil, "missing_markers": rs.MissingMarkers != nil, "label_map": rs.LabelMap != "",
		}
		for _, k := range []string{"features", "x", "y", "header", "label_col", "categorical", "ignore", "names", "missing_markers", "label_map"} {
			if given[k] && !slices.Contains(allowed, k) {
				return fmt.Errorf("read.%s does not apply to format %s", k, e.Format)
			}
		}
		return nil
	}
	nfiles := func(k int) error {
		if len(e.Files) != k {
			return fmt.Errorf("format %s reads %d file(s), the entry lists %d", e.Format, k, len(e.Files))
		}
		return nil
	}
	switch e.Format {
	case "libsvm":
		if err := cmpErr(unused("features"), nfiles(1)); err != nil {
			return err
		}
		if rs.Features <= 0 || rs.Features != e.D {
			return fmt.Errorf("read.features %d: want d = %d", rs.Features, e.D)
		}
		e.read = readLIBSVMEntry(rs.Features)
	case "idx":
		if err := cmpErr(unused(), nfiles(2)); err != nil {
			return err
		}
		e.read = readIDXEntry
	case "mat":
		if err := cmpErr(unused("x", "y"), nfiles(1)); err != nil {
			return err
		}
		x, y := rs.X, rs.Y
		if x == "" {
			x = "X"
		}
		if y == "" {
			y = "Y"
		}
		e.read = readMATEntry(x, y)
	case "uci-csv", "uci-text", "sklearn-csv":
		if err := cmpErr(unused("header", "label_col", "categorical", "ignore", "names", "missing_markers", "label_map"), nfiles(1)); err != nil {
			return err
		}
		opt, err := csvOptionsOf(e, rs, names)
		if err != nil {
			return err
		}
		e.read = readUCIEntry(opt, rs.LabelMap != "")
	case "musae":
		if err := cmpErr(unused("features"), nfiles(3)); err != nil {
			return err
		}
		if rs.Features != e.D {
			return fmt.Errorf("read.features %d: want d = %d", rs.Features, e.D)
		}
		e.read = readMUSAEEntry(rs.Features)
	case "snap-edges":
		if err := unused(); err != nil {
			return err
		}
		e.read = func([]*dataFile, string, string) (*cached, error) {
			return nil, fmt.Errorf("no loader: %s is fetched for reference, but gsbench cannot build its feature matrix (%s)", e.Name, e.Note)
		}
	default:
		return fmt.Errorf("format %q: use libsvm, idx, mat, uci-csv, uci-text, sklearn-csv, musae or snap-edges", e.Format)
	}
	return nil
}

func cmpErr(errs ...error) error {
	for _, err := range errs {
		if err != nil {
			return err
		}
	}
	return nil
}

// csvOptionsOf builds the table reader's options of a uci-csv, uci-text or
// sklearn-csv entry (its label_map is checked here and applied by
// readUCIEntry).
func csvOptionsOf(e *Entry, rs *readSpec, names []string) (format.CSVOptions, error) {
	opt := format.CSVOptions{Header: rs.Header, Names: names, MissingMarkers: rs.MissingMarkers, Whitespace: e.Format == "uci-text"}
	switch opt.Header {
	case "":
		opt.Header = "no"
	case "no", "yes":
	case "sklearn":
		if rs.LabelCol != "" && rs.LabelCol != "last" {
			return opt, fmt.Errorf("read.label_col %q: a scikit-learn header puts the label last", rs.LabelCol)
		}
		if rs.LabelMap != "" {
			return opt, fmt.Errorf("read.label_map %q: a scikit-learn header's labels are class indices", rs.LabelMap)
		}
		rs.LabelCol = "last"
	default:
		return opt, fmt.Errorf("read.header %q: use no, yes or sklearn", rs.Header)
	}
	if opt.MissingMarkers == nil {
		opt.MissingMarkers = []string{"?"}
	}
	switch rs.LabelCol {
	case "":
		return opt, fmt.Errorf("read.label_col is required (last, none or a 0-based column)")
	case "last":
		opt.LabelCol = format.LastLabel
	case "none":
		opt.LabelCol = format.NoLabel
		if e.Classes != 0 {
			return opt, fmt.Errorf("read.label_col none, but classes is %d", e.Classes)
		}
	default:
		k, err := strconv.Atoi(rs.LabelCol)
		if err != nil || k < 0 {
			return opt, fmt.Errorf("read.label_col %q: use last, none or a 0-based column", rs.LabelCol)
		}
		opt.LabelCol = k
	}
	if opt.LabelCol != format.NoLabel && e.Classes == 0 {
		return opt, fmt.Errorf("read.label_col %s, but classes is 0", rs.LabelCol)
	}
	e.labelCol = rs.LabelCol
	seen := map[int]bool{}
	for _, l := range []struct {
		cols []int
		what string
	}{{rs.Categorical, "categorical"}, {rs.Ignore, "ignore"}} {
		for _, j := range l.cols {
			if seen[j] || j < 0 || j == opt.LabelCol {
				return opt, fmt.Errorf("read.%s: column %d is negative, repeated or the label", l.what, j)
			}
			seen[j] = true
		}
	}
	if (len(rs.Categorical) > 0) != (e.Encoding != "") {
		return opt, fmt.Errorf("categorical columns need a default encoding (categorical: onehot or ordinal) and vice versa")
	}
	opt.Categorical, opt.Ignore = rs.Categorical, rs.Ignore
	switch rs.LabelMap {
	case "", "canonical-number":
	default:
		return opt, fmt.Errorf("read.label_map %q: use canonical-number", rs.LabelMap)
	}
	return opt, nil
}

// expandAll expands the brace ranges of every pattern (expand), in order;
// nil for nil.
func expandAll(patterns []string) ([]string, error) {
	var out []string
	for _, p := range patterns {
		x, err := expand(p)
		if err != nil {
			return nil, err
		}
		out = append(out, x...)
	}
	return out, nil
}

// expand expands the brace ranges of p as bash does, the leftmost range
// varying slowest: "x{1..3}" is x1 x2 x3, "{A..C}" is A B C.
func expand(p string) ([]string, error) {
	i := strings.IndexByte(p, '{')
	if i < 0 {
		if strings.IndexByte(p, '}') >= 0 {
			return nil, fmt.Errorf("%q: unmatched }", p)
		}
		return []string{p}, nil
	}
	j := strings.IndexByte(p[i:], '}')
	if j < 0 {
		return nil, fmt.Errorf("%q: unmatched {", p)
	}
	j += i
	lo, hi, ok := strings.Cut(p[i+1:j], "..")
	if !ok {
		return nil, fmt.Errorf("%q: want {FIRST..LAST}", p)
	}
	var items []string
	a, errA := strconv.Atoi(lo)
	b, errB := strconv.Atoi(hi)
	switch {
	case errA == nil && errB == nil && a <= b && b-a < 1<<16:
		for k := a; k <= b; k++ {
			items = append(items, strconv.Itoa(k))
		}
	case len(lo) == 1 && len(hi) == 1 && lo[0] <= hi[0] && errA != nil:
		for c := lo[0]; c <= hi[0]; c++ {
			items = append(items, string(c))
		}
	default:
		return nil, fmt.Errorf("%q: {%s..%s} is not an increasing range of integers or letters", p, lo, hi)
	}
	var out []string
	for _, it := range items {
		rest, err := expand(p[:i] + it + p[j+1:])
		if err != nil {
			return nil, err
		}
		out = append(out, rest...)
	}
	return out, nil
}
