package run

import (
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"

	"github.com/gsbench/gsbench/evaluate"
	"github.com/gsbench/gsbench/experiments/cells"
	"github.com/gsbench/gsbench/experiments/config"
	"github.com/gsbench/gsbench/experiments/internal/seed"
	"github.com/gsbench/gsbench/methods"
	"github.com/gsbench/gsbench/params"
	"github.com/gsbench/gsbench/preprocess"
)

// Plan is a config expanded into cells, in a fixed order: datasets as
// listed, their parameter combinations (the first parameter varying
// slowest), preprocessing, repetitions, then methods as listed (a matched
// method after the method it matches) and their parameter combinations.
type Plan struct {
	Config    *config.Config
	Quick     bool
	Cells     []*Cell
	Instances []*Instance
	Groups    int // cells are sharded by group: a cell and those matched to it share one
}

// Instance is one draw of one dataset variant: what a cell's method is
// fitted on. All methods of a repetition see the same instance.
type Instance struct {
	Index      int
	Dataset    *config.DatasetSpec
	Params     params.Params // the dataset's settings for this variant
	Preprocess preprocess.Kind
	Rep        int
	DataKey    string // the raw data: source and every parameter (not the preprocessing)
	Seed       uint64 // seed of a generator, from the config seed, DataKey and Rep
}

// Cell is one method variant fitted on one instance.
type Cell struct {
	Index    int
	ID       string // 16 hex digits; names the cell's result file
	Key      string // canonical description; ID and Seed derive from it
	Seed     uint64
	Instance *Instance
	Method   *config.MethodSpec
	Params   params.Params // the method's settings for this variant
	Target   *Cell         // the cell whose number of features sets k (match)
	Group    int
	// Fit, when set, is the fit this cell shares with the other cells of
	// the plan that differ from it only in k (SharedFit).
	Fit *SharedFit

	methodKey string
}

// SharedFit is one fit shared by the cells of a plan that differ only in
// k, for a method whose ranking does not depend on k (methods.Ranker): it
// is fitted once with k = 0 and each cell takes the first k features of
// the ranking (methods.Top), which is what a fit with its k selects. A
// method with a seed parameter shares only when the config sets the seed:
// otherwise each cell draws its own seed from its key, and the fits
// differ. Matched cells (whose k comes from another cell) do not share.
// The cells of a shared fit are in one shard group.
type SharedFit struct {
	Key   string  // the cells' key without k
	Cells []*Cell // in plan order
}

// Shard selects the cells of one of N parts of a plan (I in 1..N).
type Shard struct{ I, N int }

// ParseShard reads "i/n".
func ParseShard(s string) (Shard, error) {
	a, b, ok := strings.Cut(s, "/")
	i, err1 := strconv.Atoi(strings.TrimSpace(a))
	n, err2 := strconv.Atoi(strings.TrimSpace(b))
	if !ok || err1 != nil || err2 != nil || n < 1 || i < 1 || i > n {
		return Shard{}, fmt.Errorf("shard %q: want i/n with 1 <= i <= n, e.g. 2/8", s)
	}
	return Shard{i, n}, nil
}

func (s Shard) String() string {
	if s.N == 0 {
		return "1/1"
	}
	return fmt.Sprintf("%d/%d", s.I, s.N)
}

// Assign deals the groups of the cells keep accepts to n shards by their
// estimated cost, and returns the shard (1..n) of every group (0: no cell
// kept). A group's cost is its number of cells: the cells of a plan are
// taken to cost about the same, which nothing run yet can refine when the
// shards start on separate machines. Groups go largest first to the least
// loaded shard (ties: the lower group index, then the lower shard), so the
// shards' totals differ by at most the largest group whatever the order of
// the groups (dealing them round-robin put every 4-cell group of the
// quickstart in one shard of two: 32 and 8 cells). The assignment depends
// only on the plan, so every shard of a run computes the same one.
func (p *Plan) Assign(n int, keep func(*Cell) bool) []int {
	shard := make([]int, p.Groups)
	size := make([]int, p.Groups)
	for _, c := range p.Cells {
		if keep(c) {
			size[c.Group]++
		}
	}
	order := make([]int, 0, p.Groups)
	for g, s := range size {
		if s > 0 {
			order = append(order, g)
		}
	}
	slices.SortStableFunc(order, func(a, b int) int { return size[b] - size[a] })
	load := make([]int, n+1)
	for _, g := range order {
		best := 1
		for i := 2; i <= n; i++ {
			if load[i] < load[best] {
				best = i
			}
		}
		shard[g] = best
		load[best] += size[g]
	}
	return shard
}

// NewPlan expands a config into cells; quick applies the quick overrides.
// It fails when the config makes the same cell twice, or when a matched
// method has no cell to match on some dataset (configs/README.md).
func NewPlan(c *config.Config, quick bool) (*Plan, error) {
	p := &Plan{Config: c, Quick: quick}
	byKey := map[string]*Cell{}
	for _, ds := range c.Datasets {
		reps := c.Repetitions
		if ds.Repetitions > 0 {
			reps = ds.Repetitions
		}
		if quick && c.Quick.Repetitions > 0 {
			reps = min(reps, c.Quick.Repetitions)
		}
		dsSettings := c.Settings(ds.Params, quick)
		var err error
		config.EachCombination(dsSettings, func(dp params.Params) bool {
			dataKey := dataKey(ds, dp)
			for _, prep := range ds.Preprocess {
				for rep := range reps {
					seed, _ := seed.Derive(c.Seed, "data|"+dataKey+"|rep="+strconv.Itoa(rep))
					in := &Instance{Index: len(p.Instances), Dataset: ds, Params: dp, Preprocess: prep, Rep: rep, DataKey: dataKey, Seed: seed}
					p.Instances = append(p.Instances, in)
					if err = p.addCells(c, in, quick, byKey); err != nil {
						return false
					}
				}
			}
			return true
		})
		if err != nil {
			return nil, err
		}
	}
	for _, m := range c.Methods {
		if m.Match == "" {
			continue
		}
		found := false
		for _, cell := range p.Cells {
			if cell.Method == m {
				found = true
				break
			}
		}
		if !found {
			return nil, fmt.Errorf("%s: line %d: method %s matches %s, but no %s cell runs on the same datasets", c.Path, m.Pos.Line, m.Label, m.Match, m.Match)
		}
	}
	p.shareFits()
	if quick && len(c.Quick.Params) > 0 {
		for _, m := range c.Methods {
			var err error
			config.EachCombination(c.Settings(m.Params, true), func(pp params.Params) bool {
				if m.Match != "" {
					pp["k"] = 1
				}
				if _, err = methods.New(m.Name, pp); err != nil {
					err = fmt.Errorf("%s: line %d: quick: %v", c.Path, m.Pos.Line, err)
				}
				return err == nil
			})
			if err != nil {
				return nil, err
			}
		}
	}
	return p, nil
}

// addCells appends the cells of one instance.
func (p *Plan) addCells(c *config.Config, in *Instance, quick bool, byKey map[string]*Cell) error {
	placed := map[string][]*Cell{} // method label -> cells on this instance
	done := make([]bool, len(c.Methods))
	for left := len(c.Methods); left > 0; {
		progress := false
		for mi, m := range c.Methods {
			if done[mi] || m.Match != "" && !labelPlaced(c, m.Match, done) {
				continue
			}
			done[mi], left, progress = true, left-1, true
			if len(m.Datasets) > 0 && !slices.Contains(m.Datasets, in.Dataset.Label) {
				continue
			}
			targets := []*Cell{nil}
			if m.Match != "" {
				targets = placed[m.Match]
			}
			for _, t := range targets {
				var err error
				config.EachCombination(c.Settings(m.Params, quick), func(mp params.Params) bool {
					cell := &Cell{Index: len(p.Cells), Instance: in, Method: m, Params: mp, Target: t}
					cell.methodKey = methodKey(m, mp)
					cell.Key = fmt.Sprintf("data=%s|prep=%s|rep=%d|method=%s", in.DataKey, in.Preprocess, in.Rep, cell.methodKey)
					if t != nil {
						cell.Key += "|match=" + t.methodKey
						cell.Group = t.Group
					} else {
						cell.Group = p.Groups
						p.Groups++
					}
					if prev, dup := byKey[cell.Key]; dup {
						err = fmt.Errorf("%s: line %d: method %s repeats the cell of the method at line %d (%s on %s): give it different parameters or remove it",
							c.Path, m.Pos.Line, m.Label, prev.Method.Pos.Line, m.Name, in.Dataset.Label)
						return false
					}
					byKey[cell.Key] = cell
					cell.Seed, cell.ID = seed.Derive(c.Seed, cell.Key)
					p.Cells = append(p.Cells, cell)
					placed[m.Label] = append(placed[m.Label], cell)
					return true
				})
				if err != nil {
					return err
				}
			}
		}
		if !progress {
			return fmt.Errorf("match rules cannot be ordered (a cycle?)")
		}
	}
	return nil
}

// shareFits finds the cells that can share one fit (SharedFit) and puts
// each such set in one shard group.
func (p *Plan) shareFits() {
	if !shareFits {
		return
	}
	byKey := map[string]*SharedFit{}
	var order []*SharedFit
	for _, cell := range p.Cells {
		key, ok := cell.sharedFitKey()
		if !ok {
			continue
		}
		sf := byKey[key]
		if sf == nil {
			sf = &SharedFit{Key: key}
			byKey[key] = sf
			order = append(order, sf)
		}
		sf.Cells = append(sf.Cells, cell)
	}
	remap := map[int]int{}
	for _, sf := range order {
		if len(sf.Cells) < 2 {
			continue
		}
		for _, cell := range sf.Cells {
			cell.Fit = sf
			if cell.Group != sf.Cells[0].Group {
				remap[cell.Group] = sf.Cells[0].Group
			}
		}
	}
	for _, cell := range p.Cells {
		if g, ok := remap[cell.Group]; ok {
			cell.Group = g // the cell and those matched to it
		}
	}
}

// shareFits is false only in the tests that compare shared fits with
// refitting every cell.
var shareFits = true

// sharedFitKey returns the key of the fit a cell can share with the cells
// that differ from it only in k: its key without k, when its method (with
// the cell's parameters) ranks independently of k, its k is set by the
// config (not matched) and its seed, if it has one, too.
func (cell *Cell) sharedFitKey() (string, bool) {
	if cell.Target != nil {
		return "", false
	}
	if _, ok := cell.Params["k"]; !ok {
		return "", false
	}
	if _, has := cell.Method.Spec.Param("seed"); has {
		if _, set := cell.Params["seed"]; !set {
			return "", false
		}
	}
	m, err := methods.New(cell.Method.Name, cell.fitParams())
	if err != nil || !methods.IgnoresK(m) {
		return "", false
	}
	in := cell.Instance
	mk := methodKey(cell.Method, cell.fitParams())
	return fmt.Sprintf("data=%s|prep=%s|rep=%d|method=%s", in.DataKey, in.Preprocess, in.Rep, mk), true
}

// fitParams are the parameters of a shared fit: the cell's, with k = 0.
func (cell *Cell) fitParams() params.Params {
	p := cell.Params.Clone()
	p["k"] = 0
	return p
}

// labelPlaced reports whether every method labelled label is placed.
func labelPlaced(c *config.Config, label string, done []bool) bool {
	for i, m := range c.Methods {
		if m.Label == label && !done[i] {
			return false
		}
	}
	return true
}

// dataKey describes the raw data of one dataset variant: its source and
// every parameter, defaults included, so that a changed default changes
// the key (and the cell is recomputed).
func dataKey(ds *config.DatasetSpec, set params.Params) string {
	return string(ds.Kind) + ":" + ds.Name + paramKey(ds.ParamDefs, set, nil)
}

// methodKey describes a method variant with every parameter, defaults
// included; a seed is included only when the config sets it (otherwise
// the cell's seed is used), and k not at all for a matched method.
func methodKey(m *config.MethodSpec, set params.Params) string {
	skip := map[string]bool{}
	if _, ok := set["seed"]; !ok {
		skip["seed"] = true
	}
	if m.Match != "" {
		skip["k"] = true
	}
	return m.Name + paramKey(m.Spec.Params, set, skip)
}

func paramKey(ps []params.Param, set params.Params, skip map[string]bool) string {
	vals := map[string]string{}
	for _, p := range ps {
		if !skip[p.Name] && !p.OmitDefault {
			vals[p.Name] = params.Format(p.Default)
		}
	}
	for k, v := range set {
		vals[k] = params.Format(v)
	}
	// A parameter that leaves keys alone at its default does so whether the
	// default is implied or written out.
	for _, p := range ps {
		if v, ok := vals[p.Name]; ok && p.OmitDefault && v == params.Format(p.Default) {
			delete(vals, p.Name)
		}
	}
	parts := make([]string, 0, len(vals))
	for _, k := range sortedKeys(vals) {
		parts = append(parts, k+"="+vals[k])
	}
	return "{" + strings.Join(parts, ",") + "}"
}

// methodParams returns the parameters a cell's method is built with.
func (cell *Cell) methodParams(k int) params.Params {
	p := cell.Params.Clone()
	if cell.Target != nil {
		p["k"] = k
	}
	if _, ok := p["seed"]; !ok {
		if _, has := cell.Method.Spec.Param("seed"); has {
			// 53 bits: parameters travel as float64-exact integers.
			p["seed"] = cell.Seed >> 11
		}
	}
	return p
}

// Describe is a short human description of the cell (progress, errors).
func (cell *Cell) Describe() string {
	in := cell.Instance
	var b strings.Builder
	b.WriteString(cell.Method.Label)
	if len(cell.Params) > 0 {
		b.WriteString("{" + formatParamsShort(cell.Params) + "}")
	}
	if cell.Target != nil {
		b.WriteString(" matched to " + cell.Target.Method.Label)
		if len(cell.Target.Params) > 0 {
			b.WriteString("{" + formatParamsShort(cell.Target.Params) + "}")
		}
	}
	b.WriteString(" on " + in.Dataset.Label)
	if len(in.Params) > 0 {
		b.WriteString("{" + formatParamsShort(in.Params) + "}")
	}
	if in.Preprocess != preprocess.None {
		b.WriteString(" " + string(in.Preprocess))
	}
	fmt.Fprintf(&b, " rep %d", in.Rep)
	return b.String()
}

func formatParamsShort(p params.Params) string {
	parts := make([]string, 0, len(p))
	for _, k := range sortedKeys(p) {
		parts = append(parts, k+"="+params.Format(p[k]))
	}
	return strings.Join(parts, ",")
}

// Summary is a one-line description of the plan's size.
func (p *Plan) Summary() string {
	c := p.Config
	var dv, mv int
	for _, ds := range c.Datasets {
		n := len(ds.Preprocess)
		for _, s := range c.Settings(ds.Params, p.Quick) {
			n *= len(s.Values)
		}
		dv += n
	}
	for _, m := range c.Methods {
		n := 1
		for _, s := range c.Settings(m.Params, p.Quick) {
			n *= len(s.Values)
		}
		mv += n
	}
	return fmt.Sprintf("%d cells: %d dataset variants x %d method variants x repetitions (%d data instances)", len(p.Cells), dv, mv, len(p.Instances))
}

// sortedKeys returns the keys of m in order.
func sortedKeys[V any](m map[string]V) []string {
	return slices.Sorted(maps.Keys(m))
}

// Records returns the cells of the plan that have a result (results[i] is
// the result of p.Cells[i], nil when there is none) as cells.jsonl holds
// them, in plan order.
func (p *Plan) Records(results []*Result) []*cells.Cell {
	var out []*cells.Cell
	protocol := ""
	if p.Config.Protocol != evaluate.AllRows {
		protocol = string(p.Config.Protocol)
	}
	for i, res := range results {
		if res == nil {
			continue
		}
		c := p.Cells[i]
		in := c.Instance
		out = append(out, &cells.Cell{
			ID: c.ID, Dataset: in.Dataset.Label, DatasetParams: in.Params, Preprocess: string(in.Preprocess), Protocol: protocol,
			Method: c.Method.Label, MethodName: c.Method.Name, MethodParams: c.Params, Match: c.Method.Match, K: res.K,
			Rep: in.Rep, Seed: c.Seed, Status: res.Status, Error: res.Error, NFeatures: res.NFeatures,
			Values: res.Values, Selected: res.Selected, Notes: res.Notes,
		})
	}
	return out
}
