package compare

import (
	"bytes"
	_ "embed"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"
	"sync"

	"gopkg.in/yaml.v3"

	"github.com/gsbench/gsbench/datasets"
	"github.com/gsbench/gsbench/experiments/check"
	"github.com/gsbench/gsbench/params"
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
	// "shape" (dataset properties from the registry).
	Stat     string   `yaml:"stat"`
	Variants []string `yaml:"variants"` // cell fields telling the data-preparation variants apart
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
	return r.set.tolerances[v.metric(it)]
}

// match returns the cells v describes (any variant), or why none can.
func (r *Rule) match(v RefValue, cells []*Cell, method string, extra map[string]string) ([]*Cell, string) {
	type crit struct{ field, value string }
	var crits []crit
	for k, val := range v.Params {
		f, ok := r.key(method, k)
		if !ok {
			return nil, fmt.Sprintf("no rule maps the parameter %q", k)
		}
		if f == "" {
			continue
		}
		s := canon(val)
		if tr, ok := r.Translate[k]; ok {
			if t, ok := tr[s]; ok {
				s = t
			}
		}
		crits = append(crits, crit{f, s})
	}
	for f, val := range extra {
		crits = append(crits, crit{f, val})
	}
	label, byLabel := r.Datasets[v.Dataset]
	methods, byMethod := r.Methods[method]
	var out []*Cell
	for _, c := range cells {
		switch {
		case byLabel && label != "" && c.Dataset != label:
			continue
		case !byLabel && c.source != v.Dataset:
			continue
		case byMethod && !slices.Contains(methods, c.Method):
			continue
		case !byMethod && c.MethodName != method:
			continue
		}
		ok := true
		for _, cr := range crits {
			got, has := c.field(cr.field)
			if !has || !sameValue(got, cr.value) {
				ok = false
				break
			}
		}
		if ok {
			out = append(out, c)
		}
	}
	if len(out) == 0 {
		return nil, "no matching cell (not run, failed, or not feasible here)"
	}
	return out, ""
}

// ours computes our value of v under every variant; the primary variant
// gets the key primaryKey().
func (r *Rule) ours(ir *ItemResult, v RefValue, cells []*Cell) ([]Ours, string) {
	switch r.Stat {
	case "shape":
		return r.shape(v)
	case "time_ratio":
		return r.timeRatio(v, cells)
	case "count_ratio":
		return r.countRatio(v, cells)
	case "coef":
		return r.coef(ir, v, cells)
	}
	value := r.Value
	if v.metric(ir.Ref) == "n_features" && value != "n_selected" {
		value = "n_selected" // uffs-table02's d~ row
	}
	scale := r.Scale
	if value == "n_selected" {
		scale = 1
	}
	matched, why := r.match(v, cells, v.Method, nil)
	if matched == nil {
		return nil, why
	}
	return r.group(v, matched, func(cs []*Cell) []Ours { return meanBy(cs, nil, value, scale, r.Stat) }), ""
}

// group splits cells into the primary variant and the others (by the
// variant fields) and computes each.
func (r *Rule) group(v RefValue, cells []*Cell, f func([]*Cell) []Ours) []Ours {
	var prim []*Cell
	others := map[string][]*Cell{}
	var order []string
	for _, c := range cells {
		if r.isPrimary(c, v) {
			prim = append(prim, c)
			continue
		}
		k := variantKey(c, r.Variants)
		if _, ok := others[k]; !ok {
			order = append(order, k)
		}
		others[k] = append(others[k], c)
	}
	var out []Ours
	if len(prim) > 0 {
		for _, o := range f(prim) {
			o.Variant = r.primaryKey()
			out = append(out, o)
		}
	}
	for _, k := range order {
		for _, o := range f(others[k]) {
			o.Variant = k
			out = append(out, o)
		}
	}
	return out
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

// timeRatio: mean UFFS time over mean GFS time. Journal Table XII names the
// preprocessing of each side (gfs_standardized, uffs_standardized); CDC
// Table VIII the dataset size.
func (r *Rule) timeRatio(v RefValue, cells []*Cell) ([]Ours, string) {
	prep := func(key string) (map[string]string, bool) {
		b, ok := v.Params[key].(bool)
		if !ok {
			return nil, false
		}
		if b {
			return map[string]string{"preprocess": "standardize"}, true
		}
		return map[string]string{"preprocess": "none"}, true
	}
	rest := RefValue{Dataset: v.Dataset, Params: map[string]any{}}
	for k, x := range v.Params {
		switch k {
		case "gfs_standardized", "uffs_standardized", "uffs_degree", "family":
		default:
			rest.Params[k] = x
		}
	}
	numX, sided := prep("uffs_standardized")
	denX, _ := prep("gfs_standardized")
	num, why := r.match(rest, cells, "uffs", numX)
	if num == nil {
		return nil, "UFFS: " + why
	}
	den, why := r.match(rest, cells, "gfs", denX)
	if den == nil {
		return nil, "GFS: " + why
	}
	ratio := func(n, d []*Cell) []Ours {
		a, b := meanBy(n, nil, "time", 1, ""), meanBy(d, nil, "time", 1, "")
		if len(a) == 0 || len(b) == 0 || b[0].Value == 0 {
			return nil
		}
		return []Ours{{Value: a[0].Value / b[0].Value, N: min(a[0].N, b[0].N)}}
	}
	if sided {
		out := ratio(num, den)
		for i := range out {
			out[i].Variant = r.primaryKey()
		}
		return out, ""
	}
	// One ratio per variant of the data (CDC Table VIII).
	both := append(slices.Clone(num), den...)
	return r.group(v, both, func(cs []*Cell) []Ours {
		var n, d []*Cell
		for _, c := range cs {
			if c.MethodName == "uffs" {
				n = append(n, c)
			} else {
				d = append(d, c)
			}
		}
		return ratio(n, d)
	}), ""
}

// countRatio: n_PCA(eps2) / n_GFR(family, eps2) (Beyond-PCA Tables II-V).
func (r *Rule) countRatio(v RefValue, cells []*Cell) ([]Ours, string) {
	gfr, why := r.match(v, cells, "gfr", nil)
	if gfr == nil {
		return nil, "GFR: " + why
	}
	pv := RefValue{Dataset: v.Dataset, Params: map[string]any{"eps2": v.Params["eps2"]}}
	pca, why := r.match(pv, cells, "pca", nil)
	if pca == nil {
		return nil, "PCA: " + why
	}
	both := append(slices.Clone(gfr), pca...)
	return r.group(v, both, func(cs []*Cell) []Ours {
		var n, d []*Cell
		for _, c := range cs {
			if c.MethodName == "pca" {
				n = append(n, c)
			} else {
				d = append(d, c)
			}
		}
		a, b := meanBy(n, nil, "n_selected", 1, ""), meanBy(d, nil, "n_selected", 1, "")
		if len(a) == 0 || len(b) == 0 || b[0].Value == 0 {
			return nil
		}
		return []Ours{{Value: a[0].Value / b[0].Value, N: 1}}
	}), ""
}

// coef: the coefficient of a feature (Table XVII: X1..X5) or feature-map
// element (Table XIX: "X1^2 X2") in a component, its sign chosen so that
// our component agrees with the published column (eigenvector signs are
// arbitrary).
func (r *Rule) coef(ir *ItemResult, v RefValue, cells []*Cell) ([]Ours, string) {
	comp, _ := v.Params["component"].(int)
	idx, err := elementIndex(v)
	if err != nil {
		return nil, err.Error()
	}
	matched, why := r.match(RefValue{Dataset: v.Dataset, Params: map[string]any{}}, cells, v.Method, nil)
	if matched == nil {
		return nil, why
	}
	// The published column, for the sign.
	pub := map[int]float64{}
	for _, w := range ir.Ref.Values {
		if c, _ := w.Params["component"].(int); c == comp {
			if j, err := elementIndex(w); err == nil {
				pub[j] = w.Value
			}
		}
	}
	return r.group(v, matched, func(cs []*Cell) []Ours {
		var out []Ours
		for _, c := range cs {
			x, ok := c.value(coefName(comp, idx))
			if !ok {
				continue
			}
			var dot float64
			for j, p := range pub {
				y, _ := c.value(coefName(comp, j))
				dot += p * y
			}
			if dot < 0 {
				x = -x
			}
			out = append(out, Ours{Value: x, N: 1})
		}
		if len(out) > 1 { // average over repetitions
			var s float64
			for _, o := range out {
				s += o.Value
			}
			out = []Ours{{Value: s / float64(len(out)), N: len(out)}}
		}
		return out
	}), ""
}

func coefName(c, f int) string { return fmt.Sprintf("coef_%d_%d", c, f) }

var example4Names []string

// elementIndex returns the 1-based feature index of a coefficient value: X1..X5
// (Table XVII) or the position of a monomial in our explicit feature map
// (Table XIX), as the journal-example4 generator orders and names them.
func elementIndex(v RefValue) (int, error) {
	if f, ok := v.Params["feature"].(string); ok {
		i, err := strconv.Atoi(strings.TrimPrefix(f, "X"))
		if err != nil || i < 1 {
			return 0, fmt.Errorf("feature %q", f)
		}
		return i, nil
	}
	e := canon(v.Params["element"])
	if example4Names == nil {
		ds, err := datasets.Generate("journal-example4", params.Params{"n_samples": 1, "feature_map": "poly3"}, 1)
		if err != nil {
			return 0, err
		}
		example4Names = ds.Features
	}
	if i := slices.Index(example4Names, e); i >= 0 {
		return i + 1, nil
	}
	return 0, fmt.Errorf("element %q is not in our feature map", e)
}

// shape: dataset properties (Table I of each paper) from our registry, whose
// shapes every load checks, or from a generator.
func (r *Rule) shape(v RefValue) ([]Ours, string) {
	prop := canon(v.Params["property"])
	var n, d int
	name := v.Dataset
	if s, ok := strings.CutPrefix(name, "synthetic uffs "); ok {
		gen := "uffs-" + strings.ToLower(s)
		if _, ok := datasets.LookupGenerator(gen); !ok {
			return nil, "the supervised sets E1, E2 are not in gsbench"
		}
		ds, err := datasets.Generate(gen, nil, 1)
		if err != nil {
			return nil, err.Error()
		}
		n, d = ds.X.Dims()
	} else {
		e, ok := datasets.Lookup(name)
		if !ok {
			return nil, fmt.Sprintf("%s is not in gsbench's registry", name)
		}
		if _, err := datasets.Find(name, ""); err != nil {
			return nil, fmt.Sprintf("not available offline (gsbench fetch %s)", name)
		}
		n, d = e.N, e.D
		for _, s := range e.Shapes {
			if name == "credit-approval" && s.Encoding == datasets.Ordinal && !s.Drop {
				n, d = s.N, s.D // the papers' 15 features
			}
		}
	}
	x := float64(n)
	if prop == "n_features" {
		x = float64(d)
	}
	return []Ours{{Variant: r.primaryKey(), Value: x, N: 1}}, ""
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

var stats = []string{"", "percent_nonzero", "time_ratio", "count_ratio", "coef", "shape"}

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
	needsValue := r.Stat == "" || r.Stat == "percent_nonzero"
	switch {
	case r.Pending == "" && r.Stat != "shape" && len(r.Configs) == 0:
		bad("configs: name the configs whose results hold the item's cells")
	case r.Pending == "" && needsValue && r.Value == "" && len(r.Configs) > 0 && !strings.Contains(r.Item, "figure"):
		bad("value: name the metric value compared")
	}
	if r.How == "" && r.Pending == "" {
		bad("how: say how our value is obtained")
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
