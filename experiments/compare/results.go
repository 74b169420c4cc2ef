package compare

import (
	"bufio"
	"compress/gzip"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"gopkg.in/yaml.v3"

	"github.com/gsbench/gsbench/params"
)

// Cell is one cell of a results directory, as cells.jsonl stores it.
type Cell struct {
	Dataset       string             `json:"dataset"` // the dataset's label
	DatasetParams map[string]any     `json:"dataset_params"`
	Preprocess    string             `json:"preprocess"`
	Method        string             `json:"method"` // the method's label
	MethodName    string             `json:"method_name"`
	MethodParams  map[string]any     `json:"method_params"`
	Match         string             `json:"match"`
	K             int                `json:"k"`
	Rep           int                `json:"rep"`
	Status        string             `json:"status"`
	Error         string             `json:"error"`
	NFeatures     int                `json:"n_features"`
	Values        map[string]float64 `json:"values"`

	source string // registry dataset or generator name, from config.yaml
}

// Results is the cells of one results directory.
type Results struct {
	Dir     string
	Name    string // the config's name
	Quick   bool
	Cells   []*Cell
	Failed  int
	Planned int       // cells of the plan (run.json), 0 when unknown
	Start   time.Time // of the run (run.json)
	End     time.Time
	Seconds float64 // summed wall time of the cells (run.json)
}

// field returns a cell's field as text: dataset, source, preprocess, method,
// method_name, match, rep, dataset.PARAM, method.PARAM (method.k is the
// matched k of a matched method).
func (c *Cell) field(name string) (string, bool) {
	switch name {
	case "dataset":
		return c.Dataset, true
	case "source":
		return c.source, c.source != ""
	case "preprocess":
		return c.Preprocess, true
	case "method":
		return c.Method, true
	case "method_name":
		return c.MethodName, true
	case "match":
		return c.Match, true
	case "rep":
		return strconv.Itoa(c.Rep), true
	}
	if p, ok := strings.CutPrefix(name, "dataset."); ok {
		v, ok := c.DatasetParams[p]
		return canon(v), ok
	}
	if p, ok := strings.CutPrefix(name, "method."); ok {
		if p == "k" && c.K > 0 {
			return strconv.Itoa(c.K), true
		}
		v, ok := c.MethodParams[p]
		return canon(v), ok
	}
	return "", false
}

// canon writes a parameter value as text, as params.Format does, except
// that an integral float64 is written as an integer: values read back from
// JSON are all float64, and an int parameter of the run was keyed "1000000",
// not "1e+06".
func canon(v any) string {
	switch x := v.(type) {
	case float64:
		if x == math.Trunc(x) && math.Abs(x) < 1e15 {
			return strconv.FormatInt(int64(x), 10)
		}
	case []any:
		parts := make([]string, len(x))
		for i, e := range x {
			parts[i] = canon(e)
		}
		return "[" + strings.Join(parts, ",") + "]"
	}
	return params.Format(v)
}

// sameValue compares two field texts, numbers by value.
func sameValue(a, b string) bool {
	if a == b {
		return true
	}
	x, err1 := strconv.ParseFloat(a, 64)
	y, err2 := strconv.ParseFloat(b, 64)
	return err1 == nil && err2 == nil && x == y
}

// LoadResults reads the cells of a results directory (cells.jsonl, written
// by gsbench run or report, or its gzip-compressed copy cells.jsonl.gz, the
// form in which runs whose cells take over 1.5 MB are committed), the dataset
// sources of its config.yaml and the provenance of its run.json. A directory
// without either file is an error that os.IsNotExist recognizes.
func LoadResults(dir string) (*Results, error) {
	name := "cells.jsonl"
	f, err := os.Open(filepath.Join(dir, name))
	if os.IsNotExist(err) {
		name += ".gz"
		f, err = os.Open(filepath.Join(dir, name))
	}
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var in io.Reader = f
	if strings.HasSuffix(name, ".gz") {
		z, err := gzip.NewReader(f)
		if err != nil {
			return nil, fmt.Errorf("%s/%s: %v", dir, name, err)
		}
		defer z.Close()
		in = z
	}
	r := &Results{Dir: dir, Name: strings.TrimSuffix(filepath.Base(dir), "-quick"), Quick: strings.HasSuffix(filepath.Base(dir), "-quick")}
	sources, _ := datasetSources(filepath.Join(dir, "config.yaml"))
	sc := bufio.NewScanner(in)
	sc.Buffer(make([]byte, 1<<20), 1<<26)
	line := 0
	for sc.Scan() {
		line++
		if len(strings.TrimSpace(sc.Text())) == 0 {
			continue
		}
		c := &Cell{}
		if err := json.Unmarshal(sc.Bytes(), c); err != nil {
			return nil, fmt.Errorf("%s/%s:%d: %v", dir, name, line, err)
		}
		c.source = sources[c.Dataset]
		if c.Status != "ok" {
			r.Failed++
		}
		r.Cells = append(r.Cells, c)
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("%s/%s: %v", dir, name, err)
	}
	if b, err := os.ReadFile(filepath.Join(dir, "run.json")); err == nil {
		var info struct {
			Name        string    `json:"name"`
			Quick       bool      `json:"quick"`
			Start       time.Time `json:"start"`
			End         time.Time `json:"end"`
			CellSeconds float64   `json:"cell_seconds"`
			Cells       struct {
				Total int `json:"total"`
			} `json:"cells"`
		}
		if json.Unmarshal(b, &info) == nil {
			r.Quick, r.Planned, r.Start, r.End, r.Seconds = info.Quick, info.Cells.Total, info.Start, info.End, info.CellSeconds
			if info.Name != "" {
				r.Name = info.Name
			}
		}
	}
	return r, nil
}

// datasetSources maps the dataset labels of a config to their names
// (registry dataset, generator or file).
func datasetSources(path string) (map[string]string, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var cfg struct {
		Datasets []yaml.Node `yaml:"datasets"`
	}
	if err := yaml.Unmarshal(b, &cfg); err != nil {
		return nil, err
	}
	out := map[string]string{}
	for _, n := range cfg.Datasets {
		var name, label string
		if n.Kind == yaml.ScalarNode {
			name = n.Value
		} else {
			var d struct {
				Name  string `yaml:"name"`
				Label string `yaml:"label"`
			}
			if n.Decode(&d) != nil {
				continue
			}
			name, label = d.Name, d.Label
		}
		if label == "" {
			label = name
		}
		out[label] = name
	}
	return out, nil
}

// partial reports whether the directory holds fewer cells than its plan
// (a run restricted with --datasets or --shard, or interrupted).
func (r *Results) partial() bool { return r.Planned > 0 && len(r.Cells) < r.Planned }
