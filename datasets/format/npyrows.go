package format

import (
	"bufio"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"iter"
	"math"
	"os"
	"path/filepath"
	"strings"

	"gonum.org/v1/gonum/mat"
)

// Streaming .npy files. A matrix too large for memory (QMR-FS's Table 1:
// KDD Cup 1999, 7.88M x 127, about 1e9 values, 8 GB as float64) is read a
// block of rows at a time by a method that needs one pass over the rows
// (methods.StreamFitter), so that memory does not grow with the number of
// rows. The format is NumPy's .npy: its header gives the shape and element
// type, the data follows as one contiguous array, so that the byte offset
// of any row is known, a truncated file is detected from its size before
// anything is computed, and NumPy (np.save, np.lib.format.open_memmap for
// arrays larger than memory), MATLAB (npy-matlab's writeNPY) and R
// (RcppCNPy's npySave) write it. Formats 2.0 and 3.0 hold headers of any
// length and there is no limit on the shape: 1e9 float64 values is an 8 GB
// file.
//
// Rows are contiguous in C order (the default of np.save). A Fortran-order
// file (np.asfortranarray, MATLAB's column-major arrays) stores column by
// column: an uncompressed one is still read in row blocks, each block with
// one read per column; a gzip-compressed one cannot be, since reaching the
// next column means decompressing all of the current one (write it in C
// order: np.save(f, np.ascontiguousarray(X))).

// NPYRows is a .npy file opened for reading in row blocks (OpenNPYRows).
type NPYRows struct {
	Path    string
	N, D    int    // rows, and feature columns (a label column removed)
	Dtype   string // the header's descr
	Fortran bool   // column-major file

	t     npyType
	cols  int   // columns in the file
	label int   // file column dropped as the label; -1: none
	off   int64 // byte offset of the data
	gz    bool
}

// OpenNPYRows opens the .npy file at path (or .npy.gz) for reading in row
// blocks: a one- or two-dimensional array of numbers or booleans (an array
// of more dimensions is n x the product of the others, as ArrayTable reads it).
// labelCol follows the label rule (ParseLabelCol; "" and "none": every column
// is a feature; "last" or a column number: that column is left out; the
// labels themselves are not read). The header is checked, and so is the
// size of an uncompressed file: a truncated file is an error here, naming
// the first incomplete row, before any row is read.
func OpenNPYRows(path, labelCol string) (*NPYRows, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil {
		return nil, err
	}
	size := fi.Size()
	r, bound, gz, err := Decompress(bufio.NewReader(f), size)
	if err != nil {
		return nil, fmt.Errorf("%s: %v", path, err)
	}
	h, t, off, err := readNpyHeader(r, bound)
	if err != nil {
		return nil, fmt.Errorf("%s: %v", path, err)
	}
	s := &NPYRows{Path: path, Dtype: h.descr, Fortran: h.fortran, t: t, off: off, gz: gz, label: -1}
	if t.kind == 'U' || t.kind == 'S' {
		return nil, fmt.Errorf("%s: a %s array of strings cannot be features", path, h.descr)
	}
	switch len(h.shape) {
	case 0:
		return nil, fmt.Errorf("%s: a 0-d array (a scalar) is not a data matrix", path)
	case 1:
		s.N, s.cols = h.shape[0], 1
	default:
		if h.fortran && len(h.shape) > 2 {
			return nil, fmt.Errorf("%s: a Fortran-order array of shape %v is not read in row blocks: save it in C order (np.save(f, np.ascontiguousarray(X)))", path, h.shape)
		}
		s.N, s.cols = h.shape[0], 1
		for _, k := range h.shape[1:] {
			if k != 0 && s.cols > math.MaxInt32/k {
				return nil, fmt.Errorf("%s: shape %v: more than %d columns", path, h.shape, math.MaxInt32)
			}
			s.cols *= k
		}
	}
	if s.N == 0 || s.cols == 0 {
		return nil, fmt.Errorf("%s: empty array of shape %v", path, h.shape)
	}
	rowBytes := int64(s.cols) * int64(t.size)
	if int64(s.N) > (math.MaxInt64-off)/rowBytes {
		return nil, fmt.Errorf("%s: shape %v of %s: more bytes than a file can hold", path, h.shape, h.descr)
	}
	if h.fortran && gz {
		return nil, fmt.Errorf("%s: a gzip-compressed Fortran-order (column-major) array cannot be read in row blocks: decompress it, or save it in C order (np.save(f, np.ascontiguousarray(X)))", path)
	}
	lc, err := ParseLabelCol(labelCol)
	if err != nil {
		return nil, err
	}
	if col, err := lc.index(s.cols, nil, path); err != nil {
		return nil, err
	} else if col >= 0 {
		if s.cols < 2 {
			return nil, fmt.Errorf("%s: label column %s would leave no feature column", path, lc)
		}
		s.label = col
	}
	s.D = s.cols
	if s.label >= 0 {
		s.D--
	}
	if gz && bound >= 0 && int64(s.N) > (bound-off)/rowBytes {
		return nil, fmt.Errorf("%s: shape %v of %s needs %d data bytes, more than the %d compressed bytes can hold: a corrupted header, or a truncated file", path, h.shape, h.descr, int64(s.N)*rowBytes, size)
	}
	if !gz {
		want := off + int64(s.N)*rowBytes
		if size < want {
			return nil, s.truncated(size)
		}
		if size > want {
			return nil, fmt.Errorf("%s: %d bytes after the %d x %d %s values the header declares (the file has %d bytes, the array needs %d): not a file np.save wrote, or a header that understates the shape", path, size-want, s.N, s.cols, h.descr, size, want)
		}
	}
	return s, nil
}

// truncated describes an uncompressed file of size bytes that ends before
// its last value, naming the first incomplete row.
func (s *NPYRows) truncated(size int64) error {
	data := max(0, size-s.off)
	rowBytes := int64(s.cols) * int64(s.t.size)
	want := int64(s.N) * rowBytes
	if s.Fortran {
		colBytes := int64(s.N) * int64(s.t.size)
		col := data / colBytes
		row := data % colBytes / int64(s.t.size)
		return fmt.Errorf("%s: truncated: the header declares %d x %d %s values in Fortran (column) order, %d bytes from byte %d, but the file ends after %d of them: row %d of column %d is the first value missing", s.Path, s.N, s.cols, s.Dtype, want, s.off, data, row, col)
	}
	row := data / rowBytes
	return fmt.Errorf("%s: truncated: the header declares %d x %d %s values, %d bytes from byte %d, but the file ends after %d of them: row %d (0-based) is incomplete and rows %d..%d are missing", s.Path, s.N, s.cols, s.Dtype, want, s.off, data, row, row, s.N-1)
}

// readBytes is the size of the default block: reads of several megabytes
// keep a disk streaming (the kernel's read-ahead is much smaller).
const readBytes = 8 << 20

// Blocks reads the rows in order, at most rows at a time (rows < 1: as
// many as fit in 8 MB),
// each block as a matrix that is reused once the loop body returns. A
// reader goroutine reads the next block while the caller works on the
// current one. An error names the file and the row: a read that ends
// early (the file was truncated after it was opened, or a gzip stream is
// cut short), a corrupted gzip stream, or a NaN or infinite value. Each
// call reads the file again from its first row.
func (s *NPYRows) Blocks(rows int) iter.Seq2[*mat.Dense, error] {
	if rows < 1 {
		rows = max(1, readBytes/(s.cols*s.t.size))
	}
	rows = min(rows, s.N)
	return func(yield func(*mat.Dense, error) bool) {
		f, err := os.Open(s.Path)
		if err != nil {
			yield(nil, err)
			return
		}
		defer f.Close()
		sequential(f)
		type raw struct {
			b      []byte
			i0, k  int
			err    error
			filled int64 // bytes read before err
		}
		rowBytes := int64(s.cols) * int64(s.t.size)
		blockBytes := int64(rows) * rowBytes
		full := make(chan raw, 1)
		free := make(chan []byte, 2)
		free <- make([]byte, blockBytes)
		free <- make([]byte, blockBytes)
		done := make(chan struct{})
		defer close(done)
		var seq io.Reader // the data, read in order (gzip)
		if s.gz {
			r, _, _, err := Decompress(bufio.NewReaderSize(f, 1<<20), -1)
			if err == nil {
				_, err = io.CopyN(io.Discard, r, s.off)
			}
			if err != nil {
				yield(nil, fmt.Errorf("%s: %v", s.Path, err))
				return
			}
			seq = r
		}
		go func() {
			defer close(full)
			for i0 := 0; i0 < s.N; i0 += rows {
				var b []byte
				select {
				case b = <-free:
				case <-done:
					return
				}
				k := min(rows, s.N-i0)
				blk := raw{b: b[:int64(k)*rowBytes], i0: i0, k: k}
				switch {
				case seq != nil:
					n, err := io.ReadFull(seq, blk.b)
					blk.filled, blk.err = int64(n), err
				case s.Fortran:
					colBytes := int64(k) * int64(s.t.size)
					for j := 0; j < s.cols && blk.err == nil; j++ {
						at := s.off + (int64(j)*int64(s.N)+int64(i0))*int64(s.t.size)
						n, err := f.ReadAt(blk.b[int64(j)*colBytes:int64(j+1)*colBytes], at)
						if err != nil && n == int(colBytes) {
							err = nil // io.EOF with the last byte of the file
						}
						if err != nil {
							// Row of the first value of column j not read.
							blk.filled, blk.err = int64(n), fmt.Errorf("column %d: %w", j, err)
						}
					}
				default:
					n, err := f.ReadAt(blk.b, s.off+int64(i0)*rowBytes)
					if err != nil && n == len(blk.b) {
						err = nil
					}
					blk.filled, blk.err = int64(n), err
				}
				select {
				case full <- blk:
				case <-done:
					return
				}
				if blk.err != nil {
					return
				}
			}
		}()
		X := mat.NewDense(rows, s.D, nil)
		for blk := range full {
			if blk.err != nil {
				yield(nil, s.readError(blk.i0, blk.filled, blk.err))
				return
			}
			Xk := X.Slice(0, blk.k, 0, s.D).(*mat.Dense)
			if err := s.decode(blk.b, blk.k, Xk); err != nil {
				yield(nil, fmt.Errorf("%s: row %d, column %d is %v; remove or impute non-finite values first", s.Path, blk.i0+err.row, err.col, err.v))
				return
			}
			free <- blk.b[:cap(blk.b)]
			if !yield(Xk, nil) {
				return
			}
		}
	}
}

// readError names the row a read of the block starting at row i0 stopped
// in, after filled bytes.
func (s *NPYRows) readError(i0 int, filled int64, err error) error {
	row := i0 + int(filled/(int64(s.cols)*int64(s.t.size)))
	if s.Fortran {
		row = i0 + int(filled/int64(s.t.size))
	}
	if errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF) {
		return fmt.Errorf("%s: row %d of %d: the data ends early (%v): the file is truncated", s.Path, row, s.N, err)
	}
	return fmt.Errorf("%s: row %d of %d: %v", s.Path, row, s.N, err)
}

// decode converts k rows of raw values into X (k x D), leaving out the
// label column, and returns the first non-finite value (row relative to
// the block).
func (s *NPYRows) decode(b []byte, k int, X *mat.Dense) *rowError {
	size := s.t.size
	raw := X.RawMatrix()
	if s.Fortran {
		out := 0
		for j := 0; j < s.cols; j++ {
			if j == s.label {
				continue
			}
			col := b[j*k*size : (j+1)*k*size]
			for i := 0; i < k; i++ {
				raw.Data[i*raw.Stride+out] = decodeNpyNumber(s.t, col[i*size:(i+1)*size])
			}
			out++
		}
	} else {
		for i := 0; i < k; i++ {
			rb := b[i*s.cols*size : (i+1)*s.cols*size]
			dst := raw.Data[i*raw.Stride : i*raw.Stride+s.D]
			if s.label < 0 {
				decodeNpyNumbers(s.t, rb, dst)
				continue
			}
			decodeNpyNumbers(s.t, rb[:s.label*size], dst[:s.label])
			decodeNpyNumbers(s.t, rb[(s.label+1)*size:], dst[s.label:])
		}
	}
	for i := 0; i < k; i++ {
		for j, v := range raw.Data[i*raw.Stride : i*raw.Stride+s.D] {
			if math.IsNaN(v) || math.IsInf(v, 0) {
				return &rowError{row: i, col: j, v: v}
			}
		}
	}
	return nil
}

// rowError is a non-finite value at a row and column.
type rowError struct {
	row, col int
	v        float64
}

// NPYWriter writes a matrix to a .npy file (format 1.0, C order,
// little-endian float64 or float32) a block of rows at a time, so that a
// matrix larger than memory can be written. Nothing appears at the path
// unless Close succeeds: the rows go to a temporary file in the same
// directory, renamed by Close.
type NPYWriter struct {
	path, tmp string
	f         *os.File
	w         *bufio.Writer
	n, d      int
	rows      int
	f32       bool
	buf       []byte
}

// CreateNPY starts an n x d .npy file at path with elements of dtype
// "float64" (<f8) or "float32" (<f4; values are rounded to the nearest
// float32, as NumPy's astype does: exact for integers up to 2^24).
func CreateNPY(path string, n, d int, dtype string) (*NPYWriter, error) {
	if n < 1 || d < 1 {
		return nil, fmt.Errorf("npy %s: shape %d x %d: want at least one row and one column", path, n, d)
	}
	w := &NPYWriter{path: path, n: n, d: d}
	descr := "<f8"
	switch dtype {
	case "float64", "<f8", "f8", "":
	case "float32", "<f4", "f4":
		w.f32, descr = true, "<f4"
	default:
		return nil, fmt.Errorf("npy %s: dtype %q: use float64 or float32", path, dtype)
	}
	f, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".*.tmp")
	if err != nil {
		return nil, err
	}
	w.f, w.tmp = f, f.Name()
	w.w = bufio.NewWriterSize(f, 1<<20)
	// numpy.lib.format: the magic string, the version, the header length
	// (uint16 LE), then the header dict padded with spaces and ended by a
	// newline so that the data starts at a multiple of 64 bytes.
	hdr := fmt.Sprintf("{'descr': '%s', 'fortran_order': False, 'shape': (%d, %d), }", descr, n, d)
	pad := 64 - (10+len(hdr)+1)%64
	if pad == 64 {
		pad = 0
	}
	hdr += strings.Repeat(" ", pad) + "\n"
	pre := append([]byte{}, npyMagic...)
	pre = append(pre, 1, 0)
	pre = binary.LittleEndian.AppendUint16(pre, uint16(len(hdr)))
	if _, err := w.w.Write(append(pre, hdr...)); err != nil {
		w.Abort()
		return nil, err
	}
	return w, nil
}

// Write appends the rows of X (k x d).
func (w *NPYWriter) Write(X *mat.Dense) error {
	if w.f == nil {
		return fmt.Errorf("npy %s: write after Close or Abort", w.path)
	}
	k, d := X.Dims()
	if d != w.d {
		return fmt.Errorf("npy %s: a block of %d columns, want %d", w.path, d, w.d)
	}
	if w.rows+k > w.n {
		return fmt.Errorf("npy %s: %d rows written, more than the %d declared", w.path, w.rows+k, w.n)
	}
	size := 8
	if w.f32 {
		size = 4
	}
	if cap(w.buf) < d*size {
		w.buf = make([]byte, d*size)
	}
	b := w.buf[:d*size]
	for i := 0; i < k; i++ {
		for j, v := range X.RawRowView(i) {
			if w.f32 {
				binary.LittleEndian.PutUint32(b[4*j:], math.Float32bits(float32(v)))
			} else {
				binary.LittleEndian.PutUint64(b[8*j:], math.Float64bits(v))
			}
		}
		if _, err := w.w.Write(b); err != nil {
			return fmt.Errorf("npy %s: %v", w.path, err)
		}
	}
	w.rows += k
	return nil
}

// Close checks that every declared row was written, flushes the file and
// moves it to its path. On an error nothing is left behind.
func (w *NPYWriter) Close() error {
	if w.f == nil {
		return fmt.Errorf("npy %s: already closed", w.path)
	}
	if w.rows != w.n {
		err := fmt.Errorf("npy %s: %d rows written, %d declared", w.path, w.rows, w.n)
		w.Abort()
		return err
	}
	err := w.w.Flush()
	if err == nil {
		err = w.f.Sync()
	}
	if err == nil {
		err = w.f.Chmod(0o644) // as np.save's file under the usual umask; CreateTemp's is 0600
	}
	if cerr := w.f.Close(); err == nil {
		err = cerr
	}
	w.f = nil
	if err == nil {
		err = os.Rename(w.tmp, w.path)
	}
	if err != nil {
		os.Remove(w.tmp)
		return fmt.Errorf("npy %s: %v", w.path, err)
	}
	return nil
}

// Abort removes the partial file.
func (w *NPYWriter) Abort() {
	if w.f != nil {
		w.f.Close()
		w.f = nil
	}
	os.Remove(w.tmp)
}
