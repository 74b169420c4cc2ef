package config

import (
	"fmt"
	"slices"
	"strings"

	"gopkg.in/yaml.v3"

	"github.com/gsbench/gsbench/experiments/rank"
)

// TableSpec lays out one metric value as a table: rows and columns are
// fields of the cells, and each entry summarizes the cells that share its
// row and column (e.g. the mean accuracy over repetitions).
type TableSpec struct {
	Name        string
	Title       string
	Caption     string
	Rows        []string // fields; several make several row-header columns
	Columns     []string // fields; several are joined in one header
	Value       string   // the metric value summarized
	Format      string   // default "{mean:.4g}"
	Scale       float64  // multiplies every value (e.g. 100 for percentages); default 1
	Where       map[string][]string
	Split       string // one sub-table per value of this field: (a), (b), ...
	RowTitle    string
	ColumnTitle string
	RowLabels   map[string]string // display names of row keys
	ColLabels   map[string]string // display names of column keys
	RowOrder    Order
	ColumnOrder Order
	Best        string // "max" or "min": bold the best entry of each column
	Ratio       *Ratio
	Rank        *Rank
	Pos         Pos

	// Resolved by Load: the fields of Rows, Columns and Split, the filters
	// of Where, the parsed Format.
	RowAxes    []Axis
	ColumnAxes []Axis
	SplitAxis  *Axis
	Filters    []Filter
	Template   *Format

	whereOrder []string
}

// Ratio makes a table of ratios: each entry is the mean of Numerator
// cells divided by the mean of Denominator cells (e.g. t_UFFS / t_GFS).
// A row or column field prefixed "numerator." or "denominator." applies to
// that side only; an unprefixed one to both.
type Ratio struct {
	Numerator   map[string][]string
	Denominator map[string][]string

	// Resolved by Load.
	NumeratorFilters   []Filter
	DenominatorFilters []Filter
}

// Rank makes a table of ranks (package experiments/rank, the QMR-FS
// paper's Table 2): on every dataset the methods are ranked by the table's
// value (higher is better) at each budget, among the cells in a window
// around it; an entry summarizes the ranks of its row and column keys,
// e.g. rows: method and columns: budget give each method's ranks over the
// datasets ({mean} ± {sd}). The fields are method, dataset and budget (the
// budget as written in At); the format may read {score.STAT} (the mean
// value in the window) and {window.STAT}.
type Rank struct {
	By     string               // the value that measures the budget (selected_percent)
	At     []float64            // the budgets
	Counts map[string][]float64 // dataset label -> budgets in n_selected, one per At
}

// RankFields are the fields of a rank table, and RankValues the values its
// format may read besides the rank.
var (
	RankFields = []string{"method", "dataset", "budget"}
	RankValues = []string{"rank", "score", "window"}
)

// EntryValue is the value a table's entries summarize: the table's value,
// or for a rank table the rank.
func (t *TableSpec) EntryValue() string {
	if t.Rank != nil {
		return "rank"
	}
	return t.Value
}

// Order orders the keys of an axis: "config" (the order in which they
// first appear in the plan; the default), "asc", "desc", or an explicit
// list (which also drops the keys not listed).
type Order struct {
	Mode   string
	Values []string
}

// Axis is a field of a table or figure, resolved: a row or column header,
// a split, a series or a figure's x or y.
type Axis struct {
	Name    string // the full field name: dataset, dataset.PARAM, method.PARAM, a metric value, ...
	IsValue bool   // a metric value, not an attribute
	Side    string // a ratio table's row or column field: "", "numerator" or "denominator"
}

// Filter keeps the cells whose Field takes one of Values (a where: entry);
// numbers match by value, whatever their spelling (0.10 and 0.1).
type Filter struct {
	Field   string
	IsValue bool
	Values  []string
}

func decodeOrder(d *decoder, n *yaml.Node, path string) Order {
	if n.Kind == yaml.ScalarNode {
		switch n.Value {
		case "config", "asc", "desc":
			return Order{Mode: n.Value}
		}
		d.errorf(n, path, "want config, asc, desc or a list of keys, got %q", n.Value)
		return Order{}
	}
	return Order{Mode: "list", Values: d.strings(n, path)}
}

func decodeWhere(d *decoder, n *yaml.Node, path string) (map[string][]string, []string) {
	out := map[string][]string{}
	var order []string
	for _, e := range d.entries(n, path) {
		var vals []string
		if e.val.Kind == yaml.SequenceNode {
			for i, it := range e.val.Content {
				vals = append(vals, d.str(it, fmt.Sprintf("%s[%d]", e.path, i)))
			}
		} else {
			vals = []string{d.str(e.val, e.path)}
		}
		out[e.key.Value] = vals
		order = append(order, e.key.Value)
	}
	return out, order
}

func decodeTable(d *decoder, n *yaml.Node, path string) *TableSpec {
	t := &TableSpec{Pos: posOf(n), Scale: 1, Format: "{mean:.4g}"}
	d.mapping(n, path,
		field{"name", func(_, v *yaml.Node, p string) { t.Name = d.str(v, p) }},
		field{"title", func(_, v *yaml.Node, p string) { t.Title = d.str(v, p) }},
		field{"caption", func(_, v *yaml.Node, p string) { t.Caption = d.str(v, p) }},
		field{"rows", func(_, v *yaml.Node, p string) { t.Rows = d.strings(v, p) }},
		field{"columns", func(_, v *yaml.Node, p string) { t.Columns = d.strings(v, p) }},
		field{"value", func(_, v *yaml.Node, p string) { t.Value = d.str(v, p) }},
		field{"format", func(_, v *yaml.Node, p string) { t.Format = d.str(v, p) }},
		field{"scale", func(_, v *yaml.Node, p string) { t.Scale = d.number(v, p) }},
		field{"where", func(_, v *yaml.Node, p string) { t.Where, t.whereOrder = decodeWhere(d, v, p) }},
		field{"split", func(_, v *yaml.Node, p string) { t.Split = d.str(v, p) }},
		field{"row_title", func(_, v *yaml.Node, p string) { t.RowTitle = d.str(v, p) }},
		field{"column_title", func(_, v *yaml.Node, p string) { t.ColumnTitle = d.str(v, p) }},
		field{"row_labels", func(_, v *yaml.Node, p string) { t.RowLabels = d.stringMap(v, p) }},
		field{"column_labels", func(_, v *yaml.Node, p string) { t.ColLabels = d.stringMap(v, p) }},
		field{"row_order", func(_, v *yaml.Node, p string) { t.RowOrder = decodeOrder(d, v, p) }},
		field{"column_order", func(_, v *yaml.Node, p string) { t.ColumnOrder = decodeOrder(d, v, p) }},
		field{"best", func(_, v *yaml.Node, p string) {
			t.Best = d.str(v, p)
			if t.Best != "max" && t.Best != "min" {
				d.errorf(v, p, "want max or min, got %q", t.Best)
			}
		}},
		field{"rank", func(_, v *yaml.Node, p string) {
			t.Rank = &Rank{}
			d.mapping(v, p,
				field{"by", func(_, v *yaml.Node, p string) { t.Rank.By = d.str(v, p) }},
				field{"at", func(_, v *yaml.Node, p string) { t.Rank.At = d.numbers(v, p) }},
				field{"counts", func(_, v *yaml.Node, p string) {
					t.Rank.Counts = map[string][]float64{}
					for _, e := range d.entries(v, p) {
						t.Rank.Counts[e.key.Value] = d.numbers(e.val, e.path)
					}
				}},
			)
		}},
		field{"ratio", func(_, v *yaml.Node, p string) {
			t.Ratio = &Ratio{}
			d.mapping(v, p,
				field{"numerator", func(_, v *yaml.Node, p string) { t.Ratio.Numerator, _ = decodeWhere(d, v, p) }},
				field{"denominator", func(_, v *yaml.Node, p string) { t.Ratio.Denominator, _ = decodeWhere(d, v, p) }},
			)
		}},
	)
	if t.Name == "" {
		d.errorf(n, path+".name", "missing: every table needs a name (it names the files)")
	} else if !nameRE.MatchString(t.Name) {
		d.errorf(n, path+".name", "%q: use letters, digits, '.', '_' and '-' (it names the files)", t.Name)
	}
	if t.Value == "" {
		d.errorf(n, path+".value", "missing: name the metric value the table shows (e.g. svm_accuracy)")
	}
	if t.Scale == 0 {
		d.errorf(n, path+".scale", "scale 0 would zero every entry")
	}
	return t
}

// check resolves the table's fields against the config.
func (t *TableSpec) check(d *decoder, fs *FieldSet, path string) {
	if t.Rank != nil {
		t.checkRank(d, fs, path)
		return
	}
	full, isValue, err := fs.Resolve(t.Value)
	switch {
	case err != nil:
		d.errAt(t.Pos, path+".value", "%v", err)
	case !isValue:
		d.errAt(t.Pos, path+".value", "%q is an attribute, not a metric value; the values are %s", t.Value, strings.Join(fs.values, ", "))
	default:
		t.Value = full
	}
	resolveAxes := func(names []string, key string, sided bool) []Axis {
		var out []Axis
		for _, n := range names {
			side := ""
			if sided && t.Ratio != nil {
				for _, s := range []string{"numerator", "denominator"} {
					if rest, ok := strings.CutPrefix(n, s+"."); ok {
						side, n = s, rest
					}
				}
			}
			full, isValue, err := fs.Resolve(n)
			if err != nil {
				d.errAt(t.Pos, path+"."+key, "%v", err)
				continue
			}
			out = append(out, Axis{Name: full, IsValue: isValue, Side: side})
		}
		return out
	}
	t.RowAxes = resolveAxes(t.Rows, "rows", true)
	t.ColumnAxes = resolveAxes(t.Columns, "columns", true)
	for _, axes := range [][]Axis{t.RowAxes, t.ColumnAxes} {
		sides := map[string]bool{}
		for _, a := range axes {
			if a.Side != "" {
				sides[a.Side] = true
			}
		}
		if len(sides) > 1 {
			d.errAt(t.Pos, path, "rows (or columns) mix numerator. and denominator. fields; put one side's fields in rows and the other's in columns")
		}
	}
	if t.Split != "" {
		if a := resolveAxes([]string{t.Split}, "split", false); len(a) == 1 {
			t.SplitAxis = &a[0]
		}
	}
	t.Filters = resolveFilters(d, fs, t.Where, t.whereOrder, t.Pos, path+".where")
	if t.Ratio != nil {
		t.Ratio.NumeratorFilters = resolveFilters(d, fs, t.Ratio.Numerator, sortedKeys(t.Ratio.Numerator), t.Pos, path+".ratio.numerator")
		t.Ratio.DenominatorFilters = resolveFilters(d, fs, t.Ratio.Denominator, sortedKeys(t.Ratio.Denominator), t.Pos, path+".ratio.denominator")
		if len(t.Ratio.Numerator) == 0 || len(t.Ratio.Denominator) == 0 {
			d.errAt(t.Pos, path+".ratio", "give both numerator and denominator filters, e.g. {numerator: {method: UFFS}, denominator: {method: GFS}}")
		}
	}
	tpl, err := ParseFormat(t.Format)
	if err != nil {
		d.errAt(t.Pos, path+".format", "%v", err)
		return
	}
	for _, v := range tpl.Values() {
		if !slices.Contains(fs.values, v) {
			d.errAt(t.Pos, path+".format", "format refers to %q, which no metric records; the values are %s", v, strings.Join(fs.values, ", "))
		}
	}
	t.Template = tpl
}

// checkRank resolves a rank table: its value and budget value are metric
// values, its rows, columns and split among RankFields.
func (t *TableSpec) checkRank(d *decoder, fs *FieldSet, path string) {
	for _, v := range []struct{ name, key string }{{t.Value, "value"}, {t.Rank.By, "rank.by"}} {
		full, isValue, err := fs.Resolve(v.name)
		switch {
		case v.name == "":
			d.errAt(t.Pos, path+"."+v.key, "missing: name a metric value (e.g. selected_percent)")
		case err != nil:
			d.errAt(t.Pos, path+"."+v.key, "%v", err)
		case !isValue:
			d.errAt(t.Pos, path+"."+v.key, "%q is an attribute, not a metric value; the values are %s", v.name, strings.Join(fs.values, ", "))
		default:
			if v.key == "value" {
				t.Value = full
			} else {
				t.Rank.By = full
			}
		}
	}
	if len(t.Rank.Counts) > 0 && !slices.Contains(fs.values, "n_selected") {
		d.errAt(t.Pos, path+".rank.counts", "budgets in numbers of features need the n_selected metric")
	}
	if t.Ratio != nil {
		d.errAt(t.Pos, path+".ratio", "a table is either a rank or a ratio table")
	}
	if t.Best != "" {
		d.errAt(t.Pos, path+".best", "a rank table has no best entry (lower ranks are better)")
	}
	if t.Scale != 1 {
		d.errAt(t.Pos, path+".scale", "a rank table shows ranks: leave scale out")
	}
	spec := rank.Spec{Score: t.Value, By: t.Rank.By, At: t.Rank.At, Counts: t.Rank.Counts}
	if err := spec.Validate(); err != nil {
		d.errAt(t.Pos, path+".rank", "%v", err)
	}
	axes := func(names []string, key string) []Axis {
		var out []Axis
		for _, n := range names {
			if !slices.Contains(RankFields, n) {
				d.errAt(t.Pos, path+"."+key, "%q: the fields of a rank table are %s", n, strings.Join(RankFields, ", "))
				continue
			}
			out = append(out, Axis{Name: n, IsValue: n == "budget"})
		}
		return out
	}
	t.RowAxes = axes(t.Rows, "rows")
	t.ColumnAxes = axes(t.Columns, "columns")
	if t.Split != "" {
		if a := axes([]string{t.Split}, "split"); len(a) == 1 {
			t.SplitAxis = &a[0]
		}
	}
	t.Filters = resolveFilters(d, fs, t.Where, t.whereOrder, t.Pos, path+".where")
	tpl, err := ParseFormat(t.Format)
	if err != nil {
		d.errAt(t.Pos, path+".format", "%v", err)
		return
	}
	for _, v := range tpl.Values() {
		if !slices.Contains(RankValues, v) {
			d.errAt(t.Pos, path+".format", "a rank table's format reads %s, not %q", strings.Join(RankValues, ", "), v)
		}
	}
	t.Template = tpl
}

func resolveFilters(d *decoder, fs *FieldSet, m map[string][]string, order []string, pos Pos, path string) []Filter {
	var out []Filter
	for _, k := range order {
		full, isValue, err := fs.Resolve(k)
		if err != nil {
			d.errAt(pos, path+"."+k, "%v", err)
			continue
		}
		out = append(out, Filter{Field: full, IsValue: isValue, Values: m[k]})
	}
	return out
}
