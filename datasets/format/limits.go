package format

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"errors"
	"fmt"
	"io"
	"math"
)

// Limits on what a parser will allocate. A file header can claim any size;
// the parsers never allocate from a claim alone. They first check it against
// what the input can actually hold (its length, or for compressed data its
// length times the largest ratio DEFLATE can reach) and against these limits,
// and report an error when either is exceeded.
var (
	// MaxCells bounds the number of values in one matrix: 1<<28 cells, i.e.
	// 2 GiB as float64 (MNIST's training set has 47 million).
	MaxCells int64 = 1 << 28
	// MaxFeatures bounds the feature index of a LIBSVM file whose number of
	// features is not given (a sparse index of 10^12 would otherwise ask for
	// a dense matrix of that width).
	MaxFeatures = 1 << 20
)

// maxDeflateRatio is the largest expansion DEFLATE (zlib, gzip) can achieve:
// one 258-byte match coded in 2 bits (RFC 1951).
const maxDeflateRatio = 1032

// inflateBound is the most bytes a DEFLATE stream of n compressed bytes can
// decompress to, plus slack for headers.
func inflateBound(n int64) int64 {
	if n < 0 || n > math.MaxInt64/(2*maxDeflateRatio) {
		return math.MaxInt64 / 2
	}
	return n*maxDeflateRatio + 1<<16
}

// errTruncated reports input that ends inside a structure.
var errTruncated = errors.New("unexpected end of data (file truncated?)")

// readFull is io.ReadFull with errTruncated for a short read.
func readFull(r io.Reader, buf []byte) error {
	_, err := io.ReadFull(r, buf)
	if err == io.ErrUnexpectedEOF || (err == io.EOF && len(buf) > 0) {
		return errTruncated
	}
	return err
}

// CheckCells returns rows*cols, or an error when the product overflows or
// exceeds MaxCells.
func CheckCells(what string, rows, cols int64) (int64, error) {
	if rows < 0 || cols < 0 {
		return 0, fmt.Errorf("%s: negative dimension %d x %d", what, rows, cols)
	}
	if cols != 0 && rows > MaxCells/cols {
		return 0, fmt.Errorf("%s: %d x %d values exceed the limit of %d (format.MaxCells)", what, rows, cols, MaxCells)
	}
	return rows * cols, nil
}

// gzipMagic is the start of every gzip member.
var gzipMagic = []byte{0x1f, 0x8b}

// Decompress wraps r in a gzip reader when its data starts with the gzip
// magic (whatever the file name says). size is the number of bytes r holds
// (-1 if unknown); the returned bound is the most bytes the returned reader
// can produce (-1 if unknown).
func Decompress(r io.Reader, size int64) (rd io.Reader, bound int64, gz bool, err error) {
	br := bufio.NewReaderSize(r, 1<<16)
	head, err := br.Peek(2)
	if err != nil && err != io.EOF && err != bufio.ErrBufferFull {
		return nil, 0, false, err
	}
	if !bytes.Equal(head, gzipMagic) {
		return br, size, false, nil
	}
	zr, err := gzip.NewReader(br)
	if err != nil {
		return nil, 0, true, fmt.Errorf("gzip: %v", err)
	}
	bound = -1
	if size >= 0 {
		bound = inflateBound(size)
	}
	return zr, bound, true, nil
}

// countingReader counts the bytes read through it.
type countingReader struct {
	r io.Reader
	n int64
}

func (c *countingReader) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	c.n += int64(n)
	return n, err
}
