package datasets

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"encoding/binary"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gsbench/gsbench/internal/testutil"
)

// The fuzz tests feed each parser real files (or pieces of them, read from
// GSBENCH_DATA), the fixtures of testdata/ (NumPy and ARFF files), and the
// small hand-made and malformed inputs of the seed corpora
// testdata/fuzz/FuzzX/ (fuzzCorpus below: TestFuzzCorpus checks that the
// committed files are these, and rewrites them with
// GSBENCH_WRITE_FUZZ_CORPUS=1); the fuzzer mutates them. A parser must
// return a value or an error: never panic, never allocate beyond its limits
// (lowered here so that the fuzzer stays fast), and a value it returns must
// be consistent. `go test` runs the seeds; `go test -fuzz FuzzX` explores.

// smallLimits lowers MaxCells and MaxFeatures for the duration of a fuzz test.
func smallLimits(f *testing.F) {
	cells, feats := MaxCells, MaxFeatures
	MaxCells, MaxFeatures = 1<<16, 1<<10
	f.Cleanup(func() { MaxCells, MaxFeatures = cells, feats })
}

// realFile returns the content of a reference data file, decompressed, cut
// to at most limit bytes.
func realFile(f *testing.F, rel string, limit int) []byte {
	f.Helper()
	fh, err := os.Open(testutil.File(f, rel))
	if err != nil {
		f.Fatal(err)
	}
	defer fh.Close()
	var r io.Reader = fh
	if strings.HasSuffix(rel, ".gz") {
		if r, err = gzip.NewReader(fh); err != nil {
			f.Fatal(err)
		}
	}
	b, err := io.ReadAll(io.LimitReader(r, int64(limit)))
	if err != nil {
		f.Fatal(err)
	}
	return b
}

func gzipBytes(b []byte) []byte {
	var buf bytes.Buffer
	zw := gzip.NewWriter(&buf)
	zw.Write(b)
	zw.Close()
	return buf.Bytes()
}

// firstLines returns the first n lines of b.
func firstLines(b []byte, n int) []byte {
	sc := bufio.NewScanner(bytes.NewReader(b))
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	var out bytes.Buffer
	for i := 0; i < n && sc.Scan(); i++ {
		out.Write(sc.Bytes())
		out.WriteByte('\n')
	}
	return out.Bytes()
}

func FuzzReadLIBSVM(f *testing.F) {
	smallLimits(f)
	// Real samples: the start of USPS's first lines (whole lines of 256
	// features make the fuzzer slow without covering more).
	for _, rel := range []string{"USPS/usps.libsvm.gz", "USPS/usps.t.libsvm.gz"} {
		var b bytes.Buffer
		for _, line := range strings.SplitAfter(string(firstLines(realFile(f, rel, 1<<16), 3)), "\n") {
			if len(line) > 120 {
				line = line[:strings.LastIndexByte(line[:120], ' ')] + "\n"
			}
			b.WriteString(line)
		}
		f.Add(b.Bytes())
		f.Add(gzipBytes(b.Bytes()))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		r, _, _, err := decompressor(bytes.NewReader(data), int64(len(data)))
		if err != nil {
			return
		}
		ds, err := ReadLIBSVM(r, LIBSVMOptions{})
		if err != nil {
			return
		}
		n, d := ds.Dims()
		if len(ds.Y) != n || d > MaxFeatures || int64(n)*int64(d) > MaxCells || !allFinite(ds.X) {
			t.Fatalf("%d x %d, %d labels", n, d, len(ds.Y))
		}
		for _, y := range ds.Y {
			if y < 0 || y >= len(ds.Classes) {
				t.Fatalf("label %d of %d classes", y, len(ds.Classes))
			}
		}
	})
}

func FuzzReadIDX(f *testing.F) {
	smallLimits(f)
	labels := realFile(f, "MNIST/t10k-labels-idx1-ubyte.gz", 1<<20)
	f.Add(labels[:8+50])
	f.Add(gzipBytes(labels[:8+200]))
	// One real 28x28 image under a header that says so.
	img := realFile(f, "MNIST/t10k-images-idx3-ubyte.gz", 16+784)
	binary.BigEndian.PutUint32(img[4:], 1)
	f.Add(img)
	f.Fuzz(func(t *testing.T, data []byte) {
		r, bound, _, err := decompressor(bytes.NewReader(data), int64(len(data)))
		if err != nil {
			return
		}
		a, err := ReadIDX(r, bound)
		if err != nil {
			return
		}
		total := 1
		for _, k := range a.Dims {
			total *= k
		}
		if a.Len() != total || int64(total) > MaxCells {
			t.Fatalf("dims %v, %d elements", a.Dims, a.Len())
		}
	})
}

func FuzzReadMAT(f *testing.F) {
	smallLimits(f)
	// Real files: the header and the small Y element of COIL-20 and Isolet
	// (the element after the large X), and a truncated prefix holding the
	// start of X.
	for _, tc := range []struct {
		rel string
		yAt int
	}{{"COIL20/COIL20.mat", 0x2e2648}, {"Isolet/Isolet.mat", 0x37bbdc}} {
		b, err := os.ReadFile(testutil.File(f, tc.rel))
		if err != nil {
			f.Fatal(err)
		}
		f.Add(append(append([]byte{}, b[:128]...), b[tc.yAt:]...))
		f.Add(b[:4096])
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		vars, err := ReadMAT(bytes.NewReader(data), int64(len(data)))
		if err != nil {
			return
		}
		for _, v := range vars {
			total := int64(1)
			for _, k := range v.Dims {
				total *= int64(k)
			}
			if v.Data != nil && int64(len(v.Data)) != total || total > MaxCells {
				t.Fatalf("%s: dims %v, %d values", v.Name, v.Dims, len(v.Data))
			}
		}
		if ds, err := matDatasetAuto(vars); err == nil {
			if n, _ := ds.Dims(); ds.Y != nil && len(ds.Y) != n || !allFinite(ds.X) {
				t.Fatalf("dataset of %d rows, %d labels", n, len(ds.Y))
			}
		}
	})
}

func FuzzReadCSV(f *testing.F) {
	smallLimits(f)
	for _, tc := range []struct {
		rel  string
		mode uint8
	}{
		{"CreditApproval/crx.data", 1 + 2*3 + 2*12},    // last label, no header, mean
		{"Automobile/imports-85.data", 2 + 1*3 + 1*12}, // label first, drop
		{"HeartC/processed.cleveland.data", 1 + 3*12},  // most frequent
		{"Wine/wine_data.csv", 1 + 3*3},                // sklearn header
		{"Digits/digits.csv.gz", 1},
		{"BreastCancer/breast_cancer.csv", 1},
		{"Sonar/sonar.all-data", 1 + 2*3},
	} {
		f.Add(firstLines(realFile(f, tc.rel, 1<<16), 6), tc.mode)
	}
	f.Fuzz(func(t *testing.T, data []byte, mode uint8) {
		opt := CSVOptions{
			LabelCol: []int{NoLabel, LastLabel, 0}[mode%3],
			Header:   []string{"auto", "no", "yes", "sklearn"}[mode/3%4],
			Missing:  []string{"", MissingDrop, MissingMean, MissingMostFrequent}[mode/12%4],
		}
		if mode&0x40 != 0 {
			opt.Categorical = []int{1}
		}
		if mode&0x80 != 0 {
			opt.Encoding = Ordinal
		}
		var ds *Dataset
		var err error
		if mode&0x20 != 0 { // whitespace-separated (uci-text)
			var tb *table
			if tb, err = readTable(bytes.NewReader(data), tableSpec{labelCol: opt.LabelCol, header: opt.Header, missing: []string{"?"}, whitespace: true}); err == nil {
				ds, err = tb.dataset(opt.Missing, opt.Encoding)
			}
		} else {
			ds, err = ReadCSV(bytes.NewReader(data), opt)
		}
		if err != nil {
			return
		}
		n, d := ds.Dims()
		if !allFinite(ds.X) || (ds.Features != nil && len(ds.Features) != d) || (ds.Y != nil && len(ds.Y) != n) {
			t.Fatalf("%d x %d, %d names, %d labels", n, d, len(ds.Features), len(ds.Y))
		}
		for _, y := range ds.Y {
			if y < 0 || y >= len(ds.Classes) {
				t.Fatalf("label %d of %d classes", y, len(ds.Classes))
			}
		}
	})
}

func FuzzUnlzw(f *testing.F) {
	files, _ := filepath.Glob("testdata/*.Z")
	for _, p := range files {
		b, err := os.ReadFile(p)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(b[:min(len(b), 2048)])
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		var out countingWriter
		if err := unlzw(data, &out, 1<<20); err == nil && out.n > 1<<20 {
			t.Fatalf("wrote %d bytes past the limit", out.n)
		}
	})
}

type countingWriter struct{ n int64 }

func (c *countingWriter) Write(b []byte) (int, error) { c.n += int64(len(b)); return len(b), nil }
