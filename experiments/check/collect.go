package check

import (
	"fmt"
	"slices"
	"sort"
	"strings"

	"github.com/gsbench/gsbench/experiments/cells"
	"github.com/gsbench/gsbench/experiments/config"
	"github.com/gsbench/gsbench/experiments/metric"
	"github.com/gsbench/gsbench/experiments/run"
	"github.com/gsbench/gsbench/params"
)

// CellError is a cell of a run that failed.
type CellError struct {
	Cell, What, Error string
}

// Collect reads the cells.jsonl (or cells.jsonl.gz) of a results directory written by a run of
// cfg (its quick variant with quick) and returns its metrics: for every
// dataset variant, preprocessing and method variant, the mean of each
// value over the repetitions, in the order of the plan's cells and of the
// config's metrics. Failed cells are returned separately (their metrics
// are missing); a cell without a result is an error.
func Collect(dir string, cfg *config.Config, quick bool) ([]Metric, []CellError, error) {
	plan, err := run.NewPlan(cfg, quick)
	if err != nil {
		return nil, nil, err
	}
	stored, path, err := cells.ReadDir(dir)
	if err != nil {
		return nil, nil, err
	}
	byID := map[string]*cells.Cell{}
	for _, c := range stored {
		byID[c.ID] = c
	}
	infos := make([]cellInfo, len(plan.Cells))
	for i, c := range plan.Cells {
		l := byID[c.ID]
		if l == nil {
			return nil, nil, fmt.Errorf("%s has no result for cell %s (%s)", path, c.ID, c.Describe())
		}
		infos[i] = cellInfo{cell: c, line: l}
	}
	return aggregate(infos, valueOrder(cfg))
}

// cellInfo is a cell of the plan with its result.
type cellInfo struct {
	cell *run.Cell
	line *cells.Cell
}

// valueOrder lists the values the config's metrics record, in order.
func valueOrder(cfg *config.Config) []string {
	byName := map[string][]string{}
	for _, m := range metric.All() {
		byName[m.Name] = m.Values
	}
	var out []string
	for _, ms := range cfg.Metrics {
		out = append(out, byName[ms.Name]...)
	}
	return out
}

type group struct {
	key    Key
	sums   map[string]float64
	counts map[string]int
}

func aggregate(infos []cellInfo, order []string) ([]Metric, []CellError, error) {
	// Dataset variants: the parameters that vary among the instances of a label.
	dsNames := variantNames(len(infos),
		func(i int) string { return infos[i].cell.Instance.Dataset.Label },
		func(i int) map[string]string { return canonParams(infos[i].cell.Instance.Params) })
	dsOf := func(c *run.Cell) string {
		return label(c.Instance.Dataset.Label, dsNames[c.Index])
	}
	// Method variants: the parameters that vary among the cells of a label
	// on one dataset variant and preprocessing, then the variant of the
	// method a matched cell copies k from.
	groupOf := func(i int) string {
		c := infos[i].cell
		return dsOf(c) + "\x00" + string(c.Instance.Preprocess) + "\x00" + c.Method.Label
	}
	own := variantNames(len(infos), groupOf, func(i int) map[string]string { return canonParams(infos[i].cell.Params) })
	methodOf := func(c *run.Cell) string { return label(c.Method.Label, own[c.Index]) }
	full := variantNames(len(infos), groupOf, func(i int) map[string]string {
		p := canonParams(infos[i].cell.Params)
		if t := infos[i].cell.Target; t != nil {
			p[matchedTo] = methodOf(t)
		}
		return p
	})
	var groups []*group
	byKey := map[Key]*group{}
	var failed []CellError
	for i, ci := range infos {
		c := ci.cell
		k := Key{Dataset: dsOf(c), Preprocess: string(c.Instance.Preprocess), Method: label(c.Method.Label, full[i])}
		g := byKey[k]
		if g == nil {
			g = &group{key: k, sums: map[string]float64{}, counts: map[string]int{}}
			byKey[k] = g
			groups = append(groups, g)
		}
		if ci.line.Status != cells.StatusOK {
			msg, _, _ := strings.Cut(ci.line.Error, "\n")
			failed = append(failed, CellError{Cell: c.ID, What: c.Describe(), Error: msg})
			continue
		}
		for name, v := range ci.line.Values {
			g.sums[name] += float64(v)
			g.counts[name]++
		}
	}
	var out []Metric
	for _, g := range groups {
		names := make([]string, 0, len(g.sums))
		for n := range g.sums {
			names = append(names, n)
		}
		sort.Slice(names, func(i, j int) bool {
			ri, rj := rank(order, names[i]), rank(order, names[j])
			if ri != rj {
				return ri < rj
			}
			return names[i] < names[j]
		})
		for _, n := range names {
			k := g.key
			k.Metric = n
			out = append(out, Metric{Key: k, Value: g.sums[n] / float64(g.counts[n]), Cells: g.counts[n]})
		}
	}
	return out, failed, nil
}

// matchedTo is the pseudo-parameter naming the variant a matched cell
// copies k from; it is written "LABEL ... matched to TARGET ...".
const matchedTo = "\x00matched to"

func rank(order []string, name string) int {
	if i := slices.Index(order, name); i >= 0 {
		return i
	}
	return len(order)
}

func label(name, params string) string {
	if params == "" {
		return name
	}
	return name + " " + params
}

// variantNames names each of n cells by the parameters that tell apart the
// variants of its group: those that take more than one value in the group
// (absent counts as a value), as "name=value name=value" in name order.
func variantNames(n int, groupOf func(int) string, paramsOf func(int) map[string]string) []string {
	values := map[string]map[string]map[string]bool{} // group -> param -> values
	members := map[string][]map[string]string{}
	ps := make([]map[string]string, n)
	for i := range n {
		g := groupOf(i)
		ps[i] = paramsOf(i)
		members[g] = append(members[g], ps[i])
		if values[g] == nil {
			values[g] = map[string]map[string]bool{}
		}
		for k, v := range ps[i] {
			if values[g][k] == nil {
				values[g][k] = map[string]bool{}
			}
			values[g][k][v] = true
		}
	}
	for g, vs := range values {
		for k := range vs {
			for _, p := range members[g] {
				if _, ok := p[k]; !ok {
					vs[k]["\x00absent"] = true
				}
			}
		}
	}
	out := make([]string, n)
	for i := range n {
		g := groupOf(i)
		var keys []string
		for k, vs := range values[g] {
			if len(vs) > 1 {
				keys = append(keys, k)
			}
		}
		slices.Sort(keys)
		var parts []string
		for _, k := range keys {
			v, ok := ps[i][k]
			switch {
			case !ok:
			case k == matchedTo:
				parts = append(parts, "matched to "+v)
			default:
				parts = append(parts, k+"="+v)
			}
		}
		out[i] = strings.Join(parts, " ")
	}
	return out
}

// canonParams formats parameter values: numbers in their shortest form,
// lists as [a,b].
func canonParams(p map[string]any) map[string]string {
	out := make(map[string]string, len(p))
	for k, v := range p {
		out[k] = params.Format(v)
	}
	return out
}
