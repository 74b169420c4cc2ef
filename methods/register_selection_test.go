package methods

import (
	"slices"
	"strings"
	"testing"

	"github.com/gsbench/gsbench/internal/testutil/realdata"
	"github.com/gsbench/gsbench/preprocess"
)

// Every selection baseline of issue 6 is one call away: New, Fit, Selected.
func TestSelectionBaselines(t *testing.T) {
	ds := realdata.Load(t, "wine", preprocess.Standardize)
	X := ds.X
	for _, tc := range []struct {
		name       string
		supervised bool
		params     Params
	}{
		{"ls", false, nil},
		{"spec", false, Params{"style": "-1", "affinity": "knn"}},
		{"mcfs", false, Params{"n_clusters": 3}},
		{"ndfs", false, Params{"n_clusters": 3, "seed": 2}},
		{"udfs", false, Params{"n-clusters": "3"}},
		{"trace-ratio", true, nil},
		{"fisher", true, nil},
		{"svd-entropy", false, nil},
	} {
		spec, ok := Lookup(tc.name)
		if !ok || spec.Kind != Selection || spec.Supervised != tc.supervised {
			t.Fatalf("%s: spec %+v", tc.name, spec)
		}
		if _, ok := spec.Param("k"); !ok {
			t.Errorf("%s has no k parameter", tc.name)
		}
		p := tc.params.Clone()
		p["k"] = 4
		m, err := New(tc.name, p)
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		if err := m.Fit(X, ds.Y); err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		sel := m.(Selector).Selected()
		if len(sel) != 4 || len(slices.Compact(slices.Sorted(slices.Values(sel)))) != 4 {
			t.Errorf("%s: selected %v", tc.name, sel)
		}
		if s, ok := m.(Scorer); !ok || len(s.Scores()) != 13 {
			t.Errorf("%s: no scores for the 13 features", tc.name)
		}
		if _, err := New(tc.name, Params{"k": -1}); err == nil {
			t.Errorf("%s: k = -1 accepted", tc.name)
		}
	}
	for name, p := range map[string]Params{
		"trace-ratio": nil,
		"ls":          {"weight": "gauss"},
		"spec":        {"style": 1},
		"ndfs":        {"alpha": -1},
		"udfs":        {"lambda": 0},
		"mcfs":        {"n_clusters": 0},
	} {
		if _, err := New(name, p); err == nil {
			t.Errorf("%s %v accepted", name, p)
		}
	}
	if _, err := New("fisher", Params{"n_neighbors": 5}); err == nil || !strings.Contains(err.Error(), "its parameters are: k") {
		t.Errorf("unknown parameter: %v", err)
	}
}
