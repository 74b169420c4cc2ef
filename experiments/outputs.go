package experiments

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"slices"
	"strings"
	"time"

	"github.com/gsbench/gsbench/experiments/cells"
	"github.com/gsbench/gsbench/experiments/config"
	"github.com/gsbench/gsbench/experiments/internal/fsutil"
	"github.com/gsbench/gsbench/experiments/report"
)

// render writes every output of a plan from its cell results (package
// report).
func render(dir string, p *Plan, results []*CellResult) error {
	return report.Render(dir, report.Results{Config: p.Config, Quick: p.Quick, Plan: p.Summary(), Cells: cellRecords(p, results)})
}

// cellRecords returns the cells that have a result, as cells.jsonl holds
// them, in plan order.
func cellRecords(p *Plan, results []*CellResult) []*cells.Cell {
	var out []*cells.Cell
	for i, res := range results {
		if res == nil {
			continue
		}
		c := p.Cells[i]
		in := c.Instance
		out = append(out, &cells.Cell{
			ID: c.ID, Dataset: in.Dataset.Label, DatasetParams: in.Params, Preprocess: string(in.Preprocess),
			Method: c.Method.Label, MethodName: c.Method.Name, MethodParams: c.Params, Match: c.Method.Match, K: res.K,
			Rep: in.Rep, Seed: c.Seed, Status: res.Status, Error: res.Error, NFeatures: res.NFeatures,
			Values: res.Values, Selected: res.Selected, Notes: res.Notes,
		})
	}
	return out
}

// RunInfo is run.json: where results came from.
type RunInfo struct {
	Config        string             `json:"config"`
	ConfigSHA256  string             `json:"config_sha256"`
	Name          string             `json:"name"`
	Quick         bool               `json:"quick"`
	Seed          uint64             `json:"seed"`
	Command       []string           `json:"command,omitempty"`
	GitRevision   string             `json:"git_revision,omitempty"`
	GitDirty      bool               `json:"git_dirty,omitempty"`
	GoVersion     string             `json:"go_version"`
	OS            string             `json:"os"`
	GOMAXPROCS    int                `json:"gomaxprocs"`
	Jobs          int                `json:"jobs,omitempty"`
	Hostname      string             `json:"hostname,omitempty"`
	Shard         string             `json:"shard"`
	Start         time.Time          `json:"start"`
	End           time.Time          `json:"end"`
	Cells         CellCounts         `json:"cells"`
	MethodSeconds map[string]float64 `json:"method_seconds"` // summed Fit wall time by method label
	CellSeconds   float64            `json:"cell_seconds"`   // summed wall time of every cell (fit, data, metrics)
	Failures      []Failure          `json:"failures,omitempty"`
	Shards        []RunInfo          `json:"shards,omitempty"`
}

// CellCounts counts the cells of a run.
type CellCounts struct {
	Total   int `json:"total"`    // in the plan
	InShard int `json:"in_shard"` // run by this invocation's shard
	Resumed int `json:"resumed"`
	Ran     int `json:"ran"`
	Failed  int `json:"failed"`
	Missing int `json:"missing"`
}

func (r *runner) runInfo(sum *Summary, start time.Time) *RunInfo {
	c := r.plan.Config
	host, _ := os.Hostname()
	sortFailures(r.plan, sum.Failed)
	info := &RunInfo{
		Config: c.Path, ConfigSHA256: c.Hash, Name: c.Name, Quick: r.plan.Quick, Seed: c.Seed, Command: r.opt.Command,
		GoVersion: runtime.Version(), OS: runtime.GOOS + "/" + runtime.GOARCH, GOMAXPROCS: runtime.GOMAXPROCS(0),
		Jobs: r.jobs, Hostname: host, Shard: r.opt.Shard.String(), Start: start.UTC().Round(time.Millisecond),
		End:      time.Now().UTC().Round(time.Millisecond),
		Cells:    CellCounts{Total: sum.Total, InShard: sum.InShard, Resumed: sum.Resumed, Ran: sum.Ran, Failed: len(sum.Failed), Missing: sum.Missing},
		Failures: sum.Failed,
	}
	info.GitRevision, info.GitDirty = gitRevision(c.Path)
	info.MethodSeconds, info.CellSeconds = methodSeconds(r.plan, r.results)
	return info
}

func methodSeconds(p *Plan, results []*CellResult) (map[string]float64, float64) {
	out := map[string]float64{}
	var total float64
	for i, res := range results {
		if res != nil {
			out[p.Cells[i].Method.Label] += res.FitSeconds
			total += res.Seconds
		}
	}
	return out, total
}

// gitRevision returns the commit of the checkout holding path (from the
// build information, or git itself) and whether the checkout has changes.
func gitRevision(path string) (string, bool) {
	if bi, ok := debug.ReadBuildInfo(); ok {
		var rev string
		var dirty bool
		for _, s := range bi.Settings {
			switch s.Key {
			case "vcs.revision":
				rev = s.Value
			case "vcs.modified":
				dirty = s.Value == "true"
			}
		}
		if rev != "" {
			return rev, dirty
		}
	}
	dir := "."
	if path != "" {
		dir = filepath.Dir(path)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Second)
	defer cancel()
	out, err := exec.CommandContext(ctx, "git", "-C", dir, "rev-parse", "HEAD").Output()
	if err != nil {
		return "", false
	}
	st, _ := exec.CommandContext(ctx, "git", "-C", dir, "status", "--porcelain", "--untracked-files=no").Output()
	return strings.TrimSpace(string(out)), len(bytes.TrimSpace(st)) > 0
}

func writeJSON(path string, v any) error {
	b, err := json.MarshalIndent(v, "", "  ")
	if err != nil {
		return err
	}
	return fsutil.WriteAtomic(path, append(b, '\n'))
}

// mergeRunInfos combines the shard records in dir/runs into one run.json.
func mergeRunInfos(dir string, p *Plan, results []*CellResult) *RunInfo {
	c := p.Config
	info := &RunInfo{Config: c.Path, ConfigSHA256: c.Hash, Name: c.Name, Quick: p.Quick, Seed: c.Seed,
		GoVersion: runtime.Version(), OS: runtime.GOOS + "/" + runtime.GOARCH, GOMAXPROCS: runtime.GOMAXPROCS(0), Shard: "merged"}
	entries, _ := filepath.Glob(filepath.Join(dir, "runs", "*.json"))
	slices.Sort(entries)
	for _, e := range entries {
		b, err := os.ReadFile(e)
		if err != nil {
			continue
		}
		var s RunInfo
		if json.Unmarshal(b, &s) != nil {
			continue
		}
		s.Shards = nil
		info.Shards = append(info.Shards, s)
		if info.Start.IsZero() || s.Start.Before(info.Start) {
			info.Start = s.Start
		}
		if s.End.After(info.End) {
			info.End = s.End
		}
		if info.GitRevision == "" {
			info.GitRevision, info.GitDirty = s.GitRevision, s.GitDirty
		}
		info.Cells.Ran += s.Cells.Ran
		info.Cells.Resumed += s.Cells.Resumed
	}
	info.Cells.Total = len(p.Cells)
	for i, r := range results {
		switch {
		case r == nil:
			info.Cells.Missing++
		case r.Status != StatusOK:
			info.Cells.Failed++
			info.Failures = append(info.Failures, Failure{Cell: r.ID, What: p.Cells[i].Describe(), Error: r.Error})
		}
	}
	info.MethodSeconds, info.CellSeconds = methodSeconds(p, results)
	return info
}

// ReportOptions controls Report.
type ReportOptions struct {
	// Config, when set, replaces the config stored in the results directory
	// (e.g. to lay out the tables differently; cells are found by key).
	Config *config.Config
	// Quick selects the quick plan; nil reads it from run.json.
	Quick *bool
}

// ReportSummary says what Report found.
type ReportSummary struct {
	Plan    *Plan
	Total   int
	Missing int
	Failed  int
}

// Report re-renders the tables, figures, cells.csv and cells.jsonl of a
// results directory from its stored cells, without computing anything.
// Cells without a result are left out of the outputs and counted.
func Report(dir string, opt ReportOptions) (*ReportSummary, error) {
	c := opt.Config
	if c == nil {
		var err error
		if c, err = loadStoredConfig(dir); err != nil {
			return nil, err
		}
	}
	quick := false
	if opt.Quick != nil {
		quick = *opt.Quick
	} else {
		quick = storedQuick(dir)
	}
	p, err := NewPlan(c, quick)
	if err != nil {
		return nil, err
	}
	results, err := loadResults(dir, p)
	if err != nil {
		return nil, err
	}
	sum := &ReportSummary{Plan: p, Total: len(p.Cells)}
	for _, r := range results {
		switch {
		case r == nil:
			sum.Missing++
		case r.Status != StatusOK:
			sum.Failed++
		}
	}
	if err := render(dir, p, results); err != nil {
		return sum, err
	}
	if entries, _ := filepath.Glob(filepath.Join(dir, "runs", "*.json")); len(entries) > 0 {
		if err := writeJSON(filepath.Join(dir, "run.json"), mergeRunInfos(dir, p, results)); err != nil {
			return sum, err
		}
	}
	return sum, nil
}

// loadStoredConfig reads the config.yaml a run stored in dir. Data files
// named by the config are not looked for (report needs no data).
func loadStoredConfig(dir string) (*config.Config, error) {
	path := filepath.Join(dir, "config.yaml")
	data, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, fmt.Errorf("%s has no config.yaml: is it a results directory written by gsbench run?", dir)
	}
	if err != nil {
		return nil, err
	}
	return config.ParseStored(path, data)
}

// storedQuick reports whether dir holds a quick run.
func storedQuick(dir string) bool {
	paths := []string{filepath.Join(dir, "run.json")}
	more, _ := filepath.Glob(filepath.Join(dir, "runs", "*.json"))
	for _, p := range append(paths, more...) {
		b, err := os.ReadFile(p)
		if err != nil {
			continue
		}
		var info RunInfo
		if json.Unmarshal(b, &info) == nil {
			return info.Quick
		}
	}
	return strings.HasSuffix(filepath.Base(filepath.Clean(dir)), "-quick")
}

// Merge combines the results directories of the shards of one config into
// out (which may be one of them) and renders the outputs there.
func Merge(out string, dirs []string) (*ReportSummary, error) {
	if len(dirs) == 0 {
		return nil, fmt.Errorf("merge: no results directories given")
	}
	var cfg *config.Config
	var quick bool
	for i, d := range dirs {
		c, err := loadStoredConfig(d)
		if err != nil {
			return nil, err
		}
		q := storedQuick(d)
		if i == 0 {
			cfg, quick = c, q
			continue
		}
		if c.Hash != cfg.Hash {
			return nil, fmt.Errorf("merge: %s and %s hold results of different configs (config.yaml differs); merge only the shards of one config", dirs[0], d)
		}
		if q != quick {
			return nil, fmt.Errorf("merge: %s and %s mix a quick and a full run", dirs[0], d)
		}
	}
	if err := os.MkdirAll(filepath.Join(out, "cells"), 0o755); err != nil {
		return nil, err
	}
	if err := fsutil.WriteIfChanged(filepath.Join(out, "config.yaml"), cfg.Source); err != nil {
		return nil, err
	}
	for _, d := range dirs {
		if same, _ := sameDir(d, out); same {
			continue
		}
		if err := copyJournals(out, d); err != nil {
			return nil, err
		}
		runs, _ := filepath.Glob(filepath.Join(d, "runs", "*.json"))
		for _, r := range runs {
			b, err := os.ReadFile(r)
			if err != nil {
				return nil, err
			}
			os.MkdirAll(filepath.Join(out, "runs"), 0o755)
			if err := fsutil.WriteAtomic(filepath.Join(out, "runs", filepath.Base(r)), b); err != nil {
				return nil, err
			}
		}
	}
	return Report(out, ReportOptions{Quick: &quick})
}

func sameDir(a, b string) (bool, error) {
	fa, err := os.Stat(a)
	if err != nil {
		return false, err
	}
	fb, err := os.Stat(b)
	if err != nil {
		return false, err
	}
	return os.SameFile(fa, fb), nil
}
