package config

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"

	"gopkg.in/yaml.v3"

	"github.com/gsbench/gsbench/datasets"
	"github.com/gsbench/gsbench/evaluate"
	"github.com/gsbench/gsbench/internal/registry"
	"github.com/gsbench/gsbench/methods"
	"github.com/gsbench/gsbench/params"
	"github.com/gsbench/gsbench/preprocess"
)

// Config is an experiment: datasets x methods x repetitions, the metrics
// computed on every cell, and the tables and figures made from them. It is
// read from YAML by Load or Parse, which check every key before anything
// runs; configs/README.md documents them.
type Config struct {
	Path        string // file it was read from; "" when parsed from memory
	Name        string // names the results directory
	Description string
	Seed        uint64 // every cell's seed derives from it and the cell's key
	Repetitions int    // default 1
	Quick       Quick  // what --quick changes
	// Protocol says where the cross-validated metrics (svm_accuracy) fit
	// the method: once on all rows (the default) or inside each training
	// fold (pipeline).
	Protocol evaluate.Protocol

	Datasets []*DatasetSpec
	Methods  []*MethodSpec
	Metrics  []*MetricSpec
	Tables   []*TableSpec
	Figures  []*FigureSpec

	Source []byte // the file's bytes
	Hash   string // sha256 of Source, hex

	po          parseOptions
	protocolPos Pos
}

// Quick is the cheaper variant run by --quick.
type Quick struct {
	// Repetitions caps the number of repetitions of every dataset (0: no cap).
	Repetitions int
	// Params replaces the values of the named parameter wherever a dataset
	// or method sets it (e.g. fewer dataset sizes).
	Params []*Setting
}

// DataKind says where a dataset comes from.
type DataKind string

// The kinds of dataset.
const (
	Generated DataKind = "generator" // a synthetic generator of package datasets
	Registry  DataKind = "registry"  // a named dataset of the registry
	File      DataKind = "file"      // a data file given by path
)

// DatasetSpec is one entry of the datasets list.
type DatasetSpec struct {
	Name        string // generator, registry name or file path as written
	Label       string // shown in tables; default Name
	Kind        DataKind
	Path        string     // resolved path of a File
	Params      []*Setting // generator parameters or loading options; lists sweep
	Preprocess  []preprocess.Kind
	Repetitions int // 0: the config's
	Pos         Pos

	// ParamDefs are the parameters this kind of dataset accepts, with their
	// defaults (a generator's, or the loading options of registry datasets
	// and data files).
	ParamDefs []params.Param
}

// MethodSpec is one entry of the methods list.
type MethodSpec struct {
	Name     string // registered method name
	Label    string // shown in tables; default Name
	Params   []*Setting
	Match    string   // label of the method whose number of features k copies
	Datasets []string // labels of the datasets it runs on; empty: all
	Pos      Pos

	Spec methods.Spec // the registered method, resolved by Load

	fields map[string]Pos
}

// Setting is one parameter of a dataset or method: one value, or several
// values to sweep over.
type Setting struct {
	Name   string
	Values []any // canonical values: int, float64, bool, string or slices of them
	Pos    Pos
	param  params.Param
}

// Swept reports whether the setting takes several values.
func (s *Setting) Swept() bool { return len(s.Values) > 1 }

// Load reads and checks the config file at path. Errors (Errors) name the
// file, line, column and key, and say how to fix the problem; the
// problems of the file are reported together. Load checks each entry (names,
// parameters and their values, metrics, tables, figures); what depends on
// the expansion into cells (a matched method without cells to match, two
// methods making the same cell) is checked by expanding the plan
// (experiments.Load does both).
func Load(path string) (*Config, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	return Parse(path, data)
}

// Parse reads and checks a config as Load does; path names it in errors
// and anchors relative data file paths.
func Parse(path string, data []byte) (*Config, error) { return parse(path, data, parseOptions{}) }

// ParseStored reads the copy of a config that a run stored with its
// results (config.yaml): data files are not looked for, since their paths
// were relative to the original.
func ParseStored(path string, data []byte) (*Config, error) {
	return parse(path, data, parseOptions{storedCopy: true})
}

type parseOptions struct {
	// storedCopy: the config a run stored with its results; data files
	// are not looked for (their paths were relative to the original).
	storedCopy bool
}

func parse(path string, data []byte, po parseOptions) (*Config, error) {
	var root yaml.Node
	dec := yaml.NewDecoder(bytes.NewReader(data))
	if err := dec.Decode(&root); err != nil {
		return nil, yamlError(path, err)
	}
	var extra yaml.Node
	if err := dec.Decode(&extra); err == nil {
		return nil, &Error{File: path, Pos: posOf(&extra), Msg: "the file holds several YAML documents; a config is one"}
	}
	sum := sha256.Sum256(data)
	c := &Config{Path: path, Source: slices.Clone(data), Hash: hex.EncodeToString(sum[:]), Repetitions: 1, Protocol: evaluate.AllRows, po: po}
	d := &decoder{file: path}
	if len(root.Content) == 0 {
		return nil, &Error{File: path, Msg: "empty config"}
	}
	c.decode(d, root.Content[0])
	if err := d.err(); err != nil {
		return nil, err
	}
	c.check(d)
	if err := d.err(); err != nil {
		return nil, err
	}
	return c, nil
}

func yamlError(path string, err error) error {
	// yaml.v3 errors read "yaml: line N: message".
	msg := err.Error()
	var line int
	if _, scanErr := fmt.Sscanf(strings.TrimPrefix(msg, "yaml: "), "line %d:", &line); scanErr == nil {
		_, rest, _ := strings.Cut(msg, fmt.Sprintf("line %d: ", line))
		return &Error{File: path, Pos: Pos{Line: line}, Msg: "invalid YAML: " + rest}
	}
	return &Error{File: path, Msg: "invalid YAML: " + strings.TrimPrefix(msg, "yaml: ")}
}

var nameRE = regexp.MustCompile(`^[A-Za-z0-9][A-Za-z0-9._-]*$`)

// decode reads the structure of the config (types and known keys).
func (c *Config) decode(d *decoder, n *yaml.Node) {
	var rawQuickParams []entry
	d.mapping(n, "",
		field{"name", func(_, v *yaml.Node, p string) {
			c.Name = d.str(v, p)
			if c.Name != "" && !nameRE.MatchString(c.Name) {
				d.errorf(v, p, "%q: use letters, digits, '.', '_' and '-' (it names the results directory)", c.Name)
			}
		}},
		field{"description", func(_, v *yaml.Node, p string) { c.Description = d.str(v, p) }},
		field{"seed", func(_, v *yaml.Node, p string) { c.Seed = d.seed(v, p) }},
		field{"repetitions", func(_, v *yaml.Node, p string) { c.Repetitions = d.integer(v, p, 1) }},
		field{"protocol", func(_, v *yaml.Node, p string) {
			var err error
			if c.Protocol, err = evaluate.ParseProtocol(d.str(v, p)); err != nil {
				d.errorf(v, p, "%v", err)
			}
			c.protocolPos = posOf(v)
		}},
		field{"quick", func(_, v *yaml.Node, p string) {
			d.mapping(v, p,
				field{"repetitions", func(_, v *yaml.Node, p string) { c.Quick.Repetitions = d.integer(v, p, 1) }},
				field{"params", func(_, v *yaml.Node, p string) { rawQuickParams = d.entries(v, p) }},
			)
		}},
		field{"datasets", func(_, v *yaml.Node, p string) {
			d.list(v, p, func(_ int, it *yaml.Node, p string) { c.Datasets = append(c.Datasets, decodeDataset(d, it, p)) })
		}},
		field{"methods", func(_, v *yaml.Node, p string) {
			d.list(v, p, func(_ int, it *yaml.Node, p string) { c.Methods = append(c.Methods, decodeMethod(d, it, p)) })
		}},
		field{"metrics", func(_, v *yaml.Node, p string) {
			d.list(v, p, func(_ int, it *yaml.Node, p string) { c.Metrics = append(c.Metrics, decodeMetric(d, it, p)) })
		}},
		field{"tables", func(_, v *yaml.Node, p string) {
			d.list(v, p, func(_ int, it *yaml.Node, p string) { c.Tables = append(c.Tables, decodeTable(d, it, p)) })
		}},
		field{"figures", func(_, v *yaml.Node, p string) {
			d.list(v, p, func(_ int, it *yaml.Node, p string) { c.Figures = append(c.Figures, decodeFigure(d, it, p)) })
		}},
	)
	for _, e := range rawQuickParams {
		c.Quick.Params = append(c.Quick.Params, &Setting{Name: params.NormalizeName(e.key.Value), Pos: posOf(e.key), Values: []any{rawSetting{d, e}}})
	}
	if c.Name == "" {
		d.errorf(n, "name", "missing: every config needs a name (it names the results directory)")
	}
	if len(c.Datasets) == 0 {
		d.errorf(n, "datasets", "missing: list at least one dataset")
	}
	if len(c.Methods) == 0 {
		d.errorf(n, "methods", "missing: list at least one method")
	}
	if len(c.Metrics) == 0 {
		d.errorf(n, "metrics", "missing: list at least one metric (gsbench list metrics)")
	}
}

// rawSetting holds a parameter's YAML until its type is known.
type rawSetting struct {
	d *decoder
	e entry
}

func rawSettings(d *decoder, n *yaml.Node, path string) []*Setting {
	var out []*Setting
	for _, e := range d.entries(n, path) {
		out = append(out, &Setting{Name: params.NormalizeName(e.key.Value), Pos: posOf(e.key), Values: []any{rawSetting{d, e}}})
	}
	return out
}

func decodeDataset(d *decoder, n *yaml.Node, path string) *DatasetSpec {
	ds := &DatasetSpec{Pos: posOf(n)}
	if n.Kind == yaml.ScalarNode {
		ds.Name = d.str(n, path+".name")
		return ds
	}
	d.mapping(n, path,
		field{"name", func(_, v *yaml.Node, p string) { ds.Name = d.str(v, p) }},
		field{"label", func(_, v *yaml.Node, p string) { ds.Label = d.str(v, p) }},
		field{"params", func(_, v *yaml.Node, p string) { ds.Params = rawSettings(d, v, p) }},
		field{"preprocess", func(_, v *yaml.Node, p string) {
			for _, s := range d.strings(v, p) {
				k, err := preprocess.Parse(s)
				if err != nil {
					d.errorf(v, p, "%v", err)
					continue
				}
				if slices.Contains(ds.Preprocess, k) {
					d.errorf(v, p, "%s listed twice", k)
				}
				ds.Preprocess = append(ds.Preprocess, k)
			}
		}},
		field{"repetitions", func(_, v *yaml.Node, p string) { ds.Repetitions = d.integer(v, p, 1) }},
	)
	if ds.Name == "" && n.Kind == yaml.MappingNode {
		d.errorf(n, path+".name", "missing: give a generator, a registry dataset or a file (gsbench datasets lists them)")
	}
	return ds
}

func decodeMethod(d *decoder, n *yaml.Node, path string) *MethodSpec {
	m := &MethodSpec{Pos: posOf(n), fields: map[string]Pos{}}
	if n.Kind == yaml.ScalarNode {
		m.Name = d.str(n, path+".name")
		return m
	}
	d.mapping(n, path,
		field{"name", func(_, v *yaml.Node, p string) { m.Name = d.str(v, p) }},
		field{"label", func(_, v *yaml.Node, p string) { m.Label = d.str(v, p) }},
		field{"params", func(_, v *yaml.Node, p string) { m.Params = rawSettings(d, v, p) }},
		field{"match", func(k, v *yaml.Node, p string) { m.Match = d.str(v, p); m.fields["match"] = posOf(v) }},
		field{"datasets", func(k, v *yaml.Node, p string) { m.Datasets = d.strings(v, p); m.fields["datasets"] = posOf(v) }},
	)
	if m.Name == "" && n.Kind == yaml.MappingNode {
		d.errorf(n, path+".name", "missing: give a registered method (gsbench list methods)")
	}
	return m
}

// check resolves names against the registries, types every parameter,
// expands nothing yet but verifies that every combination can be built.
func (c *Config) check(d *decoder) {
	labels := map[string]*DatasetSpec{}
	for i, ds := range c.Datasets {
		path := fmt.Sprintf("datasets[%d]", i)
		c.checkDataset(d, ds, path)
		if ds.Label == "" {
			ds.Label = ds.Name
		}
		if len(ds.Preprocess) == 0 {
			ds.Preprocess = []preprocess.Kind{preprocess.None}
		}
		if prev, dup := labels[ds.Label]; dup && prev.Name != ds.Name {
			d.errAt(ds.Pos, path+".label", "label %q is already used by the dataset at line %d; give each dataset its own label", ds.Label, prev.Pos.Line)
		}
		labels[ds.Label] = ds
	}
	byLabel := map[string][]*MethodSpec{}
	for i, m := range c.Methods {
		path := fmt.Sprintf("methods[%d]", i)
		c.checkMethod(d, m, path)
		if m.Label == "" {
			m.Label = m.Name
		}
		for _, l := range m.Datasets {
			if _, ok := labels[l]; !ok {
				d.errAt(m.fields["datasets"], path+".datasets", "no dataset is labelled %q; the datasets are %s", l, strings.Join(sortedKeys(labels), ", "))
			}
		}
		byLabel[m.Label] = append(byLabel[m.Label], m)
	}
	c.checkMatches(d, byLabel)
	c.applyQuickCheck(d)
	c.checkMetrics(d)
	if len(d.errs) > 0 {
		return
	}
	// Tables and figures refer to fields of the expanded cells.
	fs := c.Fields()
	for i, t := range c.Tables {
		t.check(d, fs, fmt.Sprintf("tables[%d]", i))
	}
	for i, f := range c.Figures {
		f.check(d, fs, fmt.Sprintf("figures[%d]", i))
	}
	names := map[string]Pos{}
	for i, t := range c.Tables {
		if p, dup := names["table "+t.Name]; dup {
			d.errAt(t.Pos, fmt.Sprintf("tables[%d].name", i), "a table named %q already exists at line %d", t.Name, p.Line)
		}
		names["table "+t.Name] = t.Pos
	}
	for i, f := range c.Figures {
		if p, dup := names["figure "+f.Name]; dup {
			d.errAt(f.Pos, fmt.Sprintf("figures[%d].name", i), "a figure named %q already exists at line %d", f.Name, p.Line)
		}
		names["figure "+f.Name] = f.Pos
	}
}

func (c *Config) checkDataset(d *decoder, ds *DatasetSpec, path string) {
	if ds.Name == "" {
		return
	}
	owner := ""
	if g, ok := datasets.LookupGenerator(ds.Name); ok {
		ds.Kind, ds.ParamDefs, owner = Generated, g.Params, "generator "+ds.Name
	} else if _, ok := datasets.Lookup(ds.Name); ok {
		ds.Kind, ds.ParamDefs, owner = Registry, registryParams, "registry dataset "+ds.Name
	} else {
		p := ds.Name
		if !filepath.IsAbs(p) && c.Path != "" {
			p = filepath.Join(filepath.Dir(c.Path), p)
		}
		fi, err := os.Stat(p)
		if c.po.storedCopy {
			err, fi = nil, nil
		}
		if err != nil || fi != nil && fi.IsDir() {
			var gens []string
			for _, g := range datasets.Generators() {
				gens = append(gens, g.Name)
			}
			all := append(slices.Clone(gens), datasets.Names()...)
			d.errAt(ds.Pos, path+".name", "%q is not a generator (%s), a registry dataset (%s) or a data file%s",
				ds.Name, strings.Join(gens, ", "), strings.Join(datasets.Names(), ", "), registry.Suggest(ds.Name, all))
			return
		}
		ds.Kind, ds.Path, ds.ParamDefs, owner = File, p, fileParams, "data file "+ds.Name
	}
	ds.Params = typeSettings(d, owner, ds.Params, ds.ParamDefs, false, path+".params")
	if ds.Kind == Registry {
		for _, s := range ds.Params {
			for _, v := range s.Values {
				o := DefaultRegistryOptions()
				switch s.Name {
				case "scale":
					o.Scale, _ = v.(float64)
				case "subsample":
					o.Subsample, _ = v.(int)
				default:
					continue
				}
				if err := o.Validate(); err != nil {
					d.errAt(s.Pos, path+".params."+s.Name, "%v", err)
				}
			}
		}
	}
	if ds.Kind == Generated {
		for _, s := range ds.Params {
			if s.Name == "seed" {
				d.errAt(s.Pos, path+".params.seed", "the data seed derives from the config's seed and each repetition; set the config's seed instead")
			}
		}
	}
}

func (c *Config) checkMethod(d *decoder, m *MethodSpec, path string) {
	if m.Name == "" {
		return
	}
	spec, ok := methods.Lookup(m.Name)
	if !ok {
		names := methods.Names("")
		d.errAt(m.Pos, path+".name", "unknown method %q%s; the methods are %s (gsbench list methods)", m.Name, registry.Suggest(m.Name, names), strings.Join(names, ", "))
		return
	}
	m.Spec = spec
	m.Name = spec.Name
	before := len(d.errs)
	m.Params = typeSettings(d, "method "+m.Name, m.Params, spec.Params, spec.PassThrough, path+".params")
	if m.Match != "" {
		if _, hasK := spec.Param("k"); !hasK {
			d.errAt(m.fields["match"], path+".match", "method %s has no parameter k, so it cannot be matched to another method's number of features", m.Name)
		}
		for _, s := range m.Params {
			if s.Name == "k" {
				d.errAt(s.Pos, path+".params.k", "k is set by match: %s; remove one of them", m.Match)
			}
		}
	}
	if len(d.errs) > before {
		return
	}
	// Every combination must build: this catches the constraints a method
	// checks itself (e.g. eps and eps2 together).
	EachCombination(m.Params, func(p params.Params) bool {
		if m.Match != "" {
			p["k"] = 1
		}
		if _, err := methods.New(m.Name, p); err != nil {
			d.errAt(m.Pos, path, "%v (with %s)", err, formatParams(p))
			return false
		}
		return true
	})
}

func (c *Config) checkMatches(d *decoder, byLabel map[string][]*MethodSpec) {
	for i, m := range c.Methods {
		if m.Match == "" {
			continue
		}
		path := fmt.Sprintf("methods[%d].match", i)
		targets, ok := byLabel[m.Match]
		if !ok {
			d.errAt(m.fields["match"], path, "no method is labelled %q; the labels are %s", m.Match, strings.Join(sortedKeys(byLabel), ", "))
			continue
		}
		if m.Match == m.Label {
			d.errAt(m.fields["match"], path, "a method cannot match itself")
			continue
		}
		// Follow the chain to detect cycles.
		seen := map[string]bool{m.Label: true}
		for cur := targets; len(cur) > 0; {
			next := cur[0].Match
			if next == "" {
				break
			}
			if seen[next] {
				d.errAt(m.fields["match"], path, "match rules form a cycle through %q", next)
				break
			}
			seen[next] = true
			cur = byLabel[next]
		}
	}
}

// applyQuickCheck types the quick parameter overrides.
func (c *Config) applyQuickCheck(d *decoder) {
	for _, q := range c.Quick.Params {
		raw := q.Values[0].(rawSetting)
		found := false
		for _, ds := range c.Datasets {
			for _, s := range ds.Params {
				if s.Name == q.Name {
					found = true
					q.param = s.param
				}
			}
		}
		for _, m := range c.Methods {
			for _, s := range m.Params {
				if s.Name == q.Name {
					found = true
					q.param = s.param
				}
			}
		}
		if !found {
			d.errAt(q.Pos, raw.e.path, "no dataset or method sets %q, so quick cannot change it", q.Name)
			continue
		}
		q.Values = typeValues(d, "quick", q.param, raw.e)
	}
}

// typeSettings checks every setting against the parameters ps of its owner
// and converts its values to their canonical types. When passThrough is
// set (an external method), a setting that is none of ps is the owner's to
// pass on: its values are kept as YAML gives them (passThroughParam).
func typeSettings(d *decoder, owner string, ss []*Setting, ps []params.Param, passThrough bool, path string) []*Setting {
	names := make([]string, len(ps))
	for i, p := range ps {
		names[i] = p.Name
	}
	slices.Sort(names)
	var out []*Setting
	for _, s := range ss {
		raw := s.Values[0].(rawSetting)
		var p *params.Param
		for i := range ps {
			if ps[i].Name == s.Name {
				p = &ps[i]
			}
		}
		if p == nil && passThrough {
			p = &params.Param{Name: s.Name, Type: passThroughType}
		}
		if p == nil {
			if len(names) == 0 {
				d.errorf(raw.e.key, raw.e.path, "%s has no parameters", owner)
			} else {
				d.errorf(raw.e.key, raw.e.path, "%s has no parameter %q%s; its parameters are %s", owner, raw.e.key.Value, registry.Suggest(raw.e.key.Value, names), strings.Join(names, ", "))
			}
			continue
		}
		s.param = *p
		s.Values = typeValues(d, owner, *p, raw.e)
		if len(s.Values) > 0 {
			out = append(out, s)
		}
	}
	return out
}

// passThroughType is the type of a parameter that a method passes through
// without declaring it: one number, boolean or string a value (a list is a
// sweep).
const passThroughType = "pass-through"

// typeValues decodes one value or a sweep of values of parameter p.
func typeValues(d *decoder, owner string, p params.Param, e entry) []any {
	v, ok := d.plain(e.val, e.path)
	if !ok {
		return nil
	}
	var items []any
	list, isList := v.([]any)
	switch {
	case !isList:
		items = []any{v}
	case p.Type == passThroughType:
		items = list // a sweep; each item must be a scalar
	case !p.IsList():
		items = list // a sweep
	default:
		// A list parameter: a list of scalars is one value, a list of lists a sweep.
		nested := len(list) > 0
		for _, it := range list {
			if _, ok := it.([]any); !ok {
				nested = false
			}
		}
		if nested {
			items = list
		} else {
			items = []any{list}
		}
	}
	if len(items) == 0 {
		d.errorf(e.val, e.path, "empty list: give at least one value")
		return nil
	}
	out := make([]any, 0, len(items))
	seen := map[string]bool{}
	for i, it := range items {
		cv, err := canonicalValue(owner, p, it)
		if p.Type == passThroughType {
			cv, err = passThroughValue(it)
		}
		if err != nil {
			at := e.val
			if len(items) > 1 && e.val.Kind == yaml.SequenceNode && i < len(e.val.Content) {
				at = e.val.Content[i]
			}
			d.errorf(at, e.path, "%v", err)
			continue
		}
		if k := params.Format(cv); seen[k] {
			d.errorf(e.val, e.path, "value %s listed twice", k)
		} else {
			seen[k] = true
		}
		out = append(out, cv)
	}
	return out
}

// EachCombination calls f with every combination of the settings' values
// (the first setting varies slowest), until f returns false.
func EachCombination(ss []*Setting, f func(params.Params) bool) {
	idx := make([]int, len(ss))
	for {
		p := params.Params{}
		for i, s := range ss {
			p[s.Name] = s.Values[idx[i]]
		}
		if !f(p) {
			return
		}
		i := len(ss) - 1
		for ; i >= 0; i-- {
			idx[i]++
			if idx[i] < len(ss[i].Values) {
				break
			}
			idx[i] = 0
		}
		if i < 0 {
			return
		}
	}
}

func formatParams(p params.Params) string {
	if len(p) == 0 {
		return "default parameters"
	}
	parts := make([]string, 0, len(p))
	for _, k := range sortedKeys(p) {
		parts = append(parts, k+"="+params.Format(p[k]))
	}
	return strings.Join(parts, ", ")
}

// Settings returns the settings ss of a dataset or method with the quick
// overrides applied when quick is set.
func (c *Config) Settings(ss []*Setting, quick bool) []*Setting {
	if !quick || len(c.Quick.Params) == 0 {
		return ss
	}
	out := make([]*Setting, len(ss))
	for i, s := range ss {
		out[i] = s
		for _, q := range c.Quick.Params {
			if q.Name == s.Name {
				cp := *s
				cp.Values = q.Values
				out[i] = &cp
			}
		}
	}
	return out
}
