package check

import (
	"fmt"
)

// Status is the outcome of one metric.
type Status string

// The statuses of a row.
const (
	Pass    Status = "PASS"    // within tolerance of the golden value
	Fail    Status = "FAIL"    // beyond tolerance (or averaged over another number of cells)
	Missing Status = "MISSING" // in the golden file, not produced by the run
	New     Status = "NEW"     // produced by the run, not in the golden file
	NoTol   Status = "NO-TOL"  // its kind has no tolerance in tolerances.csv
)

// Row is one metric compared with its golden value.
type Row struct {
	Key
	Golden, Now           float64
	HasGolden, HasNow     bool
	GoldenCells, NowCells int
	GoldenLine            int
	Tol                   Tolerance
	Status                Status
	Note                  string
}

// Diff is now - golden.
func (r Row) Diff() float64 { return r.Now - r.Golden }

// Compare matches computed metrics with golden ones by key. Kinds whose
// tolerance is skip are left out; the rows come in the order of the
// computed metrics, then the golden metrics that were not computed.
func Compare(golden, now []Metric, tol *Tolerances) []Row {
	skip := func(kind string) bool {
		t, ok := tol.Lookup(kind)
		return ok && t.Skip
	}
	gold := map[Key]Metric{}
	for _, g := range golden {
		if !skip(g.Metric) {
			gold[g.Key] = g
		}
	}
	var rows []Row
	seen := map[Key]bool{}
	for _, m := range now {
		if skip(m.Metric) {
			continue
		}
		seen[m.Key] = true
		r := Row{Key: m.Key, Now: m.Value, HasNow: true, NowCells: m.Cells}
		if g, ok := gold[m.Key]; ok {
			r.Golden, r.HasGolden, r.GoldenCells, r.GoldenLine = g.Value, true, g.Cells, g.Line
		}
		rows = append(rows, judge(r, tol))
	}
	for _, g := range golden {
		if !seen[g.Key] && !skip(g.Metric) {
			rows = append(rows, judge(Row{Key: g.Key, Golden: g.Value, HasGolden: true, GoldenCells: g.Cells, GoldenLine: g.Line}, tol))
		}
	}
	return rows
}

func judge(r Row, tol *Tolerances) Row {
	t, ok := tol.Lookup(r.Metric)
	r.Tol = t
	switch {
	case !r.HasNow:
		r.Status, r.Note = Missing, fmt.Sprintf("golden file line %d; the run did not produce it", r.GoldenLine)
	case !r.HasGolden:
		r.Status, r.Note = New, "the run produced it; the golden file does not have it"
	case !ok:
		r.Status, r.Note = NoTol, fmt.Sprintf("no tolerance for %s in %s", r.Metric, tol.Path)
	case r.NowCells != r.GoldenCells:
		r.Status, r.Note = Fail, fmt.Sprintf("mean of %d cells; golden: of %d", r.NowCells, r.GoldenCells)
	case t.Within(r.Golden, r.Now):
		r.Status = Pass
	default:
		r.Status = Fail
	}
	return r
}
