package experiments

import (
	"context"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/gsbench/gsbench/experiments/run"
)

// BenchmarkHarness measures what the harness adds per cell: expanding the
// config, scheduling, loading (a tiny CSV file, from the datasets cache),
// the trivial method, writing the cell file atomically, and rendering
// cells.csv, cells.jsonl and a table, for a config of 10,000 cells.
// The target is under 1 ms per cell (ms/cell).
func BenchmarkHarness(b *testing.B) {
	dir := b.TempDir()
	csv := "a,b,c,y\n"
	for i := range 12 {
		csv += string(rune('0'+i%10)) + ",1," + string(rune('0'+(i*7)%10)) + "," + string(rune('0'+i%2)) + "\n"
	}
	os.WriteFile(filepath.Join(dir, "tiny.csv"), []byte(csv), 0o644)
	c := writeConfig(b, dir, "bench", `name: bench
repetitions: 10000
datasets:
  - {name: tiny.csv, params: {label_col: last}}
methods:
  - {name: exptest-pick, params: {k: 1}}
metrics: [n_selected]
tables:
  - {name: t, rows: method, value: n_selected}
`)
	b.ResetTimer()
	for i := range b.N {
		start := time.Now()
		s, err := Run(context.Background(), c, run.Options{Dir: filepath.Join(dir, "out", string(rune('a'+i%26))), Fresh: true})
		if err != nil {
			b.Fatal(err)
		}
		b.ReportMetric(float64(time.Since(start).Microseconds())/1000/float64(s.Ran), "ms/cell")
	}
}

// BenchmarkResume measures a run that finds all 10,000 cells stored.
func BenchmarkResume(b *testing.B) {
	dir := b.TempDir()
	os.WriteFile(filepath.Join(dir, "tiny.csv"), []byte("a,b,y\n1,2,0\n2,1,1\n3,5,0\n4,4,1\n"), 0o644)
	c := writeConfig(b, dir, "bench", `name: bench
repetitions: 10000
datasets:
  - {name: tiny.csv, params: {label_col: last}}
methods:
  - {name: exptest-pick, params: {k: 1}}
metrics: [n_selected]
`)
	out := filepath.Join(dir, "out")
	if _, err := Run(context.Background(), c, run.Options{Dir: out}); err != nil {
		b.Fatal(err)
	}
	b.ResetTimer()
	for range b.N {
		start := time.Now()
		s, err := Run(context.Background(), c, run.Options{Dir: out})
		if err != nil || s.Resumed != 10000 {
			b.Fatal(err, s.Resumed)
		}
		b.ReportMetric(float64(time.Since(start).Microseconds())/1000/10000, "ms/cell")
	}
}
