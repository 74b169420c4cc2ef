package format

import (
	"archive/zip"
	"bytes"
	"encoding/binary"
	"fmt"
	"io"
	"math"
	"path"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"
)

// The NumPy formats: a .npy file holds one array, an .npz file is a zip
// archive of .npy members (np.savez: stored; np.savez_compressed:
// deflated). The .npy layout (numpy.lib.format, format versions 1.0, 2.0
// and 3.0):
//
//	"\x93NUMPY", major, minor          6 + 2 bytes
//	header length                      uint16 LE (1.0) or uint32 LE (2.0, 3.0)
//	header                             a Python dict literal, ASCII (UTF-8 in 3.0):
//	                                   {'descr': '<f8', 'fortran_order': False, 'shape': (3, 4), }
//	data                               the elements, C (row-major) or Fortran
//	                                   (column-major) order, in descr's byte order

// NpyArray is an array read from a .npy file or an .npz member.
type NpyArray struct {
	Name  string // the .npz member name without ".npy"; "" for a .npy file
	Dtype string // the header's descr, e.g. "<f8", ">i4", "|b1", "<U5"
	Shape []int
	// Data holds the elements of a numeric or boolean array (false 0,
	// true 1) as float64, in C order whatever the file's order.
	Data []float64
	// Strings holds the elements of a string array (dtype U or S), in C
	// order, trailing NULs removed.
	Strings []string
}

// Len returns the number of elements.
func (a *NpyArray) Len() int {
	if a.Strings != nil {
		return len(a.Strings)
	}
	return len(a.Data)
}

// maxNpyHeader bounds the header of a .npy file (numpy writes a few
// hundred bytes for the plain dtypes read here).
const maxNpyHeader = 1 << 16

var npyMagic = []byte("\x93NUMPY")

// npyType is a parsed descr.
type npyType struct {
	order byte // '<' or '>' ('|' for one byte)
	kind  byte // f, i, u, b, U, S
	size  int  // bytes per element
}

func parseDescr(d string) (npyType, error) {
	unsupported := fmt.Errorf("dtype %q is not supported: use float64/float32, (u)int8-64, bool, or for labels unicode/bytes strings (complex, datetime, object and structured arrays are not)", d)
	if len(d) < 3 {
		return npyType{}, unsupported
	}
	t := npyType{order: d[0], kind: d[1]}
	size, err := strconv.Atoi(d[2:])
	if err != nil || size <= 0 || size > 1<<20 {
		return t, unsupported
	}
	t.size = size
	if t.order == '=' {
		t.order = '<' // numpy writes an explicit order; '=' is the writer's native one, little-endian on every platform NumPy ships for
	}
	if t.order != '<' && t.order != '>' && t.order != '|' {
		return t, fmt.Errorf("dtype %q: unknown byte order %q", d, t.order)
	}
	ok := false
	switch t.kind {
	case 'f':
		ok = size == 4 || size == 8
	case 'i', 'u':
		ok = size == 1 || size == 2 || size == 4 || size == 8
	case 'b':
		ok = size == 1
	case 'U':
		ok = true
		t.size = 4 * size // UTF-32 code units
	case 'S', 'a':
		t.kind = 'S'
		ok = true
	}
	if !ok {
		return t, unsupported
	}
	if t.order == '|' && t.size > 1 && t.kind != 'S' && t.kind != 'U' {
		return t, fmt.Errorf("dtype %q: a multi-byte type needs a byte order < or >", d)
	}
	return t, nil
}

// ReadNPY reads a .npy array from r. size is the most bytes r can yield
// (-1 when unknown): the shape the header claims is checked against it and
// against MaxCells before anything is allocated. Errors give the byte
// offset of the problem.
func ReadNPY(r io.Reader, size int64) (*NpyArray, error) {
	h, t, off, err := readNpyHeader(r, size)
	if err != nil {
		return nil, err
	}
	total := int64(1)
	for _, k := range h.shape {
		if k != 0 && total > MaxCells/int64(k) {
			return nil, fmt.Errorf("npy: shape %v holds more than %d values (format.MaxCells)", h.shape, MaxCells)
		}
		total *= int64(k)
	}
	nbytes := total * int64(t.size)
	if t.size > 8 && total > 0 && nbytes/int64(t.size) != total || (size >= 0 && off+nbytes > size) {
		where := ""
		if len(h.shape) > 0 && h.shape[0] > 0 && nbytes > 0 && size >= off && !h.fortran {
			// The first row the data cannot hold (C order: rows are contiguous).
			if rowBytes := nbytes / int64(h.shape[0]); rowBytes > 0 {
				where = fmt.Sprintf("; row %d (0-based) is the first incomplete one", (size-off)/rowBytes)
			}
		}
		return nil, fmt.Errorf("npy: shape %v of %s needs %d data bytes after byte %d, but the file has %d bytes (truncated, or a corrupted header)%s", h.shape, h.descr, nbytes, off, size, where)
	}
	a := &NpyArray{Dtype: h.descr, Shape: h.shape}
	if t.kind == 'U' || t.kind == 'S' {
		a.Strings = make([]string, total)
	} else {
		a.Data = make([]float64, total)
	}
	// Decode in chunks of whole elements.
	per := max(1, (1<<16)/t.size)
	buf := make([]byte, min(int64(per), max(total, 1))*int64(t.size))
	for k := int64(0); k < total; {
		m := min(int64(per), total-k)
		chunk := buf[:m*int64(t.size)]
		if err := readFull(r, chunk); err != nil {
			return nil, fmt.Errorf("npy: data at byte %d: %v", off+k*int64(t.size), err)
		}
		if a.Strings != nil {
			for e := int64(0); e < m; e++ {
				a.Strings[k+e] = decodeNpyString(t, chunk[e*int64(t.size):(e+1)*int64(t.size)])
			}
		} else {
			decodeNpyNumbers(t, chunk, a.Data[k:k+m])
		}
		k += m
	}
	var one [1]byte
	if n, _ := io.ReadFull(r, one[:]); n > 0 {
		return nil, fmt.Errorf("npy: byte %d: data after the %d elements of shape %v", off+nbytes, total, h.shape)
	}
	if h.fortran && len(h.shape) > 1 {
		a.toCOrder()
	}
	return a, nil
}

// readNpyHeader reads the preamble and header of a .npy array (size: the
// most bytes r can yield, -1 when unknown) and returns the header, its
// element type and the byte offset of the data.
func readNpyHeader(r io.Reader, size int64) (*npyHeader, npyType, int64, error) {
	var pre [10]byte
	fail := func(format string, args ...any) (*npyHeader, npyType, int64, error) {
		return nil, npyType{}, 0, fmt.Errorf("npy: "+format, args...)
	}
	if err := readFull(r, pre[:8]); err != nil {
		return fail("%v", err)
	}
	if !bytes.Equal(pre[:6], npyMagic) {
		return fail("byte 0: not a .npy file (no \\x93NUMPY magic)")
	}
	major, minor := pre[6], pre[7]
	var hlen, off int64
	switch major {
	case 1:
		if err := readFull(r, pre[8:10]); err != nil {
			return fail("%v", err)
		}
		hlen, off = int64(binary.LittleEndian.Uint16(pre[8:10])), 10
	case 2, 3:
		var b [4]byte
		if err := readFull(r, b[:]); err != nil {
			return fail("%v", err)
		}
		hlen, off = int64(binary.LittleEndian.Uint32(b[:])), 12
	default:
		return fail("byte 6: format version %d.%d; versions 1.0, 2.0 and 3.0 are read", major, minor)
	}
	if hlen > maxNpyHeader || (size >= 0 && off+hlen > size) {
		return fail("byte %d: header of %d bytes (the file has %d; at most %d are read)", off-4, hlen, size, maxNpyHeader)
	}
	hb := make([]byte, hlen)
	if err := readFull(r, hb); err != nil {
		return fail("header: %v", err)
	}
	if major < 3 {
		for i, c := range hb {
			if c >= 0x80 {
				return fail("byte %d: non-ASCII header byte in format %d.%d", off+int64(i), major, minor)
			}
		}
	} else if !utf8.Valid(hb) {
		return fail("byte %d: header is not UTF-8", off)
	}
	h, err := parseNpyHeader(string(hb))
	if err != nil {
		return fail("header at byte %d: %v", off, err)
	}
	t, err := parseDescr(h.descr)
	if err != nil {
		return fail("header at byte %d: %v", off, err)
	}
	for _, k := range h.shape {
		if k < 0 {
			return fail("header: negative dimension in shape %v", h.shape)
		}
	}
	return h, t, off + hlen, nil
}

// decodeNpyNumbers decodes len(dst) elements of type t from b; the common
// little-endian float64 and float32 have loops of their own.
func decodeNpyNumbers(t npyType, b []byte, dst []float64) {
	switch {
	case t.kind == 'f' && t.size == 8 && t.order == '<':
		b = b[:8*len(dst)]
		for e := range dst {
			dst[e] = math.Float64frombits(binary.LittleEndian.Uint64(b[8*e:]))
		}
		return
	case t.kind == 'f' && t.size == 4 && t.order == '<':
		b = b[:4*len(dst)]
		for e := range dst {
			dst[e] = float64(math.Float32frombits(binary.LittleEndian.Uint32(b[4*e:])))
		}
		return
	}
	for e := range dst {
		dst[e] = decodeNpyNumber(t, b[e*t.size:(e+1)*t.size])
	}
}

func decodeNpyNumber(t npyType, b []byte) float64 {
	var o binary.ByteOrder = binary.LittleEndian
	if t.order == '>' {
		o = binary.BigEndian
	}
	switch t.kind {
	case 'f':
		if t.size == 4 {
			return float64(math.Float32frombits(o.Uint32(b)))
		}
		return math.Float64frombits(o.Uint64(b))
	case 'b':
		if b[0] != 0 {
			return 1
		}
		return 0
	case 'i':
		switch t.size {
		case 1:
			return float64(int8(b[0]))
		case 2:
			return float64(int16(o.Uint16(b)))
		case 4:
			return float64(int32(o.Uint32(b)))
		}
		return float64(int64(o.Uint64(b)))
	}
	switch t.size { // 'u'
	case 1:
		return float64(b[0])
	case 2:
		return float64(o.Uint16(b))
	case 4:
		return float64(o.Uint32(b))
	}
	return float64(o.Uint64(b))
}

func decodeNpyString(t npyType, b []byte) string {
	if t.kind == 'S' {
		return string(bytes.TrimRight(b, "\x00"))
	}
	var o binary.ByteOrder = binary.LittleEndian
	if t.order == '>' {
		o = binary.BigEndian
	}
	var sb strings.Builder
	for i := 0; i+4 <= len(b); i += 4 {
		c := rune(o.Uint32(b[i:]))
		if c == 0 {
			break
		}
		if !utf8.ValidRune(c) {
			c = utf8.RuneError
		}
		sb.WriteRune(c)
	}
	return sb.String()
}

// toCOrder reorders elements stored in Fortran order (first index fastest)
// into C order (last index fastest).
func (a *NpyArray) toCOrder() {
	nd := len(a.Shape)
	cstride := make([]int, nd)
	s := 1
	for t := nd - 1; t >= 0; t-- {
		cstride[t] = s
		s *= a.Shape[t]
	}
	idx := make([]int, nd)
	if a.Data != nil {
		out := make([]float64, len(a.Data))
		for _, v := range a.Data {
			c := 0
			for t, i := range idx {
				c += i * cstride[t]
			}
			out[c] = v
			for t := 0; t < nd; t++ { // increment, first index fastest
				if idx[t]++; idx[t] < a.Shape[t] {
					break
				}
				idx[t] = 0
			}
		}
		a.Data = out
		return
	}
	out := make([]string, len(a.Strings))
	for _, v := range a.Strings {
		c := 0
		for t, i := range idx {
			c += i * cstride[t]
		}
		out[c] = v
		for t := 0; t < nd; t++ {
			if idx[t]++; idx[t] < a.Shape[t] {
				break
			}
			idx[t] = 0
		}
	}
	a.Strings = out
}

// npyHeader is the parsed header dict.
type npyHeader struct {
	descr   string
	fortran bool
	shape   []int
}

// parseNpyHeader parses the dict literal of a .npy header: the keys descr
// (a string), fortran_order (True/False) and shape (a tuple of integers),
// each exactly once, in any order.
func parseNpyHeader(s string) (*npyHeader, error) {
	p := &pyLit{s: s}
	h := &npyHeader{}
	seen := map[string]bool{}
	if !p.eat('{') {
		return nil, p.errorf("want '{'")
	}
	for !p.eat('}') {
		key, err := p.str()
		if err != nil {
			return nil, err
		}
		if seen[key] {
			return nil, p.errorf("key %q twice", key)
		}
		seen[key] = true
		if !p.eat(':') {
			return nil, p.errorf("want ':' after %q", key)
		}
		switch key {
		case "descr":
			if p.peek() == '[' {
				return nil, p.errorf("structured dtype (a list of fields) is not supported")
			}
			if h.descr, err = p.str(); err != nil {
				return nil, err
			}
		case "fortran_order":
			switch {
			case p.word("True"):
				h.fortran = true
			case p.word("False"):
			default:
				return nil, p.errorf("fortran_order: want True or False")
			}
		case "shape":
			if h.shape, err = p.tuple(); err != nil {
				return nil, err
			}
		default:
			return nil, p.errorf("unknown key %q", key)
		}
		if !p.eat(',') && p.peek() != '}' {
			return nil, p.errorf("want ',' or '}'")
		}
	}
	if rest := strings.TrimSpace(s[p.i:]); rest != "" {
		return nil, p.errorf("text after the dict")
	}
	for _, k := range []string{"descr", "fortran_order", "shape"} {
		if !seen[k] {
			return nil, fmt.Errorf("no %q key", k)
		}
	}
	return h, nil
}

// pyLit scans the Python literals of a .npy header.
type pyLit struct {
	s string
	i int
}

func (p *pyLit) errorf(format string, args ...any) error {
	return fmt.Errorf("character %d of %q: %s", p.i, p.s, fmt.Sprintf(format, args...))
}

func (p *pyLit) skip() {
	for p.i < len(p.s) && strings.IndexByte(" \t\r\n", p.s[p.i]) >= 0 {
		p.i++
	}
}

func (p *pyLit) peek() byte {
	p.skip()
	if p.i < len(p.s) {
		return p.s[p.i]
	}
	return 0
}

func (p *pyLit) eat(c byte) bool {
	if p.peek() == c {
		p.i++
		return true
	}
	return false
}

func (p *pyLit) word(w string) bool {
	p.skip()
	if strings.HasPrefix(p.s[p.i:], w) {
		p.i += len(w)
		return true
	}
	return false
}

func (p *pyLit) str() (string, error) {
	q := p.peek()
	if q != '\'' && q != '"' {
		return "", p.errorf("want a quoted string")
	}
	j := strings.IndexByte(p.s[p.i+1:], q)
	if j < 0 {
		return "", p.errorf("unterminated string")
	}
	v := p.s[p.i+1 : p.i+1+j]
	if strings.IndexByte(v, '\\') >= 0 {
		return "", p.errorf("escapes in strings are not supported")
	}
	p.i += j + 2
	return v, nil
}

func (p *pyLit) tuple() ([]int, error) {
	if !p.eat('(') {
		return nil, p.errorf("shape: want a tuple")
	}
	out := []int{}
	for !p.eat(')') {
		p.skip()
		j := p.i
		for j < len(p.s) && p.s[j] >= '0' && p.s[j] <= '9' {
			j++
		}
		if j == p.i || j-p.i > 18 {
			return nil, p.errorf("shape: want a non-negative integer")
		}
		k, _ := strconv.Atoi(p.s[p.i:j])
		out = append(out, k)
		p.i = j
		p.word("L") // a Python 2 long
		if !p.eat(',') && p.peek() != ')' {
			return nil, p.errorf("shape: want ',' or ')'")
		}
		if len(out) > 32 {
			return nil, p.errorf("shape: more than 32 dimensions")
		}
	}
	return out, nil
}

// npzMember is one .npy member of an .npz archive, read on demand.
type npzMember struct {
	name string // without .npy
	f    *zip.File
}

// npzMembers lists the .npy members of an .npz archive (a zip file of size
// bytes), checking that each is stored or deflated and that names are
// unique.
func npzMembers(ra io.ReaderAt, size int64) ([]npzMember, error) {
	zr, err := zip.NewReader(ra, size)
	if err != nil {
		return nil, fmt.Errorf("npz: %v (an .npz file is a zip archive)", err)
	}
	var out []npzMember
	seen := map[string]bool{}
	for _, f := range zr.File {
		if !strings.HasSuffix(f.Name, ".npy") {
			continue
		}
		name := strings.TrimSuffix(path.Base(f.Name), ".npy")
		if seen[name] {
			return nil, fmt.Errorf("npz: member %s twice", f.Name)
		}
		seen[name] = true
		if f.Method != zip.Store && f.Method != zip.Deflate {
			return nil, fmt.Errorf("npz: member %s: compression method %d; np.savez stores and np.savez_compressed deflates (methods 0 and 8)", f.Name, f.Method)
		}
		out = append(out, npzMember{name: name, f: f})
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("npz: no .npy members")
	}
	return out, nil
}

// read decodes the member, bounding its size by what its compressed bytes
// can hold (not by the size the zip directory claims).
func (m npzMember) read() (*NpyArray, error) {
	c := int64(m.f.CompressedSize64)
	bound := c
	if m.f.Method == zip.Deflate {
		bound = inflateBound(c)
	} else if m.f.UncompressedSize64 != m.f.CompressedSize64 {
		return nil, fmt.Errorf("npz: member %s: stored with %d compressed and %d uncompressed bytes", m.f.Name, m.f.CompressedSize64, m.f.UncompressedSize64)
	}
	rc, err := m.f.Open()
	if err != nil {
		return nil, fmt.Errorf("npz: member %s: %v", m.f.Name, err)
	}
	defer rc.Close()
	a, err := ReadNPY(rc, bound)
	if err != nil {
		return nil, fmt.Errorf("npz: member %s: %v", m.f.Name, err)
	}
	a.Name = m.name
	return a, nil
}

// ReadNPZ reads every .npy member of an .npz archive (np.savez or
// np.savez_compressed) of size bytes.
func ReadNPZ(ra io.ReaderAt, size int64) ([]*NpyArray, error) {
	members, err := npzMembers(ra, size)
	if err != nil {
		return nil, err
	}
	out := make([]*NpyArray, len(members))
	for i, m := range members {
		if out[i], err = m.read(); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// The member names an .npz file's features and labels are looked for
// under, in order, when the caller names none.
var (
	NPZFeatureNames = []string{"X", "x", "data", "features"}
	NPZLabelNames   = []string{"y", "Y", "labels", "target"}
)

// NPZTable reads the features and labels of an .npz archive of size
// bytes: X is the member of NPZFeatureNames found first (or the only member
// of two or more dimensions); the labels follow lc: LabelDefault takes the
// member of NPZLabelNames found first, if any; LabelName takes that member;
// LabelLast or LabelIndex takes a column of X.
func NPZTable(ra io.ReaderAt, size int64, lc LabelCol) (*Table, error) {
	members, err := npzMembers(ra, size)
	if err != nil {
		return nil, err
	}
	names := make([]string, len(members))
	for i, m := range members {
		names[i] = m.name
	}
	find := func(cands ...string) int {
		for _, c := range cands {
			if i := slices.Index(names, c); i >= 0 {
				return i
			}
		}
		return -1
	}
	xi := find(NPZFeatureNames...)
	var arrays = make([]*NpyArray, len(members))
	get := func(i int) (*NpyArray, error) {
		if arrays[i] == nil {
			a, err := members[i].read()
			if err != nil {
				return nil, err
			}
			arrays[i] = a
		}
		return arrays[i], nil
	}
	if xi < 0 {
		// The only member of two or more dimensions.
		for i := range members {
			a, err := get(i)
			if err != nil {
				return nil, err
			}
			if len(a.Shape) >= 2 {
				if xi >= 0 {
					return nil, fmt.Errorf("npz: no member named %s, and several 2-D arrays (%s): save the features as X (np.savez(f, X=..., y=...))", strings.Join(NPZFeatureNames, ", "), strings.Join(names, ", "))
				}
				xi = i
			}
		}
		if xi < 0 {
			return nil, fmt.Errorf("npz: no features: no member named %s and no array of two or more dimensions (members: %s)", strings.Join(NPZFeatureNames, ", "), strings.Join(names, ", "))
		}
	}
	x, err := get(xi)
	if err != nil {
		return nil, err
	}
	var y *NpyArray
	switch {
	case lc.Kind == LabelName:
		yi := slices.Index(names, lc.Name)
		if yi < 0 {
			return nil, fmt.Errorf("npz: label member %q not found (members: %s)", lc.Name, strings.Join(names, ", "))
		}
		if yi == xi {
			return nil, fmt.Errorf("npz: label member %q is the features array", lc.Name)
		}
		if y, err = get(yi); err != nil {
			return nil, err
		}
		lc = LabelCol{Kind: LabelNone}
	case lc.Kind == LabelDefault:
		if yi := find(NPZLabelNames...); yi >= 0 && yi != xi {
			if y, err = get(yi); err != nil {
				return nil, err
			}
		}
		lc = LabelCol{Kind: LabelNone}
	}
	tb, err := ArrayTable("npz: "+x.Name, x, lc)
	if err != nil {
		return nil, err
	}
	if y != nil {
		n, _ := tb.X.Dims()
		if tb.Labels, err = arrayLabels(y, n); err != nil {
			return nil, err
		}
	}
	return tb, nil
}
