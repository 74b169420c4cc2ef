package datasets

import (
	"archive/zip"
	"bytes"
	"context"
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
	if !mat.Equal(ds.X, want) || !equalInts(ds.Y, []int{0, 0, 1}) || strings.Join(ds.Classes, ",") != "0,1" {
		t.Errorf("X =\n%v\ny %v classes %v", mat.Formatted(ds.X), ds.Y, ds.Classes)
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

// TestFetchMUSAE: the three files of github-musae come out of one zip (its
// members in a folder, as SNAP's git_web_ml.zip has them), and the fetched
// dataset is checked by shape (here a 3-node network under an entry of that
// shape).
func TestFetchMUSAE(t *testing.T) {
	s := newFetchServer(t)
	var zb bytes.Buffer
	zw := zip.NewWriter(&zb)
	for name, body := range map[string]string{
		"git_web_ml/musae_git_features.json": musaeFeatures,
		"git_web_ml/musae_git_target.csv":    musaeTarget,
		"git_web_ml/musae_git_edges.csv":     "id_1,id_2\n0,1\n1,2\n",
		"git_web_ml/citing.txt":              "cite us",
	} {
		w, _ := zw.Create(name)
		w.Write([]byte(body))
	}
	zw.Close()
	s.extra["/data/git_web_ml.zip"] = zb.Bytes()
	e := *mustEntry(t, "github-musae")
	e.N, e.D = 3, 4
	e.read = readMUSAEEntry(4)
	dir := t.TempDir()
	res, err := fetchEntry(context.Background(), &e, FetchOptions{DataDir: dir, Client: s.client()})
	if err != nil {
		t.Fatal(err)
	}
	if res.N != 3 || res.D != 4 || len(res.Files) != 3 || res.Files[0].Verified != "none" {
		t.Errorf("%+v", res)
	}
	ds, err := loadEntry(&e, Options{DataDir: dir})
	if err != nil || strings.Join(ds.Classes, ",") != "web,ml" {
		t.Errorf("load: %v %v", ds, err)
	}
	// The registry's entry expects 37700 x 4006: a 3-node download never lands.
	if _, err := fetchEntry(context.Background(), mustEntry(t, "github-musae"), FetchOptions{DataDir: t.TempDir(), Client: s.client()}); err == nil || !strings.Contains(err.Error(), "expects 37700 x 4006") {
		t.Errorf("3 nodes for the registry's 37700: %v", err)
	}
}
