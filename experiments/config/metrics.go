package config

import (
	"fmt"
	"strings"

	"gopkg.in/yaml.v3"

	"github.com/gsbench/gsbench/evaluate"
	"github.com/gsbench/gsbench/experiments/metric"
	"github.com/gsbench/gsbench/internal/registry"
	"github.com/gsbench/gsbench/params"
)

// MetricSpec is one entry of a config's metrics list.
type MetricSpec struct {
	Name   string
	Params params.Params
	Pos    Pos

	Metric  *metric.Metric // resolved by Load
	Options any            // the decoded options (Metric.Decode)
}

func decodeMetric(d *decoder, n *yaml.Node, path string) *MetricSpec {
	ms := &MetricSpec{Pos: posOf(n), Params: params.Params{}}
	if n.Kind == yaml.ScalarNode {
		ms.Name = d.str(n, path)
		return ms
	}
	d.mapping(n, path,
		field{"name", func(_, v *yaml.Node, p string) { ms.Name = d.str(v, p) }},
		field{"params", func(_, v *yaml.Node, p string) {
			for _, e := range d.entries(v, p) {
				if val, ok := d.plain(e.val, e.path); ok {
					ms.Params[e.key.Value] = val
				}
			}
		}},
	)
	return ms
}

func (c *Config) checkMetrics(d *decoder) {
	seen := map[string]bool{}
	for i, ms := range c.Metrics {
		path := fmt.Sprintf("metrics[%d]", i)
		m, ok := metric.Lookup(ms.Name)
		if !ok {
			names := metric.Names()
			d.errAt(ms.Pos, path, "unknown metric %q%s; the metrics are %s", ms.Name, registry.Suggest(ms.Name, names), strings.Join(names, ", "))
			continue
		}
		ms.Metric = m
		if seen[ms.Name] {
			d.errAt(ms.Pos, path, "metric %s listed twice", ms.Name)
		}
		seen[ms.Name] = true
		o, err := m.Decode(ms.Params)
		if err != nil {
			d.errAt(ms.Pos, path+".params", "%v", err)
			continue
		}
		ms.Options = o
	}
	c.checkProtocol(d)
}

// checkProtocol: the pipeline protocol needs a cross-validated metric to
// apply to, and the time metric reports the pipeline's fold fits only when
// it comes after that metric.
func (c *Config) checkProtocol(d *decoder) {
	if c.Protocol != evaluate.Pipeline {
		return
	}
	cv, tm := -1, -1
	for i, ms := range c.Metrics {
		switch {
		case ms.Metric == nil:
			return // reported
		case ms.Metric.CrossValidated && cv < 0:
			cv = i
		case ms.Name == "time":
			tm = i
		}
	}
	if tm >= 0 && tm < cv {
		d.errAt(c.Metrics[tm].Pos, fmt.Sprintf("metrics[%d]", tm), "under protocol: pipeline, list time after %s, so that it also reports the fits on the training folds (fold_fit_time)", c.Metrics[cv].Name)
	}
	if cv < 0 {
		var names []string
		for _, in := range metric.All() {
			if in.CrossValidated {
				names = append(names, in.Name)
			}
		}
		d.errAt(c.protocolPos, "protocol", "pipeline applies to cross-validated metrics (%s), and this config has none: add one or remove protocol", strings.Join(names, ", "))
	}
}

// ValueNames lists the values the config's metrics record, in the order of
// the metrics list.
func (c *Config) ValueNames() []string {
	var out []string
	for _, ms := range c.Metrics {
		if ms.Metric != nil {
			out = append(out, ms.Metric.ValueNames(ms.Options)...)
		}
	}
	return out
}
