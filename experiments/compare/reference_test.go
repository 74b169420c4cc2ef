package compare

import (
	"strings"
	"testing"
)

// TestShippedReference: every transcribed file of results/reference passes
// the strict validation.
func TestShippedReference(t *testing.T) {
	items, err := LoadReference("../../results/reference")
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, it := range items {
		n += len(it.Values)
	}
	if len(items) < 40 || n < 1000 {
		t.Errorf("%d items, %d values: the reference folder looks incomplete", len(items), n)
	}
}

func TestParseRefItemStrict(t *testing.T) {
	good := `item: journal-table99-x
paper: journal
source: gs-extraction-selection-journal.txt
kind: table
number: "XCIX"
lines: [10, 12]
caption: "c"
metric: n_features
protocol: "p"
notes: "n"
values:
  - {panel: "", dataset: usps, row: "1", column: "0.1", method: gfs, params: {family: "multilinear:1", eps2: 0.1}, value: 3, line: 11}
`
	if _, err := ParseRefItem("x/journal-table99-x.yaml", []byte(good)); err != nil {
		t.Fatalf("valid file rejected: %v", err)
	}
	for _, tc := range []struct{ name, from, to, want string }{
		{"unknown key", "notes: \"n\"", "notes: \"n\"\nextra: 1", "extra"},
		{"quoted value", "value: 3,", "value: \"3\",", "not a number"},
		{"line outside", "line: 11}", "line: 13}", "outside"},
		{"unknown param", "eps2: 0.1}", "eps2: 0.1, foo: 1}", "foo"},
		{"unknown method", "method: gfs", "method: gfz", "gfz"},
		{"bad metric", "metric: n_features", "metric: features", "metric"},
		{"wrong item", "item: journal-table99-x", "item: journal-table98-x", "file name"},
		{"description on a table", "notes: \"n\"", "notes: \"n\"\ndescription: d", "figures only"},
	} {
		bad := strings.Replace(good, tc.from, tc.to, 1)
		if bad == good {
			t.Fatalf("%s: test edit did not apply", tc.name)
		}
		_, err := ParseRefItem("x/journal-table99-x.yaml", []byte(bad))
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: err = %v, want one mentioning %q", tc.name, err, tc.want)
		}
	}
}
