package cells

import (
	"encoding/json"
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/gsbench/gsbench/params"
)

// Cell statuses.
const (
	StatusOK     = "ok"
	StatusFailed = "failed"
)

// Cell is one line of cells.jsonl: a cell of an experiment's plan with its
// result. The field order is the order of the JSON keys.
type Cell struct {
	ID            string         `json:"cell"`                     // 16 hex digits, from the config seed and the cell's key
	Dataset       string         `json:"dataset"`                  // the dataset's label
	DatasetParams map[string]any `json:"dataset_params,omitempty"` // the dataset parameters the config sets
	Preprocess    string         `json:"preprocess"`               // none, center, standardize or minmax
	Protocol      string         `json:"protocol,omitempty"`       // pipeline: cross-validated metrics fitted the method inside each training fold; empty: on all rows
	Method        string         `json:"method"`                   // the method's label
	MethodName    string         `json:"method_name"`              // the registered method
	MethodParams  map[string]any `json:"method_params,omitempty"`  // the method parameters the config sets
	Match         string         `json:"match,omitempty"`          // the label of the method a matched method copies k from
	K             int            `json:"k,omitempty"`              // the k a matched method was given
	Rep           int            `json:"rep"`                      // the repetition, from 0
	Seed          uint64         `json:"seed"`
	Status        string         `json:"status"` // StatusOK or StatusFailed
	Error         string         `json:"error,omitempty"`
	NFeatures     int            `json:"n_features"`       // features the method produced
	Values        map[string]Num `json:"values,omitempty"` // the metric values
	Selected      []int          `json:"selected,omitempty"`
	Notes         []string       `json:"notes,omitempty"` // e.g. the metrics that did not apply
}

// OK reports whether the cell's method and metrics succeeded.
func (c *Cell) OK() bool { return c.Status == StatusOK }

// Attr returns an attribute of the cell as text, as tables, figures and
// cells.csv show it (configs/README.md, fields):
//
//	dataset, preprocess, method, match, rep
//	dataset.PARAM, method.PARAM   a parameter the config sets; method.k of a matched method is the k it was given
//
// ok is false when the cell has no such attribute.
func (c *Cell) Attr(name string) (string, bool) {
	switch name {
	case "dataset":
		return c.Dataset, true
	case "preprocess":
		return c.Preprocess, true
	case "method":
		return c.Method, true
	case "match":
		return c.Match, true
	case "rep":
		return strconv.Itoa(c.Rep), true
	}
	if p, ok := strings.CutPrefix(name, "dataset."); ok {
		v, ok := c.DatasetParams[p]
		return params.Format(v), ok
	}
	if p, ok := strings.CutPrefix(name, "method."); ok {
		if p == "k" && c.K > 0 {
			return strconv.Itoa(c.K), true
		}
		v, ok := c.MethodParams[p]
		return params.Format(v), ok
	}
	return "", false
}

// Value returns a metric value of a cell that succeeded.
func (c *Cell) Value(name string) (float64, bool) {
	if !c.OK() {
		return 0, false
	}
	v, ok := c.Values[name]
	return float64(v), ok
}

// Num is a float64 that survives JSON even when it is NaN or infinite
// (written as the strings "NaN", "+Inf", "-Inf").
type Num float64

// MarshalJSON implements json.Marshaler.
func (n Num) MarshalJSON() ([]byte, error) {
	f := float64(n)
	switch {
	case math.IsNaN(f):
		return []byte(`"NaN"`), nil
	case math.IsInf(f, 1):
		return []byte(`"+Inf"`), nil
	case math.IsInf(f, -1):
		return []byte(`"-Inf"`), nil
	}
	return strconv.AppendFloat(nil, f, 'g', -1, 64), nil
}

// UnmarshalJSON implements json.Unmarshaler.
func (n *Num) UnmarshalJSON(b []byte) error {
	if len(b) > 0 && b[0] == '"' {
		var s string
		if err := json.Unmarshal(b, &s); err != nil {
			return err
		}
		f, err := strconv.ParseFloat(s, 64)
		if err != nil {
			return fmt.Errorf("number %q: %v", s, err)
		}
		*n = Num(f)
		return nil
	}
	f, err := strconv.ParseFloat(string(b), 64)
	if err != nil {
		return err
	}
	*n = Num(f)
	return nil
}
