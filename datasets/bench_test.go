package datasets

import (
	"runtime"
	"testing"

	"github.com/gsbench/gsbench/internal/testutil"
	"github.com/gsbench/gsbench/params"
)

// BenchmarkLoadMNIST loads the 60000 x 784 training set from its gzip IDX
// files (cache cleared every time), and reports the bytes allocated per load
// relative to the float64 matrix (376 MB): an upper bound of the load's peak
// memory.
func BenchmarkLoadMNIST(b *testing.B) {
	dir := testutil.DataDir(b)
	var ms0, ms1 runtime.MemStats
	var alloc uint64
	for b.Loop() {
		ClearCache()
		runtime.ReadMemStats(&ms0)
		ds, err := Load("mnist", Options{DataDir: dir})
		runtime.ReadMemStats(&ms1)
		if err != nil {
			b.Fatal(err)
		}
		alloc += ms1.TotalAlloc - ms0.TotalAlloc
		_ = ds
	}
	b.ReportMetric(float64(alloc)/float64(b.N)/(60000*784*8), "alloc/matrix")
}

// BenchmarkLoadMNISTCached is a load served by the cache: a fresh float64
// matrix from the cached bytes.
func BenchmarkLoadMNISTCached(b *testing.B) {
	dir := testutil.DataDir(b)
	if _, err := Load("mnist", Options{DataDir: dir}); err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		if _, err := Load("mnist", Options{DataDir: dir}); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkLoadCOIL20(b *testing.B) {
	dir := testutil.DataDir(b)
	for b.Loop() {
		ClearCache()
		if _, err := Load("coil20", Options{DataDir: dir}); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkLoadUSPS(b *testing.B) {
	dir := testutil.DataDir(b)
	for b.Loop() {
		ClearCache()
		if _, err := Load("usps", Options{DataDir: dir}); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkGenerateJournalGCA(b *testing.B) {
	for b.Loop() {
		if _, err := Generate("journal-gca", params.Params{"n_samples": 2000, "d": 50, "n_independent": 25}, 1); err != nil {
			b.Fatal(err)
		}
	}
}
