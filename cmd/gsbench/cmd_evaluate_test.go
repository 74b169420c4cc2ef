package main

import (
	"encoding/json"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gsbench/gsbench/internal/testutil"
)

func TestEvaluateCommand(t *testing.T) {
	dir := testutil.DataDir(t)
	code, out, errs := runCLI(t, "evaluate", "--data", "wine", "--data-dir", dir, "--preprocess", "standardize",
		"--cluster", "kmeans", "--seeds", "5", "--json")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	var got map[string]any
	if err := json.Unmarshal([]byte(out), &got); err != nil {
		t.Fatalf("%v: %s", err, out)
	}
	for _, key := range []string{"accuracy_mean", "accuracy_std", "folds", "nmi_mean", "nmi_std"} {
		if _, ok := got[key]; !ok {
			t.Errorf("JSON lacks %q: %s", key, out)
		}
	}
	if len(got) != 5 {
		t.Errorf("JSON has extra keys: %s", out)
	}
	// scikit-learn 1.2.1: 5-fold accuracy 0.983333 on standardized Wine.
	if acc, _ := got["accuracy_mean"].(float64); math.Abs(acc-0.983333) > 1e-6 {
		t.Errorf("accuracy_mean %v, scikit-learn 0.983333", got["accuracy_mean"])
	}
	if nmi, _ := got["nmi_mean"].(float64); math.Abs(nmi-0.8766) > 0.01 {
		t.Errorf("nmi_mean %v, scikit-learn 0.8766", got["nmi_mean"])
	}

	// A subset from gsbench select --json, classification only.
	sel := filepath.Join(t.TempDir(), "sel.json")
	if err := os.WriteFile(sel, []byte(`{"method":"x","selected":[12,6,9,0]}`), 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, errs = runCLI(t, "evaluate", "--data", "wine", "--data-dir", dir, "--select-json", sel, "--multiclass", "ovo", "--json")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	got = nil
	if err := json.Unmarshal([]byte(out), &got); err != nil || got["nmi_mean"] != nil || len(got["folds"].([]any)) != 5 {
		t.Errorf("classification-only JSON: %s (%v)", out, err)
	}
	code, out, _ = runCLI(t, "evaluate", "--data", "wine", "--data-dir", dir, "--features", "0,1", "--cv", "3")
	if code != 0 || !strings.Contains(out, "accuracy") || !strings.Contains(out, "features [0 1]") {
		t.Errorf("text output (exit %d):\n%s", code, out)
	}
	for _, bad := range [][]string{
		{"evaluate"},
		{"evaluate", "--data", "wine", "--data-dir", dir, "--features", "0,99"},
		{"evaluate", "--data", "wine", "--data-dir", dir, "--multiclass", "ecoc"},
		{"evaluate", "--data", "wine", "--data-dir", dir, "--classifier", "none"},
		{"evaluate", "--data", "wine", "--data-dir", dir, "--gamma", "-1"},
		{"evaluate", "--data", "wine", "--data-dir", dir, "--repeats", "3"},
	} {
		if code, _, _ := runCLI(t, bad...); code == 0 {
			t.Errorf("%v succeeded", bad)
		}
	}
}

// TestEvaluateMethod: evaluate --method fits a method and scores its
// features; with --protocol pipeline inside each training fold. On
// methods/testdata/noise.csv (features unrelated to the labels) the fold
// accuracies of Fisher score (k = 10) are scikit-learn's, from
// methods/testdata/pipeline_reference.json, under both protocols.
func TestEvaluateMethod(t *testing.T) {
	var ref struct {
		Cases []struct {
			Data     string    `json:"data"`
			K        int       `json:"k"`
			Pipeline []float64 `json:"pipeline"`
			AllRows  []float64 `json:"all_rows"`
		} `json:"cases"`
	}
	b, err := os.ReadFile("../../methods/testdata/pipeline_reference.json")
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(b, &ref); err != nil {
		t.Fatal(err)
	}
	noise := "../../methods/testdata/noise.csv"
	for _, c := range ref.Cases {
		if c.Data != "noise" || c.K != 10 {
			continue
		}
		for protocol, want := range map[string][]float64{"all-rows": c.AllRows, "pipeline": c.Pipeline} {
			code, out, errs := runCLI(t, "evaluate", "--data", noise, "--label-col", "last", "--method", "fisher", "--method-param", "k=10", "--protocol", protocol, "--json")
			var got evaluateJSON
			if code != 0 || json.Unmarshal([]byte(out), &got) != nil {
				t.Fatalf("%s: exit %d: %s%s", protocol, code, out, errs)
			}
			for i := range want {
				if math.Abs(got.Folds[i]-want[i]) > 1e-9 {
					t.Errorf("%s: folds %v, scikit-learn %v", protocol, got.Folds, want)
					break
				}
			}
		}
		code, out, _ := runCLI(t, "evaluate", "--data", noise, "--label-col", "last", "--method", "fisher", "--method-param=k=10", "--protocol", "pipeline", "--cv", "3")
		if code != 0 || !strings.Contains(out, "method    fisher{k=10}, fitted inside each training fold (pipeline)") || !strings.Contains(out, "3-fold") {
			t.Errorf("text output (exit %d):\n%s", code, out)
		}
	}
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"--protocol", "pipeline"}, "give it with --method"},
		{[]string{"--protocol", "nested", "--method", "fisher"}, `protocol "nested"`},
		{[]string{"--method", "fishr"}, `did you mean "fisher"?`},
		{[]string{"--method-param", "k=3"}, "give the method with --method"},
		{[]string{"--method-param", "k"}, "want NAME=VALUE"},
		{[]string{"--method", "fisher", "--method-param", "kk=3"}, `"kk"`},
		{[]string{"--method", "fisher", "--features", "0,1"}, "not several"},
		{[]string{"--method", "gfs", "--method-param", "eps2=100", "--protocol", "pipeline"}, "no features"},
	} {
		args := append([]string{"evaluate", "--data", noise, "--label-col", "last"}, tc.args...)
		if code, _, errs := runCLI(t, args...); code != 2 || !strings.Contains(errs, tc.want) {
			t.Errorf("%v: exit %d, %q; want exit 2 and %q", tc.args, code, errs, tc.want)
		}
	}
}
