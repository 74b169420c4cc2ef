package datasets

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"math"
	"runtime"
	"strings"
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

// BenchmarkReadNPY reads a 60000 x 784 float64 .npy array (MNIST's size,
// 376 MB) from memory.
func BenchmarkReadNPY(b *testing.B) {
	const n, d = 60000, 784
	payload := make([]byte, 8*n*d)
	for k := range n * d {
		binary.LittleEndian.PutUint64(payload[8*k:], math.Float64bits(float64(k%256)))
	}
	data := npyBytes(fmt.Sprintf("{'descr': '<f8', 'fortran_order': False, 'shape': (%d, %d), }", n, d), payload)
	b.SetBytes(int64(len(data)))
	for b.Loop() {
		if _, err := ReadNPY(bytes.NewReader(data), int64(len(data))); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkReadARFF reads a 10000 x 50 dense ARFF file (49 numeric
// attributes and a nominal class).
func BenchmarkReadARFF(b *testing.B) {
	var sb strings.Builder
	sb.WriteString("@relation bench\n")
	for j := range 49 {
		fmt.Fprintf(&sb, "@attribute x%d numeric\n", j)
	}
	sb.WriteString("@attribute class {a, b, c}\n@data\n")
	for i := range 10000 {
		for j := range 49 {
			fmt.Fprintf(&sb, "%g,", float64(i*j%977)/7)
		}
		sb.WriteString([]string{"a\n", "b\n", "c\n"}[i%3])
	}
	text := sb.String()
	b.SetBytes(int64(len(text)))
	for b.Loop() {
		if _, err := ReadARFF(strings.NewReader(text), ARFFOptions{}); err != nil {
			b.Fatal(err)
		}
	}
}
