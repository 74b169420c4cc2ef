package format

import "testing"

func TestParseLabelCol(t *testing.T) {
	for in, want := range map[string]LabelCol{
		"":        {},
		"none":    {Kind: LabelNone},
		"NONE":    {Kind: LabelNone},
		"last":    {Kind: LabelLast},
		" 3 ":     {Kind: LabelIndex, Index: 3},
		"0":       {Kind: LabelIndex},
		"class":   {Kind: LabelName, Name: "class"},
		"play?":   {Kind: LabelName, Name: "play?"},
		"x1 x2":   {Kind: LabelName, Name: "x1 x2"},
		"label_3": {Kind: LabelName, Name: "label_3"},
	} {
		got, err := ParseLabelCol(in)
		if err != nil || got != want {
			t.Errorf("ParseLabelCol(%q) = %+v, %v; want %+v", in, got, err, want)
		}
		if back, _ := ParseLabelCol(got.String()); back != got {
			t.Errorf("%q does not read back: %q", in, got.String())
		}
	}
	for _, bad := range []string{"-1", "+-3", "1-2"} {
		if _, err := ParseLabelCol(bad); err == nil {
			t.Errorf("ParseLabelCol(%q): no error", bad)
		}
	}
}
