package cells

import (
	"bytes"
	"compress/gzip"
	"errors"
	"io/fs"
	"math"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

func sample() []*Cell {
	return []*Cell{
		{ID: "00aa", Dataset: "synth", DatasetParams: map[string]any{"n_samples": 200, "noise": 0.5, "sizes": []int{3, 4}},
			Preprocess: "none", Method: "GFS", MethodName: "gfs", MethodParams: map[string]any{"eps2": 0.1, "family": "multilinear:2"},
			Rep: 1, Seed: 18446744073709551615, Status: StatusOK, NFeatures: 3,
			Values:   map[string]Num{"n_selected": 3, "svm_accuracy": 0.875, "ratio": Num(math.NaN()), "up": Num(math.Inf(1)), "down": Num(math.Inf(-1))},
			Selected: []int{4, 0, 2}, Notes: []string{"time: not computed"}},
		{ID: "00bb", Dataset: "synth", DatasetParams: map[string]any{"n_samples": 300.0}, Preprocess: "standardize",
			Method: "PCA", MethodName: "pca", Match: "GFS", K: 3, Rep: 0, Seed: 7, Status: StatusFailed, Error: "pca: no\nstack", NFeatures: 0},
	}
}

// Cells written and read back are the same cells, NaN and infinite values
// included; parameters keep their text (Attr).
func TestRoundTrip(t *testing.T) {
	in := sample()
	var b bytes.Buffer
	if err := WriteJSONL(&b, in); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(b.String(), `"ratio":"NaN"`) || !strings.Contains(b.String(), `"up":"+Inf"`) {
		t.Errorf("non-finite values written as\n%s", b.String())
	}
	// The JSON keys come in the documented order.
	want := `{"cell":"00bb","dataset":"synth","dataset_params":{"n_samples":300},"preprocess":"standardize","method":"PCA","method_name":"pca","match":"GFS","k":3,"rep":0,"seed":7,"status":"failed","error":"pca: no\nstack","n_features":0}`
	if got := strings.Split(strings.TrimSpace(b.String()), "\n")[1]; got != want {
		t.Errorf("line 2:\n%s\nwant\n%s", got, want)
	}
	out, err := Read(bytes.NewReader(append([]byte("\n"), b.Bytes()...)), "x.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	if len(out) != 2 {
		t.Fatalf("%d cells read", len(out))
	}
	for _, name := range []string{"dataset", "dataset.n_samples", "dataset.noise", "dataset.sizes", "preprocess", "method", "method.eps2", "method.family", "method.k", "match", "rep"} {
		for i := range in {
			a, okA := in[i].Attr(name)
			b, okB := out[i].Attr(name)
			if a != b || okA != okB {
				t.Errorf("cell %d: %s written %q (%v), read %q (%v)", i, name, a, okA, b, okB)
			}
		}
	}
	if v, ok := out[0].Value("ratio"); !ok || !math.IsNaN(v) {
		t.Errorf("ratio read as %v", v)
	}
	if v, _ := out[0].Value("down"); !math.IsInf(v, -1) {
		t.Errorf("down read as %v", v)
	}
	if _, ok := out[1].Value("n_selected"); ok {
		t.Error("a failed cell has values")
	}
	in[0].DatasetParams["sizes"] = []any{3, 4} // read back as a list of numbers
	in[1].DatasetParams["n_samples"] = 300
	for i := range in {
		if !reflect.DeepEqual(fmtNums(in[i]), fmtNums(out[i])) {
			t.Errorf("cell %d:\n%+v\nread back as\n%+v", i, in[i], out[i])
		}
	}
}

// fmtNums replaces the values by their text, which compares NaN equal.
func fmtNums(c *Cell) *Cell {
	cp := *c
	cp.Values = nil
	m := map[string]Num{}
	for k, v := range c.Values {
		b, _ := v.MarshalJSON()
		m[k] = Num(len(b))
	}
	cp.Values = m
	return &cp
}

func TestWriteCSV(t *testing.T) {
	var b bytes.Buffer
	if err := WriteCSV(&b, []string{"dataset", "dataset.n_samples", "preprocess", "method", "method.k", "match", "rep"}, []string{"n_selected", "svm_accuracy", "missing", "ratio"}, sample()); err != nil {
		t.Fatal(err)
	}
	want := `cell,dataset,dataset.n_samples,preprocess,method,method.k,match,rep,status,metric,value,error
00aa,synth,200,none,GFS,,,1,ok,n_selected,3,
00aa,synth,200,none,GFS,,,1,ok,svm_accuracy,0.875,
00aa,synth,200,none,GFS,,,1,ok,ratio,NaN,
00bb,synth,300,standardize,PCA,3,GFS,0,failed,,,pca: no
`
	if b.String() != want {
		t.Errorf("cells.csv:\n%s\nwant\n%s", b.String(), want)
	}
}

// ReadDir reads cells.jsonl, else cells.jsonl.gz; errors name the file and
// line, and a directory without cells is not-exist.
func TestReadDir(t *testing.T) {
	dir := t.TempDir()
	var b bytes.Buffer
	WriteJSONL(&b, sample())
	os.WriteFile(filepath.Join(dir, JSONLFile), b.Bytes(), 0o644)
	plain, path, err := ReadDir(dir)
	if err != nil || len(plain) != 2 || filepath.Base(path) != JSONLFile {
		t.Fatalf("plain: %d cells from %s, %v", len(plain), path, err)
	}
	var z bytes.Buffer
	w := gzip.NewWriter(&z)
	w.Write(b.Bytes())
	w.Close()
	os.Remove(filepath.Join(dir, JSONLFile))
	os.WriteFile(filepath.Join(dir, JSONLFile+".gz"), z.Bytes(), 0o644)
	packed, path, err := ReadDir(dir)
	if err != nil || len(packed) != 2 || filepath.Base(path) != JSONLFile+".gz" || packed[0].Values["n_selected"] != 3 {
		t.Fatalf("gzip: %d cells from %s, %v", len(packed), path, err)
	}
	os.WriteFile(filepath.Join(dir, JSONLFile+".gz"), []byte("not gzip"), 0o644)
	if _, _, err := ReadDir(dir); err == nil || !strings.Contains(err.Error(), "cells.jsonl.gz") {
		t.Errorf("corrupt archive: %v", err)
	}
	os.Remove(filepath.Join(dir, JSONLFile+".gz"))
	if _, _, err := ReadDir(dir); !errors.Is(err, fs.ErrNotExist) || !os.IsNotExist(err) {
		t.Errorf("no cells: %v, want not-exist", err)
	}
	os.WriteFile(filepath.Join(dir, JSONLFile), []byte("{\"cell\":\"a\"}\n{\"cell\":\n"), 0o644)
	if _, _, err := ReadDir(dir); err == nil || !strings.Contains(err.Error(), "cells.jsonl:2: ") {
		t.Errorf("cut line: %v", err)
	}
	os.WriteFile(filepath.Join(dir, JSONLFile), []byte(`{"cell":"a","values":{"x":"many"}}`), 0o644)
	if _, _, err := ReadDir(dir); err == nil || !strings.Contains(err.Error(), `cells.jsonl:1: number "many"`) {
		t.Errorf("bad number: %v", err)
	}
}
