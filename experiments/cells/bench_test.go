package cells

import (
	"bytes"
	"fmt"
	"testing"
)

// BenchmarkRead reads 10,000 cells (the reproduction report reads up to
// 168,000 from one compressed file).
func BenchmarkRead(b *testing.B) {
	var cs []*Cell
	for i := range 10000 {
		cs = append(cs, &Cell{ID: fmt.Sprintf("%016x", i), Dataset: "synthetic", DatasetParams: map[string]any{"n_samples": 1000, "var_ratio": 0.5},
			Preprocess: "none", Method: "GFA", MethodName: "gfa", MethodParams: map[string]any{"family": "multilinear:2"},
			Rep: i, Seed: uint64(i), Status: StatusOK, NFeatures: 15, Values: map[string]Num{"success_rate": 1, "n_selected": 15},
			Selected: []int{0, 3, 5, 7, 9, 11, 13, 15, 17, 19, 21, 23, 25, 27, 29}})
	}
	var buf bytes.Buffer
	if err := WriteJSONL(&buf, cs); err != nil {
		b.Fatal(err)
	}
	b.SetBytes(int64(buf.Len()))
	b.ResetTimer()
	for range b.N {
		if _, err := Read(bytes.NewReader(buf.Bytes()), "cells.jsonl"); err != nil {
			b.Fatal(err)
		}
	}
}
