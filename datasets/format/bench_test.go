package format

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"math"
	"strings"
	"testing"
)

// BenchmarkReadNPY reads a 60000 x 784 float64 .npy array (MNIST's size,
// 376 MB) from memory.
func BenchmarkReadNPY(b *testing.B) {
	const n, d = 60000, 784
	payload := make([]byte, 8*n*d)
	for k := range n * d {
		binary.LittleEndian.PutUint64(payload[8*k:], math.Float64bits(float64(k%256)))
	}
	data := npyBytes(fmt.Sprintf("{'descr': '<f8', 'fortran_order': False, 'shape': (%d, %d), }", n, d), payload)
	b.SetBytes(int64(len(data)))
	for b.Loop() {
		if _, err := ReadNPY(bytes.NewReader(data), int64(len(data))); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkReadARFF reads a 10000 x 50 dense ARFF file (49 numeric
// attributes and a nominal class).
func BenchmarkReadARFF(b *testing.B) {
	var sb strings.Builder
	sb.WriteString("@relation bench\n")
	for j := range 49 {
		fmt.Fprintf(&sb, "@attribute x%d numeric\n", j)
	}
	sb.WriteString("@attribute class {a, b, c}\n@data\n")
	for i := range 10000 {
		for j := range 49 {
			fmt.Fprintf(&sb, "%g,", float64(i*j%977)/7)
		}
		sb.WriteString([]string{"a\n", "b\n", "c\n"}[i%3])
	}
	text := sb.String()
	b.SetBytes(int64(len(text)))
	for b.Loop() {
		if _, err := ReadARFF(strings.NewReader(text), ARFFOptions{}); err != nil {
			b.Fatal(err)
		}
	}
}
