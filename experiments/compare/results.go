package compare

import (
	"encoding/json"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"gopkg.in/yaml.v3"

	"github.com/gsbench/gsbench/experiments/cells"
	"github.com/gsbench/gsbench/params"
)

// Cell is one cell of a results directory, as cells.jsonl stores it, with
// the source of its dataset.
type Cell struct {
	cells.Cell
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

// field returns a cell's field as text: source and method_name, or an
// attribute (cells.Cell.Attr): dataset, preprocess, method, match, rep,
// dataset.PARAM, method.PARAM (method.k is the matched k of a matched
// method).
func (c *Cell) field(name string) (string, bool) {
	switch name {
	case "source":
		return c.source, c.source != ""
	case "method_name":
		return c.MethodName, true
	}
	return c.Attr(name)
}

// value returns a metric value of the cell.
func (c *Cell) value(name string) (float64, bool) {
	v, ok := c.Values[name]
	return float64(v), ok
}

// canon writes a reference parameter value as text, as params.Format does,
// except that an integral float64 is written as an integer, as package cells
// reads parameters back (an int parameter of the run was keyed "1000000",
// not "1e+06").
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
	stored, _, err := cells.ReadDir(dir)
	if err != nil {
		return nil, err
	}
	r := &Results{Dir: dir, Name: strings.TrimSuffix(filepath.Base(dir), "-quick"), Quick: strings.HasSuffix(filepath.Base(dir), "-quick")}
	sources, _ := datasetSources(filepath.Join(dir, "config.yaml"))
	for _, sc := range stored {
		c := &Cell{Cell: *sc, source: sources[sc.Dataset]}
		if !c.OK() {
			r.Failed++
		}
		r.Cells = append(r.Cells, c)
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
