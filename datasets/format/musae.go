package format

import (
	"encoding/csv"
	"encoding/json"
	"fmt"
	"io"
	"strconv"
	"strings"
)

// ReadMUSAE reads the node features and targets of a MUSAE social network
// (B. Rozemberczki, C. Allen, R. Sarkar, "Multi-scale attributed node
// embedding", 2021; SNAP's git_web_ml): features is the JSON object mapping
// each node id ("0", "1", ...) to the list of its feature ids, target the
// CSV file "id,name,ml_target" with one row per node. X is n x width with
// X[i][f] = 1 for every feature f of node i (f < width, else an error); Y
// is the target column. The node ids must be 0..n-1, each once in both
// files.
func ReadMUSAE(features, target io.Reader, width int) (*Table, error) {
	if width <= 0 || width > MaxFeatures {
		return nil, fmt.Errorf("musae: width %d: want 1..%d (format.MaxFeatures)", width, MaxFeatures)
	}
	var feats map[string][]int64
	if err := json.NewDecoder(features).Decode(&feats); err != nil {
		return nil, fmt.Errorf("musae features: %v (want a JSON object of node id -> list of feature ids)", err)
	}
	n := len(feats)
	if n == 0 {
		return nil, fmt.Errorf("musae features: no nodes")
	}
	if _, err := CheckCells("musae", int64(n), int64(width)); err != nil {
		return nil, err
	}
	data := make([]float64, n*width)
	for key, fs := range feats {
		i, err := strconv.Atoi(key)
		if err != nil || i < 0 || i >= n || strconv.Itoa(i) != key {
			return nil, fmt.Errorf("musae features: node id %q: the ids of %d nodes must be 0..%d", key, n, n-1)
		}
		for _, f := range fs {
			if f < 0 || f >= int64(width) {
				return nil, fmt.Errorf("musae features: node %d: feature id %d outside 0..%d (the registry's width)", i, f, width-1)
			}
			data[i*width+int(f)] = 1
		}
	}
	cr := csv.NewReader(target)
	cr.ReuseRecord = true
	head, err := cr.Read()
	if err != nil {
		return nil, fmt.Errorf("musae target: line 1: %v", err)
	}
	col := -1
	for j, h := range head {
		if strings.TrimSpace(h) == "ml_target" || strings.TrimSpace(h) == "target" {
			col = j
		}
	}
	if col < 0 || strings.TrimSpace(head[0]) != "id" {
		return nil, fmt.Errorf("musae target: line 1: header %q: want id first and a column ml_target", strings.Join(head, ","))
	}
	labels := make([]string, n)
	seen := make([]bool, n)
	for line := 2; ; line++ {
		rec, err := cr.Read()
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, fmt.Errorf("musae target: line %d: %v", line, err)
		}
		i, err := strconv.Atoi(strings.TrimSpace(rec[0]))
		if err != nil || i < 0 || i >= n || seen[i] {
			return nil, fmt.Errorf("musae target: line %d: node id %q is not a new id in 0..%d", line, rec[0], n-1)
		}
		seen[i] = true
		labels[i] = strings.TrimSpace(rec[col])
		if labels[i] == "" {
			return nil, fmt.Errorf("musae target: line %d: empty target", line)
		}
	}
	for i, ok := range seen {
		if !ok {
			return nil, fmt.Errorf("musae target: node %d has features but no target row", i)
		}
	}
	return &Table{X: newDense(n, width, data), Labels: labels}, nil
}
