package format

import (
	"bytes"
	"compress/zlib"
	"encoding/binary"
	"fmt"
	"io"
	"math"
	"slices"
	"strings"
)

// MatVar is one variable of a MAT-file.
type MatVar struct {
	Name  string
	Class string // MATLAB class: "double", "single", "int8" ... "uint64", or e.g. "sparse" when unsupported
	Dims  []int
	// Data holds the real part in column-major order, converted to float64;
	// nil when the variable is not a dense real numeric array.
	Data []float64
	// Unsupported says why Data is nil ("sparse matrix", "cell array",
	// "complex", ...); empty when Data holds the variable.
	Unsupported string
}

// MAT-file Level 5 data types (MATLAB "MAT-File Format", Table 1-1).
const (
	miINT8       = 1
	miUINT8      = 2
	miINT16      = 3
	miUINT16     = 4
	miINT32      = 5
	miUINT32     = 6
	miSINGLE     = 7
	miDOUBLE     = 9
	miINT64      = 12
	miUINT64     = 13
	miMATRIX     = 14
	miCOMPRESSED = 15
	miUTF8       = 16
)

var miSize = map[uint32]int{
	miINT8: 1, miUINT8: 1, miINT16: 2, miUINT16: 2, miINT32: 4, miUINT32: 4,
	miSINGLE: 4, miDOUBLE: 8, miINT64: 8, miUINT64: 8,
}

// MATLAB array classes (the low byte of the Array Flags subelement).
var mxClass = map[uint32]string{
	1: "cell array", 2: "struct", 3: "object", 4: "char array", 5: "sparse matrix",
	6: "double", 7: "single", 8: "int8", 9: "uint8", 10: "int16", 11: "uint16",
	12: "int32", 13: "uint32", 14: "int64", 15: "uint64", 16: "function handle", 17: "opaque object",
}

// matMaxSmall bounds the subelements read whole into memory (array flags,
// dimensions, name): MATLAB names have at most 63 characters and arrays a
// few dimensions.
const matMaxSmall = 1 << 12

// ReadMAT reads the variables of a MATLAB Level 5 MAT-file (versions 5 to
// 7.2; the format MATLAB's `save -v7` writes), uncompressed or with
// miCOMPRESSED (zlib) elements. Dense real numeric arrays of every class
// are read, stored as any numeric type; other variables (sparse, cell,
// struct, char, complex ...) are listed with Unsupported set. A v7.3 file is
// an HDF5 file and is rejected with an error that says so, as are v4 files.
//
// size is the length of the input in bytes (<= 0 when unknown). No element
// is allocated beyond what the input can hold: an uncompressed element never
// claims more than the bytes left, a compressed one never more than its
// compressed size can inflate to, and a matrix never more than MaxCells.
func ReadMAT(r io.Reader, size int64) ([]*MatVar, error) {
	cr := &countingReader{r: r}
	var hdr [128]byte
	if err := readFull(cr, hdr[:]); err != nil {
		return nil, fmt.Errorf("mat: header: %w", err)
	}
	text := string(hdr[:116])
	var order binary.ByteOrder
	switch string(hdr[126:128]) {
	case "IM":
		order = binary.LittleEndian
	case "MI":
		order = binary.BigEndian
	default:
		if strings.HasPrefix(text, "MATLAB 7.3") {
			return nil, fmt.Errorf("mat: a MATLAB 7.3 MAT-file is an HDF5 file, which is not supported; re-save it in MATLAB with save(..., '-v7')")
		}
		return nil, fmt.Errorf("mat: not a Level 5 MAT-file (no endian indicator at byte 126; MAT v4 files are not supported)")
	}
	if v := order.Uint16(hdr[124:126]); v != 0x0100 {
		if v == 0x0200 || strings.HasPrefix(text, "MATLAB 7.3") {
			return nil, fmt.Errorf("mat: a MATLAB 7.3 MAT-file is an HDF5 file, which is not supported; re-save it in MATLAB with save(..., '-v7')")
		}
		return nil, fmt.Errorf("mat: unsupported version 0x%04x (want 0x0100, Level 5)", v)
	}
	m := &matReader{order: order}
	var vars []*MatVar
	for {
		left := int64(-1)
		if size > 0 {
			left = size - cr.n
		}
		typ, n, small, _, err := m.tag(cr)
		if err == io.EOF {
			return vars, nil
		}
		if err != nil {
			return nil, fmt.Errorf("mat: element %d: %w", len(vars)+1, err)
		}
		if small {
			continue // a small element holds no matrix
		}
		if left >= 0 && int64(n) > left-8 {
			return nil, fmt.Errorf("mat: element %d claims %d bytes, but only %d remain in the file", len(vars)+1, n, left-8)
		}
		switch typ {
		case miCOMPRESSED:
			v, err := m.compressed(cr, int64(n))
			if err != nil {
				return nil, fmt.Errorf("mat: element %d: %w", len(vars)+1, err)
			}
			vars = append(vars, v)
		case miMATRIX:
			v, err := m.matrix(cr, int64(n))
			if err != nil {
				return nil, fmt.Errorf("mat: element %d: %w", len(vars)+1, err)
			}
			vars = append(vars, v)
			if err := skip(cr, pad8(int64(n))); err != nil {
				return nil, fmt.Errorf("mat: element %d: %w", len(vars), err)
			}
		default:
			if err := skip(cr, int64(n)+pad8(int64(n))); err != nil {
				return nil, fmt.Errorf("mat: element %d: %w", len(vars)+1, err)
			}
		}
	}
}

type matReader struct {
	order binary.ByteOrder
}

// tag reads a data element tag. A small element (data of at most 4 bytes
// packed into the tag) is returned with small set and its data in data.
// io.EOF is returned only when r ends exactly before the tag.
func (m *matReader) tag(r io.Reader) (typ, n uint32, small bool, data [4]byte, err error) {
	var b [8]byte
	k, err := io.ReadFull(r, b[:])
	if k == 0 && err == io.EOF {
		return 0, 0, false, data, io.EOF
	}
	if err != nil {
		return 0, 0, false, data, errTruncated
	}
	first := m.order.Uint32(b[:4])
	if first>>16 != 0 {
		n = first >> 16
		if n > 4 {
			return 0, 0, false, data, fmt.Errorf("small data element claims %d bytes (at most 4)", n)
		}
		copy(data[:], b[4:])
		return first & 0xffff, n, true, data, nil
	}
	return first, m.order.Uint32(b[4:]), false, data, nil
}

// compressed reads an miCOMPRESSED element of n bytes: a zlib stream holding
// one miMATRIX element. Compressed elements are not padded.
func (m *matReader) compressed(r io.Reader, n int64) (*MatVar, error) {
	lr := &io.LimitedReader{R: r, N: n}
	zr, err := zlib.NewReader(lr)
	if err != nil {
		return nil, fmt.Errorf("compressed element: %v", err)
	}
	typ, mn, small, _, err := m.tag(zr)
	if err != nil {
		if err == io.EOF {
			err = errTruncated
		}
		return nil, fmt.Errorf("compressed element: %w", err)
	}
	if small || typ != miMATRIX {
		return nil, fmt.Errorf("compressed element holds data type %d, not a matrix (14)", typ)
	}
	if bound := inflateBound(n); int64(mn) > bound {
		return nil, fmt.Errorf("compressed element of %d bytes claims a %d-byte matrix, more than it can inflate to", n, mn)
	}
	v, err := m.matrix(zr, int64(mn))
	if err != nil {
		return nil, err
	}
	// The stream must end here (up to padding); reading to its end also
	// verifies the zlib checksum.
	rest, err := io.Copy(io.Discard, io.LimitReader(zr, 8))
	if err != nil {
		return nil, fmt.Errorf("compressed element: %v", err)
	}
	var one [1]byte
	if k, _ := zr.Read(one[:]); k != 0 || rest > 7 {
		return nil, fmt.Errorf("compressed element: data after its matrix")
	}
	if err := skip(lr, lr.N); err != nil { // bytes after the zlib stream
		return nil, fmt.Errorf("compressed element: %w", err)
	}
	return v, nil
}

// matrix reads the n bytes of an miMATRIX element (after its tag).
func (m *matReader) matrix(r io.Reader, n int64) (*MatVar, error) {
	br := &io.LimitedReader{R: r, N: n}
	flags, err := m.sub(br, "array flags", miUINT32)
	if err != nil {
		return nil, err
	}
	if len(flags) != 8 {
		return nil, fmt.Errorf("array flags: %d bytes, want 8", len(flags))
	}
	f := m.order.Uint32(flags)
	class := f & 0xff
	dimb, err := m.sub(br, "dimensions", miINT32)
	if err != nil {
		return nil, err
	}
	if len(dimb) < 8 || len(dimb)%4 != 0 {
		return nil, fmt.Errorf("dimensions: %d bytes, want at least 2 int32", len(dimb))
	}
	v := &MatVar{}
	total := int64(1)
	for i := 0; i < len(dimb); i += 4 {
		k := int32(m.order.Uint32(dimb[i:]))
		if k < 0 {
			return nil, fmt.Errorf("dimensions: negative size %d", k)
		}
		v.Dims = append(v.Dims, int(k))
		if total, err = CheckCells("mat", total, int64(k)); err != nil {
			return nil, err
		}
	}
	name, err := m.sub(br, "array name", miINT8, miUTF8)
	if err != nil {
		return nil, err
	}
	v.Name = string(bytes.TrimRight(name, "\x00"))
	cname, known := mxClass[class]
	if !known {
		return nil, fmt.Errorf("variable %q: unknown array class %d", v.Name, class)
	}
	v.Class = cname
	switch {
	case class < 6 || class > 15:
		v.Unsupported = cname
	case f&0x0800 != 0:
		v.Unsupported = "complex " + cname
	}
	if v.Unsupported != "" {
		return v, skip(br, br.N)
	}
	// Real part: any numeric storage type, whatever the class.
	typ, nb, small, data, err := m.tag(br)
	if err != nil {
		if err == io.EOF {
			err = errTruncated
		}
		return nil, fmt.Errorf("variable %q: real part: %w", v.Name, err)
	}
	esz, ok := miSize[typ]
	if !ok {
		return nil, fmt.Errorf("variable %q: real part has data type %d, not numeric", v.Name, typ)
	}
	if int64(nb) != total*int64(esz) {
		return nil, fmt.Errorf("variable %q: real part has %d bytes, but %v %s values take %d", v.Name, nb, v.Dims, cname, total*int64(esz))
	}
	if !small && int64(nb) > br.N {
		return nil, fmt.Errorf("variable %q: real part claims %d bytes, but its matrix element has only %d left", v.Name, nb, br.N)
	}
	v.Data = make([]float64, total)
	if small {
		for i := range v.Data {
			v.Data[i] = m.decode(typ, data[i*esz:])
		}
	} else {
		buf := make([]byte, min(int64(1<<16), int64(nb)+1))
		per := len(buf) / esz
		for off := 0; off < len(v.Data); off += per {
			k := min(per, len(v.Data)-off)
			b := buf[:k*esz]
			if err := readFull(br, b); err != nil {
				return nil, fmt.Errorf("variable %q: real part: %w", v.Name, err)
			}
			dst := v.Data[off : off+k]
			for i := range dst {
				dst[i] = m.decode(typ, b[i*esz:])
			}
		}
	}
	return v, skip(br, br.N) // padding (and nothing else: the array is real)
}

// sub reads a small subelement (at most matMaxSmall bytes) of one of the
// given types, with its padding.
func (m *matReader) sub(r *io.LimitedReader, what string, types ...uint32) ([]byte, error) {
	typ, n, small, data, err := m.tag(r)
	if err != nil {
		if err == io.EOF {
			err = errTruncated
		}
		return nil, fmt.Errorf("%s: %w", what, err)
	}
	okType := false
	for _, t := range types {
		okType = okType || typ == t
	}
	if !okType {
		return nil, fmt.Errorf("%s: data type %d, want %d", what, typ, types[0])
	}
	if small {
		return data[:n], nil
	}
	if n > matMaxSmall || int64(n) > r.N {
		return nil, fmt.Errorf("%s: %d bytes claimed, more than the element holds", what, n)
	}
	b := make([]byte, n)
	if err := readFull(r, b); err != nil {
		return nil, fmt.Errorf("%s: %w", what, err)
	}
	return b, skip(r, pad8(int64(n)))
}

func (m *matReader) decode(t uint32, b []byte) float64 {
	o := m.order
	switch t {
	case miINT8:
		return float64(int8(b[0]))
	case miUINT8:
		return float64(b[0])
	case miINT16:
		return float64(int16(o.Uint16(b)))
	case miUINT16:
		return float64(o.Uint16(b))
	case miINT32:
		return float64(int32(o.Uint32(b)))
	case miUINT32:
		return float64(o.Uint32(b))
	case miSINGLE:
		return float64(math.Float32frombits(o.Uint32(b)))
	case miINT64:
		return float64(int64(o.Uint64(b)))
	case miUINT64:
		return float64(o.Uint64(b))
	default: // miDOUBLE
		return math.Float64frombits(o.Uint64(b))
	}
}

func pad8(n int64) int64 { return (8 - n%8) % 8 }

// skip discards n bytes of r, failing when r ends first.
func skip(r io.Reader, n int64) error {
	if n <= 0 {
		return nil
	}
	k, err := io.CopyN(io.Discard, r, n)
	if k < n {
		if err == nil || err == io.EOF {
			err = errTruncated
		}
		return err
	}
	return nil
}

// MATTable builds a Table from the variables of a MAT-file (ReadMAT):
// xname holds the n x d features, yname (optional) n integer labels (an
// n x 1 or 1 x n array).
func MATTable(vars []*MatVar, xname, yname string) (*Table, error) {
	find := func(name string) (*MatVar, error) {
		var names []string
		for _, v := range vars {
			if v.Name == name {
				if v.Unsupported != "" {
					return nil, fmt.Errorf("mat: variable %s is a %s; only dense real numeric matrices are supported", name, v.Unsupported)
				}
				return v, nil
			}
			names = append(names, v.Name)
		}
		return nil, fmt.Errorf("mat: no variable %q (the file has: %s)", name, strings.Join(names, ", "))
	}
	xv, err := find(xname)
	if err != nil {
		return nil, err
	}
	if len(xv.Dims) != 2 || xv.Dims[0] == 0 || xv.Dims[1] == 0 {
		return nil, fmt.Errorf("mat: %s has dimensions %v; want a non-empty n x d matrix", xname, xv.Dims)
	}
	n, d := xv.Dims[0], xv.Dims[1]
	data := make([]float64, n*d)
	for j := range d {
		col := xv.Data[j*n : (j+1)*n]
		for i, x := range col {
			if math.IsNaN(x) || math.IsInf(x, 0) {
				return nil, fmt.Errorf("mat: %s(%d,%d) is %v", xname, i+1, j+1, x)
			}
			data[i*d+j] = x
		}
	}
	tb := &Table{X: newDense(n, d, data)}
	if yname == "" {
		return tb, nil
	}
	yv, err := find(yname)
	if err != nil {
		return nil, err
	}
	if len(yv.Data) != n || len(yv.Dims) != 2 || (yv.Dims[0] != 1 && yv.Dims[1] != 1) {
		return nil, fmt.Errorf("mat: %s has dimensions %v; want %d x 1 labels for the %d rows of %s", yname, yv.Dims, n, n, xname)
	}
	labels := make([]string, n)
	for i, y := range yv.Data {
		if y != math.Trunc(y) || math.Abs(y) > 1<<53 {
			return nil, fmt.Errorf("mat: label %s(%d) = %v is not an integer", yname, i+1, y)
		}
		labels[i] = fmt.Sprint(int64(y))
	}
	tb.Labels = labels
	return tb, nil
}

// MATLabelTable reads a MAT-file's features and labels by the label rule
// lc: LabelDefault the usual variable names (X and Y as scikit-feature
// saves them, X and y, or fea and gnd, else X or fea alone), LabelNone X
// (or fea) alone, LabelName the labels' variable, LabelLast or LabelIndex a
// column of X.
func MATLabelTable(vars []*MatVar, lc LabelCol) (*Table, error) {
	if lc.Kind == LabelDefault {
		return matTableAuto(vars)
	}
	x := "X"
	if !slices.ContainsFunc(vars, func(v *MatVar) bool { return v.Name == "X" }) && slices.ContainsFunc(vars, func(v *MatVar) bool { return v.Name == "fea" }) {
		x = "fea"
	}
	switch lc.Kind {
	case LabelName:
		return MATTable(vars, x, lc.Name)
	case LabelNone:
		return MATTable(vars, x, "")
	}
	tb, err := MATTable(vars, x, "")
	if err != nil {
		return nil, err
	}
	n, d := tb.X.Dims()
	col, err := lc.index(d, nil, "mat: "+x)
	if err != nil {
		return nil, err
	}
	if d < 2 {
		return nil, fmt.Errorf("mat: %s: label column %s would leave no feature column", x, lc)
	}
	data, labels := splitLabelColumn(tb.X.RawMatrix().Data, n, d, col)
	tb.X = newDense(n, d-1, data)
	tb.Labels = labels
	return tb, nil
}

// matTableAuto reads the features and labels of a MAT-file under the usual
// variable names: X and Y (scikit-feature), X and y, or fea and gnd.
func matTableAuto(vars []*MatVar) (*Table, error) {
	has := func(name string) bool {
		return slices.ContainsFunc(vars, func(v *MatVar) bool { return v.Name == name })
	}
	for _, p := range [][2]string{{"X", "Y"}, {"X", "y"}, {"fea", "gnd"}} {
		if has(p[0]) && has(p[1]) {
			return MATTable(vars, p[0], p[1])
		}
	}
	for _, x := range []string{"X", "fea"} {
		if has(x) {
			return MATTable(vars, x, "")
		}
	}
	return MATTable(vars, "X", "Y") // reports the variables the file has
}
