package datasets

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"io"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"testing"

	"gonum.org/v1/gonum/mat"

	"github.com/gsbench/gsbench/datasets/format"
	"github.com/gsbench/gsbench/internal/testutil"
)

// manifestRow is one line of MANIFEST.tsv in the data directory.
type manifestRow struct {
	dataset, file, sha256, format, shape string
	bytes                                int64
}

func readManifest(t *testing.T) map[string]manifestRow {
	t.Helper()
	f, err := os.Open(testutil.File(t, "MANIFEST.tsv"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	rows := map[string]manifestRow{}
	sc := bufio.NewScanner(f)
	sc.Scan() // header
	for sc.Scan() {
		c := strings.Split(sc.Text(), "\t")
		if len(c) < 6 {
			continue
		}
		n, _ := strconv.ParseInt(c[2], 10, 64)
		rows[c[1]] = manifestRow{dataset: c[0], file: c[1], bytes: n, sha256: c[3], format: c[4], shape: c[5]}
	}
	return rows
}

var (
	shapeRE = regexp.MustCompile(`(\d+)x(\d+)(?:x(\d+))?`)
	classRE = regexp.MustCompile(`(\d+) classes`)
)

// manifestShape parses "7291x256, 10 classes" or "10000x28x28 (=784)".
func manifestShape(s string) (n, d, classes int) {
	if m := shapeRE.FindStringSubmatch(s); m != nil {
		n, _ = strconv.Atoi(m[1])
		d, _ = strconv.Atoi(m[2])
		if m[3] != "" {
			k, _ := strconv.Atoi(m[3])
			d *= k
		}
	}
	if m := classRE.FindStringSubmatch(s); m != nil {
		classes, _ = strconv.Atoi(m[1])
	}
	return
}

// TestRegistryMatchesManifest: every registry file present in the data
// directory is listed in MANIFEST.tsv with the same size and sha256, and
// every dataset loads (verified) with the shape MANIFEST.tsv gives. For the
// UCI sets with categorical columns, MANIFEST's d counts attributes, which is
// the ordinal encoding.
func TestRegistryMatchesManifest(t *testing.T) {
	man := readManifest(t)
	dir := testutil.DataDir(t)
	for _, e := range Registry() {
		if e.FetchOnly() {
			for _, f := range e.Files {
				if _, ok := man[f.Path]; ok {
					t.Errorf("MANIFEST now lists %s: add its sha256 to the registry entry %s", f.Path, e.Name)
				}
			}
			continue
		}
		t.Run(e.Name, func(t *testing.T) {
			var row manifestRow
			for _, f := range e.Files {
				r, ok := man[f.Path]
				if !ok {
					t.Fatalf("%s is not in MANIFEST.tsv", f.Path)
				}
				if r.sha256 != f.SHA256 || r.bytes != f.Bytes {
					t.Errorf("%s: registry has %d bytes sha256 %s, MANIFEST %d bytes %s", f.Path, f.Bytes, f.SHA256, r.bytes, r.sha256)
				}
				if row.shape == "" {
					row = r
				}
			}
			opt := Options{DataDir: dir, Verify: true}
			if e.Encoding != "" {
				opt.Categorical = format.Ordinal
			}
			ds, err := Load(e.Name, opt)
			if err != nil {
				t.Fatal(err)
			}
			n, d := ds.Dims()
			wn, wd, wc := manifestShape(row.shape)
			if n != wn || d != wd {
				t.Errorf("%d x %d, MANIFEST says %q", n, d, row.shape)
			}
			if wc != 0 && len(ds.Classes) != wc {
				t.Errorf("%d classes, MANIFEST says %q", len(ds.Classes), row.shape)
			}
			for _, f := range ds.Files {
				if f.Verified != "sha256" {
					t.Errorf("%s: verified %q", f.Path, f.Verified)
				}
			}
			if !allFinite(ds.X) {
				t.Error("X has NaN or Inf")
			}
		})
	}
}

func allFinite(x *mat.Dense) bool {
	for _, v := range x.RawMatrix().Data {
		if math.IsNaN(v) || math.IsInf(v, 0) {
			return false
		}
	}
	return true
}

// TestRealDataFacts checks what MANIFEST.tsv and README.md say about the
// contents: class counts, missing values, value ranges, label conventions.
func TestRealDataFacts(t *testing.T) {
	dir := testutil.DataDir(t)
	load := func(name string, opt Options) *Dataset {
		t.Helper()
		opt.DataDir = dir
		ds, err := Load(name, opt)
		if err != nil {
			t.Fatal(err)
		}
		return ds
	}
	counts := func(ds *Dataset) map[string]int {
		out := map[string]int{}
		for i, c := range ds.ClassCounts() {
			out[ds.Classes[i]] = c
		}
		return out
	}
	rng := func(ds *Dataset) (lo, hi float64) {
		lo, hi = math.Inf(1), math.Inf(-1)
		for _, v := range ds.X.RawMatrix().Data {
			lo, hi = math.Min(lo, v), math.Max(hi, v)
		}
		return
	}

	// Credit Approval: 307 +, 383 -; 67 '?' in 37 rows.
	ca := load("credit-approval", Options{})
	if c := counts(ca); c["+"] != 307 || c["-"] != 383 {
		t.Errorf("credit-approval classes %v", c)
	}
	if ca.MissingValues != 67 || !strings.Contains(strings.Join(ca.Notes, " "), "in 37 rows") {
		t.Errorf("credit-approval: %d missing, notes %v", ca.MissingValues, ca.Notes)
	}
	// A14 is zero-padded ("00202" in row 1): read as the number 202.
	if j := indexOf(ca.Features, "A14"); j < 0 || ca.X.At(0, j) != 202 {
		t.Errorf("credit-approval A14 of row 1 should be 202")
	}
	// Sonar: 111 M, 97 R. Automobile: 59 '?', 6 symboling values. Heart-C: 6 '?', 164/55/36/35/13.
	if c := counts(load("sonar", Options{})); c["M"] != 111 || c["R"] != 97 {
		t.Errorf("sonar classes %v", c)
	}
	if a := load("automobile", Options{}); a.MissingValues != 59 || len(a.Classes) != 6 || a.Classes[0] != "-2" {
		t.Errorf("automobile: %d missing, classes %v", a.MissingValues, a.Classes)
	}
	hc := load("heart-c", Options{})
	if hc.MissingValues != 6 || !slices.Equal(hc.ClassCounts(), []int{164, 55, 36, 35, 13}) {
		t.Errorf("heart-c: %d missing, counts %v", hc.MissingValues, hc.ClassCounts())
	}
	if hc := load("heart-c", Options{Missing: format.MissingDrop}); hc.X.RawMatrix().Rows != 297 {
		t.Errorf("heart-c without incomplete rows: %d rows, want 297", hc.X.RawMatrix().Rows)
	}
	// USPS in [-1, 1], labels 1-10 are digits 0-9; the first training sample is labelled 7, a 6.
	us := load("usps", Options{})
	if lo, hi := rng(us); lo < -1 || hi > 1 {
		t.Errorf("usps values in [%v, %v]", lo, hi)
	}
	if us.Classes[us.Y[0]] != "6" {
		t.Errorf("usps first sample is %q, want 6", us.Classes[us.Y[0]])
	}
	// MNIST: pixels 0-255; the first training image is a 5, the first test image a 7.
	mn := load("mnist-test", Options{})
	if lo, hi := rng(mn); lo != 0 || hi != 255 || mn.Classes[mn.Y[0]] != "7" {
		t.Errorf("mnist-test range [%v, %v], first label %s", lo, hi, mn.Classes[mn.Y[0]])
	}
	// COIL-20: values in [0,1], 72 poses of each of 20 objects. The matrix is
	// stored column-major; read the right way, each row is a 32x32 image of
	// an object centred on a black background (read transposed, the centre
	// and the border of a "row" have the same mean, about 0.3).
	co := load("coil20", Options{})
	if lo, hi := rng(co); lo < 0 || hi > 1 {
		t.Errorf("coil20 values in [%v, %v]", lo, hi)
	}
	for i, c := range co.ClassCounts() {
		if c != 72 {
			t.Errorf("coil20 class %s has %d images, want 72", co.Classes[i], c)
		}
	}
	if center, border := centerAndBorder(co.X, 32); center < 4*border {
		t.Errorf("coil20 rows do not look like 32x32 images: mean %v in the centre, %v on the border", center, border)
	}
	// Isolet: values in [-1, 1], 26 letters, 60 utterances each.
	is := load("isolet", Options{})
	if lo, hi := rng(is); lo < -1 || hi > 1 || is.Classes[0] != "A" {
		t.Errorf("isolet range [%v, %v], classes %v", lo, hi, is.Classes[:2])
	}
	for i, c := range is.ClassCounts() {
		if c != 60 {
			t.Errorf("isolet class %s has %d rows, want 60", is.Classes[i], c)
		}
	}
	// The scikit-learn files: class names from the header line.
	if w := load("wine", Options{}); strings.Join(w.Classes, ",") != "class_0,class_1,class_2" || w.Features[12] != "proline" {
		t.Errorf("wine classes %v", w.Classes)
	}
	if b := load("breast-cancer", Options{}); b.Classes[0] != "malignant" {
		t.Errorf("breast-cancer classes %v", b.Classes)
	}
	if dg := load("digits", Options{}); func() bool { lo, hi := rng(dg); return lo != 0 || hi != 16 }() {
		t.Error("digits pixels should span 0-16")
	}
}

// centerAndBorder returns the mean of the central half of the images held in
// the rows of x (width x width, row-major) and the mean of their outer ring.
func centerAndBorder(x *mat.Dense, width int) (center, border float64) {
	n, _ := x.Dims()
	var kc, kb float64
	for i := range n {
		row := x.RawRowView(i)
		for r := range width {
			for c := range width {
				v := row[r*width+c]
				switch {
				case r >= width/4 && r < 3*width/4 && c >= width/4 && c < 3*width/4:
					center += v
					kc++
				case r == 0 || c == 0 || r == width-1 || c == width-1:
					border += v
					kb++
				}
			}
		}
	}
	return center / kc, border / kb
}

func indexOf(s []string, x string) int {
	for i, v := range s {
		if v == x {
			return i
		}
	}
	return -1
}

func TestLoadMissingDatasetError(t *testing.T) {
	empty := t.TempDir()
	_, err := Load("coil20", Options{DataDir: empty})
	if err == nil {
		t.Fatal("no error")
	}
	for _, want := range []string{"coil20", "COIL20/COIL20.mat", empty, "gsbench fetch coil20"} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("error %q does not mention %q", err, want)
		}
	}
	if _, err := Load("no-such-dataset", Options{}); err == nil || !strings.Contains(err.Error(), "usps") {
		t.Errorf("unknown name: %v", err)
	}
}

func TestDataDir(t *testing.T) {
	t.Setenv("GSBENCH_DATA", "/env/dir")
	if d := DataDir("/flag/dir"); d != "/flag/dir" {
		t.Errorf("flag: %s", d)
	}
	if d := DataDir(""); d != "/env/dir" {
		t.Errorf("env: %s", d)
	}
	t.Setenv("GSBENCH_DATA", "")
	if d := DataDir(""); !strings.HasSuffix(d, string(filepath.Separator)+"gsbench") {
		t.Errorf("default: %s", d)
	}
	if dirs := searchDirs(""); len(dirs) != 1 {
		t.Errorf("search without GSBENCH_DATA: %v", dirs)
	}
}

// TestLoadVerifyDetectsCorruption: a copy of a registry file with one byte
// changed fails verification, with the fix in the message; without Verify
// the shape check still catches a file of the wrong shape.
func TestLoadVerifyDetectsCorruption(t *testing.T) {
	src, err := os.ReadFile(testutil.File(t, "Wine/wine_data.csv"))
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	os.MkdirAll(filepath.Join(dir, "Wine"), 0o755)
	bad := []byte(strings.Replace(string(src), "14.23", "14.24", 1))
	os.WriteFile(filepath.Join(dir, "Wine/wine_data.csv"), bad, 0o644)
	_, err = Load("wine", Options{DataDir: dir, Verify: true})
	if err == nil || !strings.Contains(err.Error(), "checksum mismatch") || !strings.Contains(err.Error(), "gsbench fetch --force wine") {
		t.Errorf("corrupted wine: %v", err)
	}
	if _, err := Load("wine", Options{DataDir: dir}); err != nil {
		t.Errorf("unverified load of a same-shape file: %v", err)
	}
	lines := strings.SplitAfter(string(src), "\n")
	short := strings.Join(append(lines[:1:1], lines[2:]...), "")
	os.WriteFile(filepath.Join(dir, "Wine/wine_data.csv"), []byte(strings.Replace(short, "178,13", "177,13", 1)), 0o644)
	if _, err := Load("wine", Options{DataDir: dir}); err == nil || !strings.Contains(err.Error(), "expects 178 x 13") {
		t.Errorf("wine with a row missing: %v", err)
	}
}

// TestVerifyRecompressed: a gzip file re-compressed at another level has
// another sha256 but the same content digest.
func TestVerifyRecompressed(t *testing.T) {
	src, err := os.ReadFile(testutil.File(t, "Digits/digits.csv.gz"))
	if err != nil {
		t.Fatal(err)
	}
	zr, err := gzip.NewReader(bytes.NewReader(src))
	if err != nil {
		t.Fatal(err)
	}
	plain, _ := io.ReadAll(zr)
	var b bytes.Buffer
	zw, _ := gzip.NewWriterLevel(&b, gzip.BestSpeed)
	zw.Write(plain)
	zw.Close()
	dir := t.TempDir()
	os.MkdirAll(filepath.Join(dir, "Digits"), 0o755)
	os.WriteFile(filepath.Join(dir, "Digits/digits.csv.gz"), b.Bytes(), 0o644)
	ds, err := Load("digits", Options{DataDir: dir, Verify: true})
	if err != nil {
		t.Fatal(err)
	}
	if ds.Files[0].Verified != "content-sha256" {
		t.Errorf("verified %q", ds.Files[0].Verified)
	}
}

// TestLoadMNISTMemory: a cold load of MNIST's training set allocates less
// than 1.5 times its float64 matrix (60000 x 784 x 8 bytes): the pixels are
// read as bytes and converted once. Total allocation bounds the peak.
func TestLoadMNISTMemory(t *testing.T) {
	dir := testutil.DataDir(t)
	ClearCache()
	defer ClearCache()
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	ds, err := Load("mnist", Options{DataDir: dir})
	runtime.ReadMemStats(&after)
	if err != nil {
		t.Fatal(err)
	}
	matrix := float64(60000 * 784 * 8)
	if ratio := float64(after.TotalAlloc-before.TotalAlloc) / matrix; ratio > 1.5 {
		t.Errorf("loading MNIST allocated %.2f times its matrix", ratio)
	}
	if ds.Classes[ds.Y[0]] != "5" {
		t.Errorf("the first training image is a 5, got %s", ds.Classes[ds.Y[0]])
	}
}

// TestRegistryFile: the embedded registry.yaml decodes and validates (init
// would have panicked otherwise), and every entry is complete: a reader, a
// source for every file, class names that match the classes, fetch-only
// entries saying so in their note.
func TestRegistryFile(t *testing.T) {
	entries, err := decodeRegistry(registryYAML)
	if err != nil {
		t.Fatal(err)
	}
	if len(entries) != len(Names()) {
		t.Errorf("%d entries decoded, %d registered", len(entries), len(Names()))
	}
	for _, e := range entries {
		if e.read == nil {
			t.Errorf("%s: no reader", e.Name)
		}
		if e.classNames != nil && len(e.classNames) != e.Classes {
			t.Errorf("%s: %d class names for %d classes", e.Name, len(e.classNames), e.Classes)
		}
		if e.FetchOnly() && !strings.Contains(e.Note, "Fetch only") {
			t.Errorf("%s: no digest is known, and the note should say it is fetch only: %q", e.Name, e.Note)
		}
		if strings.HasPrefix(e.Format, "uci-") || e.Format == "sklearn-csv" {
			if e.LabelColumn() == "" {
				t.Errorf("%s: a table without a label column rule", e.Name)
			}
		}
	}
	for _, name := range []string{"musk1", "australian", "heart-statlog", "allaml", "covertype", "kddcup99", "uscensus1990", "github-musae", "snap-patents"} {
		if _, ok := Lookup(name); !ok {
			t.Errorf("no entry %s", name)
		}
	}
}

// TestRegistryFileRejects: each corruption of a valid entry is refused with
// a message naming the entry and the problem.
func TestRegistryFileRejects(t *testing.T) {
	const good = `datasets:
  - name: toy
    title: Toy
    format: uci-csv
    files:
      - path: Toy/toy.csv
        bytes: 10
        sha256: 0000000000000000000000000000000000000000000000000000000000000000
        sources:
          - url: https://example.org/toy.csv
    n: 3
    d: 2
    classes: 2
    homepage: https://example.org/
    citation: Nobody, Toy
    read:
      label_col: last
      names: ["x{1..2}"]
      class_names: [no, yes]
`
	if _, err := decodeRegistry([]byte(good)); err != nil {
		t.Fatalf("the valid entry: %v", err)
	}
	for _, tc := range []struct{ old, new, want string }{
		{"    n: 3\n", "    n: 3\n    colour: red\n", "field colour not found"},
		{"name: toy", "name: Toy", `name "Toy"`},
		{"sha256: 0000", "sha256: 000g", "hex"},
		{"        bytes: 10\n", "", "bytes and sha256 together"},
		{"https://example.org/toy.csv", "ftp://example.org/toy.csv", "http(s)"},
		{"path: Toy/toy.csv", "path: ../toy.csv", "clean relative"},
		{"          - url: https://example.org/toy.csv\n", "          - url: https://example.org/toy.csv\n            steps: [untar]\n", "step \"untar\""},
		{"format: uci-csv", "format: parquet", `format "parquet"`},
		{"class_names: [no, yes]", "class_names: [no, yes, maybe]", "3 class_names for 2 classes"},
		{"      label_col: last\n", "", "label_col is required"},
		{"      label_col: last\n", "      label_col: last\n      features: 3\n", "read.features does not apply"},
		{"classes: 2", "classes: 1", "classes 0 (unlabelled) or at least 2"},
		{"x{1..2}", "x{2..1}", "increasing range"},
		{"    citation: Nobody, Toy\n", "", "citation is required"},
		{"      label_col: last\n", "      label_col: last\n      categorical: [0]\n", "default encoding"},
		{"", strings.TrimPrefix(good, "datasets:\n"), `dataset "toy" listed twice`},
	} {
		bad := strings.Replace(good, tc.old, tc.new, 1)
		if tc.old == "" {
			bad = good + tc.new
		}
		if bad == good && tc.old != "" {
			t.Fatalf("%q is not in the valid entry", tc.old)
		}
		_, err := decodeRegistry([]byte(bad))
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%q -> %q: error %v, want one containing %q", tc.old, tc.new, err, tc.want)
		}
	}
}

func TestExpand(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want string
	}{
		{"plain", "plain"},
		{"band{1..3}", "band1 band2 band3"},
		{"p{0..1}_{0..2}", "p0_0 p0_1 p0_2 p1_0 p1_1 p1_2"},
		{"{A..D}", "A B C D"},
		{"{-1..1}x", "-1x 0x 1x"},
	} {
		got, err := expand(tc.in)
		if err != nil || strings.Join(got, " ") != tc.want {
			t.Errorf("expand(%q) = %v, %v; want %s", tc.in, got, err, tc.want)
		}
	}
	for _, bad := range []string{"a{1..", "a}", "{1,2}", "{3..1}", "{a..Z}", "{1..z}"} {
		if _, err := expand(bad); err == nil {
			t.Errorf("expand(%q): no error", bad)
		}
	}
}

// TestDataDigests: every entry with a data digest loads to exactly that
// data (the digests of the entries added from the reference copy were
// computed independently with NumPy/SciPy by testdata/registry_digests.py).
func TestDataDigests(t *testing.T) {
	dir := testutil.DataDir(t)
	for _, e := range Registry() {
		if e.DataSHA256 == "" {
			continue
		}
		t.Run(e.Name, func(t *testing.T) {
			ent, _ := lookupEntry(e.Name)
			paths, err := ent.locate(dir)
			if err != nil {
				t.Fatal(err)
			}
			c, err := ent.load(paths, e.Missing, e.Encoding, false)
			if err != nil {
				t.Fatal(err)
			}
			if got := dataDigest(c); got != e.DataSHA256 {
				t.Errorf("data digest %s, registry %s", got, e.DataSHA256)
			}
		})
	}
}

// TestNewEntries: the datasets added from the reference copy load with the
// class names and counts its README gives.
func TestNewEntries(t *testing.T) {
	dir := testutil.DataDir(t)
	for _, tc := range []struct {
		name    string
		n, d    int
		classes string
		counts  []int
	}{
		{"musk1", 476, 166, "non-musk,musk", []int{269, 207}},
		{"australian", 690, 14, "0,1", []int{383, 307}},
		{"heart-statlog", 270, 13, "absent,present", []int{150, 120}},
		{"allaml", 72, 7129, "ALL,AML", []int{47, 25}},
	} {
		ds, err := Load(tc.name, Options{DataDir: dir, Verify: true})
		if err != nil {
			t.Fatal(err)
		}
		n, d := ds.Dims()
		if n != tc.n || d != tc.d || strings.Join(ds.Classes, ",") != tc.classes || !slices.Equal(ds.ClassCounts(), tc.counts) {
			t.Errorf("%s: %d x %d, classes %v, counts %v", tc.name, n, d, ds.Classes, ds.ClassCounts())
		}
		if ds.Files[0].Verified != "sha256" {
			t.Errorf("%s: verified %q", tc.name, ds.Files[0].Verified)
		}
	}
}

// TestFetchOnlyAbsent: loading a fetch-only dataset that is not there
// fails with the exact command that fetches it; snap-patents, present, says
// that it has no loader.
func TestFetchOnlyAbsent(t *testing.T) {
	dir := t.TempDir()
	for _, name := range []string{"covertype", "kddcup99", "uscensus1990", "github-musae", "snap-patents", "musk"} {
		_, err := Load(name, Options{DataDir: dir})
		if err == nil || !strings.Contains(err.Error(), "run `gsbench fetch "+name+"`") {
			t.Errorf("%s: %v", name, err)
		}
	}
	os.MkdirAll(filepath.Join(dir, "SNAPPatents"), 0o755)
	os.WriteFile(filepath.Join(dir, "SNAPPatents/cit-Patents.txt.gz"), []byte("# FromNodeId\tToNodeId\n3858241\t956203\n"), 0o644)
	if _, err := Load("snap-patents", Options{DataDir: dir}); err == nil || !strings.Contains(err.Error(), "no loader") {
		t.Errorf("snap-patents present: %v", err)
	}
}
