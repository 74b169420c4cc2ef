package run

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"slices"
	"strings"
	"time"

	"github.com/gsbench/gsbench/experiments/cells"
	"github.com/gsbench/gsbench/experiments/internal/fsutil"
)

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

func methodSeconds(p *Plan, results []*Result) (map[string]float64, float64) {
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
func mergeRunInfos(dir string, p *Plan, results []*Result) *RunInfo {
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
		case r.Status != cells.StatusOK:
			info.Cells.Failed++
			info.Failures = append(info.Failures, Failure{Cell: r.ID, What: p.Cells[i].Describe(), Error: r.Error})
		}
	}
	info.MethodSeconds, info.CellSeconds = methodSeconds(p, results)
	return info
}

// WriteMergedInfo rewrites dir/run.json from the records of the shards
// that ran into dir (dir/runs/*.json), when there are some, and the
// results of the plan's cells.
func WriteMergedInfo(dir string, p *Plan, results []*Result) error {
	if entries, _ := filepath.Glob(filepath.Join(dir, "runs", "*.json")); len(entries) == 0 {
		return nil
	}
	return writeJSON(filepath.Join(dir, "run.json"), mergeRunInfos(dir, p, results))
}
