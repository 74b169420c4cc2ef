package run

import (
	"bufio"
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"sync"
	"time"

	"github.com/gsbench/gsbench/evaluate"
	"github.com/gsbench/gsbench/experiments/cells"
	"github.com/gsbench/gsbench/experiments/config"
	"github.com/gsbench/gsbench/experiments/internal/fsutil"
)

// Result is what a finished cell stores: one line of a journal in
// <dir>/cells/ (the cell's key, seed and metric configuration tell whether
// it can stand for a cell of a plan), with its timings and diagnostics.
type Result struct {
	ID      string `json:"id"`
	Key     string `json:"key"`
	Seed    uint64 `json:"seed"`
	Metrics string `json:"metrics"` // hash of the metrics configuration it was computed with
	Status  string `json:"status"`
	Error   string `json:"error,omitempty"`

	K         int                  `json:"k,omitempty"` // number of features given by a match rule
	NFeatures int                  `json:"n_features"`  // number of features the method produced
	Values    map[string]cells.Num `json:"values,omitempty"`
	Selected  []int                `json:"selected,omitempty"`
	Trace     []cells.Num          `json:"trace,omitempty"`
	Report    map[string]any       `json:"report,omitempty"`
	Notes     []string             `json:"notes,omitempty"`

	// Timings differ between runs; they are kept here and in run.json, never
	// in cells.csv, cells.jsonl, tables or figures (except the time metric).
	FitSeconds float64 `json:"fit_seconds"`
	Seconds    float64 `json:"seconds"`
}

// metricsHash identifies the metric configuration: a stored cell computed
// with other metrics (or other metric options) is recomputed.
func metricsHash(c *config.Config) string {
	h := sha256.New()
	h.Write([]byte("gsbench-cell-v1\n"))
	for _, ms := range c.Metrics {
		fmt.Fprintf(h, "%s{%s}\n", ms.Name, formatParamsShort(ms.Params))
	}
	if c.Protocol != evaluate.AllRows {
		fmt.Fprintf(h, "protocol %s\n", c.Protocol) // cells of the default protocol keep their hash
	}
	return hex.EncodeToString(h.Sum(nil))[:16]
}

// The cells of a results directory are kept in append-only journals,
// cells/<start time>-<pid>.jsonl: every finished cell is appended as one
// JSON line in one write, so a killed run leaves at worst a truncated last
// line, which is ignored (the cell is run again). A journal per run (not a
// file per cell) keeps a paper table of 42,000 cells to a few files and
// costs one write instead of a file creation per cell. When a cell appears
// several times, the latest line wins (journals sort by start time).

// journal appends cell results to one journal file.
type journal struct {
	mu       sync.Mutex
	path     string
	f        *os.File
	lastSync time.Time
}

func newJournal(dir string) *journal {
	name := fmt.Sprintf("%s-%d.jsonl", time.Now().UTC().Format("20060102T150405.000000000"), os.Getpid())
	return &journal{path: filepath.Join(dir, "cells", name)}
}

// append writes r as one line (creating the journal on first use) and
// syncs it to disk at most every few seconds.
func (j *journal) append(r *Result) error {
	b, err := json.Marshal(r)
	if err != nil {
		// A Report value that JSON cannot hold must not lose the cell.
		r.Report = nil
		r.Notes = append(r.Notes, "report dropped: "+err.Error())
		if b, err = json.Marshal(r); err != nil {
			return err
		}
	}
	b = append(b, '\n')
	j.mu.Lock()
	defer j.mu.Unlock()
	if j.f == nil {
		if j.f, err = os.OpenFile(j.path, os.O_WRONLY|os.O_CREATE|os.O_APPEND|os.O_EXCL, 0o644); err != nil {
			return err
		}
		j.lastSync = time.Now()
	}
	if _, err := j.f.Write(b); err != nil {
		return err
	}
	if time.Since(j.lastSync) > 2*time.Second {
		j.lastSync = time.Now()
		return j.f.Sync()
	}
	return nil
}

func (j *journal) close() error {
	j.mu.Lock()
	defer j.mu.Unlock()
	if j.f == nil {
		return nil
	}
	err := j.f.Sync()
	if cerr := j.f.Close(); err == nil {
		err = cerr
	}
	j.f = nil
	return err
}

// store is the cells found in a results directory.
type store struct {
	cells    map[string]*Result // by ID: the latest line
	journals []string           // the files read, oldest first
}

// loadStore reads every journal of dir; unreadable lines are skipped.
func loadStore(dir string) (*store, error) {
	s := &store{cells: map[string]*Result{}}
	paths, err := filepath.Glob(filepath.Join(dir, "cells", "*.jsonl"))
	if err != nil {
		return nil, err
	}
	slices.Sort(paths)
	for _, p := range paths {
		if err := s.read(p); err != nil {
			return nil, err
		}
		s.journals = append(s.journals, p)
	}
	return s, nil
}

func (s *store) read(path string) error {
	f, err := os.Open(path)
	if err != nil {
		return err
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 0, 64<<10), 256<<20)
	for sc.Scan() {
		line := sc.Bytes()
		if len(line) == 0 || line[0] != '{' {
			continue
		}
		var r Result
		if json.Unmarshal(line, &r) != nil || r.ID == "" {
			continue // a line cut by a crash
		}
		s.cells[r.ID] = &r
	}
	if err := sc.Err(); err != nil {
		return fmt.Errorf("reading %s: %w", path, err)
	}
	return nil
}

// result returns the stored result of cell c computed with the given
// metrics, or nil.
func (s *store) result(c *Cell, metrics string) *Result {
	r := s.cells[c.ID]
	if r == nil || r.Key != c.Key || r.Seed != c.Seed || r.Metrics != metrics {
		return nil
	}
	return r
}

// usable reports whether a stored result can stand for cell c.
func (r *Result) usable(c *Cell, metrics string) bool {
	return r != nil && r.Key == c.Key && r.Seed == c.Seed && r.Metrics == metrics && r.Status == cells.StatusOK
}

// compact rewrites the journals read into one (every cell once, in ID
// order) and removes them; journals written since (by other shards) are
// left alone. A kill in between leaves duplicates, which are harmless.
func (s *store) compact(dir string) error {
	if len(s.journals) < 2 {
		return nil
	}
	var b bytes.Buffer
	for _, id := range sortedKeys(s.cells) {
		line, err := json.Marshal(s.cells[id])
		if err != nil {
			return err
		}
		b.Write(line)
		b.WriteByte('\n')
	}
	j := newJournal(dir)
	if err := fsutil.WriteAtomic(j.path, b.Bytes()); err != nil {
		return err
	}
	for _, p := range s.journals {
		if p != j.path {
			os.Remove(p)
		}
	}
	s.journals = []string{j.path}
	return nil
}

// loadResults returns the stored result of every cell of the plan (nil
// where there is none).
func LoadResults(dir string, p *Plan) ([]*Result, error) {
	s, err := loadStore(dir)
	if err != nil {
		return nil, err
	}
	out := make([]*Result, len(p.Cells))
	mh := metricsHash(p.Config)
	for i, c := range p.Cells {
		out[i] = s.result(c, mh)
	}
	return out, nil
}

// copyJournals copies the journals of src into dst/cells.
func copyJournals(dst, src string) error {
	paths, err := filepath.Glob(filepath.Join(src, "cells", "*.jsonl"))
	if err != nil {
		return err
	}
	if len(paths) == 0 {
		if _, err := os.Stat(filepath.Join(src, "cells")); errors.Is(err, fs.ErrNotExist) {
			return fmt.Errorf("%s has no cells directory: is it a results directory?", src)
		}
	}
	for _, p := range paths {
		to := filepath.Join(dst, "cells", filepath.Base(p))
		if fi, err := os.Stat(to); err == nil {
			if src, err := os.Stat(p); err == nil && src.Size() == fi.Size() {
				continue
			}
		}
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		if err := fsutil.WriteAtomic(to, b); err != nil {
			return err
		}
	}
	return nil
}
