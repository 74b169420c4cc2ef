package external

import (
	"bufio"
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"

	"gonum.org/v1/gonum/mat"

	"github.com/gsbench/gsbench/params"
)

// result is what the command returned, checked.
type result struct {
	selected []int
	scores   []float64
	features *mat.Dense
	apply    *mat.Dense
}

// The names of the exchange files (doc.go).
const (
	fileX      = "X.txt"
	fileY      = "y.txt"
	fileApply  = "apply.txt"
	fileParams = "params.json"
	fileText   = "params.txt"
	fileResult = "result.json"
)

// waitDelay bounds the wait for the command once it has been killed.
const waitDelay = 5 * time.Second

// run writes the exchange directory, runs the command and reads its result.
func run(ctx context.Context, m *Method, X *mat.Dense, y []int, apply *mat.Dense) (*result, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	top, err := os.MkdirTemp("", "gsbench-external-")
	if err != nil {
		return nil, fmt.Errorf("external method: %w", err)
	}
	defer os.RemoveAll(top)
	dir := filepath.Join(top, "x") // what the command sees; its output goes beside
	if err := os.Mkdir(dir, 0o755); err != nil {
		return nil, fmt.Errorf("external method: %w", err)
	}
	if err := writeInputs(dir, m, X, y, apply); err != nil {
		return nil, fmt.Errorf("external method: writing the input files: %w", err)
	}
	parent := ctx
	if m.Timeout > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, time.Duration(m.Timeout))
		defer cancel()
	}
	// Output goes to files, not pipes: Wait returns when the command exits
	// even if a process it left behind holds them, and is then killed.
	stdout, err := os.Create(filepath.Join(top, "stdout"))
	if err != nil {
		return nil, fmt.Errorf("external method: %w", err)
	}
	defer stdout.Close()
	stderr, err := os.Create(filepath.Join(top, "stderr"))
	if err != nil {
		return nil, fmt.Errorf("external method: %w", err)
	}
	defer stderr.Close()
	cmd := exec.CommandContext(ctx, "/bin/sh", "-c", m.Command+` "$@"`, "sh", dir)
	cmd.Stdout, cmd.Stderr = stdout, stderr
	cmd.WaitDelay = waitDelay
	ownGroup(cmd)
	cmd.Cancel = func() error { return killGroup(cmd) }
	err = cmd.Start()
	if err == nil {
		err = cmd.Wait()
		killGroup(cmd) // whatever it left running
	}
	fail := func(format string, args ...any) error {
		return &Error{Command: m.Command, Msg: fmt.Sprintf(format, args...), Stderr: tailOf(stderr), Stdout: tailOf(stdout)}
	}
	switch {
	case err == nil:
	case parent.Err() != nil:
		return nil, fmt.Errorf("external command %q stopped: %w", m.Command, parent.Err())
	case ctx.Err() != nil:
		return nil, fail("killed after the timeout of %v (parameter timeout)", time.Duration(m.Timeout))
	default:
		var ee *exec.ExitError
		if errors.As(err, &ee) {
			return nil, fail("%v", ee.ProcessState)
		}
		return nil, fail("%v", err)
	}
	n, d := X.Dims()
	b, err := os.ReadFile(filepath.Join(dir, fileResult))
	if err != nil {
		return nil, fail("it exited with status 0 but wrote no %s (write it into the directory given as the last argument)", fileResult)
	}
	res, err := parseResult(b, m, n, d, apply)
	if err != nil {
		return nil, fail("%s: %v", fileResult, err)
	}
	return res, nil
}

// Error is a failed run of the command: what went wrong and the last lines
// of its standard error and output.
type Error struct {
	Command string
	Msg     string
	Stderr  string
	Stdout  string
}

func (e *Error) Error() string {
	var b strings.Builder
	fmt.Fprintf(&b, "external command %q: %s", e.Command, e.Msg)
	switch {
	case e.Stderr != "":
		b.WriteString("; the end of its standard error:\n" + e.Stderr)
	case e.Stdout != "":
		b.WriteString("; the end of its output (its standard error is empty):\n" + e.Stdout)
	default:
		b.WriteString(" (it printed nothing)")
	}
	return strings.TrimRight(b.String(), "\n")
}

// The end of the command's output that an error shows.
const (
	tailBytes = 4096
	tailLines = 20
)

// tailOf returns at most the last tailLines lines and tailBytes bytes of
// the file f.
func tailOf(f *os.File) string {
	fi, err := f.Stat()
	if err != nil {
		return ""
	}
	off := max(0, fi.Size()-tailBytes)
	b := make([]byte, fi.Size()-off)
	if _, err := f.ReadAt(b, off); err != nil && !errors.Is(err, io.EOF) {
		return ""
	}
	b = bytes.TrimRight(b, "\n")
	lines := bytes.Split(b, []byte("\n"))
	if len(lines) > tailLines {
		lines = lines[len(lines)-tailLines:]
	}
	return string(bytes.Join(lines, []byte("\n")))
}

// writeInputs writes X.txt, y.txt, apply.txt, params.json and params.txt.
func writeInputs(dir string, m *Method, X *mat.Dense, y []int, apply *mat.Dense) error {
	if err := writeMatrix(filepath.Join(dir, fileX), X); err != nil {
		return err
	}
	if y != nil {
		var b []byte
		for _, l := range y {
			b = strconv.AppendInt(b, int64(l), 10)
			b = append(b, '\n')
		}
		if err := os.WriteFile(filepath.Join(dir, fileY), b, 0o644); err != nil {
			return err
		}
	}
	if apply != nil {
		if err := writeMatrix(filepath.Join(dir, fileApply), apply); err != nil {
			return err
		}
	}
	p := params.Params{"k": m.K, "seed": m.Seed}
	for k, v := range m.Others {
		p[k] = passedValue(v)
	}
	js, err := json.MarshalIndent(p, "", "  ") // keys sorted
	if err != nil {
		return err
	}
	if err := os.WriteFile(filepath.Join(dir, fileParams), append(js, '\n'), 0o644); err != nil {
		return err
	}
	var txt strings.Builder
	for _, k := range slices.Sorted(func(yield func(string) bool) {
		for k := range p {
			if !yield(k) {
				return
			}
		}
	}) {
		txt.WriteString(k + " " + params.Format(p[k]) + "\n")
	}
	return os.WriteFile(filepath.Join(dir, fileText), []byte(txt.String()), 0o644)
}

// passedValue gives a flag's text that reads as a number or a boolean its
// type (YAML values arrive typed).
func passedValue(v any) any {
	s, ok := v.(string)
	if !ok {
		return v
	}
	t := strings.TrimSpace(s)
	if i, err := strconv.ParseInt(t, 10, 64); err == nil {
		return i
	}
	if f, err := strconv.ParseFloat(t, 64); err == nil && !math.IsNaN(f) && !math.IsInf(f, 0) {
		return f
	}
	if b, err := strconv.ParseBool(t); err == nil && (t == "true" || t == "false") {
		return b
	}
	return s
}

// writeMatrix writes X as lines of space-separated numbers, each in the
// shortest form that reads back to the same float64.
func writeMatrix(path string, X *mat.Dense) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	w := bufio.NewWriterSize(f, 1<<16)
	n, _ := X.Dims()
	var b []byte
	for i := range n {
		b = b[:0]
		for j, v := range X.RawRowView(i) {
			if j > 0 {
				b = append(b, ' ')
			}
			b = strconv.AppendFloat(b, v, 'g', -1, 64)
		}
		b = append(b, '\n')
		if _, err := w.Write(b); err != nil {
			f.Close()
			return err
		}
	}
	if err := w.Flush(); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}

// parseResult decodes and checks result.json for a fit on n x d data.
func parseResult(b []byte, m *Method, n, d int, apply *mat.Dense) (*result, error) {
	var raw map[string]json.RawMessage
	dec := json.NewDecoder(bytes.NewReader(b))
	if err := dec.Decode(&raw); err != nil {
		return nil, jsonError(b, err)
	}
	if dec.More() {
		return nil, fmt.Errorf("text after the JSON object")
	}
	if raw == nil {
		return nil, fmt.Errorf("want a JSON object, got null")
	}
	extraction := m.extraction
	allowed := []string{"selected", "scores"}
	if extraction {
		allowed = []string{"features", "apply_features"}
	}
	for k := range raw {
		if !slices.Contains(allowed, k) {
			return nil, fmt.Errorf("unknown key %q: %s result has the keys %s", k, map[bool]string{false: "a selection", true: "an extraction"}[extraction], strings.Join(allowed, ", "))
		}
	}
	res := &result{}
	if !extraction {
		rs, ok := raw["selected"]
		if !ok {
			return nil, fmt.Errorf(`no "selected": want {"selected": [column indices, most important first]}`)
		}
		var sel []float64
		if err := json.Unmarshal(rs, &sel); err != nil || sel == nil {
			return nil, fmt.Errorf(`"selected": want a list of column indices (0-based): %s`, short(rs))
		}
		seen := make([]bool, d)
		for i, v := range sel {
			j := int(v)
			if v != math.Trunc(v) || v < 0 || v >= float64(d) {
				return nil, fmt.Errorf(`"selected"[%d] = %v: want a column index 0..%d (0-based; R and MATLAB users subtract 1)`, i, v, d-1)
			}
			if seen[j] {
				return nil, fmt.Errorf(`"selected"[%d] = %d: column %d is listed twice`, i, j, j)
			}
			seen[j] = true
			res.selected = append(res.selected, j)
		}
		if m.K > 0 && len(sel) != m.K {
			return nil, fmt.Errorf(`"selected" has %d columns; k = %d asks for exactly %d`, len(sel), m.K, m.K)
		}
		if res.selected == nil {
			res.selected = []int{}
		}
		if rs, ok := raw["scores"]; ok {
			if err := json.Unmarshal(rs, &res.scores); err != nil || len(res.scores) != d {
				return nil, fmt.Errorf(`"scores": want a list of %d numbers, one a column: %s`, d, short(rs))
			}
		}
		return res, nil
	}
	rf, ok := raw["features"]
	if !ok {
		return nil, fmt.Errorf(`no "features": want {"features": [[the new features of row 1], ...]}`)
	}
	var err error
	if res.features, err = matrix("features", rf, n, m.K, 0); err != nil {
		return nil, err
	}
	ra, ok := raw["apply_features"]
	switch {
	case apply == nil && ok:
		return nil, fmt.Errorf(`"apply_features" given, but there was no %s to transform`, fileApply)
	case apply != nil && !ok:
		return nil, fmt.Errorf(`no "apply_features": %s was given, so the features of its rows are wanted`, fileApply)
	case apply != nil:
		na, _ := apply.Dims()
		_, mf := res.features.Dims()
		if res.apply, err = matrix("apply_features", ra, na, m.K, mf); err != nil {
			return nil, err
		}
	}
	return res, nil
}

// matrix decodes a list of n rows of finite numbers, all of one length: k
// when k > 0, cols when cols > 0.
func matrix(key string, raw json.RawMessage, n, k, cols int) (*mat.Dense, error) {
	var rows [][]float64
	if err := json.Unmarshal(raw, &rows); err != nil || rows == nil {
		return nil, fmt.Errorf("%q: want a list of rows, each a list of numbers: %s", key, short(raw))
	}
	if len(rows) != n {
		return nil, fmt.Errorf("%q has %d rows; the input has %d", key, len(rows), n)
	}
	m := len(rows[0])
	switch {
	case m == 0:
		return nil, fmt.Errorf("%q: row 0 is empty; want at least one feature", key)
	case k > 0 && m != k:
		return nil, fmt.Errorf("%q has %d columns; k = %d asks for exactly %d", key, m, k, k)
	case cols > 0 && m != cols:
		return nil, fmt.Errorf("%q has %d columns; \"features\" has %d", key, m, cols)
	}
	out := mat.NewDense(n, m, nil)
	for i, r := range rows {
		if len(r) != m {
			return nil, fmt.Errorf("%q: row %d has %d numbers, row 0 has %d", key, i, len(r), m)
		}
		out.SetRow(i, r)
	}
	return out, nil
}

// jsonError explains a JSON syntax error with its line, and NaN.
func jsonError(b []byte, err error) error {
	var se *json.SyntaxError
	if errors.As(err, &se) {
		line := 1 + bytes.Count(b[:min(int(se.Offset), len(b))], []byte("\n"))
		msg := fmt.Sprintf("invalid JSON at line %d: %v", line, err)
		if bytes.Contains(b, []byte("NaN")) || bytes.Contains(b, []byte("Infinity")) {
			msg += " (JSON has no NaN or Infinity: the method produced non-finite numbers)"
		}
		return errors.New(msg)
	}
	if len(bytes.TrimSpace(b)) == 0 {
		return fmt.Errorf("the file is empty")
	}
	return fmt.Errorf("invalid JSON: %v", err)
}

// short quotes the start of a JSON value for an error message.
func short(raw json.RawMessage) string {
	s := string(raw)
	if len(s) > 60 {
		s = s[:60] + "..."
	}
	return s
}

// provenance returns the program the command starts (its first word
// resolved on PATH) and the SHA-256 of every existing regular file the
// command's words name.
func provenance(command string) (string, map[string]string) {
	words := shellWords(command)
	prog := ""
	if len(words) > 0 && !strings.Contains(words[0], "/") {
		if p, err := exec.LookPath(words[0]); err == nil {
			prog = p
		}
	}
	files := map[string]string{}
	for _, w := range words {
		fi, err := os.Stat(w)
		if err != nil || !fi.Mode().IsRegular() {
			continue
		}
		b, err := os.ReadFile(w)
		if err != nil {
			continue
		}
		sum := sha256.Sum256(b)
		files[w] = "sha256:" + hex.EncodeToString(sum[:])
	}
	return prog, files
}

// shellWords splits a command into words as the shell would for simple
// cases: blanks separate words, quotes group and are removed.
func shellWords(s string) []string {
	var words []string
	var cur strings.Builder
	inWord := false
	var quote rune
	for _, r := range s {
		switch {
		case quote != 0 && r == quote:
			quote = 0
		case quote != 0:
			cur.WriteRune(r)
		case r == '\'' || r == '"':
			quote, inWord = r, true
		case r == ' ' || r == '\t' || r == '\n' || r == ';' || r == '|' || r == '&':
			if inWord {
				words = append(words, cur.String())
				cur.Reset()
				inWord = false
			}
		default:
			cur.WriteRune(r)
			inWord = true
		}
	}
	if inWord {
		words = append(words, cur.String())
	}
	return words
}
