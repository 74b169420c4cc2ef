package compare

import (
	"bytes"
	_ "embed"
	"fmt"
	"math"
	"slices"
	"strings"
	"sync"

	"gopkg.in/yaml.v3"

	"github.com/gsbench/gsbench/experiments/check"
)

// Rule says how the values of one reference item are found in our cells.
// The rules are data: rules.yaml, embedded in the program, documents every
// key.
type Rule struct {
	Item    string   `yaml:"item"`
	Configs []string `yaml:"configs"` // results (config names) holding the item's cells; full results of any are preferred to quick ones
	Value   string   `yaml:"value"`   // our metric value
	Scale   float64  `yaml:"scale"`   // ours x Scale is in the printed unit (100: fraction to %); default 1
	// Stat: "" (mean over the matching cells), "percent_nonzero" (% of
	// cells with a non-zero value), "time_ratio", "count_ratio", "coef",
	// "shape" (dataset properties from the registry), "relative_time" (the
	// mean of Value over the mean of the Base row's cells on the same data,
	// compared with the printed value over the printed Base value of its
	// column, within the time_ratio tolerance), "avg_rank" (average ranks
	// over the datasets, package rank; Rank says how), "time_multiple"
	// (mean time over RelativeTo's mean time).
	Stat string    `yaml:"stat"`
	Base string    `yaml:"base"` // relative_time: the row (as printed) every value is divided by
	Rank *RankRule `yaml:"rank"`
	// RelativeTo is the reference method whose mean time divides the
	// others' (stat time_multiple); its own value is its mean time x Scale.
	RelativeTo string   `yaml:"relative_to"`
	Variants   []string `yaml:"variants"` // cell fields telling the data-preparation variants apart
	// Primary names the variant the verdict is taken on: field -> value; a
	// cell whose field is absent matches (e.g. categorical for USPS).
	Primary   map[string]string            `yaml:"primary"`
	PrimaryBy *PrimaryBy                   `yaml:"primary_by"` // overrides Primary per value
	Datasets  map[string]string            `yaml:"datasets"`   // reference dataset -> our dataset label ("" any); default: cells whose source is the reference name
	Methods   map[string][]string          `yaml:"methods"`    // reference method -> our method labels; default: cells whose method_name is the reference method
	Keys      map[string]string            `yaml:"keys"`       // reference params key ("key" or "method:key") -> cell field, "" to ignore it
	Translate map[string]map[string]string `yaml:"translate"`  // reference params key -> printed value -> ours
	Skip      []Skip                       `yaml:"skip"`       // values left out, with the reason
	Pending   string                       `yaml:"pending"`    // why the item cannot be compared at all
	How       string                       `yaml:"how"`        // how our value is obtained (for the report)
	Role      string                       `yaml:"role"`       // "" (an item of issue 9), "metadata" or "extra: ..." (results/reference/README.md)
	// PrimaryWhy says how the primary variant was chosen: from the paper's
	// text, or, where the paper says nothing, after the runs as the variant
	// that matches best (said so in the report).
	PrimaryWhy string `yaml:"primary_why"`

	set *ruleSet // the tolerances and default keys the rule was read with
}

// RankRule says how the average ranks of stat avg_rank are computed
// (package rank): the reference value's params give the criterion, the
// budget (percent) and, for the datasets ranked by numbers of features,
// their budget (features), and whether the value is the mean rank or its
// standard deviation (stat: mean or sd). The methods ranked are those the
// rule's methods map names.
type RankRule struct {
	Scores        map[string]string `yaml:"scores"`         // params criterion -> our metric value
	By            string            `yaml:"by"`             // the value measuring the budget (selected_percent)
	CountDatasets []string          `yaml:"count_datasets"` // our dataset labels whose budget is params features
}

// PrimaryBy chooses the primary variant by a field of the reference value.
type PrimaryBy struct {
	Field   string                       `yaml:"field"`   // dataset or method
	Values  map[string]map[string]string `yaml:"values"`  // the field's value -> the primary variant
	Default map[string]string            `yaml:"default"` // the primary variant of the other values (nil: none)
}

// Skip leaves out the reference values whose Field is Value.
type Skip struct {
	Field  string `yaml:"field"` // a field of the reference value: dataset, method, panel, row or column
	Value  string `yaml:"value"`
	Reason string `yaml:"reason"`
}

// refField returns a field of a reference value by name.
func refField(v RefValue, name string) string {
	switch name {
	case "dataset":
		return v.Dataset
	case "method":
		return v.Method
	case "panel":
		return v.Panel
	case "row":
		return v.Row
	case "column":
		return v.Column
	}
	return ""
}

var refFields = []string{"dataset", "method", "panel", "row", "column"}

func (r *Rule) key(method, k string) (string, bool) {
	for _, m := range []map[string]string{r.Keys, r.set.keys} {
		if f, ok := m[method+":"+k]; ok {
			return f, true
		}
		if f, ok := m[k]; ok {
			return f, true
		}
	}
	return "", false
}

func (r *Rule) skip(v RefValue) string {
	for _, s := range r.Skip {
		if refField(v, s.Field) == s.Value {
			return s.Reason
		}
	}
	return ""
}

func (r *Rule) primary(v RefValue) map[string]string {
	if pb := r.PrimaryBy; pb != nil {
		if p, ok := pb.Values[refField(v, pb.Field)]; ok {
			return p
		}
		return pb.Default
	}
	return r.Primary
}

// primaryKey is the key of the primary variant when every variant field is
// named (used when a value has a single variant).
func (r *Rule) primaryKey() string { return "\x00primary" }

// isPrimary reports whether a cell belongs to the primary variant of v.
func (r *Rule) isPrimary(c *Cell, v RefValue) bool {
	for f, want := range r.primary(v) {
		if got, ok := c.field(f); ok && !sameValue(got, want) {
			return false
		}
	}
	return true
}

func (r *Rule) tolerance(it *RefItem, v RefValue) check.Tolerance {
	if r.Stat == "relative_time" {
		return r.set.tolerances["time_ratio"]
	}
	return r.set.tolerances[v.metric(it)]
}

// primaryLabel describes the primary variant of v.
func (r *Rule) primaryLabel(v RefValue) string {
	p := r.primary(v)
	if len(p) == 0 {
		return "as configured"
	}
	var parts []string
	for _, k := range sortedKeys(p) {
		parts = append(parts, strings.TrimPrefix(k, "dataset.")+"="+p[k])
	}
	return strings.Join(parts, ", ")
}

//go:embed rules.yaml
var rulesYAML []byte

// ruleSet is rules.yaml decoded.
type ruleSet struct {
	tolerances map[string]check.Tolerance // by reference metric
	keys       map[string]string          // default keys
	rules      map[string]*Rule           // by item
}

var (
	rulesOnce sync.Once
	rules     *ruleSet
	rulesErr  error
)

// loadRules decodes the embedded rules once.
func loadRules() (*ruleSet, error) {
	rulesOnce.Do(func() { rules, rulesErr = parseRules("rules.yaml", rulesYAML) })
	return rules, rulesErr
}

// ruleFor returns the rule of an item (a pending one when no rule maps it).
func (rs *ruleSet) ruleFor(item string) *Rule {
	if r, ok := rs.rules[item]; ok {
		return r
	}
	return &Rule{Item: item, Scale: 1, Pending: "no rule maps this item to results", set: rs}
}

// parseRules decodes and validates a rules file; errors name the file and
// the line.
func parseRules(path string, data []byte) (*ruleSet, error) {
	var file struct {
		Tolerances map[string]struct {
			Abs    float64 `yaml:"abs"`
			Rel    float64 `yaml:"rel"`
			Factor float64 `yaml:"factor"`
			Text   string  `yaml:"text"`
		} `yaml:"tolerances"`
		Keys  map[string]string `yaml:"keys"`
		Rules []*Rule           `yaml:"rules"`
	}
	dec := yaml.NewDecoder(bytes.NewReader(data))
	dec.KnownFields(true)
	if err := dec.Decode(&file); err != nil {
		return nil, fmt.Errorf("%s: %v", path, err)
	}
	// The line of each rule, and whether it sets scale (default 1).
	var lines struct {
		Rules []yaml.Node `yaml:"rules"`
	}
	if err := yaml.Unmarshal(data, &lines); err != nil || len(lines.Rules) != len(file.Rules) {
		return nil, fmt.Errorf("%s: %v", path, err)
	}
	rs := &ruleSet{tolerances: map[string]check.Tolerance{}, keys: file.Keys, rules: map[string]*Rule{}}
	var errs []string
	bad := func(line int, format string, args ...any) {
		errs = append(errs, fmt.Sprintf("%s:%d: %s", path, line, fmt.Sprintf(format, args...)))
	}
	for _, m := range refMetrics {
		t, ok := file.Tolerances[m]
		if !ok {
			bad(1, "tolerances: no tolerance for the reference metric %s", m)
			continue
		}
		if t.Abs < 0 || t.Rel < 0 || t.Factor < 0 || t.Factor > 0 && t.Factor <= 1 || t.Text == "" {
			bad(1, "tolerances.%s: abs and rel must be >= 0, a factor > 1, and text is required", m)
		}
		rs.tolerances[m] = check.Tolerance{Abs: t.Abs, Rel: t.Rel, Factor: t.Factor, Note: t.Text}
	}
	for _, m := range sortedKeys(file.Tolerances) {
		if !slices.Contains(refMetrics, m) {
			bad(1, "tolerances: %q is not a reference metric (%s)", m, strings.Join(refMetrics, ", "))
		}
	}
	for _, k := range sortedKeys(file.Keys) {
		if err := checkField(file.Keys[k], true); err != nil {
			bad(1, "keys.%s: %v", k, err)
		}
	}
	for i, r := range file.Rules {
		line := lines.Rules[i].Line
		var scale struct {
			Scale *float64 `yaml:"scale"`
		}
		lines.Rules[i].Decode(&scale)
		if scale.Scale == nil {
			r.Scale = 1
		}
		r.set = rs
		for _, e := range r.validate() {
			bad(line, "rule %s: %s", r.Item, e)
		}
		if _, dup := rs.rules[r.Item]; dup {
			bad(line, "rule %s: given twice", r.Item)
		}
		rs.rules[r.Item] = r
	}
	if len(errs) > 0 {
		return nil, fmt.Errorf("%s", strings.Join(errs, "\n"))
	}
	return rs, nil
}

var stats = []string{"", "percent_nonzero", "time_ratio", "count_ratio", "coef", "shape", "relative_time", "avg_rank", "time_multiple"}

// validate lists the problems of a rule.
func (r *Rule) validate() []string {
	var errs []string
	bad := func(format string, args ...any) { errs = append(errs, fmt.Sprintf(format, args...)) }
	if r.Item == "" {
		bad("item is required")
	}
	if !slices.Contains(stats, r.Stat) {
		bad("stat %q: use one of %s (or none)", r.Stat, strings.Join(stats[1:], ", "))
	}
	if !(r.Scale > 0) || math.IsInf(r.Scale, 0) {
		bad("scale %v: use a positive number", r.Scale)
	}
	if r.Role != "" && r.Role != "metadata" && !strings.HasPrefix(r.Role, "extra: ") {
		bad("role %q: use metadata or \"extra: why\"", r.Role)
	}
	needsValue := r.Stat == "" || r.Stat == "percent_nonzero" || r.Stat == "relative_time"
	if (r.Stat == "relative_time") != (r.Base != "") {
		bad("base: give the row every value is divided by with stat relative_time, and only then")
	}
	switch {
	case r.Pending == "" && r.Stat != "shape" && len(r.Configs) == 0:
		bad("configs: name the configs whose results hold the item's cells")
	case r.Pending == "" && needsValue && r.Value == "" && len(r.Configs) > 0 && !strings.Contains(r.Item, "figure"):
		bad("value: name the metric value compared")
	}
	if r.How == "" && r.Pending == "" {
		bad("how: say how our value is obtained")
	}
	if (r.Stat == "avg_rank") != (r.Rank != nil) {
		bad("rank: give it exactly with stat avg_rank")
	}
	if r.Rank != nil && (len(r.Rank.Scores) == 0 || r.Rank.By == "" || len(r.Methods) == 0) {
		bad("rank: give the scores by criterion, the budget value (by) and the methods ranked (methods)")
	}
	if (r.Stat == "time_multiple") != (r.RelativeTo != "") {
		bad("relative_to: give it exactly with stat time_multiple")
	}
	for _, f := range r.Variants {
		if err := checkField(f, false); err != nil {
			bad("variants: %v", err)
		}
	}
	primaries := []map[string]string{r.Primary}
	if pb := r.PrimaryBy; pb != nil {
		if pb.Field != "dataset" && pb.Field != "method" {
			bad("primary_by.field %q: use dataset or method", pb.Field)
		}
		if r.Primary != nil {
			bad("give primary or primary_by, not both")
		}
		for _, k := range sortedKeys(pb.Values) {
			primaries = append(primaries, pb.Values[k])
		}
		primaries = append(primaries, pb.Default)
	}
	for _, p := range primaries {
		for f := range p {
			if err := checkField(f, false); err != nil {
				bad("primary: %v", err)
			}
		}
	}
	for k, f := range r.Keys {
		if err := checkField(f, true); err != nil {
			bad("keys.%s: %v", k, err)
		}
	}
	for _, s := range r.Skip {
		if !slices.Contains(refFields, s.Field) || s.Reason == "" {
			bad("skip: field %q: use one of %s, with a reason", s.Field, strings.Join(refFields, ", "))
		}
	}
	return errs
}

// checkField checks a cell field name (Cell.field); empty allows "".
func checkField(f string, empty bool) error {
	switch {
	case f == "" && empty:
		return nil
	case slices.Contains([]string{"dataset", "source", "preprocess", "method", "method_name", "match", "rep"}, f):
		return nil
	case strings.HasPrefix(f, "dataset.") && len(f) > len("dataset."), strings.HasPrefix(f, "method.") && len(f) > len("method."):
		return nil
	}
	return fmt.Errorf("%q is not a cell field (dataset, source, preprocess, method, method_name, match, rep, dataset.PARAM, method.PARAM)", f)
}
