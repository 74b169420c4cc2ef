package format

import (
	"encoding/binary"
	"fmt"
	"io"
	"math"
)

// IDX is an array read from an IDX file (the format of the MNIST files):
// a 4-byte magic (two zero bytes, the element type, the number of
// dimensions), the dimension sizes as big-endian uint32, then the elements,
// big-endian, in row-major order.
type IDX struct {
	Type byte  // 0x08 uint8, 0x09 int8, 0x0B int16, 0x0C int32, 0x0D float32, 0x0E float64
	Dims []int // dimension sizes; Dims[0] indexes the samples
	// U8 holds the elements of a uint8 array (kept compact: MNIST's
	// training images are 47 MB as bytes and 376 MB as float64).
	U8 []uint8
	// F64 holds the elements of an array of any other type.
	F64 []float64
}

// Len returns the number of elements.
func (a *IDX) Len() int {
	if a.Type == 0x08 {
		return len(a.U8)
	}
	return len(a.F64)
}

// At returns element i as a float64.
func (a *IDX) At(i int) float64 {
	if a.Type == 0x08 {
		return float64(a.U8[i])
	}
	return a.F64[i]
}

// Rows returns Dims[0] and the product of the remaining dimensions.
func (a *IDX) Rows() (n, d int) {
	if len(a.Dims) == 0 {
		return 0, 0
	}
	d = 1
	for _, k := range a.Dims[1:] {
		d *= k
	}
	return a.Dims[0], d
}

var idxSize = map[byte]int{0x08: 1, 0x09: 1, 0x0B: 2, 0x0C: 4, 0x0D: 4, 0x0E: 8}

// ReadIDX reads an IDX array from r, which must end right after the last
// element. bound is the most bytes r can hold (its length, or the inflate
// bound of a compressed stream; <= 0 when unknown): a header claiming more
// elements than that, or more than MaxCells, is an error and nothing of the
// claimed size is allocated.
func ReadIDX(r io.Reader, bound int64) (*IDX, error) {
	var magic [4]byte
	if err := readFull(r, magic[:]); err != nil {
		return nil, fmt.Errorf("idx: header: %w", err)
	}
	if magic[0] != 0 || magic[1] != 0 {
		return nil, fmt.Errorf("idx: bad magic %x: an IDX file starts with two zero bytes", magic)
	}
	a := &IDX{Type: magic[2]}
	size, ok := idxSize[a.Type]
	if !ok {
		return nil, fmt.Errorf("idx: unknown element type 0x%02x", a.Type)
	}
	nd := int(magic[3])
	if nd == 0 {
		return nil, fmt.Errorf("idx: zero dimensions")
	}
	dims := make([]byte, 4*nd)
	if err := readFull(r, dims); err != nil {
		return nil, fmt.Errorf("idx: dimensions: %w", err)
	}
	total := int64(1)
	for i := range nd {
		k := int64(binary.BigEndian.Uint32(dims[4*i:]))
		a.Dims = append(a.Dims, int(k))
		var err error
		if total, err = CheckCells("idx", total, k); err != nil {
			return nil, err
		}
	}
	if bound > 0 && total*int64(size) > bound {
		return nil, fmt.Errorf("idx: header claims %v = %d elements of %d bytes, more than the input can hold (at most %d bytes)", a.Dims, total, size, bound)
	}
	n := int(total)
	if a.Type == 0x08 {
		a.U8 = make([]uint8, n)
		if err := readFull(r, a.U8); err != nil {
			return nil, fmt.Errorf("idx: data (%d bytes expected): %w", n, err)
		}
	} else {
		a.F64 = make([]float64, n)
		buf := make([]byte, 1<<16)
		per := len(buf) / size
		for off := 0; off < n; off += per {
			m := min(per, n-off)
			b := buf[:m*size]
			if err := readFull(r, b); err != nil {
				return nil, fmt.Errorf("idx: data (%d elements expected): %w", n, err)
			}
			dst := a.F64[off : off+m]
			for i := range dst {
				dst[i] = idxDecode(a.Type, b[i*size:])
			}
		}
		for i, v := range a.F64 {
			if math.IsNaN(v) || math.IsInf(v, 0) {
				return nil, fmt.Errorf("idx: element %d is %v", i, v)
			}
		}
	}
	var one [1]byte
	k, err := io.ReadFull(r, one[:])
	if k != 0 {
		return nil, fmt.Errorf("idx: data continues after the %d elements the header declares %v", n, a.Dims)
	}
	if err != io.EOF {
		return nil, fmt.Errorf("idx: after the data: %v", err) // e.g. a gzip checksum error
	}
	return a, nil
}

func idxDecode(t byte, b []byte) float64 {
	switch t {
	case 0x09:
		return float64(int8(b[0]))
	case 0x0B:
		return float64(int16(binary.BigEndian.Uint16(b)))
	case 0x0C:
		return float64(int32(binary.BigEndian.Uint32(b)))
	case 0x0D:
		return float64(math.Float32frombits(binary.BigEndian.Uint32(b)))
	default: // 0x0E
		return math.Float64frombits(binary.BigEndian.Uint64(b))
	}
}
