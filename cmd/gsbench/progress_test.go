package main

import (
	"bytes"
	"strings"
	"testing"
	"time"

	"github.com/gsbench/gsbench/experiments/run"
)

// The plain printer writes a line at most every interval and always the
// final state; the bar redraws in place.
func TestProgressPrinter(t *testing.T) {
	var b bytes.Buffer
	pp := &progressPrinter{W: &b, Interval: time.Hour}
	pp.Update(run.Progress{Total: 10, Done: 1, Elapsed: 2 * time.Second, ETA: 18 * time.Second, Current: "GFS on wine rep 0"})
	pp.Update(run.Progress{Total: 10, Done: 2})
	pp.Update(run.Progress{Total: 10, Resumed: 3, Done: 7, Failed: 1, Elapsed: 90 * time.Second, Final: true})
	want := "1/10 cells (10%), elapsed 2s, ETA 18s; running: GFS on wine rep 0\n10/10 cells (100%), 3 resumed, 1 failed, elapsed 1m30s, done\n"
	if b.String() != want {
		t.Errorf("plain:\n%q\nwant\n%q", b.String(), want)
	}
	b.Reset()
	(&progressPrinter{W: &b}).Update(run.Progress{Total: 4, Resumed: 4, Final: true})
	if b.String() != "all 4 cells already computed\n" {
		t.Errorf("all resumed: %q", b.String())
	}
	b.Reset()
	bar := &progressPrinter{W: &b, Terminal: true, Width: 40}
	bar.Update(run.Progress{Total: 4, Done: 2, ETA: 3 * time.Second, Current: "a long description of the running cell"})
	if s := b.String(); !strings.HasPrefix(s, "\r\x1b[K████████████░░░░░░░░░░░░ 2/4 ETA 3s") || !strings.HasSuffix(s, "…") {
		t.Errorf("bar: %q", s)
	}
}
