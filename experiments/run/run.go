package run

import (
	"container/heap"
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"slices"
	"sort"
	"strings"
	"sync"
	"time"

	"gonum.org/v1/gonum/mat"

	"github.com/gsbench/gsbench/experiments/cells"
	"github.com/gsbench/gsbench/experiments/config"
	"github.com/gsbench/gsbench/experiments/internal/fsutil"
	"github.com/gsbench/gsbench/experiments/metric"
	"github.com/gsbench/gsbench/fastblas"
	"github.com/gsbench/gsbench/methods"
	"github.com/gsbench/gsbench/params"
)

// Options controls Run.
type Options struct {
	// Out is the results root: results go to Out/<config name> (with a
	// "-quick" suffix for a quick run). Default "results".
	Out string
	// Dir, when set, is the results directory itself (Out is ignored).
	Dir string
	// Jobs is the number of cells run at once; 0 means GOMAXPROCS.
	Jobs int
	// Shard runs one deterministic part of the cells (zero value: all).
	Shard Shard
	// Fresh recomputes cells that are already stored.
	Fresh bool
	// Quick runs the config's quick variant.
	Quick bool
	// Datasets, when set, runs only the cells of the datasets with these
	// labels (e.g. the panels of a paper table that fit on this machine);
	// the outputs are rendered from the cells present, the others missing.
	Datasets []string
	// DataDir is where registry datasets are looked for ("" as datasets.DataDir).
	DataDir string
	// Progress, when set, is called after every cell (from several goroutines,
	// never concurrently) and once at the end with Final set.
	Progress func(Progress)
	// Command is recorded in run.json (e.g. the command line).
	Command []string
	// Render, when set, writes the outputs of the results directory once
	// every cell of the plan has a result (results[i] is that of
	// plan.Cells[i]), before run.json (experiments.Run renders the tables
	// and figures with package report).
	Render func(dir string, plan *Plan, results []*Result) error
}

// ResultsDir returns the directory a run of c with opt writes to.
func ResultsDir(c *config.Config, opt Options) string {
	if opt.Dir != "" {
		return opt.Dir
	}
	out := opt.Out
	if out == "" {
		out = "results"
	}
	name := c.Name
	if opt.Quick {
		name += "-quick"
	}
	return filepath.Join(out, name)
}

// Progress is the state of a run.
type Progress struct {
	Total    int           // cells in this run (this shard)
	Resumed  int           // found finished on disk
	Done     int           // finished in this run, failed included
	Failed   int           // failed in this run
	Running  int           // being computed
	Current  string        // the earliest running cell
	Elapsed  time.Duration // since the run started
	ETA      time.Duration // estimated time left; 0 when unknown
	Final    bool
	Canceled bool
}

// Failure is a cell that failed.
type Failure struct {
	Cell  string `json:"cell"` // ID
	What  string `json:"what"` // description
	Error string `json:"error"`
}

// Summary is what Run did.
type Summary struct {
	Dir      string
	Plan     *Plan
	Total    int // cells of the plan
	InShard  int // cells of this shard
	Resumed  int
	Ran      int
	Failed   []Failure
	Missing  int      // cells of the plan without a result in Dir (other shards, interrupted)
	Rendered bool     // Options.Render was called and succeeded
	Filtered []string // the --datasets filter of the run
	Canceled bool
	Elapsed  time.Duration
}

// ErrCellsFailed is wrapped by Run's error when some cells failed.
var ErrCellsFailed = errors.New("cells failed")

// Run runs the cells of c that are not already stored in the results
// directory, writing each as it finishes, then, when every cell of the
// plan has a result, calls Options.Render and writes run.json. It returns an error wrapping ErrCellsFailed when cells
// failed (the others are still run and written), and ctx.Err() when
// canceled (finished cells are kept: a new Run resumes).
func Run(ctx context.Context, c *config.Config, opt Options) (*Summary, error) {
	start := time.Now()
	plan, err := NewPlan(c, opt.Quick)
	if err != nil {
		return nil, err
	}
	dir := ResultsDir(c, opt)
	if err := os.MkdirAll(filepath.Join(dir, "cells"), 0o755); err != nil {
		return nil, err
	}
	release, err := claim(dir, opt.Shard)
	if err != nil {
		return nil, err
	}
	defer release()
	lock := lockDir(dir)
	defer lock.unlock()
	fsutil.CleanTemps(filepath.Join(dir, "cells"))
	if err := fsutil.WriteIfChanged(filepath.Join(dir, "config.yaml"), c.Source); err != nil {
		return nil, err
	}
	jobs := opt.Jobs
	if jobs <= 0 {
		jobs = runtime.GOMAXPROCS(0)
	}
	r := &runner{
		ctx: ctx, plan: plan, dir: dir, opt: opt, jobs: jobs,
		metricsHash: metricsHash(c),
		results:     make([]*Result, len(plan.Cells)),
		inner:       max(1, runtime.GOMAXPROCS(0)/jobs),
		data:        map[int]*dataSlot{},
		start:       start,
	}
	sum := &Summary{Dir: dir, Plan: plan, Total: len(plan.Cells), Filtered: opt.Datasets}
	stored, err := loadStore(dir)
	if err != nil {
		return nil, err
	}
	// Resume: keep the stored results of this shard's cells.
	var todo []*Cell
	if err := checkDatasetFilter(c, opt.Datasets); err != nil {
		return nil, err
	}
	selected := func(cell *Cell) bool {
		return len(opt.Datasets) == 0 || slices.Contains(opt.Datasets, cell.Instance.Dataset.Label)
	}
	var shardOf []int
	if opt.Shard.N > 1 {
		shardOf = plan.Assign(opt.Shard.N, selected)
	}
	for _, cell := range plan.Cells {
		if !selected(cell) || shardOf != nil && shardOf[cell.Group] != opt.Shard.I {
			continue
		}
		sum.InShard++
		if !opt.Fresh {
			if res := stored.result(cell, r.metricsHash); res.usable(cell, r.metricsHash) {
				r.results[cell.Index] = res
				sum.Resumed++
				continue
			}
		}
		todo = append(todo, cell)
	}
	r.progress.Total, r.progress.Resumed = sum.InShard, sum.Resumed
	r.journal = newJournal(dir)
	r.execute(todo)
	if err := r.journal.close(); err != nil {
		return sum, fmt.Errorf("writing the cell journal: %w", err)
	}
	sum.Ran = r.progress.Done
	sum.Failed = r.failures
	sum.Canceled = ctx.Err() != nil
	r.progress.Final, r.progress.Canceled = true, sum.Canceled
	r.report()

	// Fill in the cells of other shards that are already on disk.
	if opt.Shard.N > 1 || len(opt.Datasets) > 0 {
		if stored, err = loadStore(dir); err != nil {
			return nil, err
		}
		for i, cell := range plan.Cells {
			if r.results[i] == nil {
				r.results[i] = stored.result(cell, r.metricsHash)
			}
		}
	}
	filteredOut := 0
	for i, res := range r.results {
		if res == nil {
			sum.Missing++
			if len(opt.Datasets) > 0 && !slices.Contains(opt.Datasets, plan.Cells[i].Instance.Dataset.Label) {
				filteredOut++
			}
		}
	}
	sum.Elapsed = time.Since(start)
	info := r.runInfo(sum, start)
	if opt.Shard.N > 1 {
		if err := os.MkdirAll(filepath.Join(dir, "runs"), 0o755); err != nil {
			return sum, err
		}
		if err := writeJSON(filepath.Join(dir, "runs", fmt.Sprintf("shard-%d-of-%d.json", opt.Shard.I, opt.Shard.N)), info); err != nil {
			return sum, err
		}
	}
	if sum.Missing == 0 || sum.Missing == filteredOut && !sum.Canceled {
		if opt.Render != nil {
			if err := opt.Render(dir, plan, r.results); err != nil {
				return sum, err
			}
			sum.Rendered = true
		}
		if opt.Shard.N > 1 {
			info = mergeRunInfos(dir, plan, r.results)
		}
		if err := writeJSON(filepath.Join(dir, "run.json"), info); err != nil {
			return sum, err
		}
		if !sum.Canceled && lock.exclusive() {
			// Nobody else is writing here: fold the journals into one.
			if s, err := loadStore(dir); err == nil {
				s.compact(dir)
			}
		}
	}
	if sum.Canceled {
		return sum, ctx.Err()
	}
	if len(sum.Failed) > 0 {
		return sum, fmt.Errorf("%d of %d cells failed: %w", len(sum.Failed), sum.InShard, ErrCellsFailed)
	}
	return sum, nil
}

// checkDatasetFilter checks that every label of a --datasets filter names
// a dataset of the config.
func checkDatasetFilter(c *config.Config, labels []string) error {
	for _, l := range labels {
		found := false
		var all []string
		for _, ds := range c.Datasets {
			found = found || ds.Label == l
			all = append(all, ds.Label)
		}
		if !found {
			return fmt.Errorf("%s: no dataset is labelled %q; the labels are %s", c.Path, l, strings.Join(all, ", "))
		}
	}
	return nil
}

// runner executes the cells of one Run.
type runner struct {
	ctx         context.Context
	plan        *Plan
	dir         string
	opt         Options
	jobs        int
	inner       int
	metricsHash string
	start       time.Time
	journal     *journal

	mu       sync.Mutex
	cond     *sync.Cond
	ready    cellHeap
	pending  int
	running  map[int]*Cell
	waiting  map[int][]*Cell // target index -> dependents not yet ready
	results  []*Result
	failures []Failure
	progress Progress
	computed time.Duration // summed wall time of the cells computed (for the ETA)
	// For the ETA: the cells still to compute and the time the computed
	// ones took, by method entry of the config (cells of one method cost
	// alike; methods do not).
	left     map[*config.MethodSpec]int
	byMethod map[*config.MethodSpec]*timing
	canceled bool

	dataMu sync.Mutex
	data   map[int]*dataSlot
	refs   map[int]int // instance index -> cells of this run still to use it

	fitMu  sync.Mutex
	shared map[*SharedFit]*fitSlot // the shared fits of this run's cells

	reportMu sync.Mutex
}

// timing is the summed wall time of a number of cells.
type timing struct {
	sum time.Duration
	n   int
}

func (r *runner) execute(todo []*Cell) {
	r.left, r.byMethod = map[*config.MethodSpec]int{}, map[*config.MethodSpec]*timing{}
	for _, c := range todo {
		r.left[c.Method]++
	}
	r.cond = sync.NewCond(&r.mu)
	r.running = map[int]*Cell{}
	r.waiting = map[int][]*Cell{}
	r.refs = map[int]int{}
	r.shared = map[*SharedFit]*fitSlot{}
	r.pending = len(todo)
	for _, cell := range todo {
		r.refs[cell.Instance.Index]++
		if sf := cell.Fit; sf != nil {
			// The first cell of a shared fit computes it; the others wait
			// for it, so that no worker waits idle for a fit in progress.
			slot := r.shared[sf]
			if slot == nil {
				slot = &fitSlot{leader: cell}
				r.shared[sf] = slot
			}
			slot.left++
			if slot.leader != cell {
				r.waiting[slot.leader.Index] = append(r.waiting[slot.leader.Index], cell)
				continue
			}
		}
		if t := cell.Target; t != nil && r.results[t.Index] == nil {
			r.waiting[t.Index] = append(r.waiting[t.Index], cell)
			continue
		}
		heap.Push(&r.ready, cell)
	}
	if len(todo) == 0 {
		return
	}
	stop := context.AfterFunc(r.ctx, func() {
		r.mu.Lock()
		r.canceled = true
		r.cond.Broadcast()
		r.mu.Unlock()
	})
	defer stop()
	if min(r.jobs, len(todo)) > 1 {
		// Cells run side by side: one BLAS thread each, so that the
		// library's threads do not oversubscribe the cores.
		defer fastblas.Serial()()
	}
	var wg sync.WaitGroup
	for range min(r.jobs, len(todo)) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			r.worker()
		}()
	}
	wg.Wait()
}

func (r *runner) worker() {
	for {
		r.mu.Lock()
		for r.ready.Len() == 0 && r.pending > 0 && !r.canceled {
			r.cond.Wait()
		}
		if r.canceled || r.ready.Len() == 0 {
			r.mu.Unlock()
			return
		}
		cell := heap.Pop(&r.ready).(*Cell)
		r.running[cell.Index] = cell
		var target *Result
		if cell.Target != nil {
			target = r.results[cell.Target.Index]
		}
		r.mu.Unlock()

		res := r.runCell(cell, target)
		interrupted := res == nil
		if !interrupted {
			if err := r.journal.append(res); err != nil {
				res.Status, res.Error = cells.StatusFailed, "writing the result: "+err.Error()
			}
		}
		r.release(cell.Instance)

		r.mu.Lock()
		delete(r.running, cell.Index)
		r.pending--
		r.left[cell.Method]--
		if !interrupted {
			r.results[cell.Index] = res
			r.progress.Done++
			took := time.Duration(res.Seconds * float64(time.Second))
			r.computed += took
			tm := r.byMethod[cell.Method]
			if tm == nil {
				tm = &timing{}
				r.byMethod[cell.Method] = tm
			}
			tm.sum += took
			tm.n++
			if res.Status != cells.StatusOK {
				r.progress.Failed++
				r.failures = append(r.failures, Failure{Cell: cell.ID, What: cell.Describe(), Error: res.Error})
			}
			for _, dep := range r.waiting[cell.Index] {
				heap.Push(&r.ready, dep)
			}
			delete(r.waiting, cell.Index)
		} else {
			// Its dependents cannot run in this invocation either.
			r.pending -= len(r.waiting[cell.Index])
			for _, dep := range r.waiting[cell.Index] {
				r.release(dep.Instance)
			}
			delete(r.waiting, cell.Index)
		}
		r.cond.Broadcast()
		r.mu.Unlock()
		r.report()
	}
}

// report sends the progress to the callback (serialized).
func (r *runner) report() {
	if r.opt.Progress == nil {
		return
	}
	r.mu.Lock()
	p := r.progress
	p.Running = len(r.running)
	first := -1
	for i := range r.running {
		if first < 0 || i < first {
			first = i
		}
	}
	if first >= 0 {
		p.Current = r.running[first].Describe()
	}
	p.Elapsed = time.Since(r.start)
	if p.Done > 0 {
		// Every cell left costs what the computed cells of its method took
		// on average (all computed cells when none of its method has run),
		// spread over the workers.
		overall := r.computed / time.Duration(p.Done)
		var work time.Duration
		for m, n := range r.left {
			per := overall
			if tm := r.byMethod[m]; tm != nil && tm.n > 0 {
				per = tm.sum / time.Duration(tm.n)
			}
			work += per * time.Duration(n)
		}
		p.ETA = work / time.Duration(min(r.jobs, max(1, p.Total-p.Resumed-p.Done)))
	}
	r.mu.Unlock()
	r.reportMu.Lock()
	defer r.reportMu.Unlock()
	r.opt.Progress(p)
}

// runCell fits the cell's method and computes its metrics. It returns nil
// when the run was canceled while the cell was computed.
func (r *runner) runCell(cell *Cell, target *Result) (res *Result) {
	start := time.Now()
	res = &Result{ID: cell.ID, Key: cell.Key, Seed: cell.Seed, Metrics: r.metricsHash, Status: cells.StatusOK}
	defer func() {
		if p := recover(); p != nil {
			res = &Result{ID: cell.ID, Key: cell.Key, Seed: cell.Seed, Metrics: r.metricsHash, Status: cells.StatusFailed,
				Error: fmt.Sprintf("panic: %v\n%s", p, debug.Stack())}
		}
		if res != nil {
			res.Seconds = time.Since(start).Seconds()
		}
	}()
	err := r.fitAndMeasure(cell, target, res)
	if err != nil && r.ctx.Err() != nil && errors.Is(err, r.ctx.Err()) {
		return nil
	}
	if err != nil {
		res.Status, res.Error = cells.StatusFailed, err.Error()
		res.Values, res.Selected, res.Trace, res.Report = nil, nil, nil, nil
	}
	return res
}

func (r *runner) fitAndMeasure(cell *Cell, target *Result, res *Result) error {
	k := 0
	if cell.Target != nil {
		switch {
		case target == nil:
			return fmt.Errorf("the matched cell (%s) has no result", cell.Target.Describe())
		case target.Status != cells.StatusOK:
			msg, _, _ := strings.Cut(target.Error, "\n")
			return fmt.Errorf("the cell it is matched to failed: %s", msg)
		case target.NFeatures < 1:
			return fmt.Errorf("the matched cell (%s) produced no features, so there is no k to match", cell.Target.Describe())
		}
		k = target.NFeatures
		res.K = k
	}
	data, err := r.load(cell.Instance)
	if err != nil {
		return err
	}
	var m methods.Method
	var fit time.Duration
	if cell.Fit != nil {
		m, fit, err = r.sharedFit(cell, data)
	} else {
		m, fit, err = r.fit(cell, cell.methodParams(k), data)
	}
	res.FitSeconds = fit.Seconds()
	if err != nil {
		return err
	}
	in := &metric.Input{X: data.X, Y: data.Y, Truth: data.Truth, Method: m, Spec: cell.Method.Spec, FitSeconds: fit.Seconds(), Seed: cell.Seed, DataSeed: cell.Instance.Seed, Workers: r.inner,
		Protocol: r.plan.Config.Protocol, NewMethod: func() (methods.Method, error) { return methods.New(cell.Method.Name, cell.methodParams(k)) }}
	if res.NFeatures, err = in.NFeatures(); err != nil {
		return err
	}
	values := map[string]cells.Num{}
	var notes []string
	for _, ms := range r.plan.Config.Metrics {
		vs, note, err := ms.Metric.Measure(r.ctx, in, ms.Options)
		if err != nil {
			return err
		}
		if note != "" {
			notes = append(notes, note)
		}
		for _, v := range vs {
			values[v.Name] = cells.Num(v.Value)
		}
	}
	res.Values = values
	res.Notes = append(res.Notes, data.notes...)
	res.Notes = append(res.Notes, notes...)
	if sel, ok := in.Selected(); ok {
		res.Selected = append([]int{}, sel...)
	}
	if t, ok := m.(methods.Tracer); ok {
		for _, v := range t.Trace() {
			res.Trace = append(res.Trace, cells.Num(v))
		}
	}
	if rep, ok := m.(methods.Reporter); ok {
		res.Report = rep.Report()
		if w, ok := res.Report["warning"].(string); ok {
			res.Notes = append(res.Notes, "warning: "+w)
		}
	}
	return nil
}

// fit builds the cell's method with the parameters p and fits it on the
// instance's data; it returns the fitted method and the time of Fit.
func (r *runner) fit(cell *Cell, p params.Params, data *loaded) (methods.Method, time.Duration, error) {
	m, err := methods.New(cell.Method.Name, p)
	if err != nil {
		return nil, 0, err
	}
	var y []int
	if methods.UsesLabels(cell.Method.Spec, m) {
		if data.Y == nil {
			return nil, 0, fmt.Errorf("method %s uses class labels, but dataset %s has none", cell.Method.Name, cell.Instance.Dataset.Label)
		}
		y = data.Y
	}
	// Fit gets its own copy of X: cells of one instance run side by side,
	// and a method that modifies its input must neither corrupt their data
	// nor have its fault seen by their checks (one copy of X per running cell).
	X := mat.DenseCopyOf(data.X)
	t0 := time.Now()
	err = methods.Fit(r.ctx, m, X, y) // a canceled run stops the fit (an external command is killed)
	fit := time.Since(t0)
	if err != nil {
		return nil, fit, err
	}
	if data.sum != checksum(X) {
		return nil, fit, fmt.Errorf("method %s modified its input matrix (Fit must not change X)", cell.Method.Name)
	}
	return m, fit, nil
}

// fitSlot is a shared fit of one run: computed once (by its leader, the
// first of its cells the run computes), kept until its last cell is done.
type fitSlot struct {
	leader *Cell
	left   int // cells of this run still to use it
	once   sync.Once
	m      methods.Ranker
	fit    time.Duration
	err    error
}

// sharedFit returns the cell's method cut at its k from the fit it shares
// (fitted now if no cell of the run has fitted it yet), and the time of
// that fit, which every cell sharing it records.
func (r *runner) sharedFit(cell *Cell, data *loaded) (methods.Method, time.Duration, error) {
	r.fitMu.Lock()
	slot := r.shared[cell.Fit]
	r.fitMu.Unlock()
	defer func() {
		r.fitMu.Lock()
		if slot.left--; slot.left <= 0 {
			delete(r.shared, cell.Fit)
		}
		r.fitMu.Unlock()
	}()
	// The cell's own parameters are checked as a fit of its own would.
	if _, err := methods.New(cell.Method.Name, cell.methodParams(0)); err != nil {
		return nil, 0, err
	}
	slot.once.Do(func() {
		var m methods.Method
		m, slot.fit, slot.err = r.fit(cell, cell.fitParams(), data)
		if slot.err == nil {
			slot.m = m.(methods.Ranker)
		}
	})
	if slot.err != nil {
		return nil, slot.fit, slot.err
	}
	k, err := intParam(cell.Params["k"])
	if err != nil {
		return nil, slot.fit, err
	}
	m, err := methods.Top(slot.m, k)
	if err != nil {
		return nil, slot.fit, fmt.Errorf("%s: %v", cell.Method.Name, err)
	}
	return m, slot.fit, nil
}

// intParam reads an integer parameter value.
func intParam(v any) (int, error) {
	switch x := v.(type) {
	case int:
		return x, nil
	case int64:
		return int(x), nil
	case float64:
		if x == float64(int(x)) {
			return int(x), nil
		}
	}
	return 0, fmt.Errorf("k = %v: want an integer", v)
}

type dataSlot struct {
	once sync.Once
	data *loaded
	err  error
}

// load returns the instance's data, loading it once for all its cells.
func (r *runner) load(in *Instance) (*loaded, error) {
	r.dataMu.Lock()
	slot := r.data[in.Index]
	if slot == nil {
		slot = &dataSlot{}
		r.data[in.Index] = slot
	}
	r.dataMu.Unlock()
	slot.once.Do(func() { slot.data, slot.err = loadInstance(in, r.opt.DataDir) })
	return slot.data, slot.err
}

// release drops an instance's data when no cell of the run needs it.
func (r *runner) release(in *Instance) {
	r.dataMu.Lock()
	defer r.dataMu.Unlock()
	r.refs[in.Index]--
	if r.refs[in.Index] <= 0 {
		delete(r.data, in.Index)
		delete(r.refs, in.Index)
	}
}

// cellHeap orders ready cells by plan index.
type cellHeap []*Cell

func (h cellHeap) Len() int           { return len(h) }
func (h cellHeap) Less(i, j int) bool { return h[i].Index < h[j].Index }
func (h cellHeap) Swap(i, j int)      { h[i], h[j] = h[j], h[i] }
func (h *cellHeap) Push(x any)        { *h = append(*h, x.(*Cell)) }
func (h *cellHeap) Pop() any {
	old := *h
	x := old[len(old)-1]
	*h = old[:len(old)-1]
	return x
}

// sortFailures orders failures by plan position.
func sortFailures(p *Plan, fs []Failure) {
	pos := map[string]int{}
	for _, c := range p.Cells {
		pos[c.ID] = c.Index
	}
	sort.Slice(fs, func(i, j int) bool { return pos[fs[i].Cell] < pos[fs[j].Cell] })
}
