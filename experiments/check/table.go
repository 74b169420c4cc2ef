package check

import (
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"
	"text/tabwriter"
	"time"
)

// WriteTable writes the comparison: for every config a table with one row
// per metric (dataset, method, metric, golden, now, difference, tolerance,
// result), then a summary line and the rows that did not pass.
func (r *Report) WriteTable(w io.Writer) {
	for _, c := range r.Configs {
		if len(c.Rows) == 0 {
			continue
		}
		fmt.Fprintf(w, "\n%s: %s against %s (%d cells in %s)\n", c.Name, c.Config, c.Golden, c.Cells, c.Elapsed.Round(10*time.Millisecond))
		tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
		fmt.Fprintln(tw, "DATASET\tMETHOD\tMETRIC\tGOLDEN\tNOW\tDIFF\tTOLERANCE\tRESULT")
		for _, row := range c.Rows {
			res := string(row.Status)
			if row.Status != Pass {
				res = "<<< " + res
				if row.Note != "" {
					res += ": " + row.Note
				}
			}
			fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n", dataset(row.Key), row.Method, row.Metric,
				num(row.Golden, row.HasGolden), num(row.Now, row.HasNow), diffText(row), tolText(row), res)
		}
		tw.Flush()
	}
	n := r.Counts()
	total := 0
	for _, k := range n {
		total += k
	}
	fmt.Fprintf(w, "\ngsbench check: %d configs, %d metrics: %d PASS, %d FAIL", len(r.Configs), total, n[Pass], n[Fail])
	for _, s := range []Status{Missing, New, NoTol} {
		if n[s] > 0 {
			fmt.Fprintf(w, ", %d %s", n[s], s)
		}
	}
	fmt.Fprintf(w, " (%s)\n", r.Elapsed.Round(100*time.Millisecond))
	for _, c := range r.Configs {
		for _, row := range c.Rows {
			if row.Status == Fail {
				fmt.Fprintf(w, "FAIL %s: %s: golden %s, now %s, difference %s, tolerance %s", c.Name, row.Key, num(row.Golden, true), num(row.Now, true), diffText(row), tolText(row))
				if row.Note != "" {
					fmt.Fprintf(w, " (%s)", row.Note)
				}
				fmt.Fprintln(w)
			}
		}
	}
}

// WriteUpdate writes what Update changed, in a form for the commit
// message.
func (r *Report) WriteUpdate(w io.Writer) {
	fmt.Fprintf(w, "gsbench check --update: golden results in %s\n", r.Golden)
	if len(r.Added) > 0 {
		fmt.Fprintf(w, "%s: added the default tolerance of %s (review it)\n", r.Tolerances.Path, strings.Join(r.Added, ", "))
	}
	for _, c := range r.Configs {
		u := c.Update
		if u == nil {
			continue
		}
		switch {
		case u.Created:
			fmt.Fprintf(w, "%s: created %s with %d metrics", c.Name, u.Path, u.Metrics)
			if u.Note != "" {
				fmt.Fprintf(w, " (%s)", u.Note)
			}
			fmt.Fprintln(w)
			continue
		case len(u.Changes) == 0:
			fmt.Fprintf(w, "%s: %s unchanged (%d metrics)\n", c.Name, u.Path, u.Metrics)
			continue
		}
		var changed, added, removed int
		for _, ch := range u.Changes {
			switch {
			case ch.Old == nil:
				added++
			case ch.New == nil:
				removed++
			default:
				changed++
			}
		}
		fmt.Fprintf(w, "%s: %s: %d changed, %d added, %d removed\n", c.Name, u.Path, changed, added, removed)
		for _, ch := range u.Changes {
			switch {
			case ch.Old == nil:
				fmt.Fprintf(w, "  + %s: %s\n", ch.Key, valueCells(*ch.New))
			case ch.New == nil:
				fmt.Fprintf(w, "  - %s: %s\n", ch.Key, valueCells(*ch.Old))
			default:
				d := ch.New.Value - ch.Old.Value
				verdict := "within tolerance " + ch.Tol.String()
				switch {
				case ch.Old.Cells != ch.New.Cells:
					verdict = "another number of cells"
				case !ch.Tol.Within(ch.Old.Value, ch.New.Value):
					verdict = "beyond tolerance " + ch.Tol.String()
				}
				fmt.Fprintf(w, "  ~ %s: %s -> %s (%s; %s)\n", ch.Key, valueCells(*ch.Old), valueCells(*ch.New), plus(d), verdict)
			}
		}
	}
}

func valueCells(m Metric) string {
	s := num(m.Value, true)
	if m.Cells != 1 {
		s += fmt.Sprintf(" (%d cells)", m.Cells)
	}
	return s
}

func dataset(k Key) string {
	if k.Preprocess == "" || k.Preprocess == "none" {
		return k.Dataset
	}
	return k.Dataset + " (" + k.Preprocess + ")"
}

// num prints a value with 6 significant digits ("—" when absent).
func num(v float64, ok bool) string {
	if !ok {
		return "—"
	}
	return strconv.FormatFloat(v, 'g', 6, 64)
}

func signed(d float64) string {
	if d == 0 {
		return "0"
	}
	return strconv.FormatFloat(d, 'g', 3, 64)
}

// plus is signed with an explicit + for a positive difference.
func plus(d float64) string {
	if d > 0 {
		return "+" + signed(d)
	}
	return signed(d)
}

func diffText(r Row) string {
	if !r.HasGolden || !r.HasNow {
		return "—"
	}
	d := r.Diff()
	if math.IsNaN(d) {
		return "—"
	}
	return plus(d)
}

func tolText(r Row) string {
	if r.Status == NoTol {
		return "—"
	}
	return r.Tol.String()
}
