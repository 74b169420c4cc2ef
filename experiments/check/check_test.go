package check

import (
	"bytes"
	"context"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"

	"gonum.org/v1/gonum/mat"

	"github.com/gsbench/gsbench/experiments"
	"github.com/gsbench/gsbench/methods"
)

// pickShift simulates a change in an algorithm: the test-only method
// checktest-pick selects column col+pickShift.
var pickShift atomic.Int32

type pickParams struct {
	Col  int  `param:"col" doc:"the column selected"`
	Fail bool `param:"fail" doc:"fail every fit (a method that broke)"`
}

type pickMethod struct {
	P   pickParams `param:",inline"`
	sel []int
}

func (m *pickMethod) Fit(X *mat.Dense, _ []int) error {
	if m.P.Fail {
		return fmt.Errorf("checktest-pick: asked to fail")
	}
	m.sel = []int{m.P.Col + int(pickShift.Load())}
	return nil
}

func (m *pickMethod) Selected() []int { return m.sel }

func init() {
	methods.Register("checktest-pick", "test only: selects one given column", func() *pickMethod { return &pickMethod{} })
}

// writeProject writes a user's project: a data file, a config and the
// path of its (not yet existing) golden directory. In the data file,
// column a is the class (an SVM on it is 100% accurate) and column b is
// the class with 2 of the 100 rows flipped (98%, exactly: the two rows are
// misclassified in their test fold, everything else is right).
func writeProject(t *testing.T) (cfg, golden string) {
	t.Helper()
	dir := t.TempDir()
	var b strings.Builder
	b.WriteString("a,b,class\n")
	for i := range 100 {
		c := 0
		if i >= 50 {
			c = 1
		}
		flipped := c
		if i == 10 || i == 60 {
			flipped = 1 - c
		}
		fmt.Fprintf(&b, "%d,%d,%d\n", c, flipped, c)
	}
	if err := os.WriteFile(filepath.Join(dir, "data.csv"), []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	cfg = filepath.Join(dir, "mine.yaml")
	if err := os.WriteFile(cfg, []byte(`name: mine
seed: 3
datasets:
  - {name: data.csv, label: data, params: {label_col: last}}
  - {name: journal-gfa, label: synthetic, params: {n_samples: 200, d: 6, n_independent: 3}, repetitions: 2}
methods:
  - {name: checktest-pick, label: Pick, params: {col: 0}, datasets: [data]}
  - {name: gfa, label: GFA, params: {family: "multilinear:2"}, datasets: [synthetic]}
  - {name: gfs, label: GFS, params: {k: [2, 3]}, datasets: [synthetic]}
  - {name: pca, label: PCA, match: GFS}
metrics: [n_selected, success_rate, {name: svm_accuracy, params: {folds: 5}}]
`), 0o644); err != nil {
		t.Fatal(err)
	}
	return cfg, filepath.Join(dir, "golden")
}

func runCheck(t *testing.T, opt Options) (*Report, string) {
	t.Helper()
	opt.Jobs = 2
	rep, err := Run(context.Background(), opt)
	if err != nil {
		t.Fatalf("Run: %v", err)
	}
	var out bytes.Buffer
	if opt.Update {
		rep.WriteUpdate(&out)
	} else {
		rep.WriteTable(&out)
	}
	return rep, out.String()
}

func row(t *testing.T, rep *Report, key string) Row {
	t.Helper()
	for _, c := range rep.Configs {
		for _, r := range c.Rows {
			if r.Key.String() == key {
				return r
			}
		}
	}
	t.Fatalf("no row %q in the report", key)
	return Row{}
}

// tableLine returns the first line of out that contains every substring.
func tableLine(out string, subs ...string) string {
next:
	for _, l := range strings.Split(out, "\n") {
		for _, s := range subs {
			if !strings.Contains(l, s) {
				continue next
			}
		}
		return l
	}
	return ""
}

func TestCheckProject(t *testing.T) {
	cfg, golden := writeProject(t)
	opt := Options{Configs: []string{cfg}, Golden: golden}

	// A first --update creates the golden directory.
	up := opt
	up.Update = true
	rep, out := runCheck(t, up)
	if err := rep.Err(); err != nil {
		t.Fatalf("update: %v", err)
	}
	if !strings.Contains(out, "created "+GoldenPath(golden, "mine")) {
		t.Errorf("update output:\n%s", out)
	}
	ms, err := ReadGolden(GoldenPath(golden, "mine"))
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]float64{
		"data / Pick / svm_accuracy": 1, // column a is the class
		"data / Pick / n_selected":   1,
	}
	for _, m := range ms {
		if v, ok := want[m.Key.String()]; ok && m.Value != v {
			t.Errorf("golden %s = %v, want %v", m.Key, m.Value, v)
		}
		delete(want, m.Key.String())
		if strings.HasSuffix(m.Metric, "_std") {
			t.Errorf("golden file holds %s, whose tolerance is skip", m.Key)
		}
	}
	if len(want) > 0 {
		t.Errorf("golden file lacks %v:\n%s", want, formatGolden(ms))
	}
	if _, ok := findKey(ms, "synthetic / GFS k=2 / success_rate"); !ok {
		t.Errorf("the variants of GFS are not told apart by k:\n%s", formatGolden(ms))
	}
	for _, k := range []int{2, 3} {
		m, ok := findKey(ms, fmt.Sprintf("synthetic / PCA matched to GFS k=%d / n_selected", k))
		if !ok || m.Value != float64(k) || m.Cells != 2 {
			t.Errorf("PCA matched to GFS k=%d: %+v %v:\n%s", k, m, ok, formatGolden(ms))
		}
	}
	pristine, _ := os.ReadFile(GoldenPath(golden, "mine"))
	restore := func() {
		t.Helper()
		if err := os.WriteFile(GoldenPath(golden, "mine"), pristine, 0o644); err != nil {
			t.Fatal(err)
		}
	}

	t.Run("unchanged passes", func(t *testing.T) {
		rep, out := runCheck(t, opt)
		if rep.Err() != nil || rep.Failed() {
			t.Fatalf("err %v, failed %v:\n%s", rep.Err(), rep.Failed(), out)
		}
		if n := rep.Counts(); n[Pass] != len(ms) || n[Fail] != 0 {
			t.Errorf("counts %v, want %d PASS:\n%s", n, len(ms), out)
		}
	})

	t.Run("perturbed golden value fails its row", func(t *testing.T) {
		defer restore()
		// 0.0051 is just beyond svm_accuracy's tolerance of 0.005.
		edited := strings.Replace(string(pristine), "data,none,Pick,svm_accuracy,1,1\n", "data,none,Pick,svm_accuracy,1,0.9949\n", 1)
		if edited == string(pristine) {
			t.Fatalf("golden file has no Pick svm_accuracy row:\n%s", pristine)
		}
		os.WriteFile(GoldenPath(golden, "mine"), []byte(edited), 0o644)
		rep, out := runCheck(t, opt)
		t.Logf("perturbed golden value:\n%s", out)
		if rep.Err() != nil || !rep.Failed() {
			t.Fatalf("err %v, failed %v", rep.Err(), rep.Failed())
		}
		if r := row(t, rep, "data / Pick / svm_accuracy"); r.Status != Fail || math.Abs(r.Diff()-0.0051) > 1e-12 {
			t.Errorf("row %+v, want FAIL with difference +0.0051", r)
		}
		if n := rep.Counts(); n[Fail] != 1 || n[Pass] != len(ms)-1 {
			t.Errorf("counts %v, want exactly one FAIL", n)
		}
		if l := tableLine(out, "Pick", "svm_accuracy", "0.9949", "+0.0051", "0.005", "<<< FAIL"); l == "" {
			t.Errorf("no table row shows the failure:\n%s", out)
		}
		if !strings.Contains(out, "FAIL mine: data / Pick / svm_accuracy: golden 0.9949, now 1") {
			t.Errorf("summary does not list the FAIL row:\n%s", out)
		}
		// Within tolerance passes.
		os.WriteFile(GoldenPath(golden, "mine"), []byte(strings.Replace(string(pristine), ",Pick,svm_accuracy,1,1\n", ",Pick,svm_accuracy,1,0.996\n", 1)), 0o644)
		if rep, out := runCheck(t, opt); rep.Failed() || rep.Err() != nil {
			t.Errorf("a difference of 0.004 (tolerance 0.005) failed:\n%s", out)
		}
	})

	t.Run("a 2-point accuracy shift in the algorithm is caught", func(t *testing.T) {
		pickShift.Store(1) // the method now selects column b: 98% instead of 100%
		defer pickShift.Store(0)
		rep, out := runCheck(t, opt)
		t.Logf("algorithm change:\n%s", out)
		if rep.Err() != nil || !rep.Failed() {
			t.Fatalf("err %v, failed %v", rep.Err(), rep.Failed())
		}
		r := row(t, rep, "data / Pick / svm_accuracy")
		if r.Status != Fail || math.Abs(r.Diff()+0.02) > 1e-12 {
			t.Errorf("row %+v, want FAIL with difference -0.02", r)
		}
		if tableLine(out, "Pick", "svm_accuracy", "0.98", "-0.02", "<<< FAIL") == "" {
			t.Errorf("table:\n%s", out)
		}
		// --update after the intended change prints the difference and rewrites the file.
		defer restore()
		rep, out = runCheck(t, up)
		if rep.Err() != nil {
			t.Fatal(rep.Err())
		}
		t.Logf("update after the change:\n%s", out)
		if !strings.Contains(out, "1 changed, 0 added, 0 removed") ||
			!strings.Contains(out, "~ data / Pick / svm_accuracy: 1 -> 0.98 (-0.02; beyond tolerance 0.005)") {
			t.Errorf("update output:\n%s", out)
		}
		if rep, out := runCheck(t, opt); rep.Failed() || rep.Err() != nil {
			t.Errorf("check after update fails:\n%s", out)
		}
	})

	t.Run("missing and extra metrics", func(t *testing.T) {
		defer restore()
		lines := strings.SplitAfter(string(pristine), "\n")
		var kept []string
		for _, l := range lines {
			if !strings.Contains(l, ",Pick,n_selected,") {
				kept = append(kept, l)
			}
		}
		kept = append(kept, "data,none,Ghost,svm_accuracy,1,0.5\n")
		os.WriteFile(GoldenPath(golden, "mine"), []byte(strings.Join(kept, "")), 0o644)
		rep, out := runCheck(t, opt)
		err := rep.Err()
		if err == nil {
			t.Fatalf("no error:\n%s", out)
		}
		for _, s := range []string{
			"metrics of " + GoldenPath(golden, "mine") + " were not produced by the run: data / Ghost / svm_accuracy",
			"the run produced 1 metrics that " + GoldenPath(golden, "mine") + " does not have: data / Pick / n_selected",
			"gsbench check --update",
		} {
			if !strings.Contains(err.Error(), s) {
				t.Errorf("error %q does not say %q", err, s)
			}
		}
		if r := row(t, rep, "data / Ghost / svm_accuracy"); r.Status != Missing {
			t.Errorf("Ghost row %+v", r)
		}
		if r := row(t, rep, "data / Pick / n_selected"); r.Status != New {
			t.Errorf("n_selected row %+v", r)
		}
		if !strings.Contains(out, "<<< MISSING") || !strings.Contains(out, "<<< NEW") {
			t.Errorf("table does not mark the rows:\n%s", out)
		}
	})

	t.Run("malformed golden file", func(t *testing.T) {
		defer restore()
		os.WriteFile(GoldenPath(golden, "mine"), []byte(strings.Replace(string(pristine), ",Pick,svm_accuracy,1,1\n", ",Pick,svm_accuracy,1,one\n", 1)), 0o644)
		rep, _ := runCheck(t, opt)
		err := rep.Err()
		if err == nil || !strings.Contains(err.Error(), GoldenPath(golden, "mine")+":") || !strings.Contains(err.Error(), `golden "one": want a number`) {
			t.Errorf("error %v", err)
		}
		if rep.Configs[0].Cells != 0 {
			t.Errorf("ran the config although its golden file is unreadable")
		}
	})

	t.Run("missing golden file", func(t *testing.T) {
		defer restore()
		os.Remove(GoldenPath(golden, "mine"))
		rep, _ := runCheck(t, opt)
		if err := rep.Err(); err == nil || !strings.Contains(err.Error(), "no golden file "+GoldenPath(golden, "mine")+": run gsbench check --update") {
			t.Errorf("error %v", err)
		}
	})

	t.Run("failed cells are an error and block the update", func(t *testing.T) {
		defer restore()
		data, _ := os.ReadFile(cfg)
		broken := filepath.Join(filepath.Dir(cfg), "broken.yaml")
		os.WriteFile(broken, bytes.Replace(data, []byte("params: {col: 0}"), []byte("params: {col: 0, fail: true}"), 1), 0o644)
		defer os.Remove(broken)
		o := Options{Configs: []string{broken}, Golden: golden}
		rep, _ := runCheck(t, o)
		if err := rep.Err(); err == nil || !strings.Contains(err.Error(), "1 cells failed") || !strings.Contains(err.Error(), "asked to fail") {
			t.Errorf("error %v", err)
		}
		o.Update = true
		rep, _ = runCheck(t, o)
		if err := rep.Err(); err == nil || !strings.Contains(err.Error(), "not updating") {
			t.Errorf("update error %v", err)
		}
		if now, _ := os.ReadFile(GoldenPath(golden, "mine")); !bytes.Equal(now, pristine) {
			t.Errorf("the golden file changed")
		}
	})

	t.Run("kind without tolerance", func(t *testing.T) {
		tpath := filepath.Join(golden, ToleranceFile)
		orig, _ := os.ReadFile(tpath)
		defer os.WriteFile(tpath, orig, 0o644)
		var kept []string
		for _, l := range strings.SplitAfter(string(orig), "\n") {
			if !strings.HasPrefix(l, "success_rate,") {
				kept = append(kept, l)
			}
		}
		os.WriteFile(tpath, []byte(strings.Join(kept, "")), 0o644)
		rep, out := runCheck(t, opt)
		if err := rep.Err(); err == nil || !strings.Contains(err.Error(), "no tolerance for success_rate in "+tpath) {
			t.Errorf("error %v\n%s", err, out)
		}
	})
}

func findKey(ms []Metric, key string) (Metric, bool) {
	for _, m := range ms {
		if m.Key.String() == key {
			return m, true
		}
	}
	return Metric{}, false
}

func TestParseGoldenErrors(t *testing.T) {
	head := "dataset,preprocess,method,metric,cells,golden\n"
	for _, tc := range []struct{ data, want string }{
		{"", "g.csv: empty file"},
		{"dataset,method,metric,golden\n", `g.csv:1: header "dataset,method,metric,golden": want dataset,preprocess,method,metric,cells,golden`},
		{head + "COIL-20,none,GFS,n_selected,1\n", "g.csv:2: 5 fields, want 6"},
		{head + "COIL-20,none,GFS,n_selected,1,11\nCOIL-20,none,GFS,n_selected,1,12\n", "g.csv:3: COIL-20 / GFS / n_selected is listed twice (also on line 2)"},
		{head + "COIL-20,none,GFS,n_selected,0,11\n", `g.csv:2: cells "0"`},
		{head + "COIL-20,none,GFS,n_selected,1,eleven\n", `g.csv:2: golden "eleven": want a number`},
		{head + "COIL-20,none,,n_selected,1,11\n", "g.csv:2: empty method"},
		{head + "COIL-20,none,\"GFS,n_selected,1,11\n", "g.csv:2:"},
	} {
		_, err := parseGolden("g.csv", []byte(tc.data))
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%q: error %v, want %q", tc.data, err, tc.want)
		}
	}
	ms, err := parseGolden("g.csv", []byte(head+"\"COIL-20, raw\",none,GFS eps2=0.01,n_selected,1,11\nS,standardize,PCA,residual_ratio,4,NaN\n"))
	if err != nil || len(ms) != 2 || ms[0].Dataset != "COIL-20, raw" || ms[1].Cells != 4 || !math.IsNaN(ms[1].Value) || ms[1].Line != 3 {
		t.Errorf("got %+v, %v", ms, err)
	}
	if !bytes.Equal(formatGolden(ms), []byte(head+"\"COIL-20, raw\",none,GFS eps2=0.01,n_selected,1,11\nS,standardize,PCA,residual_ratio,4,NaN\n")) {
		t.Errorf("round trip:\n%s", formatGolden(ms))
	}
}

func TestTolerances(t *testing.T) {
	for _, tc := range []struct {
		in     string
		golden float64
		bound  float64
		err    bool
	}{
		{"0.005", 0.9, 0.005, false},
		{"1%", 0.2, 0.002, false},
		{"1%", -300, 3, false},
		{"0", 15, 0, false},
		{"skip", 1, 0, false},
		{"-1", 0, 0, true},
		{"abc", 0, 0, true},
		{"%", 0, 0, true},
		{"Inf", 0, 0, true},
	} {
		tol, err := ParseTolerance(tc.in)
		if (err != nil) != tc.err {
			t.Errorf("%q: error %v", tc.in, err)
			continue
		}
		if err != nil || tol.Skip {
			continue
		}
		if b := tol.Bound(tc.golden); math.Abs(b-tc.bound) > 1e-8*math.Max(1, math.Abs(tc.golden)) {
			t.Errorf("%q: bound at %v = %v, want %v", tc.in, tc.golden, b, tc.bound)
		}
		if tol.String() != tc.in {
			t.Errorf("%q prints as %q", tc.in, tol.String())
		}
	}
	_, err := parseTolerances("t.csv", []byte("metric,tolerance,note\nsvm_accuracy,0.005,x\nsvm_accuracy,0.01,y\n"))
	if err == nil || !strings.Contains(err.Error(), "t.csv:3: metric svm_accuracy is listed twice") {
		t.Errorf("duplicate: %v", err)
	}
	_, err = parseTolerances("t.csv", []byte("metric,tolerance,note\nsvm_accuracy,half a point,x\n"))
	if err == nil || !strings.Contains(err.Error(), `t.csv:2: svm_accuracy: tolerance "half a point": want a non-negative number`) {
		t.Errorf("bad value: %v", err)
	}
	if _, err := ReadTolerances(t.TempDir()); err == nil || !strings.Contains(err.Error(), "gsbench check --update") {
		t.Errorf("missing file: %v", err)
	}
}

// Within: the larger of the absolute and relative bounds, ratios within a
// factor, NaN only of NaN, an infinity only of itself; Times widens.
func TestWithin(t *testing.T) {
	for _, tc := range []struct {
		tol         Tolerance
		ref, x      float64
		want, twice bool
	}{
		{Tolerance{Abs: 2, Rel: 0.1}, 100, 109, true, true},
		{Tolerance{Abs: 2, Rel: 0.1}, 100, 115, false, true},
		{Tolerance{Abs: 2, Rel: 0.1}, 5, 7, true, true},
		{Tolerance{Abs: 2, Rel: 0.1}, 5, 8.5, false, true},
		{Tolerance{Abs: 0.005}, 0.9, 0.9049, true, true},
		{Tolerance{Abs: 0.005}, 0.9, 0.911, false, false},
		{Tolerance{Factor: 2}, 20, 39, true, true},
		{Tolerance{Factor: 2}, 20, 9, false, true},
		{Tolerance{Factor: 2}, 20, 0, false, false},
		{Tolerance{Factor: 2}, 0, 0, true, true},
		{Tolerance{}, 7291, 7291, true, true},
		{Tolerance{}, 7291, 7292, false, false},
		{Tolerance{Abs: 1}, math.NaN(), math.NaN(), true, true},
		{Tolerance{Abs: 1}, 1, math.NaN(), false, false},
		{Tolerance{Abs: 1}, math.Inf(1), math.Inf(1), true, true},
		{Tolerance{Abs: 1}, 1, math.Inf(-1), false, false},
	} {
		if got := tc.tol.Within(tc.ref, tc.x); got != tc.want {
			t.Errorf("%+v: Within(%v, %v) = %v", tc.tol, tc.ref, tc.x, got)
		}
		if got := tc.tol.Times(2).Within(tc.ref, tc.x); got != tc.twice {
			t.Errorf("%+v: twice: Within(%v, %v) = %v", tc.tol, tc.ref, tc.x, got)
		}
	}
}

func TestCompare(t *testing.T) {
	tol := &Tolerances{Path: "t.csv"}
	tol.add("acc", Tolerance{Abs: 0.01})
	tol.add("ratio", Tolerance{Rel: 0.01})
	tol.add("time", Tolerance{Skip: true})
	k := func(m string) Key { return Key{"D", "none", "M", m} }
	kk := func(method, m string) Key { return Key{"D", "none", method, m} }
	golden := []Metric{
		{Key: k("acc"), Value: 0.9, Cells: 1},
		{Key: kk("N", "acc"), Value: 0.9, Cells: 1},
		{Key: k("ratio"), Value: 0.001, Cells: 1},
		{Key: kk("P", "acc"), Value: 0.5, Cells: 2},
		{Key: kk("Gone", "acc"), Value: 0.5, Cells: 1, Line: 7},
		{Key: kk("NaN", "acc"), Value: math.NaN(), Cells: 1},
		{Key: k("time"), Value: 3, Cells: 1},
	}
	now := []Metric{
		{Key: k("acc"), Value: 0.905, Cells: 1},       // within 0.01
		{Key: kk("N", "acc"), Value: 0.88, Cells: 1},  // beyond
		{Key: k("ratio"), Value: 0.00102, Cells: 1},   // 2% relative: beyond
		{Key: kk("P", "acc"), Value: 0.5, Cells: 1},   // fewer cells
		{Key: kk("Extra", "acc"), Value: 1, Cells: 1}, // not in golden
		{Key: kk("NaN", "acc"), Value: math.NaN(), Cells: 1},
		{Key: k("other"), Value: 1, Cells: 1}, // no tolerance (and not in golden)
		{Key: k("time"), Value: 9, Cells: 1},  // skipped
	}
	rows := Compare(golden, now, tol)
	got := map[string]Status{}
	for _, r := range rows {
		got[r.Key.String()] = r.Status
	}
	want := map[string]Status{
		"D / M / acc": Pass, "D / N / acc": Fail, "D / M / ratio": Fail, "D / P / acc": Fail,
		"D / Extra / acc": New, "D / NaN / acc": Pass, "D / M / other": New, "D / Gone / acc": Missing,
	}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("statuses\n got %v\nwant %v", got, want)
	}
	if rows[len(rows)-1].Key != kk("Gone", "acc") || !strings.Contains(rows[len(rows)-1].Note, "line 7") {
		t.Errorf("missing rows come last, naming their line: %+v", rows[len(rows)-1])
	}
	// Once in the golden file, a kind without a tolerance is reported as such.
	rows = Compare([]Metric{{Key: k("other"), Value: 1, Cells: 1}}, []Metric{{Key: k("other"), Value: 1, Cells: 1}}, tol)
	if rows[0].Status != NoTol {
		t.Errorf("got %+v", rows[0])
	}
}

func TestTolerancePatterns(t *testing.T) {
	ts, err := parseTolerances("t.csv", []byte("metric,tolerance,note\ncoef_*_*,1e-06,x\ncoef_1_*,0.5,y\nn_selected,0,z\n"))
	if err != nil {
		t.Fatal(err)
	}
	for name, want := range map[string]string{"coef_2_3": "1e-06", "coef_1_3": "0.5", "n_selected": "0"} {
		if got, ok := ts.Lookup(name); !ok || got.String() != want {
			t.Errorf("%s: got %v %v, want %s", name, got, ok, want)
		}
	}
	if _, ok := ts.Lookup("svm_accuracy"); ok {
		t.Errorf("svm_accuracy has no tolerance")
	}
	if k := kindOf("svm_accuracy"); k != "svm_accuracy" {
		t.Errorf("kindOf(svm_accuracy) = %q", k)
	}
}

// TestCheckSet checks, without running anything, that gsbench's own check
// set is complete: every config of configs/check loads and has a golden
// file in results/golden that parses, every golden file has its config,
// and every metric kind in them has a tolerance that is not skip.
func TestCheckSet(t *testing.T) {
	configs, _ := filepath.Glob("../../configs/check/*.yaml")
	if len(configs) == 0 {
		t.Fatal("no configs in configs/check")
	}
	tol, err := ReadTolerances("../../results/golden")
	if err != nil {
		t.Fatal(err)
	}
	names := map[string]bool{}
	for _, path := range configs {
		c, err := experiments.Load(path)
		if err != nil {
			t.Error(err)
			continue
		}
		names[c.Name] = true
		ms, err := ReadGolden(GoldenPath("../../results/golden", c.Name))
		if err != nil {
			t.Errorf("%s: %v", path, err)
			continue
		}
		if len(ms) == 0 {
			t.Errorf("%s: empty golden file", path)
		}
		for _, m := range ms {
			if tt, ok := tol.Lookup(m.Metric); !ok || tt.Skip {
				t.Errorf("%s: %s has no tolerance (or skip) in tolerances.csv", path, m.Key)
			}
		}
	}
	files, _ := filepath.Glob("../../results/golden/*.csv")
	for _, f := range files {
		if n := strings.TrimSuffix(filepath.Base(f), ".csv"); n != "tolerances" && !names[n] {
			t.Errorf("%s has no config in configs/check", f)
		}
	}
}
