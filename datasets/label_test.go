package datasets

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"gonum.org/v1/gonum/mat"

	"github.com/gsbench/gsbench/datasets/format"
	"github.com/gsbench/gsbench/params"
)

// TestLabelRule: the one label-column rule, format by format (doc.go,
// "Labels").
func TestLabelRule(t *testing.T) {
	dir := t.TempDir()
	write := func(name, text string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	plain := write("plain.csv", "1,2,0\n3,4,1\n5,6,1\n")
	header := write("header.csv", "a,b,kind\n1,2,x\n3,4,y\n5,6,x\n")
	sk := write("sk.csv", "3,2,neg,pos\n1,2,0\n3,4,1\n5,6,1\n")
	svm := write("d.libsvm", "1 1:0.5\n2 2:1\n")
	for _, tc := range []struct {
		path, label string
		d           int    // columns of X
		classes     string // "" for no labels
		err         string
	}{
		{plain, "", 3, "", ""}, // a generic CSV has no label unless one is named
		{plain, "none", 3, "", ""},
		{plain, "last", 2, "0,1", ""},
		{plain, "0", 2, "1,3,5", ""},
		{plain, "kind", 0, "", "no such column"}, // no header: the first line is taken as one, and has no such cell
		{header, "kind", 2, "x,y", ""},
		{header, "KIND", 2, "x,y", ""},
		{header, "", 2, "", "not a number"}, // no label named: kind is a feature, and not numeric
		{header, "2", 2, "x,y", ""},
		{sk, "", 2, "neg,pos", ""}, // scikit-learn's header line declares the label
		{svm, "", 2, "1,2", ""},
		{svm, "none", 2, "", ""},
		{svm, "last", 0, "", "LIBSVM"},
		{"format/testdata/npy/stored.npz", "", 4, "0,2", ""},
		{"format/testdata/npy/f8.npy", "", 4, "", ""},
		{"format/testdata/arff/sparse.arff", "", 3, "neg,pos", ""},
		{plain, "9", 0, "", "label column 9"},
	} {
		ds, err := Load(tc.path, Options{LabelCol: tc.label, Categorical: format.Ordinal})
		name := filepath.Base(tc.path) + "/" + tc.label
		if tc.err != "" {
			if err == nil || !strings.Contains(err.Error(), tc.err) {
				t.Errorf("%s: %v, want an error with %q", name, err, tc.err)
			}
			continue
		}
		if err != nil {
			t.Errorf("%s: %v", name, err)
			continue
		}
		if _, d := ds.Dims(); d != tc.d || strings.Join(ds.Classes, ",") != tc.classes || (ds.Y == nil) != (tc.classes == "") {
			t.Errorf("%s: d %d, classes %v; want %d, %q", name, d, ds.Classes, tc.d, tc.classes)
		}
	}
	// Registry datasets and generators know their labels.
	if _, err := Load("wine", Options{LabelCol: "last"}); err == nil || !strings.Contains(err.Error(), "labels are known") {
		t.Errorf("label column for a registry dataset: %v", err)
	}
	if _, err := Load("uffs-s1", Options{LabelCol: "0"}); err == nil || !strings.Contains(err.Error(), "generator") {
		t.Errorf("label column for a generator: %v", err)
	}
	if e, _ := Lookup("automobile"); e.LabelColumn() != "0" {
		t.Errorf("automobile's label column %q", e.LabelColumn())
	}
}

// TestResolve: a name is a registry dataset (any case), a generator or an
// existing file; anything else is an error listing both registries with a
// suggestion.
func TestResolve(t *testing.T) {
	for in, want := range map[string]Ref{
		"COIL20":                           {RegistryDataset, "coil20"},
		"journal-gfs-uffs":                 {GeneratorRef, "journal-gfs-uffs"},
		"format/testdata/arff/sparse.arff": {DataFile, "format/testdata/arff/sparse.arff"},
	} {
		if got, err := Resolve(in); err != nil || got != want {
			t.Errorf("Resolve(%q) = %+v, %v; want %+v", in, got, err, want)
		}
	}
	_, err := Resolve("journal-gfs-ufs")
	for _, want := range []string{`unknown dataset "journal-gfs-ufs" (no such file)`, `did you mean "journal-gfs-uffs"?`, "registry datasets: allaml,", "generators: cdc-gfa,"} {
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("unknown name: %v, want %q", err, want)
		}
	}
	if _, err := Resolve("testdata"); err == nil || !strings.Contains(err.Error(), "a directory") {
		t.Errorf("directory: %v", err)
	}
	for _, g := range Generators() {
		if _, ok := Lookup(g.Name); ok {
			t.Errorf("%s is both a generator and a registry dataset", g.Name)
		}
	}
}

// TestLoadGenerator: Load draws a generator with Options.Params and Seed,
// as Generate does; parameters for anything else are an error.
func TestLoadGenerator(t *testing.T) {
	p := params.Params{"n_samples": 50}
	ds, err := Load("journal-gfs-uffs", Options{Params: p, Seed: 3})
	if err != nil {
		t.Fatal(err)
	}
	ref, err := Generate("journal-gfs-uffs", p, 3)
	if err != nil {
		t.Fatal(err)
	}
	if n, _ := ds.Dims(); n != 50 || !mat.Equal(ds.X, ref.X) || ds.Truth == nil {
		t.Errorf("Load of a generator differs from Generate")
	}
	if _, err := Load("journal-gfs-uffs", Options{Params: params.Params{"n_sample": 5}}); err == nil || !strings.Contains(err.Error(), "n_sample") {
		t.Errorf("unknown generator parameter: %v", err)
	}
	if _, err := Load("format/testdata/npy/f8.npy", Options{Params: p}); err == nil || !strings.Contains(err.Error(), "apply to generators only") {
		t.Errorf("parameters for a file: %v", err)
	}
}
