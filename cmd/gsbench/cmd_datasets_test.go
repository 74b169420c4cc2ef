package main

import (
	"bytes"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gsbench/gsbench/datasets"
	"github.com/gsbench/gsbench/internal/testutil"
)

func runCLI(t *testing.T, args ...string) (int, string, string) {
	t.Helper()
	var out, errw bytes.Buffer
	code := execute(args, &out, &errw)
	return code, out.String(), errw.String()
}

func TestDatasetsCommand(t *testing.T) {
	dir := testutil.DataDir(t)
	code, out, errs := runCLI(t, "datasets", "--json", "--data-dir", dir)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	var got struct {
		Datasets []struct {
			Name    string `json:"name"`
			N, D    int
			Present bool `json:"present"`
		} `json:"datasets"`
		Generators []struct{ Name string } `json:"generators"`
	}
	if err := json.Unmarshal([]byte(out), &got); err != nil {
		t.Fatal(err)
	}
	for _, d := range got.Datasets {
		e, _ := datasets.Lookup(d.Name)
		if d.Present != !e.FetchOnly() { // the reference copy has every dataset with a known digest
			t.Errorf("%s: present = %v", d.Name, d.Present)
		}
	}
	if len(got.Datasets) != len(datasets.Names()) || len(got.Generators) == 0 {
		t.Errorf("%d datasets, %d generators", len(got.Datasets), len(got.Generators))
	}
	if code, out, _ := runCLI(t, "datasets", "--data-dir", dir); code != 0 || !strings.Contains(out, "coil20") || !strings.Contains(out, "journal-gca") {
		t.Errorf("text listing (exit %d):\n%s", code, out)
	}
}

func TestInfoCommand(t *testing.T) {
	dir := testutil.DataDir(t)
	code, out, errs := runCLI(t, "info", "--data", "heart-c", "--verify", "--json", "--data-dir", dir)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	var info struct {
		N, D          int
		ClassCounts   []int `json:"class_counts"`
		MissingValues int   `json:"missing_values"`
		Files         []struct{ Verified, SHA256 string }
	}
	if err := json.Unmarshal([]byte(out), &info); err != nil {
		t.Fatal(err)
	}
	if info.N != 303 || info.D != 13 || info.MissingValues != 6 || len(info.ClassCounts) != 5 || info.Files[0].Verified != "sha256" {
		t.Errorf("%+v", info)
	}
	if code, out, _ := runCLI(t, "info", "--data", "journal-gca"); code != 0 || !strings.Contains(out, "var_ratio") {
		t.Errorf("generator info (exit %d):\n%s", code, out)
	}
	if code, _, errs := runCLI(t, "info", "--data", "musk", "--data-dir", t.TempDir()); code == 0 || !strings.Contains(errs, "gsbench fetch musk") {
		t.Errorf("missing dataset (exit %d): %s", code, errs)
	}
}

func TestFetchCommand(t *testing.T) {
	srv := httptest.NewServer(http.FileServer(http.Dir(testutil.DataDir(t))))
	defer srv.Close()
	dir := t.TempDir()
	code, out, errs := runCLI(t, "fetch", "wine", "--data-dir", dir, "--mirror", srv.URL, "sonar")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	if !strings.Contains(out, "Wine/wine_data.csv") || !strings.Contains(out, "sonar: 208 x 60") {
		t.Errorf("output:\n%s", out)
	}
	if _, err := os.Stat(filepath.Join(dir, "Sonar", "sonar.all-data")); err != nil {
		t.Error(err)
	}
	if code, _, errs := runCLI(t, "fetch", "nonsense", "--data-dir", dir, "--mirror", srv.URL); code != 1 || !strings.Contains(errs, "unknown dataset") {
		t.Errorf("unknown dataset: exit %d, %s", code, errs)
	}
	if code, _, _ := runCLI(t, "fetch", "--data-dir", dir); code == 0 {
		t.Error("no names: exit 0")
	}
}
