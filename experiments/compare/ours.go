package compare

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/gsbench/gsbench/datasets"
	"github.com/gsbench/gsbench/datasets/format"
	"github.com/gsbench/gsbench/experiments/cells"
	"github.com/gsbench/gsbench/experiments/rank"
	"github.com/gsbench/gsbench/params"
)

// How a rule computes our value of a reference value from the cells.

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
	case "avg_rank":
		return r.avgRank(v, cells)
	case "time_multiple":
		return r.timeMultiple(v, cells)
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

// base returns the reference value v is divided by under stat
// relative_time (the rule's Base row in v's column), or why v is not
// compared: it is a base value (a ratio of 1 by construction), or its
// column has no base.
func (r *Rule) base(it *RefItem, v RefValue) (*RefValue, string) {
	if v.Row == r.Base {
		return nil, "the base of the ratios (" + r.Base + ")"
	}
	for i, w := range it.Values {
		if w.Row == r.Base && w.Column == v.Column && w.Panel == v.Panel && w.Value != 0 {
			return &it.Values[i], ""
		}
	}
	return nil, "no published " + r.Base + " in this column to divide by"
}

// relativeTime: the mean of the rule's value over the cells of v divided by
// its mean over the cells of the base value b (UFFS Table III: each
// method's time over SFFS (t = 1)'s on the same data, measured in one run).
// Every variant of v's cells is divided by the primary variant of b's.
func (r *Rule) relativeTime(v, b RefValue, cells []*Cell) ([]Ours, string) {
	num, why := r.match(v, cells, v.Method, nil)
	if num == nil {
		return nil, why
	}
	den, why := r.match(b, cells, b.Method, nil)
	if den == nil {
		return nil, b.Row + ": " + why
	}
	var prim []*Cell
	for _, c := range den {
		if r.isPrimary(c, b) {
			prim = append(prim, c)
		}
	}
	d := meanBy(prim, nil, r.Value, 1, "")
	if len(d) == 0 || !(d[0].Value > 0) {
		return nil, b.Row + ": no cell of the primary variant with a positive " + r.Value
	}
	return r.group(v, num, func(cs []*Cell) []Ours {
		n := meanBy(cs, nil, r.Value, 1, "")
		if len(n) == 0 {
			return nil
		}
		return []Ours{{Value: n[0].Value / d[0].Value, N: min(n[0].N, d[0].N)}}
	}), ""
}

// avgRank: a method's average rank over the datasets, or its standard
// deviation, at one budget (QMR-FS Table 2; package rank), among the
// methods the rule maps.
func (r *Rule) avgRank(v RefValue, cs []*Cell) ([]Ours, string) {
	crit := canon(v.Params["criterion"])
	score, ok := r.Rank.Scores[crit]
	if !ok {
		return nil, fmt.Sprintf("no score for the criterion %q (rules.yaml rank.scores)", crit)
	}
	pct, ok1 := v.Params["percent"].(float64)
	if i, ok := v.Params["percent"].(int); ok {
		pct, ok1 = float64(i), true
	}
	feats, ok2 := v.Params["features"].(int)
	stat := canon(v.Params["stat"])
	if !ok1 || !ok2 || stat != "mean" && stat != "sd" {
		return nil, "the value needs params percent, features and stat (mean or sd)"
	}
	labels := r.Methods[v.Method]
	if len(labels) == 0 {
		return nil, fmt.Sprintf("the rule maps no method of ours to %s", v.Method)
	}
	var ranked []string
	for _, ls := range r.Methods {
		ranked = append(ranked, ls...)
	}
	var in []*cells.Cell
	for _, c := range cs {
		if slices.Contains(ranked, c.Method) {
			in = append(in, &c.Cell)
		}
	}
	spec := rank.Spec{Score: score, By: r.Rank.By, At: []float64{pct}, Counts: map[string][]float64{}}
	for _, ds := range r.Rank.CountDatasets {
		spec.Counts[ds] = []float64{float64(feats)}
	}
	es, _, err := rank.Compute(in, spec)
	if err != nil {
		return nil, err.Error()
	}
	for _, s := range rank.Average(es) {
		if s.Method != labels[0] {
			continue
		}
		x := s.Mean
		if stat == "sd" {
			x = s.SD
		}
		return []Ours{{Variant: r.primaryKey(), Value: x, N: s.N}}, ""
	}
	return nil, "no matching cell (not run, failed, or not feasible here)"
}

// timeMultiple: the mean time of the value's method over the mean time of
// the rule's relative_to method on the same dataset (QMR-FS Table 2's
// Isolet runtimes); relative_to's own value is its mean time x scale.
func (r *Rule) timeMultiple(v RefValue, cs []*Cell) ([]Ours, string) {
	num, why := r.match(v, cs, v.Method, nil)
	if num == nil {
		return nil, why
	}
	a := meanBy(num, nil, "time", 1, "")
	if len(a) == 0 {
		return nil, "no time recorded (the config lacks the time metric)"
	}
	if v.Method == r.RelativeTo {
		return []Ours{{Variant: r.primaryKey(), Value: a[0].Value * r.Scale, N: a[0].N}}, ""
	}
	den, why := r.match(v, cs, r.RelativeTo, nil)
	if den == nil {
		return nil, r.RelativeTo + ": " + why
	}
	b := meanBy(den, nil, "time", 1, "")
	if len(b) == 0 || !(b[0].Value > 0) {
		return nil, r.RelativeTo + ": no positive time recorded"
	}
	return []Ours{{Variant: r.primaryKey(), Value: a[0].Value / b[0].Value, N: min(a[0].N, b[0].N)}}, ""
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

// unavailable starts the reason of a value that could not be computed
// because its dataset is not in the data directory.
const unavailable = "not available offline"

// shape: dataset properties (Table I of each paper) from our registry, whose
// shapes every load checks, or from a generator.
func (r *Rule) shape(v RefValue) ([]Ours, string) {
	prop := canon(v.Params["property"])
	var n, d, classes int
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
			return nil, unavailable + fmt.Sprintf(" (gsbench fetch %s)", name)
		}
		n, d, classes = e.N, e.D, e.Classes
		for _, s := range e.Shapes {
			// The papers' encodings: Credit Approval's 15 features (the GS
			// papers), Automobile's 25 (QMR-FS Table 2): categorical columns
			// as integer codes.
			if (name == "credit-approval" || name == "automobile") && s.Encoding == format.Ordinal && !s.Drop {
				n, d = s.N, s.D
			}
		}
	}
	x := float64(n)
	switch prop {
	case "n_features":
		x = float64(d)
	case "n_classes":
		if classes == 0 {
			return nil, name + " has no class labels"
		}
		x = float64(classes)
	}
	return []Ours{{Variant: r.primaryKey(), Value: x, N: 1}}, ""
}
