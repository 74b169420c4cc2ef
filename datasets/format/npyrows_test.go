package format

import (
	"bytes"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"gonum.org/v1/gonum/mat"
)

// readRows reads every block of s (rows at a time) into one row-major slice.
func readRows(t testing.TB, s *NPYRows, rows int) ([]float64, error) {
	t.Helper()
	var out []float64
	for X, err := range s.Blocks(rows) {
		if err != nil {
			return out, err
		}
		k, d := X.Dims()
		if d != s.D || k < 1 || k > max(rows, 1) && rows > 0 {
			t.Fatalf("block %d x %d (rows %d, D %d)", k, d, rows, s.D)
		}
		for i := range k {
			out = append(out, X.RawRowView(i)...)
		}
	}
	return out, nil
}

// TestNPYRowsFixtures: every numeric fixture NumPy wrote (each element
// type, both byte orders, format versions 1.0 to 3.0, C and Fortran order,
// gzip) reads in row blocks of any size to the values NumPy gives, as the
// in-memory reader does (a 3-D C-order array as n x the rest).
func TestNPYRowsFixtures(t *testing.T) {
	exp := readNpyExpected(t)
	n := 0
	for name, e := range exp {
		if !strings.Contains(name, ".npy") || e.Strings != nil || name == "cube_fortran.npy" {
			continue
		}
		n++
		s, err := OpenNPYRows(filepath.Join("testdata/npy", name), "")
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		cols := 1
		for _, k := range e.Shape[1:] {
			cols *= k
		}
		if s.N != e.Shape[0] || s.D != cols {
			t.Errorf("%s: %d x %d, NumPy %v", name, s.N, s.D, e.Shape)
		}
		for _, rows := range []int{1, 2, 1000} {
			got, err := readRows(t, s, rows)
			if err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			if !slices.Equal(got, e.Values) {
				t.Errorf("%s, %d rows a block: %v, NumPy %v", name, rows, got, e.Values)
			}
		}
	}
	if n < 24 {
		t.Errorf("only %d fixtures read", n)
	}
}

// TestNPYRowsLabelCol: the label rule leaves a column out (the labels are
// not read: the streaming methods are unsupervised).
func TestNPYRowsLabelCol(t *testing.T) {
	for _, file := range []string{"f8.npy", "f8_fortran.npy"} {
		for lc, want := range map[string][]float64{
			"":     {1.5, -2.0, 3.25, 0.0, 4.0, 5.5, -6.0, 7.0, 8.0, 9.0, 10.0, -11.5},
			"none": {1.5, -2.0, 3.25, 0.0, 4.0, 5.5, -6.0, 7.0, 8.0, 9.0, 10.0, -11.5},
			"last": {1.5, -2.0, 3.25, 4.0, 5.5, -6.0, 8.0, 9.0, 10.0},
			"1":    {1.5, 3.25, 0.0, 4.0, -6.0, 7.0, 8.0, 10.0, -11.5},
		} {
			s, err := OpenNPYRows("testdata/npy/"+file, lc)
			if err != nil {
				t.Fatal(err)
			}
			got, err := readRows(t, s, 2)
			if err != nil || !slices.Equal(got, want) {
				t.Errorf("%s, label %q: %v %v, want %v", file, lc, got, err, want)
			}
		}
	}
	for lc, want := range map[string]string{"4": "0..3", "x": "no column names", "last;": "label column"} {
		if _, err := OpenNPYRows("testdata/npy/f8.npy", lc); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("label %q: %v, want %q", lc, err, want)
		}
	}
	if _, err := OpenNPYRows("testdata/npy/vector.npy", "last"); err == nil || !strings.Contains(err.Error(), "no feature column") {
		t.Errorf("label of a vector: %v", err)
	}
}

// npyFile writes a .npy file with header h and data to a temporary
// directory and returns its path.
func npyFile(t *testing.T, name, h string, data []byte) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(p, npyBytes(h, data), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

func f8Bytes(v ...float64) []byte {
	var b []byte
	for _, x := range v {
		b = append(b, le64(math.Float64bits(x))...)
	}
	return b
}

func le64(u uint64) []byte {
	b := make([]byte, 8)
	for i := range b {
		b[i] = byte(u >> (8 * i))
	}
	return b
}

// TestNPYRowsBadInput: a truncated or malformed file is an error that
// names the file and the row, at open when the size shows it, else when
// the row is read; nothing is yielded from a row past the error.
func TestNPYRowsBadInput(t *testing.T) {
	const h34 = "{'descr': '<f8', 'fortran_order': False, 'shape': (3, 4), }"
	const f34 = "{'descr': '<f8', 'fortran_order': True, 'shape': (3, 4), }"
	vals := make([]float64, 12)
	for i := range vals {
		vals[i] = float64(i)
	}
	full := f8Bytes(vals...)
	nan := f8Bytes(0, 1, 2, 3, 4, 5, math.NaN(), 7, 8, 9, 10, 11)
	inf := f8Bytes(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, math.Inf(-1))
	for _, tc := range []struct {
		name, header string
		data         []byte
		gz           bool
		open         string // error at open
		read         string // error while reading
	}{
		{name: "cut in row 1", header: h34, data: full[:8*6], open: "row 1 (0-based) is incomplete and rows 1..2 are missing"},
		{name: "cut at a row boundary", header: h34, data: full[:8*8], open: "row 2 (0-based) is incomplete"},
		{name: "no data", header: h34, data: nil, open: "row 0 (0-based) is incomplete"},
		{name: "fortran cut", header: f34, data: full[:8*7], open: "row 1 of column 2 is the first value missing"},
		{name: "extra bytes", header: h34, data: append(slices.Clone(full), 0), open: "1 bytes after the 3 x 4"},
		{name: "gzip cut in row 2", header: h34, data: full[:8*10], gz: true, read: "row 2 of 3: the data ends early"},
		{name: "gzip fortran", header: f34, data: full, gz: true, open: "cannot be read in row blocks"},
		{name: "NaN", header: h34, data: nan, read: "row 1, column 2 is NaN"},
		{name: "Inf, gzip", header: h34, data: inf, gz: true, read: "row 2, column 3 is -Inf"},
		{name: "NaN, fortran", header: f34, data: nan, read: "row 0, column 2 is NaN"},
		{name: "complex", header: "{'descr': '<c16', 'fortran_order': False, 'shape': (3, 2), }", data: full, open: "dtype \"<c16\" is not supported"},
		{name: "strings", header: "{'descr': '<U1', 'fortran_order': False, 'shape': (3, 4), }", data: full[:48], open: "strings cannot be features"},
		{name: "scalar", header: "{'descr': '<f8', 'fortran_order': False, 'shape': (), }", data: full[:8], open: "0-d array"},
		{name: "empty", header: "{'descr': '<f8', 'fortran_order': False, 'shape': (0, 4), }", open: "empty array"},
		{name: "3-d fortran", header: "{'descr': '<f8', 'fortran_order': True, 'shape': (3, 2, 2), }", data: full, open: "np.ascontiguousarray"},
		{name: "no shape", header: "{'descr': '<f8', 'fortran_order': False, }", data: full, open: "no \"shape\" key"},
		{name: "huge shape", header: "{'descr': '<f8', 'fortran_order': False, 'shape': (999999999999999999, 4), }", data: full, open: "more bytes than a file can hold"},
		{name: "huge row", header: "{'descr': '<f8', 'fortran_order': False, 'shape': (3, 4294967296), }", data: full, open: "more than 2147483647 columns"},
		{name: "header says fewer rows", header: "{'descr': '<f8', 'fortran_order': False, 'shape': (2, 4), }", data: full, open: "32 bytes after the 2 x 4"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			b := npyBytes(tc.header, tc.data)
			name := "x.npy"
			if tc.gz {
				b, name = gzipBytes(b), "x.npy.gz"
			}
			p := filepath.Join(t.TempDir(), name)
			if err := os.WriteFile(p, b, 0o644); err != nil {
				t.Fatal(err)
			}
			s, err := OpenNPYRows(p, "")
			if tc.open != "" {
				if err == nil || !strings.Contains(err.Error(), tc.open) || !strings.Contains(err.Error(), p) {
					t.Fatalf("open: %v, want %q and the path", err, tc.open)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			got, err := readRows(t, s, 1)
			if err == nil || !strings.Contains(err.Error(), tc.read) || !strings.Contains(err.Error(), p) {
				t.Fatalf("read: %v, want %q and the path", err, tc.read)
			}
			// Only the rows before the bad one were yielded.
			if len(got)%4 != 0 || len(got) >= 12 {
				t.Errorf("%d values yielded before the error", len(got))
			}
		})
	}
	// Not a .npy file at all; a missing file.
	p := filepath.Join(t.TempDir(), "x.npy")
	os.WriteFile(p, []byte("a,b\n1,2\n"), 0o644)
	if _, err := OpenNPYRows(p, ""); err == nil || !strings.Contains(err.Error(), "not a .npy file") {
		t.Errorf("CSV named .npy: %v", err)
	}
	if _, err := OpenNPYRows(filepath.Join(t.TempDir(), "none.npy"), ""); err == nil {
		t.Error("missing file: no error")
	}
}

// TestNPYRowsTruncatedAfterOpen: a file cut short between the check of its
// size and the read of its rows (another process writing it) is an error
// naming the row where its data ends.
func TestNPYRowsTruncatedAfterOpen(t *testing.T) {
	vals := make([]float64, 4*100)
	p := npyFile(t, "x.npy", "{'descr': '<f8', 'fortran_order': False, 'shape': (100, 4), }", f8Bytes(vals...))
	for _, fortran := range []bool{false, true} {
		if fortran {
			p = npyFile(t, "f.npy", "{'descr': '<f8', 'fortran_order': True, 'shape': (100, 4), }", f8Bytes(vals...))
		}
		s, err := OpenNPYRows(p, "")
		if err != nil {
			t.Fatal(err)
		}
		fi, _ := os.Stat(p)
		// Cut in the middle of row 57 (C order), or of column 3's row 57.
		cut := fi.Size() - int64(8*4*100) + 8*4*57 + 8
		if fortran {
			cut = fi.Size() - int64(8*100) + 8*57
		}
		if err := os.Truncate(p, cut); err != nil {
			t.Fatal(err)
		}
		got, err := readRows(t, s, 10)
		if err == nil || !strings.Contains(err.Error(), "row 57 of 100") || !strings.Contains(err.Error(), "truncated") {
			t.Errorf("fortran %v: %v", fortran, err)
		}
		if len(got) != 4*50 {
			t.Errorf("fortran %v: %d values before the error, want the 5 complete blocks", fortran, len(got))
		}
	}
}

// TestNPYWriterNumPy: the writer's bytes are np.save's for the fixtures'
// matrix (testdata/npy/f8.npy and f4.npy, written by NumPy 1.24), whatever
// the blocks the rows come in.
func TestNPYWriterNumPy(t *testing.T) {
	base := mat.NewDense(3, 4, []float64{1.5, -2.0, 3.25, 0.0, 4.0, 5.5, -6.0, 7.0, 8.0, 9.0, 10.0, -11.5})
	for dtype, fixture := range map[string]string{"float64": "f8.npy", "float32": "f4.npy"} {
		want, err := os.ReadFile("testdata/npy/" + fixture)
		if err != nil {
			t.Fatal(err)
		}
		for _, split := range []int{0, 1, 3} {
			p := filepath.Join(t.TempDir(), "out.npy")
			w, err := CreateNPY(p, 3, 4, dtype)
			if err != nil {
				t.Fatal(err)
			}
			if split > 0 && split < 3 {
				w.Write(mat.DenseCopyOf(base.Slice(0, split, 0, 4)))
			}
			if split < 3 {
				if err := w.Write(mat.DenseCopyOf(base.Slice(split, 3, 0, 4))); err != nil {
					t.Fatal(err)
				}
			} else {
				w.Write(base)
			}
			if err := w.Close(); err != nil {
				t.Fatal(err)
			}
			got, _ := os.ReadFile(p)
			if !bytes.Equal(got, want) {
				t.Errorf("%s, split %d: %d bytes differ from NumPy's %d:\n%q\n%q", dtype, split, len(got), len(want), got[:min(len(got), 128)], want[:min(len(want), 128)])
			}
		}
	}
}

// TestNPYWriterLeavesNothing: a writer given too few or too many rows, or
// aborted, leaves no file (neither the target nor a temporary one).
func TestNPYWriterLeavesNothing(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "out.npy")
	X := mat.NewDense(2, 3, nil)
	w, _ := CreateNPY(p, 3, 3, "float64")
	w.Write(X)
	if err := w.Close(); err == nil || !strings.Contains(err.Error(), "2 rows written, 3 declared") {
		t.Errorf("short: %v", err)
	}
	w, _ = CreateNPY(p, 3, 3, "float32")
	if err := w.Write(mat.NewDense(4, 3, nil)); err == nil || !strings.Contains(err.Error(), "more than the 3 declared") {
		t.Errorf("long: %v", err)
	}
	if err := w.Write(mat.NewDense(1, 2, nil)); err == nil || !strings.Contains(err.Error(), "want 3") {
		t.Errorf("columns: %v", err)
	}
	w.Abort()
	if _, err := CreateNPY(p, 3, 3, "int8"); err == nil || !strings.Contains(err.Error(), "use float64 or float32") {
		t.Errorf("dtype: %v", err)
	}
	if _, err := CreateNPY(p, 0, 3, ""); err == nil {
		t.Error("0 rows: no error")
	}
	if ents, _ := os.ReadDir(dir); len(ents) != 0 {
		t.Errorf("left behind: %v", ents)
	}
}

// TestNPYRoundTrip: a matrix written in uneven blocks reads back the same
// by the in-memory reader and by row blocks (float64 exactly, float32 to
// float32's rounding).
func TestNPYRoundTrip(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	X := mat.NewDense(257, 5, nil)
	for i := range 257 {
		for j := range 5 {
			X.Set(i, j, rng.NormFloat64()*math.Pow(10, float64(j*3-6)))
		}
	}
	for _, dtype := range []string{"float64", "float32"} {
		p := filepath.Join(t.TempDir(), "x.npy")
		w, err := CreateNPY(p, 257, 5, dtype)
		if err != nil {
			t.Fatal(err)
		}
		for i0 := 0; i0 < 257; i0 += 100 {
			if err := w.Write(mat.DenseCopyOf(X.Slice(i0, min(257, i0+100), 0, 5))); err != nil {
				t.Fatal(err)
			}
		}
		if err := w.Close(); err != nil {
			t.Fatal(err)
		}
		ds, err := readArrays(p, "")
		if err != nil {
			t.Fatal(err)
		}
		s, err := OpenNPYRows(p, "")
		if err != nil {
			t.Fatal(err)
		}
		got, err := readRows(t, s, 64)
		if err != nil {
			t.Fatal(err)
		}
		for k, v := range X.RawMatrix().Data {
			want := v
			if dtype == "float32" {
				want = float64(float32(v))
			}
			if got[k] != want || ds.X.RawMatrix().Data[k] != want {
				t.Fatalf("%s: element %d: %v and %v, want %v", dtype, k, got[k], ds.X.RawMatrix().Data[k], want)
			}
		}
	}
}

// FuzzNPYRows: any bytes in a file named .npy open and read in row blocks
// without a panic; what reads both ways reads the same as ReadNPY.
func FuzzNPYRows(f *testing.F) {
	for _, b := range fixtures(f, "testdata/npy/*.npy*") {
		f.Add(b, uint8(3))
	}
	f.Add(npyBytes("{'descr': '<f8', 'fortran_order': True, 'shape': (2, 2), }", f8Bytes(1, 2, 3)), uint8(1))
	f.Fuzz(func(t *testing.T, data []byte, rows uint8) {
		p := filepath.Join(t.TempDir(), "f.npy")
		if err := os.WriteFile(p, data, 0o644); err != nil {
			t.Fatal(err)
		}
		s, err := OpenNPYRows(p, "")
		if err != nil {
			return
		}
		got, err := readRows(t, s, int(rows))
		if err != nil {
			return
		}
		if len(got) != s.N*s.D {
			t.Fatalf("%d values for %d x %d", len(got), s.N, s.D)
		}
		r, bound, _, _ := Decompress(bytes.NewReader(data), int64(len(data)))
		if a, err := ReadNPY(r, bound); err == nil && a.Data != nil && !slices.Equal(a.Data, got) {
			t.Fatalf("row blocks %v, ReadNPY %v", got, a.Data)
		}
	})
}

// TestReadTruncatedNPY: the in-memory reader names the first incomplete
// row of a truncated file too (when the file's size is known).
func TestReadTruncatedNPY(t *testing.T) {
	vals := make([]float64, 40)
	b := f8Bytes(vals...)
	p := npyFile(t, "x.npy", "{'descr': '<f8', 'fortran_order': False, 'shape': (10, 4), }", b[:8*4*6+3])
	if _, err := readArrays(p, ""); err == nil || !strings.Contains(err.Error(), "row 6 (0-based) is the first incomplete one") {
		t.Errorf("%v", err)
	}
}
