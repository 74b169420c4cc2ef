package cells

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"strings"
)

// ReadDir reads the cells of a results directory: dir/cells.jsonl, or
// dir/cells.jsonl.gz when there is no cells.jsonl. It returns the path read;
// a directory with neither file gives an error that errors.Is(err,
// fs.ErrNotExist) (and os.IsNotExist) recognizes.
func ReadDir(dir string) ([]*Cell, string, error) {
	path := filepath.Join(dir, JSONLFile)
	f, err := os.Open(path)
	if os.IsNotExist(err) {
		if z, zerr := os.Open(path + ".gz"); !os.IsNotExist(zerr) {
			path, f, err = path+".gz", z, zerr
		}
	}
	if err != nil {
		return nil, "", err
	}
	defer f.Close()
	var in io.Reader = f
	if strings.HasSuffix(path, ".gz") {
		z, err := gzip.NewReader(f)
		if err != nil {
			return nil, path, fmt.Errorf("%s: %v", path, err)
		}
		defer z.Close()
		in = z
	}
	cs, err := Read(in, path)
	return cs, path, err
}

// Read reads cells.jsonl from r; name names it in errors (name:line:
// problem). Blank lines are skipped.
func Read(r io.Reader, name string) ([]*Cell, error) {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 1<<20), 256<<20)
	var out []*Cell
	for line := 1; sc.Scan(); line++ {
		b := sc.Bytes()
		if len(bytes.TrimSpace(b)) == 0 {
			continue
		}
		c, err := decode(b)
		if err != nil {
			return nil, fmt.Errorf("%s:%d: %v", name, line, err)
		}
		out = append(out, c)
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("%s: %v", name, err)
	}
	return out, nil
}

// decode reads one line, numbers in parameters as Attr expects them.
func decode(line []byte) (*Cell, error) {
	d := json.NewDecoder(bytes.NewReader(line))
	d.UseNumber()
	c := &Cell{}
	if err := d.Decode(c); err != nil {
		return nil, err
	}
	for _, m := range []map[string]any{c.DatasetParams, c.MethodParams} {
		for k, v := range m {
			m[k] = number(v)
		}
	}
	return c, nil
}

// number converts the JSON numbers in v: integral ones below 1e15 in
// magnitude to int, the others to float64.
func number(v any) any {
	switch x := v.(type) {
	case json.Number:
		f, err := x.Float64()
		if err != nil {
			return x.String()
		}
		if f == math.Trunc(f) && math.Abs(f) < 1e15 {
			return int(f)
		}
		return f
	case []any:
		out := make([]any, len(x))
		for i, e := range x {
			out[i] = number(e)
		}
		return out
	case map[string]any:
		for k, e := range x {
			x[k] = number(e)
		}
	}
	return v
}
