package format

import (
	"archive/zip"
	"bytes"
	"encoding/binary"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// fuzzCorpus returns the hand-made seeds of each fuzz target, by target:
// the files of testdata/fuzz/FuzzX/ hold them (Go's corpus format), so
// that `go test` and `go test -fuzz` start from them without running this.
func fuzzCorpus() map[string][][]any {
	c := map[string][][]any{}
	add := func(target string, vals ...any) { c[target] = append(c[target], vals) }
	for _, s := range []string{
		"1 1:0.5 3:-1\n-1 2:2 # c\n", "1 0:1\n", "1 1000000000000:1\n", "1 3:1 2:1\n",
		"+1 1:1e308 2:-1e-308\n", "1 1:nan\n", "1 1:\n", "\n\n#\n", "1.5 4096:1\n", "1 qid:1 1:1\n",
	} {
		add("FuzzReadLIBSVM", []byte(s))
	}
	add("FuzzReadIDX", idxBytes(0x0D, []uint32{2, 1}, []byte{0x3f, 0xc0, 0, 0, 0xc0, 0, 0, 0}))
	add("FuzzReadIDX", idxBytes(0x0E, []uint32{1}, make([]byte, 8)))
	add("FuzzReadIDX", idxBytes(0x08, []uint32{0xffffffff, 0xffffffff, 0xffffffff}, nil))
	add("FuzzReadIDX", idxBytes(0x0C, []uint32{3}, []byte{1, 2, 3}))
	for _, compressed := range []bool{false, true} {
		for _, o := range []byteOrder{binary.LittleEndian, binary.BigEndian} {
			w := newMATWriter(o, compressed, "MATLAB 5.0 MAT-file", 0x0100)
			w.add(w.matrix("X", 6, 0, []int32{2, 3}, miUINT8, []float64{1, 2, 3, 4, 5, 6}, nil))
			w.add(w.matrix("Y", 9, 0, []int32{2, 1}, miUINT8, []float64{1, 2}, nil))
			w.add(w.matrix("S", 5, 0, []int32{2, 2}, 0, nil, w.element(miINT32, make([]byte, 8))))
			add("FuzzReadMAT", w.buf.Bytes())
		}
	}
	add("FuzzReadMAT", newMATWriter(binary.LittleEndian, false, "MATLAB 7.3 MAT-file", 0x0200).buf.Bytes())
	for _, s := range []string{
		"a,b,label\n1,00202,x\n3,?,y\n", "1,2,3\n4,5\n", "2,2,neg,pos\n1,2,1\n3,4,0\n",
		"\"q,1\",2\n3,4\n", "?,?\n?,?\n", "1,b,?\n?,a,2\n", "",
	} {
		add("FuzzReadCSV", []byte(s), uint8(0x40|13))
	}
	add("FuzzReadCSV", []byte("x  1 2\n y 3 4\n"), uint8(0x20|1))
	add("FuzzUnlzw", []byte{0x1f, 0x9d, 0x90})
	// NumPy: headers at the edges of what is accepted.
	for _, h := range []string{
		"{'descr': '<f8', 'fortran_order': False, 'shape': (2, 1), }",
		"{'descr': '>i2', 'fortran_order': True, 'shape': (1, 2, 1), }",
		"{'descr': '|b1', 'fortran_order': False, 'shape': (), }",
		"{'descr': '<U2', 'fortran_order': False, 'shape': (2,), }",
		"{'descr': '<f8', 'fortran_order': False, 'shape': (4294967296, 4294967296), }",
		"{'shape': (1,), 'fortran_order': False, 'descr': '<u8'}",
	} {
		add("FuzzReadNPY", npyBytes(h, bytes.Repeat([]byte{0x3f, 0xf0, 0, 0, 0, 0, 0, 0}, 2)))
	}
	for _, members := range [][]string{{"X", "y"}, {"arr_0"}, {"data", "target", "extra"}} {
		for _, m := range []uint16{zip.Store, zip.Deflate} {
			add("FuzzReadNPZ", npzBytes(m, members...), "")
		}
	}
	add("FuzzReadNPZ", npzBytes(zip.Store, "X", "y"), "last")
	add("FuzzReadNPZ", npzBytes(zip.Deflate, "X", "extra"), "extra")
	for _, s := range []string{
		"@relation r\n@attribute x numeric\n@attribute c {a,b}\n@data\n1,a\n?,b\n",
		"@RELATION r\n@ATTRIBUTE 'a b' REAL\n@attribute s string\n@attribute c {'x y',z}\n@DATA\n{0 1, 1 'q', 2 z}\n{}\n",
		"@relation r\n@attribute d date\n@attribute n integer\n@data\n\"2020-01-01\",3,{2}\n",
		"% only a comment\n",
		"@relation r\n@attribute c {a,b}\n@attribute x numeric\n@data\na,1e308\nb,-1e-308\n",
	} {
		for _, lc := range []string{"", "none", "0", "last"} {
			add("FuzzReadARFF", []byte(s), lc, uint8(2))
		}
	}
	add("FuzzReadMUSAE", []byte(`{"0": [1, 3], "1": [], "2": [0]}`), []byte("id,name,ml_target\n0,a,1\n1,b,0\n2,c,1\n"))
	add("FuzzReadMUSAE", []byte(`{"0": [9999999]}`), []byte("id,name,ml_target\n0,a,1\n"))
	add("FuzzReadMUSAE", []byte(`{"1": [0]}`), []byte("id,ml_target\n1,0\n"))
	return c
}

// npzBytes builds an .npz archive whose members are small arrays: a 3 x 2
// float64 X-like array for the first name, and 3-element label vectors
// (int64) for the others.
func npzBytes(method uint16, names ...string) []byte {
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	for i, name := range names {
		var data []byte
		hdr := "{'descr': '<i8', 'fortran_order': False, 'shape': (3,), }"
		if i == 0 {
			hdr = "{'descr': '<f8', 'fortran_order': False, 'shape': (3, 2), }"
			for k := range 6 {
				data = binary.LittleEndian.AppendUint64(data, mathFloat64bits(float64(k)/2))
			}
		} else {
			for k := range 3 {
				data = binary.LittleEndian.AppendUint64(data, uint64(k%2))
			}
		}
		w, err := zw.CreateHeader(&zip.FileHeader{Name: name + ".npy", Method: method})
		if err != nil {
			panic(err)
		}
		w.Write(npyBytes(hdr, data))
	}
	zw.Close()
	return buf.Bytes()
}

// corpusFile encodes values in Go's fuzz corpus format ("go test fuzz v1").
func corpusFile(vals []any) []byte {
	var b bytes.Buffer
	b.WriteString("go test fuzz v1\n")
	for _, v := range vals {
		switch t := v.(type) {
		case []byte:
			fmt.Fprintf(&b, "[]byte(%s)\n", strconv.Quote(string(t)))
		case string:
			fmt.Fprintf(&b, "string(%q)\n", t)
		case uint8:
			fmt.Fprintf(&b, "byte(%q)\n", t)
		default:
			panic(fmt.Sprintf("corpus value of type %T", v))
		}
	}
	return b.Bytes()
}

// TestFuzzCorpus: testdata/fuzz/FuzzX/ holds exactly the seeds of
// fuzzCorpus (named seed-NN), so that the corpus the fuzz targets start from
// is reviewable code. GSBENCH_WRITE_FUZZ_CORPUS=1 rewrites the files.
func TestFuzzCorpus(t *testing.T) {
	write := os.Getenv("GSBENCH_WRITE_FUZZ_CORPUS") == "1"
	for target, seeds := range fuzzCorpus() {
		dir := filepath.Join("testdata", "fuzz", target)
		if write {
			os.RemoveAll(dir)
			if err := os.MkdirAll(dir, 0o755); err != nil {
				t.Fatal(err)
			}
		}
		var want []string
		for i, vals := range seeds {
			name := fmt.Sprintf("seed-%02d", i+1)
			want = append(want, name)
			p := filepath.Join(dir, name)
			if write {
				if err := os.WriteFile(p, corpusFile(vals), 0o644); err != nil {
					t.Fatal(err)
				}
				continue
			}
			got, err := os.ReadFile(p)
			if err != nil || !bytes.Equal(got, corpusFile(vals)) {
				t.Errorf("%s differs from fuzzCorpus (GSBENCH_WRITE_FUZZ_CORPUS=1 go test -run TestFuzzCorpus rewrites it): %v", p, err)
			}
		}
		entries, _ := os.ReadDir(dir)
		var have []string
		for _, e := range entries {
			if strings.HasPrefix(e.Name(), "seed-") {
				have = append(have, e.Name())
			}
		}
		if !slices.Equal(have, want) {
			t.Errorf("%s holds %v, fuzzCorpus %v", dir, have, want)
		}
	}
}

// fixtures returns the content of the testdata files matching pattern.
func fixtures(f *testing.F, pattern string) [][]byte {
	paths, err := filepath.Glob(pattern)
	if err != nil || len(paths) == 0 {
		f.Fatalf("no fixtures %s: %v", pattern, err)
	}
	var out [][]byte
	for _, p := range paths {
		b, err := os.ReadFile(p)
		if err != nil {
			f.Fatal(err)
		}
		out = append(out, b)
	}
	return out
}

func FuzzReadNPY(f *testing.F) {
	smallLimits(f)
	for _, b := range fixtures(f, "testdata/npy/*.npy*") {
		f.Add(b)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		r, bound, _, err := Decompress(bytes.NewReader(data), int64(len(data)))
		if err != nil {
			return
		}
		a, err := ReadNPY(r, bound)
		if err != nil {
			return
		}
		total := int64(1)
		for _, k := range a.Shape {
			total *= int64(k)
		}
		if int64(a.Len()) != total || total > MaxCells || (a.Data == nil) == (a.Strings == nil) && total > 0 {
			t.Fatalf("shape %v, %d elements", a.Shape, a.Len())
		}
		if tb, err := ArrayTable("fuzz", a, LabelCol{Kind: LabelLast}); err == nil {
			checkTable(t, tb, false, -1)
			if n, _ := tb.X.Dims(); len(tb.Labels) != n {
				t.Fatalf("%d rows, %d labels", n, len(tb.Labels))
			}
		}
	})
}

func FuzzReadNPZ(f *testing.F) {
	smallLimits(f)
	for _, b := range fixtures(f, "testdata/npy/*.npz") {
		f.Add(b, "")
	}
	f.Fuzz(func(t *testing.T, data []byte, label string) {
		lc, err := ParseLabelCol(label)
		if err != nil {
			return
		}
		tb, err := NPZTable(bytes.NewReader(data), int64(len(data)), lc)
		if err != nil {
			return
		}
		checkTable(t, tb, false, -1)
	})
}

func FuzzReadARFF(f *testing.F) {
	smallLimits(f)
	for _, b := range fixtures(f, "testdata/arff/*.arff") {
		f.Add(b, "", uint8(2))
	}
	f.Fuzz(func(t *testing.T, data []byte, label string, mode uint8) {
		opt := ARFFOptions{
			LabelCol: label,
			Missing:  []string{"", MissingDrop, MissingMean, MissingMostFrequent}[mode%4],
			Encoding: []string{OneHot, Ordinal}[mode/4%2],
		}
		tb, err := ReadARFF(bytes.NewReader(data), opt)
		if err != nil {
			return
		}
		checkTable(t, tb, true, -1)
	})
}

func FuzzReadMUSAE(f *testing.F) {
	smallLimits(f)
	f.Fuzz(func(t *testing.T, features, target []byte) {
		tb, err := ReadMUSAE(bytes.NewReader(features), bytes.NewReader(target), 64)
		if err != nil {
			return
		}
		checkTable(t, tb, false, 64)
		if n, _ := tb.X.Dims(); len(tb.Labels) != n {
			t.Fatalf("%d rows, %d labels", n, len(tb.Labels))
		}
	})
}
