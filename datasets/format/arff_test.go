package format

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"gonum.org/v1/gonum/mat"
)

// TestReadARFFFiles reads the hand-written files of testdata/arff (values
// worked out from the ARFF specification in the comments) under several
// options. y numbers the rows' classes in classes; a nominal class is
// declared (Table.Classes), a numeric one is not.
func TestReadARFFFiles(t *testing.T) {
	for _, tc := range []struct {
		file, label, missing, encoding string
		features, classes              string
		x                              []float64
		y                              []int
		note                           string
	}{
		// The class is the last nominal attribute, play? (declared yes, no);
		// one-hot columns in declared order; humidity's '?' imputed by the
		// mean (85 + 96 + 95) / 3 = 92; the instance weight {2} ignored.
		{"weather.arff", "", MissingMean, "",
			"outlook=sunny,outlook=overcast,outlook=rainy,temperature,relative humidity,windy=TRUE,windy=FALSE", "yes,no",
			[]float64{
				1, 0, 0, 85, 85, 0, 1,
				0, 1, 0, 83, 92, 0, 1,
				0, 0, 1, 70, 96, 1, 0,
				1, 0, 0, 72.5, 95, 1, 0,
			}, []int{1, 0, 0, 1}, "ignored the instance weights of 1 rows"},
		// Ordinal codes in declared order; the incomplete row dropped.
		{"weather.arff", "", MissingDrop, Ordinal,
			"outlook,temperature,relative humidity,windy", "yes,no",
			[]float64{
				0, 85, 85, 1,
				2, 70, 96, 0,
				0, 72.5, 95, 0,
			}, []int{1, 0, 1}, "dropped those rows"},
		// A numeric class named by its quoted name; play? becomes a feature.
		{"weather.arff", "temperature", MissingMostFrequent, Ordinal,
			"outlook,relative humidity,windy,play?", "70,72.5,83,85",
			[]float64{
				0, 85, 1, 1,
				1, 85, 1, 0,
				2, 96, 0, 0,
				0, 95, 0, 1,
			}, []int{3, 2, 0, 1}, "class: attribute temperature"},
		// Sparse rows; string and date attributes dropped.
		{"sparse.arff", "", "", Ordinal,
			"a,b,colour", "neg,pos",
			[]float64{
				1.5, 0, 1,
				0, -2, 0,
				0, 0, 2,
				0, 0, 0,
			}, []int{1, 0, 0, 0}, "dropped string attribute note"},
		// label none: every numeric and nominal attribute is a feature.
		{"sparse.arff", "none", "", Ordinal,
			"a,b,colour,class", "",
			[]float64{
				1.5, 0, 1, 1,
				0, -2, 0, 0,
				0, 0, 2, 0,
				0, 0, 0, 0,
			}, nil, "dropped date attribute when"},
	} {
		name := tc.file + "/" + tc.label + "/" + tc.missing + "/" + tc.encoding
		f, err := os.Open(filepath.Join("testdata/arff", tc.file))
		if err != nil {
			t.Fatal(err)
		}
		ds, err := ReadARFF(f, ARFFOptions{LabelCol: tc.label, Missing: tc.missing, Encoding: tc.encoding})
		f.Close()
		if err != nil {
			t.Errorf("%s: %v", name, err)
			continue
		}
		if got := strings.Join(ds.Features, ","); got != tc.features {
			t.Errorf("%s: features %s, want %s", name, got, tc.features)
		}
		declared := tc.classes
		if tc.label == "temperature" {
			declared = "" // a numeric class
		}
		if got := strings.Join(ds.Classes, ","); got != declared {
			t.Errorf("%s: classes %s, want %s", name, got, declared)
		}
		want := mat.NewDense(len(tc.x)/len(strings.Split(tc.features, ",")), len(strings.Split(tc.features, ",")), tc.x)
		if !mat.EqualApprox(ds.X, want, 1e-12) {
			t.Errorf("%s: X =\n%v\nwant\n%v", name, mat.Formatted(ds.X), mat.Formatted(want))
		}
		var labels []string
		for _, y := range tc.y {
			labels = append(labels, strings.Split(tc.classes, ",")[y])
		}
		if !slices.Equal(ds.Labels, labels) || (ds.Labels == nil) != (labels == nil) {
			t.Errorf("%s: labels %v, want %v", name, ds.Labels, labels)
		}
		if !strings.Contains(strings.Join(ds.Notes, "; "), tc.note) {
			t.Errorf("%s: notes %q lack %q", name, ds.Notes, tc.note)
		}
	}
}

func TestReadARFFRejects(t *testing.T) {
	const head = "@relation r\n@attribute x numeric\n@attribute c {a, b}\n@data\n"
	for name, tc := range map[string]struct{ in, want string }{
		"no data":      {"@relation r\n@attribute x numeric\n", "no @data"},
		"no attrs":     {"@relation r\n@data\n1\n", "no @attribute"},
		"relational":   {"@relation r\n@attribute bag relational\n@data\n", "line 2: attribute bag: relational"},
		"unknown type": {"@relation r\n@attribute x float\n@data\n", "unknown type \"float\""},
		"keyword":      {"@relation r\n@atribute x numeric\n@data\n", "line 2: \"@atribute\""},
		"undeclared":   {head + "1, c\n", "line 5: class \"c\" of attribute c is not one of its values {a,b}"},
		"few values":   {head + "1\n", "line 5: 1 values, the header declares 2"},
		"many values":  {head + "1, a, 3\n", "line 5: unexpected"},
		"not numeric":  {head + "x, a\n", "line 5: value \"x\" of numeric attribute x"},
		"infinite":     {head + "1e999, a\n", "not a finite number"},
		"quote":        {head + "1, 'a\n", "unterminated quote"},
		"sparse index": {head + "{2 1}\n", "sparse index \"2\""},
		"sparse order": {head + "{1 a, 0 1}\n", "indices must increase"},
		"sparse open":  {head + "{0 1, 1 a\n", "want ',' or '}'"},
		"no rows":      {head + "% nothing\n", "no data rows"},
		"dup value":    {"@relation r\n@attribute c {a, a}\n@data\n", "declared twice"},
		"no features":  {"@relation r\n@attribute c {a, b}\n@data\na\n", "no numeric or nominal feature"},
		"label name":   {head + "1, a\n", "no such column"},
	} {
		opt := ARFFOptions{}
		if name == "label name" {
			opt.LabelCol = "klass"
		}
		_, err := ReadARFF(strings.NewReader(tc.in), opt)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: %v, want %q", name, err, tc.want)
		}
	}
}
