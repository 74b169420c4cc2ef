package format

import (
	"bytes"
	"encoding/binary"
	"math"
	"runtime"
	"strings"
	"testing"

	"gonum.org/v1/gonum/mat"
)

func idxBytes(typ byte, dims []uint32, payload []byte) []byte {
	b := []byte{0, 0, typ, byte(len(dims))}
	for _, d := range dims {
		b = binary.BigEndian.AppendUint32(b, d)
	}
	return append(b, payload...)
}

func TestReadIDX(t *testing.T) {
	a, err := ReadIDX(bytes.NewReader(idxBytes(0x08, []uint32{2, 2, 3}, []byte{0, 1, 2, 3, 4, 5, 250, 251, 252, 253, 254, 255})), 100)
	if err != nil {
		t.Fatal(err)
	}
	if n, d := a.Rows(); n != 2 || d != 6 || a.At(11) != 255 || a.U8 == nil {
		t.Errorf("uint8: rows %d x %d, last %v", n, d, a.At(11))
	}
	var f32 []byte
	for _, v := range []float32{1.5, -2, 3.25} {
		f32 = binary.BigEndian.AppendUint32(f32, math.Float32bits(v))
	}
	a, err = ReadIDX(bytes.NewReader(idxBytes(0x0D, []uint32{3}, f32)), 0)
	if err != nil || a.F64[0] != 1.5 || a.F64[1] != -2 || a.F64[2] != 3.25 {
		t.Errorf("float32: %v %v", a, err)
	}
	i16 := []byte{0xff, 0xfe, 0x01, 0x00}
	a, err = ReadIDX(bytes.NewReader(idxBytes(0x0B, []uint32{2}, i16)), 0)
	if err != nil || a.F64[0] != -2 || a.F64[1] != 256 {
		t.Errorf("int16: %v %v", a, err)
	}
}

func TestReadIDXRejects(t *testing.T) {
	for name, b := range map[string][]byte{
		"empty":          nil,
		"bad magic":      {1, 0, 8, 1, 0, 0, 0, 1, 7},
		"bad type":       {0, 0, 7, 1, 0, 0, 0, 1, 7},
		"zero dims":      {0, 0, 8, 0},
		"truncated dims": {0, 0, 8, 3, 0, 0, 0, 1},
		"absurd dims":    idxBytes(0x08, []uint32{0xffffffff, 0xffffffff, 0xffffffff}, nil),
		"claims 4 GB":    idxBytes(0x08, []uint32{0xffffffff}, []byte{1, 2, 3}),
		"short data":     idxBytes(0x08, []uint32{2, 3}, []byte{1, 2, 3}),
		"trailing data":  idxBytes(0x08, []uint32{2}, []byte{1, 2, 3}),
		"nan":            idxBytes(0x0E, []uint32{1}, binary.BigEndian.AppendUint64(nil, math.Float64bits(math.NaN()))),
	} {
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		_, err := ReadIDX(bytes.NewReader(b), int64(len(b)))
		runtime.ReadMemStats(&after)
		if err == nil {
			t.Errorf("%s: no error", name)
		}
		if grew := after.TotalAlloc - before.TotalAlloc; grew > 1<<20 {
			t.Errorf("%s: allocated %d bytes", name, grew)
		}
	}
}

func TestReadLIBSVM(t *testing.T) {
	in := "# comment\n1 1:0.5 3:-1\n\n-1 2:2 # trailing\n+1 4:1e-3\n1.0 1:1\n"
	ds, err := ReadLIBSVM(strings.NewReader(in), LIBSVMOptions{})
	if err != nil {
		t.Fatal(err)
	}
	want := mat.NewDense(4, 4, []float64{0.5, 0, -1, 0, 0, 2, 0, 0, 0, 0, 0, 1e-3, 1, 0, 0, 0})
	if !mat.Equal(ds.X, want) {
		t.Errorf("X = %v", mat.Formatted(ds.X))
	}
	// "1", "+1" and "1.0" are one label, in its shortest form.
	if strings.Join(ds.Labels, ",") != "1,-1,1,1" || ds.Classes != nil {
		t.Errorf("labels %v, classes %v", ds.Labels, ds.Classes)
	}
	ds, err = ReadLIBSVM(strings.NewReader(in), LIBSVMOptions{Features: 6})
	if err != nil || ds.X.RawMatrix().Cols != 6 {
		t.Errorf("Features 6: %v", err)
	}
	for name, bad := range map[string]string{
		"index 0":         "1 0:1\n",
		"index 1e12":      "1 1000000000000:1\n",
		"negative index":  "1 -3:1\n",
		"decreasing":      "1 3:1 2:1\n",
		"duplicate":       "1 2:1 2:1\n",
		"no colon":        "1 2\n",
		"bad value":       "1 2:x\n",
		"inf value":       "1 2:inf\n",
		"bad label":       "a 1:1\n",
		"empty":           "\n# nothing\n",
		"above features":  "1 7:1\n",
		"qid unsupported": "1 qid:3 1:1\n",
	} {
		opt := LIBSVMOptions{}
		if name == "above features" {
			opt.Features = 6
		}
		if _, err := ReadLIBSVM(strings.NewReader(bad), opt); err == nil {
			t.Errorf("%s: no error", name)
		}
	}
	old := MaxCells
	MaxCells = 1000
	defer func() { MaxCells = old }()
	if _, err := ReadLIBSVM(strings.NewReader("1 1:1\n1 1001:1\n"), LIBSVMOptions{}); err == nil || !strings.Contains(err.Error(), "MaxCells") {
		t.Errorf("2 x 1001 over MaxCells 1000: %v", err)
	}
}

func TestReadCSV(t *testing.T) {
	in := "a,b,label\n1,00202,x\n3,4,y\n5,6,x\n"
	ds, err := ReadCSV(strings.NewReader(in), CSVOptions{LabelCol: LastLabel})
	if err != nil {
		t.Fatal(err)
	}
	if !mat.Equal(ds.X, mat.NewDense(3, 2, []float64{1, 202, 3, 4, 5, 6})) {
		t.Errorf("X = %v", mat.Formatted(ds.X))
	}
	if strings.Join(ds.Features, ",") != "a,b" || strings.Join(ds.Labels, ",") != "x,y,x" || ds.Classes != nil {
		t.Errorf("features %v labels %v classes %v", ds.Features, ds.Labels, ds.Classes)
	}
	// The label may be the first column; labels are the cells as written.
	ds, err = ReadCSV(strings.NewReader("10,1.5\n-2,2.5\n3,3.5\n"), CSVOptions{LabelCol: 0, Header: "no"})
	if err != nil || strings.Join(ds.Labels, ",") != "10,-2,3" || ds.Classes != nil {
		t.Errorf("numeric labels: %v %v %v", ds.Labels, ds.Classes, err)
	}
	// scikit-learn's header "n,d,class names" is recognised in auto mode:
	// it declares the classes (all of them), which the labels index.
	ds, err = ReadCSV(strings.NewReader("2,2,neg,pos,other\n1,2,1\n3,4,0\n"), CSVOptions{LabelCol: LastLabel})
	if err != nil || strings.Join(ds.Classes, ",") != "neg,pos,other" || strings.Join(ds.Labels, ",") != "pos,neg" {
		t.Errorf("sklearn header: %v %v %v", ds.Classes, ds.Labels, err)
	}
	if _, err := ReadCSV(strings.NewReader("2,2,neg,neg\n1,2,1\n3,4,0\n"), CSVOptions{Header: "sklearn"}); err == nil || !strings.Contains(err.Error(), "names class \"neg\" twice") {
		t.Errorf("sklearn header naming a class twice: %v", err)
	}
	if _, err := ReadCSV(strings.NewReader("3,2,neg,pos\n1,2,1\n3,4,0\n"), CSVOptions{Header: "sklearn"}); err == nil {
		t.Error("sklearn header announcing 3 rows for 2: no error")
	}
	for name, bad := range map[string]string{
		"ragged":      "1,2,3\n4,5\n",
		"not numeric": "1,2\nx,3\n",
		"no rows":     "a,b\n",
		"missing":     "1,?\n2,3\n",
	} {
		if _, err := ReadCSV(strings.NewReader(bad), CSVOptions{LabelCol: NoLabel}); err == nil {
			t.Errorf("%s: no error", name)
		} else if name == "missing" && !strings.Contains(err.Error(), "--missing") {
			t.Errorf("missing: the error should say how to fix it: %v", err)
		}
	}
}

// TestCSVMissingAndCategorical checks the three policies and both encodings
// on a table small enough to work out by hand.
func TestCSVMissingAndCategorical(t *testing.T) {
	// columns: numeric, categorical, numeric, label
	in := "1,b,10,p\n?,a,20,q\n3,?,20,p\n5,b,?,q\n7,c,40,?\n"
	opt := CSVOptions{LabelCol: LastLabel, Header: "no", Categorical: []int{1}, MissingMarkers: []string{"?"}}
	for _, tc := range []struct {
		policy, encoding string
		want             []float64
		d                int
	}{
		// A missing label always drops its row (the 5th); then:
		// drop: rows 1 and ... only row 1 is complete.
		{MissingDrop, OneHot, []float64{1, 1, 10}, 3}, // one-hot keeps only categories present: b
		// mean: col0 mean of 1,3,5 = 3; col1 most frequent of b,a,b = b; col2 mean of 10,20,20 = 50/3.
		{MissingMean, OneHot, []float64{
			1, 0, 1, 10,
			3, 1, 0, 20,
			3, 0, 1, 20,
			5, 0, 1, 50.0 / 3}, 4},
		// most frequent: col0 tie 1,3,5 -> smallest 1; col2: 20.
		{MissingMostFrequent, Ordinal, []float64{
			1, 1, 10,
			1, 0, 20,
			3, 1, 20,
			5, 1, 20}, 3},
	} {
		o := opt
		o.Missing, o.Encoding = tc.policy, tc.encoding
		ds, err := ReadCSV(strings.NewReader(in), o)
		if err != nil {
			t.Fatalf("%s: %v", tc.policy, err)
		}
		want := mat.NewDense(len(tc.want)/tc.d, tc.d, tc.want)
		if !mat.EqualApprox(ds.X, want, 1e-12) {
			t.Errorf("%s/%s: X =\n%v\nwant\n%v", tc.policy, tc.encoding, mat.Formatted(ds.X), mat.Formatted(want))
		}
		if ds.MissingValues != 3 {
			t.Errorf("%s: %d missing values, want 3 (the row with a missing label does not count)", tc.policy, ds.MissingValues)
		}
	}
	o := opt
	o.Missing = MissingMean
	ds, err := ReadCSV(strings.NewReader(in), o)
	if err != nil {
		t.Fatal(err)
	}
	if got := strings.Join(ds.Features, ","); got != "x1,x2=a,x2=b,x3" {
		t.Errorf("one-hot column names %s", got)
	}
}
