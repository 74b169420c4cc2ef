package format

import (
	"strings"
	"testing"

	"gonum.org/v1/gonum/mat"
)

const (
	musaeFeatures = `{"0": [1, 3], "2": [0], "1": []}`
	musaeTarget   = "id,name,ml_target\n0,alice,0\n2,carol,1\n1,bob,0\n"
)

func TestReadMUSAE(t *testing.T) {
	ds, err := ReadMUSAE(strings.NewReader(musaeFeatures), strings.NewReader(musaeTarget), 4)
	if err != nil {
		t.Fatal(err)
	}
	want := mat.NewDense(3, 4, []float64{0, 1, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0})
	if !mat.Equal(ds.X, want) || strings.Join(ds.Labels, ",") != "0,0,1" || ds.Classes != nil {
		t.Errorf("X =\n%v\nlabels %v classes %v", mat.Formatted(ds.X), ds.Labels, ds.Classes)
	}
	for name, tc := range map[string]struct{ feats, target, want string }{
		"wide id":     {`{"0": [4]}`, "id,ml_target\n0,1\n", "feature id 4 outside 0..3"},
		"node id":     {`{"0": [], "5": []}`, "id,ml_target\n0,1\n", `node id "5"`},
		"not json":    {`[1, 2]`, "id,ml_target\n", "JSON object"},
		"no target":   {`{"0": []}`, "id,name\n0,a\n", "ml_target"},
		"missing row": {`{"0": [], "1": []}`, "id,ml_target\n0,1\n", "node 1 has features but no target"},
		"twice":       {`{"0": []}`, "id,ml_target\n0,1\n0,1\n", "not a new id"},
	} {
		if _, err := ReadMUSAE(strings.NewReader(tc.feats), strings.NewReader(tc.target), 4); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: %v, want %q", name, err, tc.want)
		}
	}
}
