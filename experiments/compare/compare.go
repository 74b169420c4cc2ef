package compare

import (
	"fmt"
	"math"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"
)

// Verdicts of one value.
const (
	OK      = "ok"      // within the tolerance
	Near    = "near"    // within twice the tolerance
	Off     = "off"     // further
	Missing = "missing" // we have no value (not run, failed, infeasible here)
	Skipped = "skipped" // not compared (the rule says why)
)

// Ours is our value for one reference value under one variant of the data
// preparation.
type Ours struct {
	Variant string
	Value   float64
	N       int // cells (repetitions) behind it
}

// Compared is one reference value with ours.
type Compared struct {
	Ref RefValue
	// Published is the published number ours is compared with: the printed
	// value, or for stat relative_time the printed value over the printed
	// value of the rule's base row in the same column.
	Published float64
	Primary   *Ours  // the variant the verdict is taken on; nil when missing
	All       []Ours // every variant
	Diff      float64
	Verdict   string
	Why       string // for Skipped and Missing
}

// ItemResult is the comparison of one item.
type ItemResult struct {
	Ref      *RefItem
	Rule     *Rule
	Results  []*Results // the results directories read
	Values   []*Compared
	Variants []string // variant keys seen, primary first
	Status   string
	Reason   string // the summary line (notes file, else computed)
	// Unavailable counts the values not computed because their dataset is
	// not in the data directory (GSBENCH_DATA unset, or a dataset not
	// fetched).
	Unavailable int
	Notes       string // results/notes/<item>.md without its header lines
	Counts      map[string]int
	BestVar     string // the variant with the most values within tolerance
	VarScore    map[string]int

	causeNotFound bool   // the notes say "cause: not found"
	verdict       string // the notes' verdict of an item without printed values
}

// Options controls Compare.
type Options struct {
	Reference string // results/reference
	Results   string // results/paper: <item>/ (full) and <item>-quick/
	Notes     string // results/notes
	// PreferQuick compares the quick results even when full ones exist.
	PreferQuick bool
}

// Compare compares every reference item with the results found.
func Compare(opt Options) ([]*ItemResult, error) {
	rs, err := loadRules()
	if err != nil {
		return nil, err
	}
	items, err := LoadReference(opt.Reference)
	if err != nil {
		return nil, err
	}
	cache := map[string]*Results{}
	get := func(dir string) *Results {
		path := filepath.Join(opt.Results, dir)
		r, ok := cache[path]
		if !ok {
			r, _ = LoadResults(path)
			cache[path] = r
		}
		return r
	}
	// The first config with full results, else the first with quick ones
	// (PreferQuick: the other way round).
	load := func(names []string) []*Results {
		suffixes := []string{"", "-quick"}
		if opt.PreferQuick {
			suffixes = []string{"-quick", ""}
		}
		for _, suf := range suffixes {
			for _, n := range names {
				if r := get(n + suf); r != nil {
					return []*Results{r}
				}
			}
		}
		return nil
	}
	order := map[string]int{"journal": 0, "cdc": 1, "beyond-pca": 2, "uffs": 3, "qmrfs": 4}
	sort.SliceStable(items, func(a, b int) bool { return order[items[a].Paper] < order[items[b].Paper] })
	var out []*ItemResult
	for _, it := range items {
		rule := rs.ruleFor(it.Item)
		ir := &ItemResult{Ref: it, Rule: rule, Counts: map[string]int{}, VarScore: map[string]int{}}
		ir.Results = load(rule.Configs)
		ir.compare()
		ir.readNotes(opt.Notes)
		ir.status()
		out = append(out, ir)
	}
	return out, nil
}

func (ir *ItemResult) cells() []*Cell {
	var out []*Cell
	for _, r := range ir.Results {
		for _, c := range r.Cells {
			if c.Status == "ok" {
				out = append(out, c)
			}
		}
	}
	return out
}

func (ir *ItemResult) compare() {
	rule := ir.Rule
	cells := ir.cells()
	seen := map[string]bool{}
	for _, v := range ir.Ref.Values {
		cv := &Compared{Ref: v, Published: v.Value}
		ir.Values = append(ir.Values, cv)
		why := rule.skip(v)
		var base *RefValue
		if rule.Stat == "relative_time" && why == "" {
			base, why = rule.base(ir.Ref, v)
			if base != nil {
				cv.Published = v.Value / base.Value
			}
		}
		if why != "" {
			cv.Verdict, cv.Why = Skipped, why
			ir.Counts[Skipped]++
			continue
		}
		if rule.Pending != "" || len(ir.Results) == 0 && rule.Stat != "shape" {
			cv.Verdict, cv.Why = Missing, "no results"
			ir.Counts[Missing]++
			continue
		}
		var ours []Ours
		if base != nil {
			ours, why = rule.relativeTime(v, *base, cells)
		} else {
			ours, why = rule.ours(ir, v, cells)
		}
		cv.All = ours
		for i := range ours {
			if !seen[ours[i].Variant] {
				seen[ours[i].Variant] = true
				ir.Variants = append(ir.Variants, ours[i].Variant)
			}
			if ours[i].Variant == rule.primaryKey() {
				cv.Primary = &ours[i]
			}
		}
		if cv.Primary == nil {
			if strings.HasPrefix(why, unavailable) {
				ir.Unavailable++
			}
			cv.Verdict, cv.Why = Missing, why
			if why == "" {
				cv.Why = "no cell of the primary variant"
			}
			ir.Counts[Missing]++
			continue
		}
		cv.Diff = cv.Primary.Value - cv.Published
		tol := rule.tolerance(ir.Ref, v)
		switch {
		case tol.Within(cv.Published, cv.Primary.Value):
			cv.Verdict = OK
		case tol.Times(2).Within(cv.Published, cv.Primary.Value):
			cv.Verdict = Near
		default:
			cv.Verdict = Off
		}
		ir.Counts[cv.Verdict]++
		for _, o := range ours {
			if tol.Within(cv.Published, o.Value) {
				ir.VarScore[o.Variant]++
			}
		}
	}
	// Primary first, then the others in order of first appearance.
	if p := rule.primaryKey(); slices.Contains(ir.Variants, p) {
		ir.Variants = append([]string{p}, slices.DeleteFunc(slices.Clone(ir.Variants), func(s string) bool { return s == p })...)
	}
	best := -1
	for _, v := range ir.Variants {
		if ir.VarScore[v] > best {
			best, ir.BestVar = ir.VarScore[v], v
		}
	}
}

// Status values of an item.
const (
	Reproduced = "reproduced"
	Close      = "close"
	Differs    = "differs"
	Pending    = "pending"
)

// Statuses lists every status an item can have, in the order summaries
// show them (an item without printed values takes its notes' verdict,
// which may be any text).
var Statuses = []string{Reproduced, Close, "differs (explained)", "differs (cause not found)", "differs (not yet explained)", Pending}

func (ir *ItemResult) compared() int { return ir.Counts[OK] + ir.Counts[Near] + ir.Counts[Off] }

func (ir *ItemResult) status() {
	n := ir.compared()
	switch {
	case ir.Rule.Pending != "":
		ir.Status = Pending
		if ir.Reason == "" {
			ir.Reason = ir.Rule.Pending
		}
		return
	case n == 0 && ir.verdict != "":
		ir.Status = ir.verdict // figures: a qualitative verdict from the notes
	case n == 0:
		ir.Status = Pending
		if ir.Reason == "" {
			ir.Reason = "no results yet"
		}
		return
	default:
		ok, near := float64(ir.Counts[OK])/float64(n), float64(ir.Counts[OK]+ir.Counts[Near])/float64(n)
		switch {
		case ok >= 0.9:
			ir.Status = Reproduced
		case near >= 0.9 || ok >= 0.6:
			ir.Status = Close
		default:
			ir.Status = Differs
		}
	}
	if ir.Status == Differs {
		switch {
		case ir.Notes == "":
			ir.Status = "differs (not yet explained)"
		case ir.causeNotFound:
			ir.Status = "differs (cause not found)"
		default:
			ir.Status = "differs (explained)"
		}
	}
	if ir.Reason == "" {
		ir.Reason = fmt.Sprintf("%d of %d values within tolerance", ir.Counts[OK], n)
	}
}

// readNotes reads results/notes/<item>.md: a "summary: ..." line is the
// one-line reason, a "verdict: ..." line the status of an item without
// printed values (figures), a "cause: not found" line marks an
// investigation that did not find why the values differ, the rest is the
// investigation.
func (ir *ItemResult) readNotes(dir string) {
	if dir == "" {
		return
	}
	b, err := os.ReadFile(filepath.Join(dir, ir.Ref.Item+".md"))
	if err != nil {
		return
	}
	var body []string
	for _, line := range strings.Split(string(b), "\n") {
		if s, ok := strings.CutPrefix(line, "summary:"); ok && ir.Reason == "" {
			ir.Reason = strings.TrimSpace(s)
			continue
		}
		if s, ok := strings.CutPrefix(line, "cause:"); ok {
			ir.causeNotFound = strings.TrimSpace(s) == "not found"
			continue
		}
		if s, ok := strings.CutPrefix(line, "verdict:"); ok {
			ir.verdict = strings.TrimSpace(s)
			continue
		}
		body = append(body, line)
	}
	ir.Notes = strings.TrimSpace(strings.Join(body, "\n"))
}

// variantKey describes a cell's data-preparation variant by the rule's
// variant fields, e.g. "preprocess=none, dataset.scale=0.5".
func variantKey(c *Cell, fields []string) string {
	parts := make([]string, 0, len(fields))
	for _, f := range fields {
		if v, ok := c.field(f); ok {
			parts = append(parts, strings.TrimPrefix(f, "dataset.")+"="+v)
		}
	}
	return strings.Join(parts, ", ")
}

// meanBy groups cells by variant and averages value x scale; stat
// "percent_nonzero" gives the percentage of cells with a non-zero value.
func meanBy(cells []*Cell, variants []string, value string, scale float64, stat string) []Ours {
	type acc struct {
		sum float64
		n   int
	}
	groups := map[string]*acc{}
	var order []string
	for _, c := range cells {
		x, ok := c.value(value)
		if !ok {
			continue
		}
		k := variantKey(c, variants)
		a := groups[k]
		if a == nil {
			a = &acc{}
			groups[k] = a
			order = append(order, k)
		}
		if stat == "percent_nonzero" {
			if x != 0 {
				a.sum += 100
			}
		} else {
			a.sum += x * scale
		}
		a.n++
	}
	out := make([]Ours, 0, len(order))
	for _, k := range order {
		out = append(out, Ours{Variant: k, Value: groups[k].sum / float64(groups[k].n), N: groups[k].n})
	}
	return out
}

// fmtNum writes a number for the report with about the published precision.
func fmtNum(x float64, like float64) string {
	if math.IsNaN(x) {
		return "—"
	}
	s := strconv.FormatFloat(like, 'f', -1, 64)
	dec := 0
	if i := strings.IndexByte(s, '.'); i >= 0 {
		dec = len(s) - i - 1
	}
	dec = min(max(dec, 0)+1, 7)
	if math.Abs(x) >= 100 {
		dec = min(dec, 1)
	}
	return strconv.FormatFloat(x, 'f', dec, 64)
}

// sortedKeys returns the keys of m in order.
func sortedKeys[V any](m map[string]V) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}
