package format

import (
	"bytes"
	"compress/zlib"
	"encoding/binary"
	"math"
	"os"
	"runtime"
	"slices"
	"strings"
	"testing"

	"gonum.org/v1/gonum/mat"
)

// matWriter builds Level 5 MAT-files for the tests, following the MAT-File
// Format document: a 128-byte header, then data elements (8-byte tag, data
// padded to 8 bytes), matrices as miMATRIX with array flags, dimensions,
// name and real part subelements, optionally inside miCOMPRESSED.
type matWriter struct {
	o          byteOrder
	compressed bool
	buf        bytes.Buffer
}

func newMATWriter(o byteOrder, compressed bool, text string, version uint16) *matWriter {
	w := &matWriter{o: o, compressed: compressed}
	hdr := make([]byte, 128)
	copy(hdr, []byte(text+strings.Repeat(" ", 116)))
	o.PutUint16(hdr[124:], version)
	o.PutUint16(hdr[126:], 'M'<<8|'I') // reads "IM" little-endian, "MI" big-endian
	w.buf.Write(hdr)
	return w
}

func (w *matWriter) element(typ uint32, data []byte) []byte {
	var b bytes.Buffer
	tag := make([]byte, 8)
	w.o.PutUint32(tag, typ)
	w.o.PutUint32(tag[4:], uint32(len(data)))
	b.Write(tag)
	b.Write(data)
	b.Write(make([]byte, pad8(int64(len(data)))))
	return b.Bytes()
}

func (w *matWriter) small(typ uint32, data []byte) []byte {
	b := make([]byte, 8)
	w.o.PutUint32(b, uint32(len(data))<<16|typ)
	copy(b[4:], data)
	return b
}

// encode writes values as data type typ.
func (w *matWriter) encode(typ uint32, vals []float64) []byte {
	var b bytes.Buffer
	for _, v := range vals {
		switch typ {
		case miINT8:
			b.WriteByte(byte(int8(v)))
		case miUINT8:
			b.WriteByte(byte(v))
		case miINT16:
			b.Write(w.o.AppendUint16(nil, uint16(int16(v))))
		case miUINT16:
			b.Write(w.o.AppendUint16(nil, uint16(v)))
		case miINT32:
			b.Write(w.o.AppendUint32(nil, uint32(int32(v))))
		case miUINT32:
			b.Write(w.o.AppendUint32(nil, uint32(v)))
		case miSINGLE:
			b.Write(w.o.AppendUint32(nil, math.Float32bits(float32(v))))
		case miDOUBLE:
			b.Write(w.o.AppendUint64(nil, math.Float64bits(v)))
		case miINT64:
			b.Write(w.o.AppendUint64(nil, uint64(int64(v))))
		case miUINT64:
			b.Write(w.o.AppendUint64(nil, uint64(v)))
		}
	}
	return b.Bytes()
}

// matrix returns an miMATRIX element; vals are column-major; flagsExtra
// adds flag bits (0x0800 complex) to the class.
func (w *matWriter) matrix(name string, class uint32, flagsExtra uint32, dims []int32, typ uint32, vals []float64, tail []byte) []byte {
	var m bytes.Buffer
	flags := make([]byte, 8)
	w.o.PutUint32(flags, class|flagsExtra)
	m.Write(w.element(miUINT32, flags))
	var db []byte
	for _, d := range dims {
		db = w.o.AppendUint32(db, uint32(d))
	}
	m.Write(w.element(miINT32, db))
	if len(name) <= 4 {
		m.Write(w.small(miINT8, []byte(name)))
	} else {
		m.Write(w.element(miINT8, []byte(name)))
	}
	if vals != nil {
		data := w.encode(typ, vals)
		if len(data) <= 4 {
			m.Write(w.small(typ, data))
		} else {
			m.Write(w.element(typ, data))
		}
	}
	m.Write(tail)
	return w.element(miMATRIX, m.Bytes())
}

func (w *matWriter) add(elem []byte) {
	if !w.compressed {
		w.buf.Write(elem)
		return
	}
	var z bytes.Buffer
	zw := zlib.NewWriter(&z)
	zw.Write(elem)
	zw.Close()
	tag := make([]byte, 8)
	w.o.PutUint32(tag, miCOMPRESSED)
	w.o.PutUint32(tag[4:], uint32(z.Len()))
	w.buf.Write(tag)
	w.buf.Write(z.Bytes()) // compressed elements are not padded
}

// byteOrder is a binary.ByteOrder that can also append.
type byteOrder interface {
	binary.ByteOrder
	binary.AppendByteOrder
}

func readMATBytes(b []byte) ([]*MatVar, error) {
	return ReadMAT(bytes.NewReader(b), int64(len(b)))
}

func TestReadMATRoundTrip(t *testing.T) {
	// A 3 x 2 matrix, column-major: X = [1 4; 2 5; 3 6] (+ offsets per type).
	x := []float64{1, 2, 3, 4, 5, 6}
	for _, order := range []byteOrder{binary.LittleEndian, binary.BigEndian} {
		for _, compressed := range []bool{false, true} {
			for _, tc := range []struct {
				class, typ uint32
				vals       []float64
			}{
				{6, miDOUBLE, []float64{0.5, -1.25, 3, 1e-300, 2, -7}},
				{6, miUINT8, x}, // doubles stored as bytes, as MATLAB does for small integers
				{7, miSINGLE, []float64{0.5, -1.25, 3, 4, 5, 6}},
				{8, miINT8, []float64{-128, 127, 0, 1, -1, 5}},
				{10, miINT16, []float64{-32768, 32767, 3, 4, 5, 6}},
				{13, miUINT32, []float64{4294967295, 0, 3, 4, 5, 6}},
				{14, miINT64, []float64{-(1 << 52), 1 << 52, 3, 4, 5, 6}},
				{9, miUINT16, []float64{65535, 2, 3, 4, 5, 6}},
			} {
				w := newMATWriter(order, compressed, "MATLAB 5.0 MAT-file, test", 0x0100)
				w.add(w.matrix("X", tc.class, 0, []int32{3, 2}, tc.typ, tc.vals, nil))
				w.add(w.matrix("Y", 9, 0, []int32{3, 1}, miUINT8, []float64{2, 1, 2}, nil))
				vars, err := readMATBytes(w.buf.Bytes())
				if err != nil {
					t.Fatalf("%v compressed=%v class %d: %v", order, compressed, tc.class, err)
				}
				if len(vars) != 2 || vars[0].Name != "X" || vars[1].Name != "Y" {
					t.Fatalf("variables %+v", vars)
				}
				for i, v := range tc.vals {
					want := v
					if tc.typ == miSINGLE {
						want = float64(float32(v))
					}
					if vars[0].Data[i] != want {
						t.Errorf("%v class %d: X[%d] = %v, want %v", order, tc.class, i, vars[0].Data[i], want)
					}
				}
				ds, err := MATTable(vars, "X", "Y")
				if err != nil {
					t.Fatal(err)
				}
				// Column-major in the file, row-major in the matrix: X(2,1) is vals[1].
				if got := ds.X.At(1, 0); got != vars[0].Data[1] {
					t.Errorf("X(2,1) = %v, want %v", got, vars[0].Data[1])
				}
				if got := ds.X.At(0, 1); got != vars[0].Data[3] {
					t.Errorf("X(1,2) = %v, want %v", got, vars[0].Data[3])
				}
				if got := strings.Join(ds.Labels, ","); got != "2,1,2" {
					t.Errorf("labels %s, want 2,1,2", got)
				}
			}
		}
	}
}

func TestReadMATUnsupported(t *testing.T) {
	w := newMATWriter(binary.LittleEndian, true, "MATLAB 5.0 MAT-file", 0x0100)
	w.add(w.matrix("S", 5, 0, []int32{3, 3}, 0, nil, w.element(miINT32, make([]byte, 12))))
	w.add(w.matrix("C", 1, 0, []int32{1, 2}, 0, nil, nil))
	w.add(w.matrix("name", 4, 0, []int32{1, 2}, miUINT16, []float64{104, 105}, nil))
	w.add(w.matrix("Z", 6, 0x0800, []int32{1, 1}, miDOUBLE, []float64{1}, w.element(miDOUBLE, make([]byte, 8))))
	w.add(w.matrix("X", 6, 0, []int32{1, 1}, miDOUBLE, []float64{1}, nil))
	vars, err := readMATBytes(w.buf.Bytes())
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]string{"S": "sparse matrix", "C": "cell array", "name": "char array", "Z": "complex double", "X": ""}
	for _, v := range vars {
		if v.Unsupported != want[v.Name] {
			t.Errorf("%s: unsupported %q, want %q", v.Name, v.Unsupported, want[v.Name])
		}
	}
	if _, err := MATTable(vars, "S", ""); err == nil || !strings.Contains(err.Error(), "sparse") {
		t.Errorf("sparse X: %v", err)
	}
	if _, err := MATTable(vars, "nope", ""); err == nil || !strings.Contains(err.Error(), "the file has") {
		t.Errorf("missing variable: %v", err)
	}
}

// TestReadMATOctave reads a file Octave 7.3 wrote with save -v7
// (testdata/mat/make_mat.m): compressed elements, column-major data.
func TestReadMATOctave(t *testing.T) {
	b, err := os.ReadFile("testdata/mat/fea_gnd.mat")
	if err != nil {
		t.Fatal(err)
	}
	vars, err := readMATBytes(b)
	if err != nil {
		t.Fatal(err)
	}
	if len(vars) != 2 || vars[0].Name != "fea" || vars[0].Class != "double" || !slices.Equal(vars[0].Dims, []int{2, 3}) || !slices.Equal(vars[0].Data, []float64{1, 4, 2, 5, 3, 6}) ||
		vars[1].Name != "gnd" || !slices.Equal(vars[1].Data, []float64{7, 3}) {
		t.Fatalf("%+v %+v", vars[0], vars[len(vars)-1])
	}
	tb, err := MATLabelTable(vars, LabelCol{})
	if err != nil || !mat.Equal(tb.X, mat.NewDense(2, 3, []float64{1, 2, 3, 4, 5, 6})) || strings.Join(tb.Labels, ",") != "7,3" {
		t.Errorf("%v %v", tb, err)
	}
}

func TestReadMATRejects(t *testing.T) {
	valid := func() *matWriter {
		w := newMATWriter(binary.LittleEndian, false, "MATLAB 5.0 MAT-file", 0x0100)
		w.add(w.matrix("X", 6, 0, []int32{2, 2}, miDOUBLE, []float64{1, 2, 3, 4}, nil))
		return w
	}
	hugeTag := newMATWriter(binary.LittleEndian, false, "MATLAB 5.0", 0x0100)
	hugeTag.buf.Write([]byte{14, 0, 0, 0, 0xff, 0xff, 0xff, 0x7f, 0, 0, 0, 0})
	// A matrix whose dimensions claim 2^31 x 2^31 doubles.
	hugeDims := newMATWriter(binary.LittleEndian, true, "MATLAB 5.0", 0x0100)
	hugeDims.add(hugeDims.matrix("X", 6, 0, []int32{math.MaxInt32, math.MaxInt32}, 0, nil, nil))
	// A real part that claims 2^31 bytes inside a small compressed element.
	bigReal := newMATWriter(binary.LittleEndian, true, "MATLAB 5.0", 0x0100)
	bigReal.add(bigReal.matrix("X", 6, 0, []int32{1 << 14, 1 << 14}, 0, nil, []byte{9, 0, 0, 0, 0, 0, 0, 0x80}))
	h73 := newMATWriter(binary.LittleEndian, false, "MATLAB 7.3 MAT-file, Platform: GLNXA64, HDF5 schema 1.00", 0x0200)
	h73.buf.Write(make([]byte, 512))
	v4 := append([]byte{0, 0, 0, 0, 2, 0, 0, 0, 2, 0, 0, 0}, make([]byte, 200)...)
	trunc := valid().buf.Bytes()
	for name, b := range map[string][]byte{
		"empty":                 nil,
		"v7.3 (HDF5)":           h73.buf.Bytes(),
		"v4":                    v4,
		"truncated":             trunc[:len(trunc)-9],
		"tag claims 2 GiB":      hugeTag.buf.Bytes(),
		"dims 2^31 x 2^31":      hugeDims.buf.Bytes(),
		"real part claims 2GiB": bigReal.buf.Bytes(),
	} {
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		_, err := readMATBytes(b)
		runtime.ReadMemStats(&after)
		if err == nil {
			t.Errorf("%s: no error", name)
		}
		if grew := after.TotalAlloc - before.TotalAlloc; grew > 4<<20 {
			t.Errorf("%s: allocated %d bytes", name, grew)
		}
		if name == "v7.3 (HDF5)" && !strings.Contains(err.Error(), "HDF5") {
			t.Errorf("v7.3: %v", err)
		}
	}
}

// TestReadMATZlibBomb: a compressed element of about 32 KB that inflates to
// 32 MB. Its inner tag must not be trusted beyond what the stream holds,
// and MaxCells bounds the matrix it describes.
func TestReadMATZlibBomb(t *testing.T) {
	const n = 32 << 20
	w := newMATWriter(binary.LittleEndian, false, "MATLAB 5.0", 0x0100)
	var inner bytes.Buffer
	inner.Write(w.matrix("X", 6, 0, []int32{n, 1}, miUINT8, nil, nil)[8:]) // matrix body without its tag
	tag := w.element(miUINT8, nil)[:8]
	binary.LittleEndian.PutUint32(tag[4:], n)
	inner.Write(tag)
	var z bytes.Buffer
	zw, _ := zlib.NewWriterLevel(&z, zlib.BestCompression)
	mtag := make([]byte, 8)
	binary.LittleEndian.PutUint32(mtag, miMATRIX)
	binary.LittleEndian.PutUint32(mtag[4:], uint32(inner.Len()+n))
	zw.Write(mtag)
	zw.Write(inner.Bytes())
	zeros := make([]byte, 1<<20)
	for range n >> 20 {
		zw.Write(zeros)
	}
	zw.Close()
	w.buf.Write([]byte{miCOMPRESSED, 0, 0, 0})
	w.buf.Write(binary.LittleEndian.AppendUint32(nil, uint32(z.Len())))
	w.buf.Write(z.Bytes())
	file := w.buf.Bytes()
	if len(file) > 64<<10 {
		t.Fatalf("bomb is %d bytes", len(file))
	}
	old := MaxCells
	MaxCells = 1 << 20
	defer func() { MaxCells = old }()
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	_, err := readMATBytes(file)
	runtime.ReadMemStats(&after)
	if err == nil || !strings.Contains(err.Error(), "MaxCells") {
		t.Errorf("bomb: %v", err)
	}
	if grew := after.TotalAlloc - before.TotalAlloc; grew > 4<<20 {
		t.Errorf("bomb: allocated %d bytes", grew)
	}
	// Truncating the compressed stream is an error, not a short matrix.
	MaxCells = old
	if _, err := readMATBytes(file[:len(file)/2]); err == nil {
		t.Error("truncated bomb: no error")
	}
}

// TestMATLabelTable: a user's MAT-file is read by the label rule, with the
// features and labels under the names Deng Cai's datasets use (fea, gnd)
// by default.
func TestMATLabelTable(t *testing.T) {
	w := newMATWriter(binary.LittleEndian, true, "MATLAB 5.0 MAT-file", 0x0100)
	w.add(w.matrix("fea", 6, 0, []int32{2, 3}, miDOUBLE, []float64{1, 2, 3, 4, 5, 6}, nil))
	w.add(w.matrix("gnd", 6, 0, []int32{2, 1}, miDOUBLE, []float64{7, 3}, nil))
	vars, err := readMATBytes(w.buf.Bytes())
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		label  string
		x      []float64
		labels string
	}{
		{"", []float64{1, 3, 5, 2, 4, 6}, "7,3"},
		{"none", []float64{1, 3, 5, 2, 4, 6}, ""},
		{"gnd", []float64{1, 3, 5, 2, 4, 6}, "7,3"},
		{"last", []float64{1, 3, 2, 4}, "5,6"},
		{"0", []float64{3, 5, 4, 6}, "1,2"},
	} {
		lc, _ := ParseLabelCol(tc.label)
		tb, err := MATLabelTable(vars, lc)
		if err != nil {
			t.Errorf("%q: %v", tc.label, err)
			continue
		}
		if !mat.Equal(tb.X, mat.NewDense(2, len(tc.x)/2, tc.x)) || strings.Join(tb.Labels, ",") != tc.labels || (tb.Labels == nil) != (tc.labels == "") {
			t.Errorf("%q: X = %v, labels %v", tc.label, mat.Formatted(tb.X), tb.Labels)
		}
	}
	if _, err := MATLabelTable(vars, LabelCol{Kind: LabelName, Name: "nosuch"}); err == nil || !strings.Contains(err.Error(), "no variable \"nosuch\" (the file has: fea, gnd)") {
		t.Errorf("a missing label variable: %v", err)
	}
}
