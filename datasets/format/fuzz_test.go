package format

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"encoding/binary"
	"io"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"gonum.org/v1/gonum/mat"

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

// checkTable fails unless tb is consistent: finite values, a name for
// every column when named, a label for every row when labelled, and each
// label one of the declared classes when the file declares them. d >= 0
// also asks for d columns.
func checkTable(t *testing.T, tb *Table, named bool, d int) {
	t.Helper()
	n, c := tb.X.Dims()
	if d >= 0 && c != d || !allFinite(tb.X) || named && len(tb.Features) != c || tb.Labels != nil && len(tb.Labels) != n {
		t.Fatalf("%d x %d, %d names, %d labels", n, c, len(tb.Features), len(tb.Labels))
	}
	for _, l := range tb.Labels {
		if l == "" || tb.Classes != nil && !slices.Contains(tb.Classes, l) {
			t.Fatalf("label %q of classes %q", l, tb.Classes)
		}
	}
}

func allFinite(x *mat.Dense) bool {
	for _, v := range x.RawMatrix().Data {
		if math.IsNaN(v) || math.IsInf(v, 0) {
			return false
		}
	}
	return true
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
		r, _, _, err := Decompress(bytes.NewReader(data), int64(len(data)))
		if err != nil {
			return
		}
		ds, err := ReadLIBSVM(r, LIBSVMOptions{})
		if err != nil {
			return
		}
		checkTable(t, ds, false, -1)
		n, d := ds.X.Dims()
		if len(ds.Labels) != n || d > MaxFeatures || int64(n)*int64(d) > MaxCells {
			t.Fatalf("%d x %d, %d labels", n, d, len(ds.Labels))
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
		r, bound, _, err := Decompress(bytes.NewReader(data), int64(len(data)))
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
	for _, b := range fixtures(f, "testdata/mat/*.mat") {
		f.Add(b)
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
		if tb, err := MATLabelTable(vars, LabelCol{}); err == nil {
			checkTable(t, tb, false, -1)
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
		if mode&0x20 != 0 { // whitespace-separated (uci-text)
			opt.MissingMarkers, opt.Whitespace = []string{"?"}, true
		}
		tb, err := ReadCSV(bytes.NewReader(data), opt)
		if err != nil {
			return
		}
		checkTable(t, tb, tb.Features != nil, -1)
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
		if err := Unlzw(data, &out, 1<<20); err == nil && out.n > 1<<20 {
			t.Fatalf("wrote %d bytes past the limit", out.n)
		}
	})
}

type countingWriter struct{ n int64 }

func (c *countingWriter) Write(b []byte) (int, error) { c.n += int64(len(b)); return len(b), nil }
