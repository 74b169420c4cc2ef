package external

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"gonum.org/v1/gonum/mat"

	"github.com/gsbench/gsbench/params"
)

// shell makes a command of a shell function body: the exchange directory
// is its $1.
func shell(body string) string { return "f() { " + body + "\n}; f" }

// writes is a command that writes result.json with the given text.
func writes(result string) string {
	return shell("cat > \"$1/result.json\" <<'EOF'\n" + result + "\nEOF")
}

var (
	X4 = mat.NewDense(4, 3, []float64{1, 2, 3, 2, 2, 5, 3, 2, 1, 4.5, 2, -9e-300})
	y4 = []int{0, 0, 1, 1}
)

func newSelector(t *testing.T, p params.Params) *Selector {
	t.Helper()
	s := NewSelector()
	if err := p.Decode("external-select", s); err != nil {
		t.Fatal(err)
	}
	return s
}

func newExtractor(t *testing.T, p params.Params) *Extractor {
	t.Helper()
	e := NewExtractor()
	if err := p.Decode("external-extract", e); err != nil {
		t.Fatal(err)
	}
	return e
}

// TestExchangeFiles checks the files a command receives, byte for byte.
func TestExchangeFiles(t *testing.T) {
	dest := t.TempDir()
	cmd := shell(`cp "$1"/* ` + dest + `/ && echo '{"selected": [2, 0], "scores": [1, 0.5, 3]}' > "$1/result.json"`)
	s := newSelector(t, params.Params{"command": cmd, "k": 2, "seed": 7, "supervised": true,
		"alpha": 0.5, "name": "two words", "flag-text": "true", "n": "12", "ratio": "1e-3", "word": "x1"})
	if err := s.Fit(X4, y4); err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(s.Selected(), []int{2, 0}) || !slices.Equal(s.Scores(), []float64{1, 0.5, 3}) {
		t.Errorf("selected %v, scores %v", s.Selected(), s.Scores())
	}
	want := map[string]string{
		"X.txt": "1 2 3\n2 2 5\n3 2 1\n4.5 2 -9e-300\n",
		"y.txt": "0\n0\n1\n1\n",
		"params.json": `{
  "alpha": 0.5,
  "flag_text": true,
  "k": 2,
  "n": 12,
  "name": "two words",
  "ratio": 0.001,
  "seed": 7,
  "word": "x1"
}
`,
		"params.txt": "alpha 0.5\nflag_text true\nk 2\nn 12\nname two words\nratio 0.001\nseed 7\nword x1\n",
	}
	for name, w := range want {
		b, err := os.ReadFile(filepath.Join(dest, name))
		if err != nil || string(b) != w {
			t.Errorf("%s = %q (%v), want %q", name, b, err, w)
		}
	}
	if _, err := os.Stat(filepath.Join(dest, "apply.txt")); err == nil {
		t.Error("apply.txt was written for a fit")
	}

	// Unsupervised: no labels, even when given.
	dest2 := t.TempDir()
	u := newSelector(t, params.Params{"command": shell(`cp "$1"/* ` + dest2 + `/ && echo '{"selected": []}' > "$1/result.json"`)})
	if err := u.Fit(X4, y4); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(dest2, "y.txt")); err == nil {
		t.Error("y.txt was written for an unsupervised method")
	}
	if sel := u.Selected(); sel == nil || len(sel) != 0 {
		t.Errorf("an empty selection gave %#v, want []int{}", sel)
	}
}

// TestFailures: every way a command can fail is an error that names it
// and shows the end of its output.
func TestFailures(t *testing.T) {
	for _, tc := range []struct {
		name    string
		cmd     string
		k       int
		extract bool
		want    []string // substrings of the error
	}{
		{"exit status", shell(`echo step 1; echo "Traceback: boom" >&2; exit 3`), 0, false, []string{"exit status 3", "Traceback: boom"}},
		{"stdout when stderr is empty", shell(`echo "it went wrong"; exit 1`), 0, false, []string{"exit status 1", "end of its output", "it went wrong"}},
		{"not found", "no-such-program-gsbench", 0, false, []string{"exit status 127", "not found"}},
		{"no result", shell(`echo working`), 0, false, []string{"wrote no result.json", "working"}},
		{"empty result", writes(``), 0, false, []string{"empty"}},
		{"malformed", writes(`{"selected": [1,`), 0, false, []string{"invalid JSON"}},
		{"NaN", writes(`{"selected": [0], "scores": [NaN, 1, 2]}`), 0, false, []string{"no NaN"}},
		{"null", writes(`null`), 0, false, []string{"want a JSON object"}},
		{"not an object", writes(`[1, 2]`), 0, false, []string{"invalid JSON"}},
		{"trailing", writes(`{"selected": [0]} {}`), 0, false, []string{"text after"}},
		{"unknown key", writes(`{"selcted": [0]}`), 0, false, []string{`unknown key "selcted"`, "selected, scores"}},
		{"missing selected", writes(`{"scores": [1, 2, 3]}`), 0, false, []string{`no "selected"`}},
		{"out of range", writes(`{"selected": [3]}`), 0, false, []string{"column index 0..2", "subtract 1"}},
		{"negative", writes(`{"selected": [-1]}`), 0, false, []string{"column index 0..2"}},
		{"fraction", writes(`{"selected": [0.5]}`), 0, false, []string{"column index"}},
		{"duplicate", writes(`{"selected": [1, 1]}`), 0, false, []string{"listed twice"}},
		{"not a list", writes(`{"selected": "0 1"}`), 0, false, []string{"want a list"}},
		{"fewer than k", writes(`{"selected": [0]}`), 2, false, []string{"has 1 columns; k = 2"}},
		{"scores length", writes(`{"selected": [0], "scores": [1, 2]}`), 0, false, []string{`"scores": want a list of 3`}},
		{"features missing", writes(`{"selected": [0]}`), 0, true, []string{`unknown key "selected"`}},
		{"no features", writes(`{}`), 0, true, []string{`no "features"`}},
		{"rows", writes(`{"features": [[1], [2]]}`), 0, true, []string{"has 2 rows; the input has 4"}},
		{"ragged", writes(`{"features": [[1], [2], [3, 4], [5]]}`), 0, true, []string{"row 2 has 2 numbers"}},
		{"empty rows", writes(`{"features": [[], [], [], []]}`), 0, true, []string{"row 0 is empty"}},
		{"k columns", writes(`{"features": [[1], [2], [3], [4]]}`), 2, true, []string{"has 1 columns; k = 2"}},
		{"apply without apply.txt", writes(`{"features": [[1], [2], [3], [4]], "apply_features": [[1]]}`), 0, true, []string{"no apply.txt"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p := params.Params{"command": tc.cmd, "k": tc.k}
			var err error
			if tc.extract {
				err = newExtractor(t, p).Fit(X4, nil)
			} else {
				err = newSelector(t, p).Fit(X4, nil)
			}
			if err == nil {
				t.Fatal("accepted")
			}
			for _, w := range tc.want {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("error %q does not say %q", err, w)
				}
			}
			if !strings.Contains(err.Error(), strconv.Quote(tc.cmd)) {
				t.Errorf("error %q does not name the command", err)
			}
		})
	}
}

// TestInputErrors: bad inputs and parameters fail before anything runs.
func TestInputErrors(t *testing.T) {
	never := shell(`echo ran >&2; exit 1`)
	nan := mat.DenseCopyOf(X4)
	nan.Set(1, 2, 0/zero())
	for _, tc := range []struct {
		name string
		p    params.Params
		X    *mat.Dense
		y    []int
		want string
	}{
		{"no command", params.Params{}, X4, nil, "command is required"},
		{"blank command", params.Params{"command": "  "}, X4, nil, "command is required"},
		{"negative k", params.Params{"command": never, "k": -1}, X4, nil, "k = -1"},
		{"k beyond d", params.Params{"command": never, "k": 4}, X4, nil, "k = 4 but the data has 3 columns"},
		{"negative timeout", params.Params{"command": never, "timeout": "-1s"}, X4, nil, "timeout"},
		{"NaN", params.Params{"command": never}, nan, nil, "X[1][2] = NaN"},
		{"no labels", params.Params{"command": never, "supervised": true}, X4, nil, "no class labels"},
		{"short labels", params.Params{"command": never, "supervised": true}, X4, []int{0, 1}, "2 labels for 4 rows"},
		{"negative label", params.Params{"command": never, "supervised": true}, X4, []int{0, -1, 1, 0}, "y[1] = -1"},
		{"empty", params.Params{"command": never}, &mat.Dense{}, nil, "empty"},
	} {
		s := NewSelector()
		err := tc.p.Decode("external-select", s)
		if err == nil {
			err = s.Fit(tc.X, tc.y)
		}
		if err == nil || !strings.Contains(err.Error(), tc.want) || strings.Contains(err.Error(), "ran") {
			t.Errorf("%s: %v, want an error saying %q before running the command", tc.name, err, tc.want)
		}
	}
	for _, bad := range []string{"10", "1 h", "soon"} {
		if err := (params.Params{"timeout": bad}).Decode("x", NewSelector()); err == nil || !strings.Contains(err.Error(), "90s") {
			t.Errorf("timeout %q: %v, want an error with an example", bad, err)
		}
	}
}

func zero() float64 { return 0 }

// TestTimeout: a command that runs too long is killed, with all it started.
func TestTimeout(t *testing.T) {
	dest := t.TempDir()
	pidFile := filepath.Join(dest, "pid")
	s := newSelector(t, params.Params{"command": shell(`echo started >&2; sleep 30 & echo $! > ` + pidFile + `; wait`), "timeout": "300ms"})
	start := time.Now()
	err := s.Fit(X4, nil)
	if err == nil || !strings.Contains(err.Error(), "timeout of 300ms") || !strings.Contains(err.Error(), "started") {
		t.Fatalf("got %v, want the timeout and the stderr tail", err)
	}
	if el := time.Since(start); el > 10*time.Second {
		t.Errorf("took %v to stop", el)
	}
	waitGone(t, pidFile)
}

// TestCancel: canceling the context kills the command's process group,
// and the error is the context's.
func TestCancel(t *testing.T) {
	dest := t.TempDir()
	pidFile := filepath.Join(dest, "pid")
	e := newExtractor(t, params.Params{"command": shell(`sleep 30 & echo $! > ` + pidFile + `; wait`)})
	ctx, cancel := context.WithCancel(context.Background())
	time.AfterFunc(300*time.Millisecond, cancel)
	start := time.Now()
	err := e.FitContext(ctx, X4, nil)
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("got %v, want context.Canceled", err)
	}
	if el := time.Since(start); el > 10*time.Second {
		t.Errorf("took %v to stop", el)
	}
	waitGone(t, pidFile)
}

// TestLeftovers: processes a command leaves running are killed when it
// exits, without delaying the result.
func TestLeftovers(t *testing.T) {
	dest := t.TempDir()
	pidFile := filepath.Join(dest, "pid")
	s := newSelector(t, params.Params{"command": shell(`sleep 30 & echo $! > ` + pidFile + `; echo '{"selected": [1]}' > "$1/result.json"`)})
	start := time.Now()
	if err := s.Fit(X4, nil); err != nil {
		t.Fatal(err)
	}
	if el := time.Since(start); el > 3*time.Second {
		t.Errorf("took %v: the background process held the command", el)
	}
	waitGone(t, pidFile)
}

// waitGone waits until the process whose pid is in file has exited (or is
// a zombie waiting for its new parent), failing after 5 s.
func waitGone(t *testing.T, file string) {
	t.Helper()
	b, err := os.ReadFile(file)
	if err != nil {
		t.Fatalf("the command did not record its child: %v", err)
	}
	pid, err := strconv.Atoi(strings.TrimSpace(string(b)))
	if err != nil {
		t.Fatal(err)
	}
	for deadline := time.Now().Add(5 * time.Second); time.Now().Before(deadline); time.Sleep(20 * time.Millisecond) {
		stat, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
		if err != nil {
			if syscall.Kill(pid, 0) != nil {
				return
			}
			continue
		}
		if f := strings.Fields(string(stat)); len(f) > 2 && f[2] == "Z" {
			return
		}
	}
	syscall.Kill(pid, syscall.SIGKILL)
	t.Errorf("process %d is still running", pid)
}

// TestTransform: the training rows' features come from the fit; other rows
// are transformed by a second run with apply.txt.
func TestTransform(t *testing.T) {
	e := newExtractor(t, params.Params{"command": "awk -f testdata/center.awk", "k": 2})
	if _, err := e.Transform(X4); err == nil {
		t.Error("Transform before Fit accepted")
	}
	if err := e.Fit(X4, nil); err != nil {
		t.Fatal(err)
	}
	// Column means: 2.625, 2 (and 0 for the third).
	want := mat.NewDense(4, 2, []float64{-1.625, 0, -0.625, 0, 0.375, 0, 1.875, 0})
	if !mat.EqualApprox(e.Embedding(), want, 1e-15) {
		t.Errorf("features %v, want %v", mat.Formatted(e.Embedding()), mat.Formatted(want))
	}
	Z, err := e.Transform(mat.DenseCopyOf(X4))
	if err != nil || !mat.Equal(Z, e.Embedding()) || e.Report()["runs"] != 1 {
		t.Errorf("Transform of the training rows: %v, %v, runs %v; want the fit's features without a run", Z, err, e.Report()["runs"])
	}
	A := mat.NewDense(2, 3, []float64{0, 0, 0, 10, 4, 1})
	Z, err = e.Transform(A)
	if err != nil {
		t.Fatal(err)
	}
	if w := mat.NewDense(2, 2, []float64{-2.625, -2, 7.375, 2}); !mat.EqualApprox(Z, w, 1e-15) || e.Report()["runs"] != 2 {
		t.Errorf("Transform of new rows = %v (runs %v), want %v after a second run", mat.Formatted(Z), e.Report()["runs"], mat.Formatted(w))
	}
	if _, err := e.Transform(mat.NewDense(1, 2, nil)); err == nil || !strings.Contains(err.Error(), "2 columns; it was fitted on 3") {
		t.Errorf("a matrix of the wrong width: %v", err)
	}

	// apply_features are required, with the features' width.
	onApply := func(result string) string {
		return shell(`if [ -f "$1/apply.txt" ]; then echo '` + result + `'; else echo '{"features": [[1], [2], [3], [4]]}'; fi > "$1/result.json"`)
	}
	for cmd, want := range map[string]string{
		onApply(`{"features": [[1], [2], [3], [4]]}`):                                     `no "apply_features"`,
		onApply(`{"features": [[1], [2], [3], [4]], "apply_features": [[1, 2], [3, 4]]}`): `"features" has 1`,
		onApply(`{"features": [[1], [2], [3], [4]], "apply_features": [[1]]}`):            `has 1 rows; the input has 2`,
	} {
		e := newExtractor(t, params.Params{"command": cmd})
		if err := e.Fit(X4, nil); err != nil {
			t.Fatal(err)
		}
		if _, err := e.Transform(A); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: %v, want %q", cmd, err, want)
		}
	}

	// A command whose training features change between runs is refused.
	count := filepath.Join(t.TempDir(), "count")
	drift := shell(`n=$(cat ` + count + ` 2>/dev/null || echo 0); n=$((n+1)); echo $n > ` + count + `
if [ -f "$1/apply.txt" ]; then a=', "apply_features": [[1], [2]]'; fi
echo "{\"features\": [[$n], [1], [2], [3]]$a}" > "$1/result.json"`)
	e = newExtractor(t, params.Params{"command": drift})
	if err := e.Fit(X4, nil); err != nil {
		t.Fatal(err)
	}
	if _, err := e.Transform(A); err == nil || !strings.Contains(err.Error(), "deterministic") {
		t.Errorf("a drifting command: %v, want an error about determinism", err)
	}
}

// TestProvenance: the report names the command, its program and the hash
// of the files it names.
func TestProvenance(t *testing.T) {
	script := filepath.Join(t.TempDir(), "my method.sh")
	body := []byte(`echo '{"selected": [0]}' > "$1/result.json"` + "\n")
	if err := os.WriteFile(script, body, 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := `sh "` + script + `"`
	s := newSelector(t, params.Params{"command": cmd})
	if err := s.Fit(X4, nil); err != nil {
		t.Fatal(err)
	}
	sum := sha256.Sum256(body)
	r := s.Report()
	files, _ := r["files"].(map[string]string)
	if r["command"] != cmd || r["runs"] != 1 || files[script] != "sha256:"+hex.EncodeToString(sum[:]) || len(files) != 1 ||
		!strings.HasSuffix(r["program"].(string), "/sh") {
		t.Errorf("report %v", r)
	}
	if _, err := json.Marshal(r); err != nil {
		t.Error(err)
	}
}

func TestShellWords(t *testing.T) {
	for in, want := range map[string][]string{
		`python3 my.py`:                {"python3", "my.py"},
		`  awk -f "a b.awk" x`:         {"awk", "-f", "a b.awk", "x"},
		`Rscript 'm.R';echo done|cat`:  {"Rscript", "m.R", "echo", "done", "cat"},
		`octave --eval "run('m.m')"`:   {"octave", "--eval", "run('m.m')"},
		`"" x`:                         {"", "x"},
		"cd d && python3 -u s.py\tz\n": {"cd", "d", "python3", "-u", "s.py", "z"},
	} {
		if got := shellWords(in); !slices.Equal(got, want) {
			t.Errorf("shellWords(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestDuration(t *testing.T) {
	for in, want := range map[string]time.Duration{"90s": 90 * time.Second, "0": 0, "1h30m": 90 * time.Minute, " 2m ": 2 * time.Minute} {
		var d Duration
		if err := d.UnmarshalText([]byte(in)); err != nil || time.Duration(d) != want {
			t.Errorf("%q: %v, %v", in, time.Duration(d), err)
		}
	}
	ps, err := params.Describe(NewSelector())
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range ps {
		if p.Name == "timeout" && (p.Type != "string" || p.Default != "1h0m0s") {
			t.Errorf("timeout is described as %+v", p)
		}
	}
}
