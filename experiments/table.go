package experiments

import (
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"

	"gopkg.in/yaml.v3"
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
	Pos         Pos

	rows, cols []axis
	where      []filter
	split      *axis
	tpl        *template
	whereOrder []string
}

// Ratio makes a table of ratios: each entry is the mean of Numerator
// cells divided by the mean of Denominator cells (e.g. t_UFFS / t_GFS).
// A row or column field prefixed "numerator." or "denominator." applies to
// that side only; an unprefixed one to both.
type Ratio struct {
	Numerator   map[string][]string
	Denominator map[string][]string

	num, den []filter
}

// Order orders the keys of an axis: "config" (the order in which they
// first appear in the plan; the default), "asc", "desc", or an explicit
// list (which also drops the keys not listed).
type Order struct {
	Mode   string
	Values []string
}

// axis is one field of a row or column header.
type axis struct {
	name    string
	isValue bool
	side    string // "", "numerator" or "denominator"
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
func (t *TableSpec) check(d *decoder, fs *fieldSet, path string) {
	full, isValue, err := fs.resolve(t.Value)
	switch {
	case err != nil:
		d.errAt(t.Pos, path+".value", "%v", err)
	case !isValue:
		d.errAt(t.Pos, path+".value", "%q is an attribute, not a metric value; the values are %s", t.Value, strings.Join(fs.values, ", "))
	default:
		t.Value = full
	}
	resolveAxes := func(names []string, key string, sided bool) []axis {
		var out []axis
		for _, n := range names {
			side := ""
			if sided && t.Ratio != nil {
				for _, s := range []string{"numerator", "denominator"} {
					if rest, ok := strings.CutPrefix(n, s+"."); ok {
						side, n = s, rest
					}
				}
			}
			full, isValue, err := fs.resolve(n)
			if err != nil {
				d.errAt(t.Pos, path+"."+key, "%v", err)
				continue
			}
			out = append(out, axis{name: full, isValue: isValue, side: side})
		}
		return out
	}
	t.rows = resolveAxes(t.Rows, "rows", true)
	t.cols = resolveAxes(t.Columns, "columns", true)
	for _, axes := range [][]axis{t.rows, t.cols} {
		sides := map[string]bool{}
		for _, a := range axes {
			if a.side != "" {
				sides[a.side] = true
			}
		}
		if len(sides) > 1 {
			d.errAt(t.Pos, path, "rows (or columns) mix numerator. and denominator. fields; put one side's fields in rows and the other's in columns")
		}
	}
	if t.Split != "" {
		if a := resolveAxes([]string{t.Split}, "split", false); len(a) == 1 {
			t.split = &a[0]
		}
	}
	t.where = resolveFilters(d, fs, t.Where, t.whereOrder, t.Pos, path+".where")
	if t.Ratio != nil {
		t.Ratio.num = resolveFilters(d, fs, t.Ratio.Numerator, sortedKeys(t.Ratio.Numerator), t.Pos, path+".ratio.numerator")
		t.Ratio.den = resolveFilters(d, fs, t.Ratio.Denominator, sortedKeys(t.Ratio.Denominator), t.Pos, path+".ratio.denominator")
		if len(t.Ratio.Numerator) == 0 || len(t.Ratio.Denominator) == 0 {
			d.errAt(t.Pos, path+".ratio", "give both numerator and denominator filters, e.g. {numerator: {method: UFFS}, denominator: {method: GFS}}")
		}
	}
	tpl, err := parseTemplate(t.Format)
	if err != nil {
		d.errAt(t.Pos, path+".format", "%v", err)
		return
	}
	for _, v := range tpl.values() {
		if !slices.Contains(fs.values, v) {
			d.errAt(t.Pos, path+".format", "format refers to %q, which no metric records; the values are %s", v, strings.Join(fs.values, ", "))
		}
	}
	t.tpl = tpl
}

func resolveFilters(d *decoder, fs *fieldSet, m map[string][]string, order []string, pos Pos, path string) []filter {
	var out []filter
	for _, k := range order {
		full, isValue, err := fs.resolve(k)
		if err != nil {
			d.errAt(pos, path+"."+k, "%v", err)
			continue
		}
		out = append(out, filter{field: full, isValue: isValue, values: m[k]})
	}
	return out
}

// builtTable is a table with its entries computed.
type builtTable struct {
	spec *TableSpec
	subs []subTable
}

type subTable struct {
	label   string // value of the split field, "" without split
	rowKeys [][]string
	colKeys []string
	cells   [][]string // rows x cols, "" when missing
	best    [][]bool
}

const keySep = "\x1f"

func (t *TableSpec) build(recs []*record) *builtTable {
	bt := &builtTable{spec: t}
	var base []*record
	for _, r := range recs {
		if r.ok() && matchAll(t.where, r) {
			base = append(base, r)
		}
	}
	splits := []string{""}
	if t.split != nil {
		splits = distinct(base, func(r *record) (string, bool) { return r.field(t.split.name, t.split.isValue) }, Order{})
	}
	for _, sv := range splits {
		var recsIn []*record
		for _, r := range base {
			if t.split == nil {
				recsIn = append(recsIn, r)
			} else if s, ok := r.field(t.split.name, t.split.isValue); ok && s == sv {
				recsIn = append(recsIn, r)
			}
		}
		bt.subs = append(bt.subs, t.buildSub(sv, recsIn))
	}
	return bt
}

// axisKey returns the joined values of the axis fields applying to side.
func axisKey(axes []axis, r *record, side string) (string, bool) {
	parts := make([]string, 0, len(axes))
	for _, a := range axes {
		if a.side != "" && a.side != side {
			continue
		}
		s, ok := r.field(a.name, a.isValue)
		if !ok {
			return "", false
		}
		parts = append(parts, s)
	}
	return strings.Join(parts, keySep), true
}

// keyRecords returns the records whose keys an axis lists: all of them,
// or for a ratio table those of the side its fields name (numerator when
// they name none).
func (t *TableSpec) keyRecords(recs []*record, axes []axis) ([]*record, string) {
	if t.Ratio == nil {
		return recs, ""
	}
	side := "numerator"
	for _, a := range axes {
		if a.side == "denominator" {
			side = "denominator"
		}
	}
	fs := t.Ratio.num
	if side == "denominator" {
		fs = t.Ratio.den
	}
	var out []*record
	for _, r := range recs {
		if matchAll(fs, r) {
			out = append(out, r)
		}
	}
	return out, side
}

func (t *TableSpec) buildSub(label string, recs []*record) subTable {
	st := subTable{label: label}
	rowRecs, rowSide := t.keyRecords(recs, t.rows)
	colRecs, colSide := t.keyRecords(recs, t.cols)
	rowKeys := distinct(rowRecs, func(r *record) (string, bool) { return axisKey(t.rows, r, rowSide) }, t.RowOrder)
	colKeys := distinct(colRecs, func(r *record) (string, bool) { return axisKey(t.cols, r, colSide) }, t.ColumnOrder)
	if len(t.rows) == 0 {
		rowKeys = []string{""}
	}
	if len(t.cols) == 0 {
		colKeys = []string{""}
	}
	// Group the records by entry.
	type entryKey struct{ row, col string }
	groups := map[entryKey][]*record{}
	numGroups := map[entryKey][]*record{}
	denGroups := map[entryKey][]*record{}
	for _, r := range recs {
		if t.Ratio == nil {
			rk, ok1 := axisKey(t.rows, r, "")
			ck, ok2 := axisKey(t.cols, r, "")
			if ok1 && ok2 {
				groups[entryKey{rk, ck}] = append(groups[entryKey{rk, ck}], r)
			}
			continue
		}
		for _, side := range []string{"numerator", "denominator"} {
			fs, dst := t.Ratio.num, numGroups
			if side == "denominator" {
				fs, dst = t.Ratio.den, denGroups
			}
			if !matchAll(fs, r) {
				continue
			}
			rk, ok1 := axisKey(t.rows, r, side)
			ck, ok2 := axisKey(t.cols, r, side)
			if ok1 && ok2 {
				dst[entryKey{rk, ck}] = append(dst[entryKey{rk, ck}], r)
			}
		}
	}
	scale := t.Scale
	valuesOf := func(rs []*record, name string) []float64 {
		var xs []float64
		for _, r := range rs {
			if v, ok := r.value(name); ok {
				xs = append(xs, v*scale)
			}
		}
		return xs
	}
	means := make([][]float64, len(rowKeys))
	st.cells = make([][]string, len(rowKeys))
	for i, rk := range rowKeys {
		st.cells[i] = make([]string, len(colKeys))
		means[i] = make([]float64, len(colKeys))
		for j, ck := range colKeys {
			means[i][j] = math.NaN()
			if t.Ratio != nil {
				num := numGroups[entryKey{t.sided(rk, t.rows, rowSide, "numerator"), t.sided(ck, t.cols, colSide, "numerator")}]
				den := denGroups[entryKey{t.sided(rk, t.rows, rowSide, "denominator"), t.sided(ck, t.cols, colSide, "denominator")}]
				n, dn := summarize(valuesOf(num, t.Value)), summarize(valuesOf(den, t.Value))
				if n.n == 0 || dn.n == 0 {
					continue
				}
				ratio := stats{n: n.n}
				ratio.mean = n.mean / dn.mean
				ratio.median, ratio.min, ratio.max = ratio.mean, ratio.mean, ratio.mean
				ratio.std, ratio.sem, ratio.sum, ratio.nonzero = math.NaN(), math.NaN(), math.NaN(), math.NaN()
				means[i][j] = ratio.mean
				st.cells[i][j] = t.tpl.render(func(string) stats { return ratio })
				continue
			}
			g := groups[entryKey{rk, ck}]
			if len(g) == 0 {
				continue
			}
			main := summarize(valuesOf(g, t.Value))
			if main.n == 0 {
				continue
			}
			means[i][j] = main.mean
			st.cells[i][j] = t.tpl.render(func(v string) stats {
				if v == "" {
					return main
				}
				return summarize(valuesOf(g, v))
			})
		}
	}
	for _, rk := range rowKeys {
		st.rowKeys = append(st.rowKeys, strings.Split(rk, keySep))
	}
	st.colKeys = colKeys
	if t.Best != "" {
		st.best = make([][]bool, len(rowKeys))
		for i := range st.best {
			st.best[i] = make([]bool, len(colKeys))
		}
		for j := range colKeys {
			bi := -1
			for i := range rowKeys {
				v := means[i][j]
				if math.IsNaN(v) {
					continue
				}
				if bi < 0 || t.Best == "max" && v > means[bi][j] || t.Best == "min" && v < means[bi][j] {
					bi = i
				}
			}
			for i := range rowKeys {
				if bi >= 0 && means[i][j] == means[bi][j] {
					st.best[i][j] = true
				}
			}
		}
	}
	return st
}

// sided converts an axis key, read on the records of keySide, to the key
// of the same entry on side: the fields that do not apply to side are
// dropped. Keys are read per side with axisKey, which skips such fields.
func (t *TableSpec) sided(key string, axes []axis, keySide, side string) string {
	if len(axes) == 0 {
		return ""
	}
	parts := strings.Split(key, keySep)
	var out []string
	i := 0
	for _, a := range axes {
		if a.side != "" && a.side != keySide {
			continue // not part of key
		}
		if i >= len(parts) {
			break
		}
		if a.side == "" || a.side == side {
			out = append(out, parts[i])
		}
		i++
	}
	return strings.Join(out, keySep)
}

// distinct returns the distinct keys of recs in the given order.
func distinct(recs []*record, key func(*record) (string, bool), o Order) []string {
	var out []string
	seen := map[string]bool{}
	for _, r := range recs {
		k, ok := key(r)
		if ok && !seen[k] {
			seen[k] = true
			out = append(out, k)
		}
	}
	switch o.Mode {
	case "asc", "desc":
		slices.SortStableFunc(out, func(a, b string) int {
			c := compareKeys(a, b)
			if o.Mode == "desc" {
				c = -c
			}
			return c
		})
	case "list":
		var listed []string
		for _, v := range o.Values {
			for _, k := range out {
				if k == v || numEqual(k, v) {
					listed = append(listed, k)
				}
			}
		}
		out = listed
	}
	return out
}

func numEqual(a, b string) bool {
	x, err1 := strconv.ParseFloat(a, 64)
	y, err2 := strconv.ParseFloat(b, 64)
	return err1 == nil && err2 == nil && x == y
}

// compareKeys orders numbers numerically and anything else as text,
// field by field.
func compareKeys(a, b string) int {
	pa, pb := strings.Split(a, keySep), strings.Split(b, keySep)
	for i := range min(len(pa), len(pb)) {
		x, err1 := strconv.ParseFloat(pa[i], 64)
		y, err2 := strconv.ParseFloat(pb[i], 64)
		switch {
		case err1 == nil && err2 == nil && x != y:
			if x < y {
				return -1
			}
			return 1
		case (err1 != nil || err2 != nil) && pa[i] != pb[i]:
			return strings.Compare(pa[i], pb[i])
		}
	}
	return len(pa) - len(pb)
}

// rowHeaders returns the titles of the row-header columns.
func (t *TableSpec) rowHeaders() []string {
	if len(t.Rows) == 0 {
		return []string{t.RowTitle}
	}
	out := make([]string, len(t.Rows))
	for i, r := range t.Rows {
		out[i] = r
	}
	if t.RowTitle != "" {
		titles := strings.Split(t.RowTitle, "|")
		for i := range out {
			if i < len(titles) {
				out[i] = strings.TrimSpace(titles[i])
			}
		}
	}
	return out
}

func (t *TableSpec) columnTitle() string {
	if t.ColumnTitle != "" {
		return t.ColumnTitle
	}
	return strings.Join(t.Columns, ", ")
}

func (t *TableSpec) rowLabel(parts []string) []string {
	out := make([]string, len(parts))
	for i, p := range parts {
		out[i] = p
		if l, ok := t.RowLabels[p]; ok {
			out[i] = l
		}
	}
	if len(t.rows) == 0 {
		out = []string{t.Value}
		if l, ok := t.RowLabels[t.Value]; ok {
			out[0] = l
		}
	}
	return out
}

func (t *TableSpec) colLabel(key string) string {
	if len(t.cols) == 0 {
		return t.Value
	}
	if l, ok := t.ColLabels[key]; ok {
		return l
	}
	parts := strings.Split(key, keySep)
	for i, p := range parts {
		if l, ok := t.ColLabels[p]; ok {
			parts[i] = l
		}
	}
	return strings.Join(parts, ", ")
}

func subLabel(i int, label string) string {
	return fmt.Sprintf("(%c) %s", 'a'+rune(i%26), label)
}

// markdown renders the table as GitHub-flavoured Markdown.
func (bt *builtTable) markdown() string {
	t := bt.spec
	var b strings.Builder
	title := t.Title
	if title == "" {
		title = t.Name
	}
	fmt.Fprintf(&b, "### %s\n\n", mdEscape(title))
	if t.Caption != "" {
		fmt.Fprintf(&b, "%s\n\n", t.Caption)
	}
	for si, st := range bt.subs {
		if t.split != nil {
			fmt.Fprintf(&b, "**%s**\n\n", mdEscape(subLabel(si, st.label)))
		}
		heads := t.rowHeaders()
		ct := t.columnTitle()
		var hdr []string
		for i, h := range heads {
			if i == len(heads)-1 && ct != "" && len(t.cols) > 0 {
				if h != "" {
					h += " \\\\ " + ct
				} else {
					h = ct
				}
			}
			hdr = append(hdr, mdEscape(h))
		}
		for _, ck := range st.colKeys {
			hdr = append(hdr, mdEscape(t.colLabel(ck)))
		}
		b.WriteString("| " + strings.Join(hdr, " | ") + " |\n|")
		for range heads {
			b.WriteString(" :--- |")
		}
		for range st.colKeys {
			b.WriteString(" ---: |")
		}
		b.WriteString("\n")
		for i, rk := range st.rowKeys {
			var row []string
			for _, l := range t.rowLabel(rk) {
				row = append(row, mdEscape(l))
			}
			for j := range st.colKeys {
				v := st.cells[i][j]
				if v == "" {
					v = "—"
				} else if st.best != nil && st.best[i][j] {
					v = "**" + v + "**"
				}
				row = append(row, mdEscape(v))
			}
			b.WriteString("| " + strings.Join(row, " | ") + " |\n")
		}
		b.WriteString("\n")
	}
	return b.String()
}

func mdEscape(s string) string { return strings.ReplaceAll(s, "|", "\\|") }

// latex renders the table with booktabs rules.
func (bt *builtTable) latex() string {
	t := bt.spec
	var b strings.Builder
	b.WriteString("% Generated by gsbench; needs \\usepackage{booktabs}.\n")
	b.WriteString("\\begin{table}[htbp]\n  \\centering\n")
	title := t.Title
	if title == "" {
		title = t.Name
	}
	caption := texEscape(title)
	if t.Caption != "" {
		caption += ". " + texEscape(t.Caption)
	}
	fmt.Fprintf(&b, "  \\caption{%s}\n  \\label{tab:%s}\n", caption, t.Name)
	for si, st := range bt.subs {
		heads := t.rowHeaders()
		nr, nc := len(heads), len(st.colKeys)
		fmt.Fprintf(&b, "  \\begin{tabular}{%s%s}\n    \\toprule\n", strings.Repeat("l", nr), strings.Repeat("r", nc))
		if ct := t.columnTitle(); ct != "" && len(t.cols) > 0 {
			fmt.Fprintf(&b, "    %s\\multicolumn{%d}{c}{%s} \\\\\n", strings.Repeat(" & ", nr), nc, texEscape(ct))
			fmt.Fprintf(&b, "    \\cmidrule(lr){%d-%d}\n", nr+1, nr+nc)
		}
		var hdr []string
		for _, h := range heads {
			hdr = append(hdr, texEscape(h))
		}
		for _, ck := range st.colKeys {
			hdr = append(hdr, texEscape(t.colLabel(ck)))
		}
		fmt.Fprintf(&b, "    %s \\\\\n    \\midrule\n", strings.Join(hdr, " & "))
		for i, rk := range st.rowKeys {
			var row []string
			for _, l := range t.rowLabel(rk) {
				row = append(row, texEscape(l))
			}
			for j := range st.colKeys {
				v := st.cells[i][j]
				if v == "" {
					row = append(row, "--")
					continue
				}
				v = texEscape(v)
				if st.best != nil && st.best[i][j] {
					v = "\\textbf{" + v + "}"
				}
				row = append(row, v)
			}
			fmt.Fprintf(&b, "    %s \\\\\n", strings.Join(row, " & "))
		}
		b.WriteString("    \\bottomrule\n  \\end{tabular}\n")
		if t.split != nil {
			fmt.Fprintf(&b, "  \\par\\smallskip{\\small %s}\\par\\medskip\n", texEscape(subLabel(si, st.label)))
		}
	}
	b.WriteString("\\end{table}\n")
	return b.String()
}

// texEscape escapes LaTeX's special characters outside $...$ (which pass
// through as math) and spells ±, —, ε and the like for LaTeX.
func texEscape(s string) string {
	var b strings.Builder
	inMath := false
	for _, r := range s {
		if r == '$' {
			inMath = !inMath
			b.WriteRune(r)
			continue
		}
		if inMath {
			b.WriteRune(r)
			continue
		}
		switch r {
		case '\\':
			b.WriteString("\\textbackslash{}")
		case '&', '%', '#', '_', '{', '}':
			b.WriteString("\\" + string(r))
		case '~':
			b.WriteString("\\textasciitilde{}")
		case '^':
			b.WriteString("\\textasciicircum{}")
		case '±':
			b.WriteString("$\\pm$")
		case '—':
			b.WriteString("---")
		case '–':
			b.WriteString("--")
		case '×':
			b.WriteString("$\\times$")
		case 'ε':
			b.WriteString("$\\epsilon$")
		case '²':
			b.WriteString("$^2$")
		case '∞':
			b.WriteString("$\\infty$")
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}
