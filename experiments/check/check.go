package check

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"time"

	"github.com/gsbench/gsbench/experiments"
	"github.com/gsbench/gsbench/experiments/config"
	"github.com/gsbench/gsbench/experiments/metric"
	"github.com/gsbench/gsbench/experiments/run"
)

// Options controls Run.
type Options struct {
	// Configs are the experiment configs to check (paths).
	Configs []string
	// Golden is the golden directory: tolerances.csv and NAME.csv per config.
	Golden string
	// Update rewrites the golden files (and adds missing kinds to
	// tolerances.csv) instead of comparing.
	Update bool
	// Out, when set, keeps the runs in Out/NAME (every cell is recomputed
	// all the same); otherwise they go to a temporary directory that is
	// removed.
	Out string
	// Quick checks the configs' quick variants (golden files NAME-quick.csv).
	Quick bool
	// Jobs, DataDir and Progress are passed to the harness.
	Jobs     int
	DataDir  string
	Progress func(run.Progress)
	// Log, when set, receives a line as each config starts and finishes.
	Log io.Writer
	// Command is recorded in the runs' run.json.
	Command []string
}

// ConfigResult is the check of one config.
type ConfigResult struct {
	Config  string // path
	Name    string // config name (+ "-quick")
	Golden  string // golden file
	Cells   int    // cells computed
	Elapsed time.Duration
	Metrics []Metric    // computed by the run
	Rows    []Row       // the comparison (not with Update)
	Failed  []CellError // cells of the run that failed
	Errs    []error     // what prevented (part of) the check
	Update  *Update     // with Update
}

// Update is what --update changed in one golden file.
type Update struct {
	Path    string
	Created bool // there was no golden file (or it could not be read: Note says why)
	Note    string
	Written bool     // the file was written
	Metrics int      // metrics in the new file
	Changes []Change // differences from the old file (none when Created)
}

// Change is one difference between the old and the new golden file.
type Change struct {
	Key
	Old, New *Metric // Old nil: added; New nil: removed
	Tol      Tolerance
}

// Report is the outcome of Run.
type Report struct {
	Golden     string
	Configs    []*ConfigResult
	Tolerances *Tolerances
	Added      []string // kinds Update added to tolerances.csv
	Errs       []error  // errors not tied to one config
	Elapsed    time.Duration
	Update     bool
}

// Counts returns the number of rows of each status.
func (r *Report) Counts() map[Status]int {
	n := map[Status]int{}
	for _, c := range r.Configs {
		for _, row := range c.Rows {
			n[row.Status]++
		}
	}
	return n
}

// Failed reports whether some metric moved beyond its tolerance.
func (r *Report) Failed() bool { return r.Counts()[Fail] > 0 }

// Err joins every error: configs that could not run, failed cells, missing
// or malformed golden files, metrics missing from the run or the golden
// file, kinds without a tolerance. Nil when the check could be made in full.
func (r *Report) Err() error {
	errs := append([]error{}, r.Errs...)
	for _, c := range r.Configs {
		errs = append(errs, c.Errs...)
		if len(c.Failed) > 0 {
			f := c.Failed[0]
			more := ""
			if len(c.Failed) > 1 {
				more = fmt.Sprintf(" (and %d more)", len(c.Failed)-1)
			}
			errs = append(errs, fmt.Errorf("%s: %d cells failed, so their metrics are missing; e.g. %s: %s%s", c.Name, len(c.Failed), f.What, f.Error, more))
		}
		var miss, extra, notol []string
		for _, row := range c.Rows {
			switch row.Status {
			case Missing:
				miss = append(miss, row.Key.String())
			case New:
				extra = append(extra, row.Key.String())
			case NoTol:
				if !slices.Contains(notol, row.Metric) {
					notol = append(notol, row.Metric)
				}
			}
		}
		if len(miss) > 0 {
			errs = append(errs, fmt.Errorf("%s: %d metrics of %s were not produced by the run: %s; if the config or the method changed on purpose, run gsbench check --update and commit the new golden file", c.Name, len(miss), c.Golden, list(miss)))
		}
		if len(extra) > 0 {
			errs = append(errs, fmt.Errorf("%s: the run produced %d metrics that %s does not have: %s; if the config changed on purpose, run gsbench check --update and commit the new golden file", c.Name, len(extra), c.Golden, list(extra)))
		}
		if len(notol) > 0 {
			errs = append(errs, fmt.Errorf("%s: no tolerance for %s in %s: add a row (metric,tolerance,note), or run gsbench check --update to add the defaults", c.Name, strings.Join(notol, ", "), r.Tolerances.Path))
		}
	}
	return errors.Join(errs...)
}

func list(xs []string) string {
	if len(xs) > 5 {
		return strings.Join(xs[:5], "; ") + fmt.Sprintf("; ... (%d in all)", len(xs))
	}
	return strings.Join(xs, "; ")
}

// Run checks the configs against the golden directory, or with
// opt.Update rewrites the golden files. It returns an error only when
// nothing could be checked (a config that does not load, a missing or
// malformed tolerances.csv); everything else is in the report (Err,
// Failed).
func Run(ctx context.Context, opt Options) (*Report, error) {
	start := time.Now()
	if len(opt.Configs) == 0 {
		return nil, fmt.Errorf("no configs to check")
	}
	if opt.Golden == "" {
		return nil, fmt.Errorf("no golden directory given")
	}
	// Load every config first: a typo in the last should not wait for the first to run.
	var cfgs []*config.Config
	names := map[string]string{}
	for _, path := range opt.Configs {
		c, err := experiments.Load(path)
		if err != nil {
			return nil, err
		}
		if prev, dup := names[c.Name]; dup {
			return nil, fmt.Errorf("%s and %s are both named %s: the golden file is named after the config, so names must differ", prev, path, c.Name)
		}
		names[c.Name] = path
		cfgs = append(cfgs, c)
	}
	rep := &Report{Golden: opt.Golden, Update: opt.Update}
	if fi, err := os.Stat(opt.Golden); err != nil || !fi.IsDir() {
		if !opt.Update {
			return nil, fmt.Errorf("golden directory %s does not exist: create it with gsbench check --update (then review and commit it)", opt.Golden)
		}
	}
	tol, err := ReadTolerances(opt.Golden)
	switch {
	case err == nil:
	case opt.Update && errors.Is(err, fs.ErrNotExist):
		tol = &Tolerances{Path: filepath.Join(opt.Golden, ToleranceFile), By: map[string]Tolerance{}}
	default:
		return nil, err
	}
	rep.Tolerances = tol

	scratch := opt.Out
	if scratch == "" {
		if scratch, err = os.MkdirTemp("", "gsbench-check-"); err != nil {
			return nil, err
		}
		defer os.RemoveAll(scratch)
	}
	for _, c := range cfgs {
		if ctx.Err() != nil {
			return rep, ctx.Err()
		}
		cr := checkConfig(ctx, c, opt, scratch, tol)
		rep.Configs = append(rep.Configs, cr)
		if ctx.Err() != nil {
			rep.Elapsed = time.Since(start)
			return rep, ctx.Err()
		}
	}
	if opt.Update {
		update(rep, opt, tol)
	}
	rep.Elapsed = time.Since(start)
	return rep, nil
}

func checkConfig(ctx context.Context, c *config.Config, opt Options, scratch string, tol *Tolerances) *ConfigResult {
	name := c.Name
	if opt.Quick {
		name += "-quick"
	}
	cr := &ConfigResult{Config: c.Path, Name: name, Golden: GoldenPath(opt.Golden, name)}
	var golden []Metric
	if !opt.Update {
		var err error
		golden, err = ReadGolden(cr.Golden)
		if errors.Is(err, fs.ErrNotExist) {
			cr.Errs = append(cr.Errs, fmt.Errorf("%s: no golden file %s: run gsbench check --update %s to create it, then review and commit it", name, cr.Golden, c.Path))
			return cr
		}
		if err != nil {
			cr.Errs = append(cr.Errs, fmt.Errorf("%s: %w", name, err))
			return cr
		}
	}
	start := time.Now()
	if opt.Log != nil {
		fmt.Fprintf(opt.Log, "check: running %s (%s)\n", name, c.Path)
	}
	dir := filepath.Join(scratch, name)
	sum, err := experiments.Run(ctx, c, run.Options{
		Dir: dir, Fresh: true, Quick: opt.Quick, Jobs: opt.Jobs, DataDir: opt.DataDir,
		Progress: opt.Progress, Command: opt.Command,
	})
	cr.Elapsed = time.Since(start)
	if sum != nil {
		cr.Cells = sum.Ran
	}
	if opt.Log != nil {
		fmt.Fprintf(opt.Log, "check: %s: %d cells computed in %s\n", name, cr.Cells, cr.Elapsed.Round(10*time.Millisecond))
	}
	switch {
	case ctx.Err() != nil:
		return cr
	case err != nil && !errors.Is(err, run.ErrCellsFailed):
		cr.Errs = append(cr.Errs, fmt.Errorf("%s: %w", name, err))
		return cr
	}
	now, failed, err := Collect(dir, c, opt.Quick)
	if err != nil {
		cr.Errs = append(cr.Errs, fmt.Errorf("%s: reading the run: %w", name, err))
		return cr
	}
	cr.Metrics, cr.Failed = now, failed
	if opt.Update {
		return cr
	}
	cr.Rows = Compare(golden, now, tol)
	return cr
}

// update adds the missing kinds to tolerances.csv and rewrites the golden
// file of every config whose run had no failed cells.
func update(rep *Report, opt Options, tol *Tolerances) {
	for _, cr := range rep.Configs {
		for _, m := range cr.Metrics {
			if _, ok := tol.Lookup(m.Metric); !ok {
				if k := kindOf(m.Metric); !slices.Contains(rep.Added, k) {
					rep.Added = append(rep.Added, k)
				}
			}
		}
	}
	// New kinds go in the order gsbench list metrics shows them.
	var order []string
	for _, m := range metric.All() {
		for _, v := range m.Values {
			order = append(order, kindOf(v))
		}
	}
	sort.SliceStable(rep.Added, func(i, j int) bool { return rank(order, rep.Added[i]) < rank(order, rep.Added[j]) })
	for _, k := range rep.Added {
		tol.add(k, defaultTolerance(k))
	}
	if err := os.MkdirAll(opt.Golden, 0o755); err != nil {
		rep.Errs = append(rep.Errs, err)
		return
	}
	if len(rep.Added) > 0 {
		if err := os.WriteFile(tol.Path, formatTolerances(tol), 0o644); err != nil {
			rep.Errs = append(rep.Errs, err)
			return
		}
	}
	for _, cr := range rep.Configs {
		if cr.Metrics == nil && len(cr.Errs) > 0 {
			continue // the run did not happen; the error says why
		}
		if len(cr.Failed) > 0 {
			cr.Errs = append(cr.Errs, fmt.Errorf("%s: not updating %s: cells failed", cr.Name, cr.Golden))
			continue
		}
		var keep []Metric
		for _, m := range cr.Metrics {
			if t, _ := tol.Lookup(m.Metric); !t.Skip {
				keep = append(keep, m)
			}
		}
		u := &Update{Path: cr.Golden, Metrics: len(keep)}
		cr.Update = u
		old, err := ReadGolden(cr.Golden)
		switch {
		case errors.Is(err, fs.ErrNotExist):
			u.Created = true
		case err != nil:
			u.Created, u.Note = true, "replaces an unreadable file: "+err.Error()
		default:
			u.Changes = diff(old, keep, tol)
		}
		data := formatGolden(keep)
		if prev, err := os.ReadFile(cr.Golden); err == nil && bytes.Equal(prev, data) {
			continue
		}
		if err := os.WriteFile(cr.Golden, data, 0o644); err != nil {
			cr.Errs = append(cr.Errs, err)
			continue
		}
		u.Written = true
	}
}

// diff lists the metrics that changed, were added or were removed.
func diff(old, now []Metric, tol *Tolerances) []Change {
	prev := map[Key]Metric{}
	for _, m := range old {
		prev[m.Key] = m
	}
	var out []Change
	seen := map[Key]bool{}
	for i := range now {
		m := now[i]
		seen[m.Key] = true
		t, _ := tol.Lookup(m.Metric)
		o, ok := prev[m.Key]
		switch {
		case !ok:
			out = append(out, Change{Key: m.Key, New: &m, Tol: t})
		case o.Cells != m.Cells || formatValue(o.Value) != formatValue(m.Value):
			out = append(out, Change{Key: m.Key, Old: &o, New: &m, Tol: t})
		}
	}
	for i := range old {
		if o := old[i]; !seen[o.Key] {
			t, _ := tol.Lookup(o.Metric)
			out = append(out, Change{Key: o.Key, Old: &o, Tol: t})
		}
	}
	return out
}
