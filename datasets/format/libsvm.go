package format

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"math"
	"strconv"
)

// LIBSVMOptions controls ReadLIBSVM.
type LIBSVMOptions struct {
	// Features is the number of features d: an index above it is an error.
	// 0 takes d from the largest index in the file (at most MaxFeatures).
	Features int
}

// ReadLIBSVM reads the sparse text format of LIBSVM, one sample a line:
//
//	label index:value index:value ...
//
// with 1-based, strictly increasing feature indices; omitted features are
// zero. Blank lines and text after '#' are ignored. Labels must be numbers;
// they are kept in their shortest form ("1" for 1.0). The matrix is
// dense: rows * d must not exceed MaxCells.
func ReadLIBSVM(r io.Reader, opt LIBSVMOptions) (*Table, error) {
	limit := MaxFeatures
	if opt.Features > 0 {
		limit = opt.Features
	}
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 64<<10), 1<<28)
	var (
		rowStart = []int{0}
		idx      []int32
		val      []float64
		labels   []string
		maxIndex int
		line     int
	)
	for sc.Scan() {
		line++
		b := sc.Bytes()
		if k := bytes.IndexByte(b, '#'); k >= 0 {
			b = b[:k]
		}
		fields := bytes.Fields(b)
		if len(fields) == 0 {
			continue
		}
		lab, err := strconv.ParseFloat(string(fields[0]), 64)
		if err != nil || math.IsNaN(lab) || math.IsInf(lab, 0) {
			return nil, fmt.Errorf("libsvm: line %d: label %q is not a number", line, fields[0])
		}
		labels = append(labels, strconv.FormatFloat(lab, 'g', -1, 64))
		prev := 0
		for _, f := range fields[1:] {
			colon := bytes.IndexByte(f, ':')
			if colon < 0 {
				return nil, fmt.Errorf("libsvm: line %d: %q is not index:value", line, f)
			}
			j, err := strconv.ParseInt(string(f[:colon]), 10, 64)
			if err != nil || j < 1 {
				return nil, fmt.Errorf("libsvm: line %d: feature index %q: indices are integers from 1", line, f[:colon])
			}
			if j > int64(limit) {
				hint := "format.MaxFeatures"
				if opt.Features > 0 {
					hint = "the dataset's number of features"
				}
				return nil, fmt.Errorf("libsvm: line %d: feature index %d exceeds %d (%s)", line, j, limit, hint)
			}
			if int(j) <= prev {
				return nil, fmt.Errorf("libsvm: line %d: feature index %d after %d: indices must increase", line, j, prev)
			}
			prev = int(j)
			v, err := strconv.ParseFloat(string(f[colon+1:]), 64)
			if err != nil || math.IsNaN(v) || math.IsInf(v, 0) {
				return nil, fmt.Errorf("libsvm: line %d: value %q of feature %d is not a finite number", line, f[colon+1:], j)
			}
			idx = append(idx, int32(j-1))
			val = append(val, v)
		}
		maxIndex = max(maxIndex, prev)
		rowStart = append(rowStart, len(idx))
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("libsvm: line %d: %v", line+1, err)
	}
	n := len(labels)
	d := maxIndex
	if opt.Features > 0 {
		d = opt.Features
	}
	if n == 0 || d == 0 {
		return nil, fmt.Errorf("libsvm: no samples with features")
	}
	if _, err := CheckCells("libsvm", int64(n), int64(d)); err != nil {
		return nil, err
	}
	data := make([]float64, n*d)
	for i := range n {
		row := data[i*d : (i+1)*d]
		for k := rowStart[i]; k < rowStart[i+1]; k++ {
			row[idx[k]] = val[k]
		}
	}
	return &Table{X: newDense(n, d, data), Labels: labels}, nil
}
