package sffs

import (
	"bufio"
	"flag"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"gonum.org/v1/gonum/mat"

	"github.com/gsbench/gsbench/datasets"
	"github.com/gsbench/gsbench/internal/testutil"
	"github.com/gsbench/gsbench/internal/testutil/realdata"
	"github.com/gsbench/gsbench/preprocess"
)

// The reference selections of the authors' code are made in three steps
// (their commit 8947eb0498efd5f9757db60ad5bdfc2327b91cb1, built with
// Debian's cython3 by `python3 setup.py build_ext --inplace` in their src/):
//
//	GSBENCH_DATA=/work/shared/datasets go test ./baselines/sffs -run TestReference -args -sffs.dump=/tmp/sffs_in
//	/usr/bin/python3 baselines/sffs/testdata/make_reference.py /tmp/ffs/src /tmp/sffs_in > baselines/sffs/testdata/reference.json
//	GSBENCH_DATA=/work/shared/datasets go test ./baselines/sffs -run TestReference
//
// The first writes the inputs below as CSV (every value with 17 significant
// digits, so Python reads the same numbers); the script runs the authors'
// SupervisedFourierFS on them (testdata/make_reference.py describes how).
var dumpDir = flag.String("sffs.dump", "", "write the reference inputs as CSV files into this directory (for testdata/make_reference.py)")

// referenceInput is a data set of the reference comparison.
type referenceInput struct {
	name string
	load func(t testing.TB) (*mat.Dense, []int)
}

// everyFifth drops the rows i with i % 5 == 4: "4/5 of the rows", one
// training fold of a 5-fold split, without randomness.
func everyFifth(X *mat.Dense, y []int) (*mat.Dense, []int) {
	n, d := X.Dims()
	out := mat.NewDense(n-n/5, d, nil)
	var yo []int
	r := 0
	for i := range n {
		if i%5 == 4 {
			continue
		}
		out.SetRow(r, X.RawRowView(i))
		yo = append(yo, y[i])
		r++
	}
	return out, yo
}

func generated(name string) func(t testing.TB) (*mat.Dense, []int) {
	return func(t testing.TB) (*mat.Dense, []int) {
		ds, err := datasets.Generate(name, nil, 1)
		if err != nil {
			t.Fatal(err)
		}
		return ds.X, ds.Y
	}
}

func registered(name string, fifth bool) func(t testing.TB) (*mat.Dense, []int) {
	return func(t testing.TB) (*mat.Dense, []int) {
		ds := realdata.Load(t, name, preprocess.None)
		if fifth {
			return everyFifth(ds.X, ds.Y)
		}
		return ds.X, ds.Y
	}
}

// loadMusk1 reads UCI Musk version 1 (clean1.data: molecule, conformation,
// 166 integer features, class 1. or 0.).
func loadMusk1(t testing.TB) (*mat.Dense, []int) {
	f, err := os.Open(testutil.File(t, "Musk1/clean1.data"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var data []float64
	var y []int
	sc := bufio.NewScanner(f)
	for line := 1; sc.Scan(); line++ {
		text := strings.TrimSpace(sc.Text())
		if text == "" {
			continue
		}
		cells := strings.Split(text, ",")
		if len(cells) != 169 {
			t.Fatalf("clean1.data line %d: %d cells, want 169", line, len(cells))
		}
		for _, c := range cells[2:168] {
			v, err := strconv.ParseFloat(c, 64)
			if err != nil {
				t.Fatalf("clean1.data line %d: %v", line, err)
			}
			data = append(data, v)
		}
		label, err := strconv.ParseFloat(cells[168], 64)
		if err != nil {
			t.Fatalf("clean1.data line %d: %v", line, err)
		}
		y = append(y, int(label))
	}
	if len(y) != 476 {
		t.Fatalf("clean1.data: %d rows, want 476", len(y))
	}
	return mat.NewDense(len(y), 166, data), y
}

var referenceInputs = []referenceInput{
	{"e1", generated("sffs-e1")},
	{"e2", generated("sffs-e2")},
	{"musk1", loadMusk1},
	{"sonar", registered("sonar", false)},
	{"wine", registered("wine", false)},
	{"coil20", registered("coil20", false)},
	{"isolet45", registered("isolet", true)},
}

// writeCSV writes y, x_1, .., x_d per row.
func writeCSV(path string, X *mat.Dense, y []int) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	w := bufio.NewWriter(f)
	n, _ := X.Dims()
	for i := range n {
		w.WriteString(strconv.Itoa(y[i]))
		for _, v := range X.RawRowView(i) {
			w.WriteByte(',')
			w.WriteString(strconv.FormatFloat(v, 'g', 17, 64))
		}
		w.WriteByte('\n')
	}
	if err := w.Flush(); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}

// reference is testdata/reference.json.
type reference struct {
	AuthorsCommit string `json:"authors_commit"`
	Inputs        map[string]struct {
		N, D  int
		XSum  float64 `json:"x_sum"`
		Const []int   `json:"constant_columns"`
	} `json:"inputs"`
	Cases []struct {
		Input     string    `json:"input"`
		Search    string    `json:"search"`
		Depth     int       `json:"depth"`
		K         int       `json:"k"`
		Prefilter bool      `json:"prefilter"`
		Selected  []int     `json:"selected"`
		Scores    []float64 `json:"scores"`
		Measure   []float64 `json:"measure"`
		Seconds   float64   `json:"seconds"`
	} `json:"cases"`
}

// TestReference compares the selections with the authors'
// SupervisedFourierFS (approx="depth_based" and "greedy") on the same
// inputs: exactly equal selections, scores and measures to rounding.
func TestReference(t *testing.T) {
	loaded := map[string]*mat.Dense{}
	labels := map[string][]int{}
	for _, in := range referenceInputs {
		X, y := in.load(t)
		loaded[in.name], labels[in.name] = X, y
		if *dumpDir != "" {
			if err := os.MkdirAll(*dumpDir, 0o755); err != nil {
				t.Fatal(err)
			}
			if err := writeCSV(filepath.Join(*dumpDir, in.name+".csv"), X, y); err != nil {
				t.Fatal(err)
			}
		}
	}
	var ref reference
	testutil.ReadJSON(t, filepath.Join("testdata", "reference.json"), &ref)
	if len(ref.Cases) < 20 {
		t.Fatalf("reference.json holds %d cases", len(ref.Cases))
	}
	for name, in := range ref.Inputs {
		X := loaded[name]
		if X == nil {
			t.Fatalf("reference input %s is not loaded here", name)
		}
		n, d := X.Dims()
		var sum float64
		for _, v := range X.RawMatrix().Data {
			sum += v
		}
		if n != in.N || d != in.D || math.Abs(sum-in.XSum) > 1e-9*math.Max(1, math.Abs(sum)) {
			t.Fatalf("%s: %d x %d with sum %v here, the reference used %d x %d with sum %v", name, n, d, sum, in.N, in.D, in.XSum)
		}
	}
	for _, c := range ref.Cases {
		name := fmt.Sprintf("%s %s t=%d k=%d prefilter=%v", c.Input, c.Search, c.Depth, c.K, c.Prefilter)
		m := New()
		m.Search, m.Depth, m.K, m.Prefilter = Search(c.Search), c.Depth, c.K, c.Prefilter
		if err := m.Fit(loaded[c.Input], labels[c.Input]); err != nil {
			t.Errorf("%s: %v", name, err)
			continue
		}
		if !slices.Equal(m.Selected(), c.Selected) {
			i := 0
			for i < min(len(c.Selected), len(m.Selected())) && c.Selected[i] == m.Selected()[i] {
				i++
			}
			t.Errorf("%s: selections differ from position %d:\n got %v\nwant %v", name, i, m.Selected(), c.Selected)
		}
		if c.Scores != nil {
			diff := maxRelDiff(m.Scores(), c.Scores)
			if diff > 1e-9 {
				t.Errorf("%s: scores differ by %g (relative)", name, diff)
			}
			t.Logf("%s: equal selections, scores within %.1e (relative)", name, diff)
		}
		if c.Measure != nil {
			got, _ := m.Report()["measure"].([]float64)
			diff := maxRelDiff(got, c.Measure)
			if diff > 1e-9 {
				t.Errorf("%s: measures %v, want %v", name, got, c.Measure)
			}
			t.Logf("%s: equal selections, measures within %.1e (relative)", name, diff)
		}
	}
}

// maxRelDiff is max |a_i - b_i| / max(|b_i|, max_j |b_j| 1e-6), or +Inf
// when the lengths differ.
func maxRelDiff(a, b []float64) float64 {
	if len(a) != len(b) {
		return math.Inf(1)
	}
	var top, out float64
	for _, v := range b {
		top = math.Max(top, math.Abs(v))
	}
	for i := range a {
		out = math.Max(out, math.Abs(a[i]-b[i])/math.Max(math.Abs(b[i]), 1e-6*top))
	}
	return out
}
