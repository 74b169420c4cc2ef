package config

import (
	"slices"
	"strings"
	"testing"

	"github.com/gsbench/gsbench/params"
)

// TestPassThrough: an external method takes parameters it does not
// declare, typed as YAML gives them, swept like any other; other methods
// still reject them.
func TestPassThrough(t *testing.T) {
	const cfg = `name: pass
datasets: [journal-gfr]
methods:
  - name: external-select
    params: {command: "python3 my.py", k: 2, alpha: [0.5, 1], mode: fast, deep: true, n: 3}
metrics: [n_selected]
tables:
  - {name: t, rows: method.alpha, columns: method.mode, value: n_selected}
`
	c, err := Parse("pass.yaml", []byte(cfg))
	if err != nil {
		t.Fatal(err)
	}
	m := c.Methods[0]
	got := map[string][]any{}
	for _, s := range m.Params {
		got[s.Name] = s.Values
	}
	want := map[string][]any{"command": {"python3 my.py"}, "k": {2}, "alpha": {0.5, 1}, "mode": {"fast"}, "deep": {true}, "n": {3}}
	for name, w := range want {
		if !slices.Equal(got[name], w) {
			t.Errorf("%s = %#v, want %#v", name, got[name], w)
		}
	}
	var combos []string
	EachCombination(m.Params, func(p params.Params) bool {
		combos = append(combos, params.Format(p["alpha"]))
		return true
	})
	if !slices.Equal(combos, []string{"0.5", "1"}) {
		t.Errorf("sweep over alpha: %v", combos)
	}

	for _, tc := range []struct{ old, new, want string }{
		{"n: 3}", "n: [[1, 2]]}", "pass.yaml:5:90: methods[0].params.n: a list inside a list"},
		{"n: 3}", "n: .nan}", "want a finite number"},
		{"command: \"python3 my.py\", ", "", "command is required"},
		{"name: external-select", "name: ls", `method ls has no parameter "alpha"`},
	} {
		_, err := Parse("pass.yaml", []byte(strings.Replace(cfg, tc.old, tc.new, 1)))
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s -> %s: %v, want %q", tc.old, tc.new, err, tc.want)
		}
	}
}
