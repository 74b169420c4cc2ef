package experiments

import (
	"encoding/json"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gsbench/gsbench/experiments/run"
	"github.com/gsbench/gsbench/internal/testutil"
	"github.com/gsbench/gsbench/params"
)

// The scale and subsample options of a registry dataset reach the data, are
// checked when the config is loaded, and --datasets runs one dataset only.
func TestRegistryPrepareAndDatasetFilter(t *testing.T) {
	dataDir := testutil.DataDir(t)
	dir := t.TempDir()
	bad := `name: bad
datasets: [{name: wine, params: {scale: 0}}]
methods: [pca]
metrics: [n_selected]
`
	if err := os.WriteFile(filepath.Join(dir, "bad.yaml"), []byte(bad), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := Load(filepath.Join(dir, "bad.yaml")); err == nil || !strings.Contains(err.Error(), "scale") {
		t.Errorf("scale 0: %v", err)
	}
	c := writeConfig(t, dir, "prep", `name: prep
datasets:
  - {name: wine, label: Wine, params: {scale: [1, 10], subsample: [0, 60]}}
  - {name: breast-cancer, label: BC}
methods: [{name: pca, params: {k: 2}}]
metrics: [data_shape, {name: coefficients, params: {components: 2, features: 13}}, residual_variance]
`)
	out := filepath.Join(dir, "out")
	s := mustRun(t, c, run.Options{Dir: out, DataDir: dataDir, Datasets: []string{"Wine"}})
	if s.Ran != 4 || s.Missing != 1 || !s.Rendered {
		t.Fatalf("summary %+v", s)
	}
	b, err := os.ReadFile(filepath.Join(out, "cells.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	res := map[string]map[string]float64{}
	for _, line := range strings.Split(strings.TrimSpace(string(b)), "\n") {
		var jc struct {
			DatasetParams map[string]any     `json:"dataset_params"`
			Values        map[string]float64 `json:"values"`
		}
		if err := json.Unmarshal([]byte(line), &jc); err != nil {
			t.Fatal(err)
		}
		res[params.Format(jc.DatasetParams["scale"])+"/"+params.Format(jc.DatasetParams["subsample"])] = jc.Values
	}
	if got := res["1/60"]["data_rows"]; got != 60 {
		t.Errorf("subsample 60: %v rows", got)
	}
	if got := res["1/0"]["data_rows"]; got != 178 {
		t.Errorf("subsample 0: %v rows, want all 178", got)
	}
	// Scaling every feature by 10 scales variances by 100 and leaves the
	// directions (coefficients) alone.
	v1, v10 := res["1/0"]["residual_variance"], res["10/0"]["residual_variance"]
	if v10/v1 < 99.9 || v10/v1 > 100.1 {
		t.Errorf("scale 10: residual variance %v vs %v, want 100 times", v10, v1)
	}
	if a, b := res["1/0"]["coef_1_1"], res["10/0"]["coef_1_1"]; math.Abs(a-b) > 1e-12 || len(res["1/0"]) != 2+26+2 {
		t.Errorf("coefficients %v vs %v (%d values)", a, b, len(res["1/0"]))
	}
	if _, err := Run(t.Context(), c, run.Options{Dir: out, DataDir: dataDir, Datasets: []string{"Nope"}}); err == nil {
		t.Error("--datasets with an unknown label accepted")
	}
}
