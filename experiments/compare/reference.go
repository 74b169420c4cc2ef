package compare

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"

	"gopkg.in/yaml.v3"
)

// RefItem is one results/reference/<item>.yaml file: the values of one table
// or figure as printed, with provenance.
type RefItem struct {
	Item        string     `yaml:"item"`
	Paper       string     `yaml:"paper"`
	Source      string     `yaml:"source"`
	Kind        string     `yaml:"kind"`
	Number      string     `yaml:"number"`
	Lines       []int      `yaml:"lines"`
	Caption     string     `yaml:"caption"`
	Metric      string     `yaml:"metric"`
	Description string     `yaml:"description,omitempty"` // figures only
	Protocol    string     `yaml:"protocol"`
	Notes       string     `yaml:"notes"`
	Values      []RefValue `yaml:"values"`

	Path string `yaml:"-"`
}

// RefValue is one printed number.
type RefValue struct {
	Panel   string         `yaml:"panel"`
	Dataset string         `yaml:"dataset"`
	Row     string         `yaml:"row"`
	Column  string         `yaml:"column"`
	Method  string         `yaml:"method"`
	Metric  string         `yaml:"metric,omitempty"` // per-value override of the item's metric
	Params  map[string]any `yaml:"params"`
	Value   float64        `yaml:"value"`
	Line    int            `yaml:"line"`
}

// metric returns the value's metric (its own or the item's).
func (v RefValue) metric(it *RefItem) string {
	if v.Metric != "" {
		return v.Metric
	}
	return it.Metric
}

var (
	papers = map[string]string{
		"journal":    "gs-extraction-selection-journal.txt",
		"cdc":        "gs-feature-selection-cdc.txt",
		"beyond-pca": "beyond-pca-gs-extraction.txt",
		"uffs":       "fourier-feature-selection-uffs.txt",
		"qmrfs":      "qmr-fs-scalable-selection.txt",
	}
	refMetrics = []string{"n_features", "residual_ratio", "accuracy_pct", "success_rate_pct", "time_ratio",
		"percent_of_experiments", "coefficient", "dataset_property", "avg_rank", "rank_sd", "time_ms", "other"}
	refMethods = []string{"", "gfr", "gfs", "gfa", "gca", "pca", "kpca", "ica", "lpp", "umap", "autoencoder",
		"mcfs", "ndfs", "udfs", "ls", "trace-ratio", "fisher", "uffs", "none", "unknown",
		"sffs", "rfs", "mrmr", "relieff", "mi", "ccm", "qmrfs", "svd-entropy", "spec", "usfsm", "cnafs", "fmiufs"}
	refParams = []string{"family", "eps2", "eps", "k", "m", "n", "d", "n_latent", "degree", "kernel", "feature_map",
		"component", "feature", "element", "total_degree", "labels", "experiments", "gfs_standardized",
		"uffs_standardized", "uffs_degree", "n_samples", "rounds", "property", "cell_position", "bold", "t",
		"theta", "criterion", "percent", "features", "stat"}
)

// LoadReference reads and validates every *.yaml file of dir.
func LoadReference(dir string) ([]*RefItem, error) {
	paths, err := filepath.Glob(filepath.Join(dir, "*.yaml"))
	if err != nil {
		return nil, err
	}
	if len(paths) == 0 {
		return nil, fmt.Errorf("%s: no reference files (*.yaml)", dir)
	}
	sort.Strings(paths)
	var items []*RefItem
	var errs []string
	for _, p := range paths {
		it, err := LoadRefItem(p)
		if err != nil {
			errs = append(errs, err.Error())
			continue
		}
		items = append(items, it)
	}
	if len(errs) > 0 {
		return nil, fmt.Errorf("invalid reference files:\n  %s", strings.Join(errs, "\n  "))
	}
	return items, nil
}

// LoadRefItem reads and validates one reference file.
func LoadRefItem(path string) (*RefItem, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	it, err := ParseRefItem(path, data)
	if err != nil {
		return nil, err
	}
	return it, nil
}

// ParseRefItem decodes and validates a reference file's bytes; path names
// it in errors and must be named after the item.
func ParseRefItem(path string, data []byte) (*RefItem, error) {
	var root yaml.Node
	if err := yaml.Unmarshal(data, &root); err != nil {
		return nil, fmt.Errorf("%s: %v", path, err)
	}
	if err := checkValueNodes(&root); err != nil {
		return nil, fmt.Errorf("%s: %v", path, err)
	}
	dec := yaml.NewDecoder(bytes.NewReader(data))
	dec.KnownFields(true)
	it := &RefItem{Path: path}
	if err := dec.Decode(it); err != nil {
		return nil, fmt.Errorf("%s: %v", path, err)
	}
	if err := it.validate(strings.TrimSuffix(filepath.Base(path), filepath.Ext(path))); err != nil {
		return nil, fmt.Errorf("%s: %v", path, err)
	}
	return it, nil
}

// checkValueNodes requires every values[].value to be an int or float node
// (a quoted "97.02" or a stray word is an error, not a silent conversion).
func checkValueNodes(root *yaml.Node) error {
	if len(root.Content) == 0 || root.Content[0].Kind != yaml.MappingNode {
		return fmt.Errorf("not a mapping")
	}
	m := root.Content[0]
	for i := 0; i+1 < len(m.Content); i += 2 {
		if m.Content[i].Value != "values" {
			continue
		}
		vals := m.Content[i+1]
		if vals.Kind != yaml.SequenceNode {
			return fmt.Errorf("line %d: values must be a list", vals.Line)
		}
		for _, v := range vals.Content {
			if v.Kind != yaml.MappingNode {
				return fmt.Errorf("line %d: each value must be a mapping", v.Line)
			}
			found := false
			for j := 0; j+1 < len(v.Content); j += 2 {
				if v.Content[j].Value == "value" {
					found = true
					n := v.Content[j+1]
					if n.Kind != yaml.ScalarNode || n.Tag != "!!int" && n.Tag != "!!float" {
						return fmt.Errorf("line %d: value %q is not a number", n.Line, n.Value)
					}
				}
			}
			if !found {
				return fmt.Errorf("line %d: a value without value", v.Line)
			}
		}
	}
	return nil
}

func (it *RefItem) validate(base string) error {
	var errs []string
	bad := func(format string, args ...any) { errs = append(errs, fmt.Sprintf(format, args...)) }
	if it.Item != base {
		bad("item %q does not match the file name %q", it.Item, base)
	}
	if src, ok := papers[it.Paper]; !ok {
		bad("paper %q: want journal, cdc, beyond-pca, uffs or qmrfs", it.Paper)
	} else if it.Source != src {
		bad("source %q: paper %s is %s", it.Source, it.Paper, src)
	}
	if !strings.HasPrefix(it.Item, it.Paper+"-"+it.Kind) {
		bad("item %q should start with %s-%s", it.Item, it.Paper, it.Kind)
	}
	switch it.Kind {
	case "table", "figure":
	default:
		bad("kind %q: want table or figure", it.Kind)
	}
	if it.Description != "" && it.Kind != "figure" {
		bad("description is for figures only")
	}
	if it.Number == "" || it.Caption == "" || it.Protocol == "" {
		bad("number, caption and protocol are required")
	}
	if !slices.Contains(refMetrics, it.Metric) {
		bad("metric %q: want one of %s", it.Metric, strings.Join(refMetrics, ", "))
	}
	if len(it.Lines) != 2 || it.Lines[0] < 1 || it.Lines[1] < it.Lines[0] {
		bad("lines %v: want [first, last] with 1 <= first <= last", it.Lines)
	}
	if len(it.Values) == 0 && it.Kind != "figure" {
		bad("a table needs values")
	}
	for i, v := range it.Values {
		at := fmt.Sprintf("values[%d] (line %d)", i, v.Line)
		if len(it.Lines) == 2 && (v.Line < it.Lines[0] || v.Line > it.Lines[1]) {
			bad("%s: line outside lines %v", at, it.Lines)
		}
		if !slices.Contains(refMethods, v.Method) {
			bad("%s: method %q is not a known method", at, v.Method)
		}
		if v.Metric != "" && !slices.Contains(refMetrics, v.Metric) {
			bad("%s: metric %q: want one of %s", at, v.Metric, strings.Join(refMetrics, ", "))
		}
		if v.Dataset == "" || v.Row == "" || v.Column == "" {
			bad("%s: dataset, row and column are required", at)
		}
		for k := range v.Params {
			if !slices.Contains(refParams, k) {
				bad("%s: unknown params key %q", at, k)
			}
		}
	}
	if len(errs) > 0 {
		return fmt.Errorf("%s", strings.Join(errs, "; "))
	}
	return nil
}
