package main

import (
	"fmt"
	"io"
	"os"
	"strings"
	"sync"
	"time"

	"github.com/gsbench/gsbench/experiments/run"
)

// progressPrinter shows the progress of a run (gsbench run, gsbench
// check): on a terminal a bar redrawn in place (cells done / total, ETA,
// current cell); otherwise a plain line every Interval (for logs of batch
// jobs).
type progressPrinter struct {
	W        io.Writer
	Terminal bool
	Interval time.Duration // plain mode: time between lines; default 10 s
	Width    int           // terminal mode: columns; default 100

	mu      sync.Mutex
	last    time.Time
	drawn   bool
	started bool
}

// isTerminal reports whether f is a terminal (a character device).
func isTerminal(f *os.File) bool {
	fi, err := f.Stat()
	return err == nil && fi.Mode()&os.ModeCharDevice != 0
}

// newProgressPrinter returns a printer for f, in terminal mode when f is one.
func newProgressPrinter(f *os.File) *progressPrinter {
	return &progressPrinter{W: f, Terminal: isTerminal(f)}
}

// Update shows p (rate-limited; the final state is always shown).
func (pp *progressPrinter) Update(p run.Progress) {
	pp.mu.Lock()
	defer pp.mu.Unlock()
	now := time.Now()
	interval := pp.Interval
	if interval == 0 {
		interval = 10 * time.Second
	}
	if pp.Terminal {
		interval = 100 * time.Millisecond
	}
	if !p.Final && pp.started && now.Sub(pp.last) < interval {
		return
	}
	pp.started = true
	pp.last = now
	if pp.Terminal {
		pp.drawBar(p)
		return
	}
	if p.Final && p.Done == 0 && p.Resumed == p.Total {
		fmt.Fprintf(pp.W, "all %d cells already computed\n", p.Total)
		return
	}
	fmt.Fprintln(pp.W, plainLine(p))
}

func plainLine(p run.Progress) string {
	finished := p.Resumed + p.Done
	var b strings.Builder
	fmt.Fprintf(&b, "%d/%d cells (%.0f%%)", finished, p.Total, pct(finished, p.Total))
	if p.Resumed > 0 {
		fmt.Fprintf(&b, ", %d resumed", p.Resumed)
	}
	if p.Failed > 0 {
		fmt.Fprintf(&b, ", %d failed", p.Failed)
	}
	fmt.Fprintf(&b, ", elapsed %s", fmtDuration(p.Elapsed))
	switch {
	case p.Canceled:
		b.WriteString(", interrupted")
	case p.Final:
		b.WriteString(", done")
	case p.ETA > 0:
		fmt.Fprintf(&b, ", ETA %s", fmtDuration(p.ETA))
	}
	if p.Current != "" && !p.Final {
		fmt.Fprintf(&b, "; running: %s", p.Current)
	}
	return b.String()
}

func (pp *progressPrinter) drawBar(p run.Progress) {
	width := pp.Width
	if width == 0 {
		width = 100
	}
	finished := p.Resumed + p.Done
	const barLen = 24
	fill := 0
	if p.Total > 0 {
		fill = finished * barLen / p.Total
	}
	bar := strings.Repeat("█", fill) + strings.Repeat("░", barLen-fill)
	status := fmt.Sprintf("%s %d/%d", bar, finished, p.Total)
	if p.Failed > 0 {
		status += fmt.Sprintf(" (%d failed)", p.Failed)
	}
	switch {
	case p.Final:
		status += " " + fmtDuration(p.Elapsed)
	case p.ETA > 0:
		status += " ETA " + fmtDuration(p.ETA)
	}
	if p.Current != "" && !p.Final {
		status += "  " + p.Current
	}
	if r := []rune(status); len(r) > width {
		status = string(r[:width-1]) + "…"
	}
	fmt.Fprintf(pp.W, "\r\x1b[K%s", status)
	pp.drawn = true
	if p.Final {
		fmt.Fprintln(pp.W)
		pp.drawn = false
	}
}

func pct(a, b int) float64 {
	if b == 0 {
		return 100
	}
	return 100 * float64(a) / float64(b)
}

func fmtDuration(d time.Duration) string {
	switch {
	case d < time.Second:
		return d.Round(time.Millisecond).String()
	case d < time.Minute:
		return d.Round(100 * time.Millisecond).String()
	case d < time.Hour:
		return d.Round(time.Second).String()
	}
	return d.Round(time.Minute).String()
}
