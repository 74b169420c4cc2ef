package datasets

import (
	"archive/zip"
	"bytes"
	"context"
	"strings"
	"testing"
)

// A three-node MUSAE network (format/musae_test.go reads the same).
const (
	musaeFeatures = `{"0": [1, 3], "2": [0], "1": []}`
	musaeTarget   = "id,name,ml_target\n0,alice,0\n2,carol,1\n1,bob,0\n"
)

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
