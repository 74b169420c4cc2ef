package datasets

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"gonum.org/v1/gonum/mat"

	"github.com/gsbench/gsbench/datasets/format"
)

// TestEncodeLabels: numbers in increasing numeric order (1 and 1.0 are
// distinct strings, so the readers write numbers in their shortest form),
// anything else in order of first appearance.
func TestEncodeLabels(t *testing.T) {
	for _, tc := range []struct {
		labels, classes string
		y               []int
	}{
		{"10,-2,3,-2", "-2,3,10", []int{2, 0, 1, 0}},
		{"x,y,x", "x,y", []int{0, 1, 0}},
		{"b,1,a", "b,1,a", []int{0, 1, 2}},
		{"1e3,0.5", "0.5,1e3", []int{1, 0}},
	} {
		y, classes := EncodeLabels(strings.Split(tc.labels, ","))
		if !slices.Equal(y, tc.y) || strings.Join(classes, ",") != tc.classes {
			t.Errorf("%s: y %v classes %v, want %v %s", tc.labels, y, classes, tc.y, tc.classes)
		}
	}
}

// TestFromTable: declared classes keep their order (all of them), others
// are numbered by EncodeLabels; a table without labels has none.
func TestFromTable(t *testing.T) {
	X := mat.NewDense(3, 1, []float64{1, 2, 3})
	for _, tc := range []struct {
		tb      format.Table
		classes string
		y       []int
	}{
		{format.Table{X: X, Labels: []string{"pos", "neg", "pos"}, Classes: []string{"neg", "pos", "other"}}, "neg,pos,other", []int{1, 0, 1}},
		{format.Table{X: X, Labels: []string{"2", "10", "2"}}, "2,10", []int{0, 1, 0}},
		{format.Table{X: X}, "", nil},
	} {
		ds := fromTable(&tc.tb)
		if !slices.Equal(ds.Y, tc.y) || (ds.Y == nil) != (tc.y == nil) || strings.Join(ds.Classes, ",") != tc.classes || ds.X != X {
			t.Errorf("%v: y %v classes %v", tc.tb.Labels, ds.Y, ds.Classes)
		}
	}
}

// TestLoadFiles: Load reads a file by its name, gzip-compressed or not,
// numbers its classes, names the file in its errors, and returns an
// independent copy every time.
func TestLoadFiles(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "data.csv.gz")
	if err := os.WriteFile(p, gzipBytes([]byte("1,2,0\n3,4,1\n")), 0o644); err != nil {
		t.Fatal(err)
	}
	ds1, err := Load(p, Options{LabelCol: "last", Verify: true})
	if err != nil {
		t.Fatal(err)
	}
	if ds1.Name != "data.csv" || ds1.X.At(1, 1) != 4 {
		t.Fatalf("%s: %v", ds1.Name, mat.Formatted(ds1.X))
	}
	ds1.X.Set(0, 0, 99)
	ds1.Y[0] = 5
	ds2, err := Load(p, Options{LabelCol: "last"})
	if err != nil {
		t.Fatal(err)
	}
	if ds2.X.At(0, 0) != 1 || ds2.Y[0] != 0 {
		t.Error("changing a loaded dataset changed the cache")
	}
	if ds1.Files[0].Verified != "none" || len(ds1.Files[0].SHA256) != 64 {
		t.Errorf("file status %+v", ds1.Files[0])
	}

	// ARFF: gzip works as for the other formats; a missing value without a
	// policy says how to choose one.
	src, err := os.ReadFile("format/testdata/arff/sparse.arff")
	if err != nil {
		t.Fatal(err)
	}
	p = filepath.Join(dir, "sparse.arff.gz")
	os.WriteFile(p, gzipBytes(src), 0o644)
	if ds, err := Load(p, Options{Categorical: format.Ordinal}); err != nil || ds.X.At(0, 0) != 1.5 || strings.Join(ds.Classes, ",") != "neg,pos" {
		t.Errorf("sparse.arff.gz: %v", err)
	}
	if _, err := Load("format/testdata/arff/weather.arff", Options{}); err == nil || !strings.Contains(err.Error(), "--missing") {
		t.Errorf("weather.arff without a missing-value policy: %v", err)
	}
	// weather.arff declares play? {yes, no}: the classes keep that order.
	if ds, err := Load("format/testdata/arff/weather.arff", Options{Missing: format.MissingMean}); err != nil || strings.Join(ds.Classes, ",") != "yes,no" || !slices.Equal(ds.Y, []int{1, 0, 0, 1}) {
		t.Errorf("weather.arff: %v", err)
	}

	// A MAT-file Octave wrote (format/testdata/mat/make_mat.m): fea and
	// gnd by default; the classes in numeric order.
	ds, err := Load("format/testdata/mat/fea_gnd.mat", Options{})
	if err != nil {
		t.Fatal(err)
	}
	if !mat.Equal(ds.X, mat.NewDense(2, 3, []float64{1, 2, 3, 4, 5, 6})) || !slices.Equal(ds.Y, []int{1, 0}) || strings.Join(ds.Classes, ",") != "3,7" || ds.Name != "fea_gnd.mat" {
		t.Errorf("fea_gnd.mat: X = %v, Y = %v, classes %v, name %s", mat.Formatted(ds.X), ds.Y, ds.Classes, ds.Name)
	}

	// .npy: a numeric label column's classes in numeric order.
	ds, err = Load("format/testdata/npy/i4.npy", Options{LabelCol: "0"})
	if err != nil || strings.Join(ds.Classes, ",") != "-4,1" || !slices.Equal(ds.Y, []int{1, 0}) || ds.X.At(1, 1) != -6 {
		t.Errorf("i4.npy label 0: %v %v", ds, err)
	}

	// A truncated .npy file: the error names the file and the first
	// incomplete row.
	p = filepath.Join(dir, "x.npy")
	w, err := format.CreateNPY(p, 10, 4, "float64")
	if err != nil {
		t.Fatal(err)
	}
	if err := w.Write(mat.NewDense(10, 4, nil)); err != nil {
		t.Fatal(err)
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	fi, err := os.Stat(p)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.Truncate(p, fi.Size()-8*4*4+3); err != nil {
		t.Fatal(err)
	}
	if _, err := Load(p, Options{}); err == nil || !strings.Contains(err.Error(), "row 6 (0-based) is the first incomplete one") || !strings.Contains(err.Error(), p) {
		t.Errorf("truncated: %v", err)
	}
}
