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
		want []uffs.Round
		err  string
	}{
		{"defaults", nil, []uffs.Round{{Depth: 3, Eps: 0.1}}, ""},
		{"issue CLI", methods.Params{"depth": "3", "eps": "0.1"}, []uffs.Round{{Depth: 3, Eps: 0.1}}, ""},
		{"authors' schedule", methods.Params{"sequential": "true", "eps": "0.001,0.001,0.0001", "cluster-size": "0,50,31", "mode": "cumulative"},
			[]uffs.Round{{Depth: 1, Eps: 0.001}, {Depth: 2, Eps: 0.001, ClusterSize: 50}, {Depth: 3, Eps: 0.0001, ClusterSize: 31}}, ""},
		{"yaml", methods.Params{"depth": 2, "eps": 0.05, "k": 7, "order": "random", "seed": 3, "ddof": 0, "partition": "random", "cluster_size": 10, "selection_threshold": []any{0.9}},
			[]uffs.Round{{Depth: 2, Eps: 0.05, ClusterSize: 10, SelectionThreshold: 0.9}}, ""},
		{"permutation", methods.Params{"permutation": "2,0,1"}, []uffs.Round{{Depth: 3, Eps: 0.1}}, ""},
		{"per-round count", methods.Params{"eps": "0.1,0.2"}, nil, "one per round (1)"},
		{"no eps", methods.Params{"eps": ""}, nil, "eps needs a value"},
		{"bad depth", methods.Params{"depth": 0}, nil, "depth"},
		{"bad ddof", methods.Params{"ddof": 2}, nil, "ddof"},
		{"bad order", methods.Params{"order": "entropy"}, nil, `"entropy" is not one of given, random`},
		{"random and permutation", methods.Params{"order": "random", "permutation": "0,1"}, nil, "not both"},
		{"bad mode", methods.Params{"mode": "all"}, nil, "not one of threshold, cumulative, top-k"},
		{"per-group ranking", methods.Params{"ranking": "per-group", "cluster_size": 10}, []uffs.Round{{Depth: 3, Eps: 0.1, ClusterSize: 10}}, ""},
		{"bad ranking", methods.Params{"ranking": "local"}, nil, `"local" is not one of global, per-group`},
		{"unknown", methods.Params{"theta": 0.1}, nil, "no parameter"},
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
		got, err := m.(*uffs.UFFS).Rounds()
		if err != nil || !reflect.DeepEqual(got, tc.want) {
			t.Errorf("%s: rounds %+v (%v), want %+v", tc.name, got, err, tc.want)
		}
	}
	if s, ok := methods.Lookup("uffs"); !ok || s.Kind != methods.Selection || s.Supervised {
		t.Errorf("spec %+v", s)
	}
}
