package report

import (
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/gsbench/gsbench/experiments/cells"
	"github.com/gsbench/gsbench/experiments/config"
	"github.com/gsbench/gsbench/experiments/rank"
)

// table renders a table of a config.
type table struct{ *config.TableSpec }

// builtTable is a table with its entries computed.
type builtTable struct {
	spec table
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

func (t table) build(recs []*cells.Cell) *builtTable {
	bt := &builtTable{spec: t}
	var base []*cells.Cell
	for _, r := range recs {
		if r.OK() && matchAll(t.Filters, r) {
			base = append(base, r)
		}
	}
	if t.Rank != nil {
		base = t.rankRecords(base)
	}
	splits := []string{""}
	if t.SplitAxis != nil {
		splits = distinct(base, func(r *cells.Cell) (string, bool) { return field(r, *t.SplitAxis) }, config.Order{})
	}
	for _, sv := range splits {
		var recsIn []*cells.Cell
		for _, r := range base {
			if t.SplitAxis == nil {
				recsIn = append(recsIn, r)
			} else if s, ok := field(r, *t.SplitAxis); ok && s == sv {
				recsIn = append(recsIn, r)
			}
		}
		bt.subs = append(bt.subs, t.buildSub(sv, recsIn))
	}
	return bt
}

// axisKey returns the joined values of the axis fields applying to side.
func axisKey(axes []config.Axis, r *cells.Cell, side string) (string, bool) {
	parts := make([]string, 0, len(axes))
	for _, a := range axes {
		if a.Side != "" && a.Side != side {
			continue
		}
		s, ok := field(r, a)
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
func (t table) keyRecords(recs []*cells.Cell, axes []config.Axis) ([]*cells.Cell, string) {
	if t.Ratio == nil {
		return recs, ""
	}
	side := "numerator"
	for _, a := range axes {
		if a.Side == "denominator" {
			side = "denominator"
		}
	}
	fs := t.Ratio.NumeratorFilters
	if side == "denominator" {
		fs = t.Ratio.DenominatorFilters
	}
	var out []*cells.Cell
	for _, r := range recs {
		if matchAll(fs, r) {
			out = append(out, r)
		}
	}
	return out, side
}

func (t table) buildSub(label string, recs []*cells.Cell) subTable {
	st := subTable{label: label}
	rowRecs, rowSide := t.keyRecords(recs, t.RowAxes)
	colRecs, colSide := t.keyRecords(recs, t.ColumnAxes)
	rowKeys := distinct(rowRecs, func(r *cells.Cell) (string, bool) { return axisKey(t.RowAxes, r, rowSide) }, t.RowOrder)
	colKeys := distinct(colRecs, func(r *cells.Cell) (string, bool) { return axisKey(t.ColumnAxes, r, colSide) }, t.ColumnOrder)
	if len(t.RowAxes) == 0 {
		rowKeys = []string{""}
	}
	if len(t.ColumnAxes) == 0 {
		colKeys = []string{""}
	}
	// Group the records by entry.
	type entryKey struct{ row, col string }
	groups := map[entryKey][]*cells.Cell{}
	numGroups := map[entryKey][]*cells.Cell{}
	denGroups := map[entryKey][]*cells.Cell{}
	for _, r := range recs {
		if t.Ratio == nil {
			rk, ok1 := axisKey(t.RowAxes, r, "")
			ck, ok2 := axisKey(t.ColumnAxes, r, "")
			if ok1 && ok2 {
				groups[entryKey{rk, ck}] = append(groups[entryKey{rk, ck}], r)
			}
			continue
		}
		for _, side := range []string{"numerator", "denominator"} {
			fs, dst := t.Ratio.NumeratorFilters, numGroups
			if side == "denominator" {
				fs, dst = t.Ratio.DenominatorFilters, denGroups
			}
			if !matchAll(fs, r) {
				continue
			}
			rk, ok1 := axisKey(t.RowAxes, r, side)
			ck, ok2 := axisKey(t.ColumnAxes, r, side)
			if ok1 && ok2 {
				dst[entryKey{rk, ck}] = append(dst[entryKey{rk, ck}], r)
			}
		}
	}
	scale := t.Scale
	valuesOf := func(rs []*cells.Cell, name string) []float64 {
		var xs []float64
		for _, r := range rs {
			if v, ok := r.Value(name); ok {
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
				num := numGroups[entryKey{sided(rk, t.RowAxes, rowSide, "numerator"), sided(ck, t.ColumnAxes, colSide, "numerator")}]
				den := denGroups[entryKey{sided(rk, t.RowAxes, rowSide, "denominator"), sided(ck, t.ColumnAxes, colSide, "denominator")}]
				n, dn := summarize(valuesOf(num, t.Value)), summarize(valuesOf(den, t.Value))
				if n.n == 0 || dn.n == 0 {
					continue
				}
				ratio := stats{n: n.n}
				ratio.mean = n.mean / dn.mean
				ratio.median, ratio.min, ratio.max = ratio.mean, ratio.mean, ratio.mean
				ratio.std, ratio.sem, ratio.sum, ratio.nonzero = math.NaN(), math.NaN(), math.NaN(), math.NaN()
				means[i][j] = ratio.mean
				st.cells[i][j] = t.Template.Render(func(_, stat string) float64 { return ratio.get(stat) })
				continue
			}
			g := groups[entryKey{rk, ck}]
			if len(g) == 0 {
				continue
			}
			main := summarize(valuesOf(g, t.EntryValue()))
			if main.n == 0 {
				continue
			}
			means[i][j] = main.mean
			st.cells[i][j] = t.Template.Render(func(v, stat string) float64 {
				if v == "" {
					return main.get(stat)
				}
				return summarize(valuesOf(g, v)).get(stat)
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

// rankRecords turns the cells of a rank table into one record per dataset,
// method and budget (package rank): its rank, the mean score in the
// window, the window, and the budget (as written in rank.at), which tables
// lay out like any cell. A scale applies to the score, not to the rank.
func (t table) rankRecords(cs []*cells.Cell) []*cells.Cell {
	spec := rank.Spec{Score: t.Value, By: t.Rank.By, At: t.Rank.At, Counts: t.Rank.Counts}
	es, _, err := rank.Compute(cs, spec)
	if err != nil {
		return nil // config.Load validated the spec
	}
	out := make([]*cells.Cell, 0, len(es))
	for _, e := range es {
		out = append(out, &cells.Cell{Dataset: e.Dataset, Method: e.Method, Status: cells.StatusOK, Values: map[string]cells.Num{
			"rank": cells.Num(e.Rank), "score": cells.Num(e.Score), "window": cells.Num(e.Window),
			"budget": cells.Num(t.Rank.At[e.Budget])}})
	}
	return out
}

// sided converts an axis key, read on the records of keySide, to the key
// of the same entry on side: the fields that do not apply to side are
// dropped. Keys are read per side with axisKey, which skips such fields.
func sided(key string, axes []config.Axis, keySide, side string) string {
	if len(axes) == 0 {
		return ""
	}
	parts := strings.Split(key, keySep)
	var out []string
	i := 0
	for _, a := range axes {
		if a.Side != "" && a.Side != keySide {
			continue // not part of key
		}
		if i >= len(parts) {
			break
		}
		if a.Side == "" || a.Side == side {
			out = append(out, parts[i])
		}
		i++
	}
	return strings.Join(out, keySep)
}

// distinct returns the distinct keys of recs in the given order.
func distinct(recs []*cells.Cell, key func(*cells.Cell) (string, bool), o config.Order) []string {
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
func (t table) rowHeaders() []string {
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

func (t table) columnTitle() string {
	if t.ColumnTitle != "" {
		return t.ColumnTitle
	}
	return strings.Join(t.Columns, ", ")
}

func (t table) rowLabel(parts []string) []string {
	out := make([]string, len(parts))
	for i, p := range parts {
		out[i] = p
		if l, ok := t.RowLabels[p]; ok {
			out[i] = l
		}
	}
	if len(t.RowAxes) == 0 {
		out = []string{t.Value}
		if l, ok := t.RowLabels[t.Value]; ok {
			out[0] = l
		}
	}
	return out
}

func (t table) colLabel(key string) string {
	if len(t.ColumnAxes) == 0 {
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
		if t.SplitAxis != nil {
			fmt.Fprintf(&b, "**%s**\n\n", mdEscape(subLabel(si, st.label)))
		}
		heads := t.rowHeaders()
		ct := t.columnTitle()
		var hdr []string
		for i, h := range heads {
			if i == len(heads)-1 && ct != "" && len(t.ColumnAxes) > 0 {
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
		if ct := t.columnTitle(); ct != "" && len(t.ColumnAxes) > 0 {
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
		if t.SplitAxis != nil {
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
