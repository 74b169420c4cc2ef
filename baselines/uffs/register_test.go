package uffs_test

import (
	"reflect"
	"strings"
	"testing"

	"github.com/gsbench/gsbench/baselines/uffs"
	"github.com/gsbench/gsbench/methods"
)

// TestRegistered checks the "uffs" entry of the methods registry: the
// parameters as the CLI (strings) and configs (YAML values) give them.
func TestRegistered(t *testing.T) {
	for _, tc := range []struct {
		name string
		in   methods.Params
		want uffs.UFFS
		err  string
	}{
		{"defaults", nil, uffs.UFFS{Rounds: []uffs.Round{{Depth: 3, Eps: 0.1}}, Partition: uffs.Contiguous}, ""},
		{"issue CLI", methods.Params{"depth": "3", "eps": "0.1"}, uffs.UFFS{Rounds: []uffs.Round{{Depth: 3, Eps: 0.1}}, Partition: uffs.Contiguous}, ""},
		{"authors' schedule", methods.Params{"sequential": "true", "eps": "0.001,0.001,0.0001", "cluster-size": "0,50,31", "mode": "cumulative"},
			uffs.UFFS{Rounds: []uffs.Round{{Depth: 1, Eps: 0.001}, {Depth: 2, Eps: 0.001, ClusterSize: 50}, {Depth: 3, Eps: 0.0001, ClusterSize: 31}},
				Mode: uffs.Cumulative, Partition: uffs.Contiguous}, ""},
		{"yaml", methods.Params{"depth": 2, "eps": 0.05, "k": 7, "order": "random", "seed": 3, "ddof": 0, "partition": "random", "cluster_size": 10, "selection_threshold": []any{0.9}},
			uffs.UFFS{Rounds: []uffs.Round{{Depth: 2, Eps: 0.05, ClusterSize: 10, SelectionThreshold: 0.9}}, K: 7, Shuffle: true, Seed: 3, Partition: uffs.RandomPartition, PopulationStd: true}, ""},
		{"permutation", methods.Params{"permutation": "2,0,1"}, uffs.UFFS{Rounds: []uffs.Round{{Depth: 3, Eps: 0.1}}, Order: []int{2, 0, 1}, Partition: uffs.Contiguous}, ""},
		{"per-round count", methods.Params{"eps": "0.1,0.2"}, uffs.UFFS{}, "one per round (1)"},
		{"no eps", methods.Params{"eps": ""}, uffs.UFFS{}, "eps needs a value"},
		{"bad depth", methods.Params{"depth": 0}, uffs.UFFS{}, "depth"},
		{"bad ddof", methods.Params{"ddof": 2}, uffs.UFFS{}, "ddof"},
		{"bad order", methods.Params{"order": "entropy"}, uffs.UFFS{}, "given or random"},
		{"random and permutation", methods.Params{"order": "random", "permutation": "0,1"}, uffs.UFFS{}, "not both"},
		{"bad mode", methods.Params{"mode": "all"}, uffs.UFFS{}, "threshold, cumulative or top-k"},
		{"unknown", methods.Params{"theta": 0.1}, uffs.UFFS{}, "no parameter"},
	} {
		m, err := methods.New("uffs", tc.in)
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
		if got := *m.(*uffs.UFFS); !reflect.DeepEqual(got, tc.want) {
			t.Errorf("%s:\n got %+v\nwant %+v", tc.name, got, tc.want)
		}
	}
	if s, ok := methods.Lookup("uffs"); !ok || s.Kind != methods.Selection || s.Supervised {
		t.Errorf("spec %+v", s)
	}
}
