package format

import (
	"bytes"
	"encoding/binary"
	"encoding/json"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// npyExpected is testdata/npy/expected.json, written by NumPy with the
// fixtures (testdata/npy/make_npy.py).
type npyExpected struct {
	Shape   []int     `json:"shape"`
	Values  []float64 `json:"values"`
	Strings []string  `json:"strings"`
	Labels  []any     `json:"labels"`
}

func readNpyExpected(t testing.TB) map[string]npyExpected {
	t.Helper()
	b, err := os.ReadFile("testdata/npy/expected.json")
	if err != nil {
		t.Fatal(err)
	}
	var m map[string]npyExpected
	if err := json.Unmarshal(b, &m); err != nil {
		t.Fatal(err)
	}
	return m
}

// TestReadNPYFixtures: every .npy file NumPy wrote (every element type,
// both byte orders, C and Fortran order, format versions 1.0, 2.0 and 3.0,
// gzip-compressed) reads to the shape and values NumPy gives.
func TestReadNPYFixtures(t *testing.T) {
	exp := readNpyExpected(t)
	n := 0
	for name, e := range exp {
		if !strings.Contains(name, ".npy") {
			continue
		}
		n++
		t.Run(name, func(t *testing.T) {
			f, err := os.Open(filepath.Join("testdata/npy", name))
			if err != nil {
				t.Fatal(err)
			}
			defer f.Close()
			fi, err := f.Stat()
			if err != nil {
				t.Fatal(err)
			}
			r, bound, _, err := Decompress(f, fi.Size())
			if err != nil {
				t.Fatal(err)
			}
			a, err := ReadNPY(r, bound)
			if err != nil {
				t.Fatal(err)
			}
			if !slices.Equal(a.Shape, e.Shape) {
				t.Errorf("shape %v, NumPy %v", a.Shape, e.Shape)
			}
			if e.Strings != nil {
				if !slices.Equal(a.Strings, e.Strings) {
					t.Errorf("strings %q, NumPy %q", a.Strings, e.Strings)
				}
				return
			}
			if !slices.Equal(a.Data, e.Values) {
				t.Errorf("values %v, NumPy %v", a.Data, e.Values)
			}
		})
	}
	if n < 25 {
		t.Errorf("only %d .npy fixtures", n)
	}
}

// readArrays reads the .npy or .npz file at path by the label rule label,
// as package datasets reads a data file given by path.
func readArrays(path, label string) (*Table, error) {
	lc, err := ParseLabelCol(label)
	if err != nil {
		return nil, err
	}
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil {
		return nil, err
	}
	if strings.HasSuffix(path, ".npz") {
		return NPZTable(f, fi.Size(), lc)
	}
	r, bound, _, err := Decompress(f, fi.Size())
	if err != nil {
		return nil, err
	}
	a, err := ReadNPY(r, bound)
	if err != nil {
		return nil, err
	}
	return ArrayTable("npy", a, lc)
}

// TestNPZFixtures: NPZTable reads the .npz archives (stored and deflated
// members) with the label rule: the y / labels / target member by default,
// none, or a named member.
func TestNPZFixtures(t *testing.T) {
	exp := readNpyExpected(t)
	for _, name := range []string{"stored.npz", "deflated.npz", "unnamed.npz", "target.npz"} {
		e := exp[name]
		tb, err := readArrays(filepath.Join("testdata/npy", name), "")
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		n, d := tb.X.Dims()
		if n != e.Shape[0] || d != e.Shape[1] || !slices.Equal(tb.X.RawMatrix().Data, e.Values) {
			t.Errorf("%s: %d x %d %v, NumPy %v %v", name, n, d, tb.X.RawMatrix().Data, e.Shape, e.Values)
		}
		var want []string
		for _, l := range e.Labels {
			want = append(want, strings.Trim(jsonText(l), `"`))
		}
		if !slices.Equal(tb.Labels, want) || (tb.Labels == nil) != (want == nil) {
			t.Errorf("%s: labels %v, NumPy %v", name, tb.Labels, want)
		}
	}
	// none: no labels; a named member; a column of X.
	tb, err := readArrays("testdata/npy/stored.npz", "none")
	if err != nil || tb.Labels != nil {
		t.Errorf("label none: %v %v", tb, err)
	}
	tb, err = readArrays("testdata/npy/target.npz", "extra")
	if err != nil || jsonText(tb.Labels) != `["0","1","2"]` {
		t.Errorf("label member extra: %v %v", tb, err)
	}
	tb, err = readArrays("testdata/npy/stored.npz", "last")
	if err != nil {
		t.Fatal(err)
	}
	if n, d := tb.X.Dims(); d != 3 || n != 3 || jsonText(tb.Labels) != `["0","7","-11.5"]` {
		t.Errorf("label column last: %v", tb.Labels)
	}
	for lc, want := range map[string]string{"nosuch": "not found (members: X, y)", "X": "is the features array", "9": "0..3"} {
		if _, err := readArrays("testdata/npy/stored.npz", lc); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("label %q: %v, want %q", lc, err, want)
		}
	}
}

func jsonText(v any) string {
	b, _ := json.Marshal(v)
	return string(b)
}

// TestArrayTable: a .npy file has no labels unless a column is named; a 3-D
// array is flattened per row as IDX images are.
func TestArrayTable(t *testing.T) {
	tb, err := readArrays("testdata/npy/f8.npy", "")
	if err != nil {
		t.Fatal(err)
	}
	if n, d := tb.X.Dims(); n != 3 || d != 4 || tb.Labels != nil {
		t.Fatalf("f8.npy: %d x %d, labels %v", n, d, tb.Labels)
	}
	tb, err = readArrays("testdata/npy/i4.npy", "0")
	if err != nil || jsonText(tb.Labels) != `["1","-4"]` || tb.X.At(1, 1) != -6 {
		t.Errorf("i4.npy label 0: %v %v", tb, err)
	}
	tb, err = readArrays("testdata/npy/cube_fortran.npy", "")
	if err != nil {
		t.Fatal(err)
	}
	if n, d := tb.X.Dims(); n != 2 || d != 12 || tb.X.At(1, 0) != 12 || tb.X.At(0, 11) != 11 {
		t.Errorf("cube_fortran.npy: %d x %d", n, d)
	}
	for lc, want := range map[string]string{"name": "no column names", "4": "0..3"} {
		if _, err := readArrays("testdata/npy/f8.npy", lc); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("label %q: %v", lc, err)
		}
	}
	if _, err := readArrays("testdata/npy/labels_u.npy", ""); err == nil || !strings.Contains(err.Error(), "strings cannot be features") {
		t.Errorf("string array as features: %v", err)
	}
}

// npyBytes builds a .npy file by hand: version 1.0, the given header dict
// (padded as NumPy pads it) and payload.
func npyBytes(header string, payload []byte) []byte {
	b := append([]byte{}, npyMagic...)
	b = append(b, 1, 0)
	h := header
	for (10+len(h)+1)%64 != 0 {
		h += " "
	}
	h += "\n"
	b = binary.LittleEndian.AppendUint16(b, uint16(len(h)))
	b = append(b, h...)
	return append(b, payload...)
}

// TestReadNPYRejects: malformed and hostile files give an error naming the
// problem (and an offset), and allocate nothing from a header's claim.
func TestReadNPYRejects(t *testing.T) {
	f8 := func(vs ...float64) []byte {
		var b []byte
		for _, v := range vs {
			b = binary.LittleEndian.AppendUint64(b, mathFloat64bits(v))
		}
		return b
	}
	for name, tc := range map[string]struct {
		data []byte
		want string
	}{
		"empty":          {nil, "unexpected end"},
		"magic":          {[]byte("\x93NUMPX\x01\x00\x00\x00"), "no \\x93NUMPY magic"},
		"version":        {append(append([]byte{}, npyMagic...), 4, 0, 0, 0), "version 4.0"},
		"header too big": {append(append([]byte{}, npyMagic...), 2, 0, 0xff, 0xff, 0xff, 0x7f), "header of"},
		"object":         {npyBytes("{'descr': '|O', 'fortran_order': False, 'shape': (1,), }", nil), "not supported"},
		"complex":        {npyBytes("{'descr': '<c16', 'fortran_order': False, 'shape': (1,), }", nil), "not supported"},
		"structured":     {npyBytes("{'descr': [('a', '<f8')], 'fortran_order': False, 'shape': (1,), }", nil), "structured"},
		"no shape":       {npyBytes("{'descr': '<f8', 'fortran_order': False, }", nil), `no "shape"`},
		"unknown key":    {npyBytes("{'descr': '<f8', 'fortran_order': False, 'shape': (1,), 'x': 1}", nil), "unknown key"},
		"bad bool":       {npyBytes("{'descr': '<f8', 'fortran_order': Maybe, 'shape': (1,), }", nil), "True or False"},
		"negative":       {npyBytes("{'descr': '<f8', 'fortran_order': False, 'shape': (-1,), }", nil), "non-negative"},
		"claims 2^60":    {npyBytes("{'descr': '<f8', 'fortran_order': False, 'shape': (1073741824, 1073741824), }", nil), "MaxCells"},
		"claims more":    {npyBytes("{'descr': '<f8', 'fortran_order': False, 'shape': (1000, 1000), }", f8(1, 2)), "truncated"},
		"short data":     {npyBytes("{'descr': '<f8', 'fortran_order': False, 'shape': (3,), }", f8(1, 2)), "truncated"},
		"trailing data":  {npyBytes("{'descr': '<f8', 'fortran_order': False, 'shape': (1,), }", f8(1, 2)), "data after"},
		"no byte order":  {npyBytes("{'descr': '|f8', 'fortran_order': False, 'shape': (1,), }", f8(1)), "byte order"},
	} {
		_, err := ReadNPY(bytes.NewReader(tc.data), int64(len(tc.data)))
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: %v, want %q", name, err, tc.want)
		}
	}
	// A NaN in the features is an error naming the element; in labels too.
	nan := npyBytes("{'descr': '<f8', 'fortran_order': False, 'shape': (2, 2), }", f8(1, 2, 3, nan64()))
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "nan.npy"), nan, 0o644)
	if _, err := readArrays(filepath.Join(dir, "nan.npy"), ""); err == nil || !strings.Contains(err.Error(), "element [1, 1] is NaN") {
		t.Errorf("NaN: %v", err)
	}
}

func mathFloat64bits(v float64) uint64 { return math.Float64bits(v) }
func nan64() float64                   { return math.NaN() }
