// Package rank ranks the methods of an experiment on each dataset at a
// feature budget and averages the ranks over the datasets: the average
// ranks of the QMR-FS paper's Table 2 ("average ranks and standard
// deviations ... computed over the 6 datasets" at 40 % and 60 % of the
// features kept, #50 and #100 on Isolet), computed as the authors' code
// does (github.com/ciwanceylan/qmr-feature-selection,
// src/qmrfs/results/results_processing.py: filter_data_by_dim_ratio and
// _get_avg_rank).
//
// A method that ranks features is cut at fixed budgets, but QMR-FS keeps
// as many features as its tolerance leaves, so its cells rarely sit exactly
// at a budget. For each dataset the cells in a window around the budget are
// taken: the share of kept features within a relative tolerance of the
// budget, (1 - tol) p < x < (1 + tol) p with tol = 1 %, widened by 2 % at a
// time until every method has a cell in it; on a dataset whose budget is a
// number of features, c - w < x < c + w with w = 1, widened by 1. Each
// method's score is the mean over its cells in the window (all of them once
// the window is wide, e.g. QMR-FS at several thresholds), the methods are
// ranked by it (dense ranking: equal scores share a rank, the next rank
// follows; 1 is the highest score), and each method's ranks are averaged
// over the datasets, with their sample standard deviation (ddof 1, as
// pandas). The window is shared by every method of a dataset, so a baseline
// can be averaged over two neighbouring cuts when the window had to grow
// for QMR-FS.
//
// Package report renders these ranks as tables (a config table's rank: key)
// and package compare compares them with the published ones (rule stat
// avg_rank); both call Compute. The computation is a package of its own,
// importing nothing of the harness (it reads results through Cell), because
// neither of the two may import the other: a table statistic alone would
// leave the comparison without it, and a compare rule alone would leave the
// results' own tables without Table 2; this way the numbers in
// results/paper/<item>/tables and in the reproduction report are the same
// computation.
package rank

import (
	"fmt"
	"math"
	"slices"
	"strconv"
)

// Spec says what is ranked and where.
type Spec struct {
	// Score is the metric value ranked; higher is better.
	Score string
	// By is the value that measures the budget on most datasets, a share
	// of the features (selected_percent); At lists the budgets in its unit.
	By string
	At []float64
	// Counts gives, for the datasets whose budget is a number of features
	// (n_selected), one budget per entry of At.
	Counts map[string][]float64
}

// The windows (results_processing.py): a relative tolerance of 1 %, widened
// by 2 %; an absolute one of 1 feature, widened by 1.
const (
	relStart, relStep = 0.01, 0.02
	absStart, absStep = 1.0, 1.0
	countValue        = "n_selected"
)

// Entry is one method's rank on one dataset at one budget.
type Entry struct {
	Dataset, Method string
	Budget          int     // index in Spec.At
	Score           float64 // mean score of the method's cells in the window
	Cells           int     // how many
	Rank            float64 // dense rank on the dataset, 1 = highest score
	// Window is the half-width the window grew to: a relative tolerance
	// (0.01, 0.03, ...) or a number of features (1, 2, ...).
	Window float64
}

// Summary is one method's ranks at one budget over the datasets.
type Summary struct {
	Method   string
	Budget   int
	Mean, SD float64 // SD with ddof 1; NaN for one dataset
	N        int     // datasets
}

// Validate checks a spec.
func (s Spec) Validate() error {
	if s.Score == "" || s.By == "" {
		return fmt.Errorf("rank: name the score and the value that measures the budget (by)")
	}
	if len(s.At) == 0 {
		return fmt.Errorf("rank: give at least one budget (at)")
	}
	for _, a := range s.At {
		if !(a > 0) || math.IsInf(a, 0) {
			return fmt.Errorf("rank: budget %v: want a positive number", a)
		}
	}
	for ds, c := range s.Counts {
		if len(c) != len(s.At) {
			return fmt.Errorf("rank: counts of %s: %d budgets, want one per entry of at (%d)", ds, len(c), len(s.At))
		}
		for _, a := range c {
			if !(a > 0) || math.IsInf(a, 0) {
				return fmt.Errorf("rank: counts of %s: %v: want a positive number of features", ds, a)
			}
		}
	}
	return nil
}

// Label is the text of budget i: its value in At ("40").
func (s Spec) Label(i int) string { return strconv.FormatFloat(s.At[i], 'g', -1, 64) }

// Cell is what Compute reads of a result cell (*cells.Cell has these
// methods; the interface keeps this package, which config imports for
// Spec, apart from the results schema): whether it succeeded, its
// attributes "dataset" and "method", and its metric values.
type Cell interface {
	OK() bool
	Attr(name string) (string, bool)
	Value(name string) (float64, bool)
}

func attr[C Cell](c C, name string) string {
	v, _ := c.Attr(name)
	return v
}

// Compute ranks the methods of the successful cells cs (in their order of
// first appearance) on every dataset at every budget. A cell without the
// score or the budget value is ignored; a method with no cell left in a
// dataset's window once it covers all the dataset's cells is not ranked
// there, and a note says so.
func Compute[C Cell](cs []C, s Spec) ([]Entry, []string, error) {
	if err := s.Validate(); err != nil {
		return nil, nil, err
	}
	var datasets []string
	byDataset := map[string][]C{}
	for _, c := range cs {
		if !c.OK() {
			continue
		}
		if y, ok := c.Value(s.Score); !ok || math.IsNaN(y) {
			continue
		}
		ds := attr(c, "dataset")
		if _, ok := byDataset[ds]; !ok {
			datasets = append(datasets, ds)
		}
		byDataset[ds] = append(byDataset[ds], c)
	}
	var out []Entry
	var notes []string
	for _, ds := range datasets {
		dcs := byDataset[ds]
		var methods []string
		for _, c := range dcs {
			if m := attr(c, "method"); !slices.Contains(methods, m) {
				methods = append(methods, m)
			}
		}
		for b := range s.At {
			value, target, relative := s.By, s.At[b], true
			if counts, ok := s.Counts[ds]; ok {
				value, target, relative = countValue, counts[b], false
			}
			es, missing := window(dcs, methods, s.Score, value, target, relative)
			for i := range es {
				es[i].Dataset, es[i].Budget = ds, b
			}
			denseRank(es)
			out = append(out, es...)
			for _, m := range missing {
				notes = append(notes, fmt.Sprintf("%s has no cell with %s on %s: not ranked at %s", m, value, ds, s.Label(b)))
			}
		}
	}
	return out, notes, nil
}

// window widens the window around target until every method has a cell in
// it (or it holds every cell) and returns each method's mean score in it,
// and the methods without a cell.
func window[C Cell](cs []C, methods []string, score, value string, target float64, relative bool) ([]Entry, []string) {
	xs := make([]float64, len(cs))
	ok := make([]bool, len(cs))
	for i, c := range cs {
		x, has := c.Value(value)
		xs[i], ok[i] = x, has && !math.IsNaN(x)
	}
	w, step := absStart, absStep
	if relative {
		w, step = relStart, relStep
	}
	for {
		lo, hi := target-w, target+w
		if relative {
			lo, hi = (1-w)*target, (1+w)*target
		}
		sum := map[string]float64{}
		n := map[string]int{}
		all := true
		for i, c := range cs {
			if !ok[i] {
				continue
			}
			if xs[i] > lo && xs[i] < hi {
				y, _ := c.Value(score)
				m := attr(c, "method")
				sum[m] += y
				n[m]++
			} else {
				all = false
			}
		}
		var missing []string
		for _, m := range methods {
			if n[m] == 0 {
				missing = append(missing, m)
			}
		}
		if len(missing) == 0 || all {
			var es []Entry
			for _, m := range methods {
				if n[m] > 0 {
					es = append(es, Entry{Method: m, Score: sum[m] / float64(n[m]), Cells: n[m], Window: w})
				}
			}
			return es, missing
		}
		w += step
	}
}

// denseRank sets the ranks of one dataset's entries: 1 for the highest
// score, equal scores one rank, the next rank following (pandas'
// rank(method='dense', ascending=False)).
func denseRank(es []Entry) {
	scores := make([]float64, 0, len(es))
	for _, e := range es {
		scores = append(scores, e.Score)
	}
	slices.Sort(scores)
	scores = slices.Compact(scores)
	slices.Reverse(scores)
	for i := range es {
		es[i].Rank = float64(slices.Index(scores, es[i].Score) + 1)
	}
}

// Average summarizes the entries per method and budget over the datasets,
// methods in their order of first appearance.
func Average(es []Entry) []Summary {
	type key struct {
		m string
		b int
	}
	ranks := map[key][]float64{}
	var order []key
	for _, e := range es {
		k := key{e.Method, e.Budget}
		if _, ok := ranks[k]; !ok {
			order = append(order, k)
		}
		ranks[k] = append(ranks[k], e.Rank)
	}
	out := make([]Summary, 0, len(order))
	for _, k := range order {
		rs := ranks[k]
		s := Summary{Method: k.m, Budget: k.b, N: len(rs), SD: math.NaN()}
		for _, r := range rs {
			s.Mean += r
		}
		s.Mean /= float64(len(rs))
		if len(rs) > 1 {
			var ss float64
			for _, r := range rs {
				ss += (r - s.Mean) * (r - s.Mean)
			}
			s.SD = math.Sqrt(ss / float64(len(rs)-1))
		}
		out = append(out, s)
	}
	return out
}
