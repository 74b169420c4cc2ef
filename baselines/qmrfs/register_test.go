package qmrfs_test

import (
	"reflect"
	"strings"
	"testing"

	"github.com/gsbench/gsbench/baselines/qmrfs"
	"github.com/gsbench/gsbench/methods"
)

// TestRegistered checks the "qmrfs" entry of the methods registry.
func TestRegistered(t *testing.T) {
	for _, tc := range []struct {
		name string
		in   methods.Params
		want qmrfs.QMRFS
		err  string
	}{
		{"defaults", nil, qmrfs.QMRFS{Theta: 0.1, Order: qmrfs.Given, ChunkRows: qmrfs.DefaultChunkRows}, ""},
		{"issue CLI", methods.Params{"theta": "0.1"}, qmrfs.QMRFS{Theta: 0.1, Order: qmrfs.Given, ChunkRows: qmrfs.DefaultChunkRows}, ""},
		{"entropy", methods.Params{"theta": 0.01, "order": "entropy", "chunk-rows": "100"}, qmrfs.QMRFS{Theta: 0.01, Order: qmrfs.Entropy, ChunkRows: 100}, ""},
		{"random", methods.Params{"order": "random", "seed": 4}, qmrfs.QMRFS{Theta: 0.1, Order: qmrfs.Random, Seed: 4, ChunkRows: qmrfs.DefaultChunkRows}, ""},
		{"permutation", methods.Params{"permutation": []any{1, 0}}, qmrfs.QMRFS{Theta: 0.1, Order: qmrfs.Given, Permutation: []int{1, 0}, ChunkRows: qmrfs.DefaultChunkRows}, ""},
		{"theta 1", methods.Params{"theta": 1}, qmrfs.QMRFS{}, "[0, 1)"},
		{"bad order", methods.Params{"order": "variance"}, qmrfs.QMRFS{}, `"variance" is not one of given, entropy, random`},
		{"permutation and entropy", methods.Params{"order": "entropy", "permutation": "0,1"}, qmrfs.QMRFS{}, "only used with the given order"},
		{"chunk", methods.Params{"chunk_rows": 0}, qmrfs.QMRFS{}, "chunk_rows"},
	} {
		m, err := methods.New("qmrfs", tc.in)
		if tc.err != "" {
			if err == nil || !strings.Contains(err.Error(), tc.err) {
				t.Errorf("%s: error %v, want one containing %q", tc.name, err, tc.err)
			}
			continue
		}
		if err != nil {
			t.Errorf("%s: %v", tc.name, err)
			continue
		}
		if got := *m.(*qmrfs.QMRFS); !reflect.DeepEqual(got, tc.want) {
			t.Errorf("%s:\n got %+v\nwant %+v", tc.name, got, tc.want)
		}
	}
}
