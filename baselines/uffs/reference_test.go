package uffs

import (
	"slices"
	"testing"

	"github.com/gsbench/gsbench/internal/testutil"
	"github.com/gsbench/gsbench/internal/testutil/realdata"
	"github.com/gsbench/gsbench/preprocess"
)

// TestAuthorsOrder compares the selection of the authors' schedule
// (sequential depths, cumulative rule, contiguous groups) with their code's
// UnsupervisedFourierFS on Wine and Sonar with several groups in the last
// round: with ranking per-group the features and their order are theirs;
// with ranking global the set is the same and the order differs. The
// reference is testdata/authors_uffs.json, written by
// testdata/make_reference.py (the authors' code at commit 8947eb0):
//
//	GSBENCH_DATA=/work/shared/datasets /usr/bin/python3 \
//	    baselines/uffs/testdata/make_reference.py \
//	    > baselines/uffs/testdata/authors_uffs.json
func TestAuthorsOrder(t *testing.T) {
	var f struct {
		Cases []struct {
			Name               string
			Depth              int
			ClusterSize        []int     `json:"cluster_size"`
			SelectionThreshold []float64 `json:"selection_threshold"`
			Eps                []float64
			Selected           []int
		}
	}
	testutil.ReadJSON(t, "testdata/authors_uffs.json", &f)
	data := map[string]string{"wine": "wine", "sonar": "sonar"}
	for _, c := range f.Cases {
		t.Run(c.Name, func(t *testing.T) {
			var set string
			for prefix, name := range data {
				if len(c.Name) > len(prefix) && c.Name[:len(prefix)] == prefix {
					set = name
				}
			}
			X := realdata.Load(t, set, preprocess.None).X
			run := func(r Ranking) *UFFS {
				u := with(func(u *UFFS) {
					u.Depth, u.Sequential, u.Mode, u.Ranking = c.Depth, true, Cumulative, r
					u.ClusterSize, u.SelectionThreshold, u.Eps = c.ClusterSize, c.SelectionThreshold, c.Eps
				})
				if err := u.Fit(X, nil); err != nil {
					t.Fatal(err)
				}
				return u
			}
			u := run(PerGroup)
			if last := u.RoundReports()[len(u.RoundReports())-1]; last.Groups < 2 {
				t.Fatalf("the last round has %d group; the case needs several", last.Groups)
			}
			if !slices.Equal(u.Selected(), c.Selected) {
				t.Errorf("per-group: selected %v, the authors' code %v", u.Selected(), c.Selected)
			}
			g := run(Global)
			if !slices.Equal(slices.Sorted(slices.Values(g.Selected())), slices.Sorted(slices.Values(c.Selected))) {
				t.Errorf("global: selected %v, not the authors' set %v", g.Selected(), c.Selected)
			}
			if slices.Equal(g.Selected(), c.Selected) {
				t.Errorf("global order %v is the authors' order", g.Selected())
			}
			// Mode top-k keeps the first k of the order.
			_, d := X.Dims()
			topK := func(k int, r Ranking) []int {
				u := with(func(u *UFFS) {
					u.Depth, u.Sequential, u.Mode, u.K, u.Ranking = c.Depth, true, TopK, k, r
					u.ClusterSize, u.Eps = c.ClusterSize, c.Eps
				})
				if err := u.Fit(X, nil); err != nil {
					t.Fatal(err)
				}
				return u.Selected()
			}
			var full [2][]int
			for i, r := range []Ranking{PerGroup, Global} {
				full[i] = topK(d, r)
				k := len(full[i]) / 2
				if got := topK(k, r); !slices.Equal(got, full[i][:k]) {
					t.Errorf("top-%d %s: %v, want the first %d of %v", k, r, got, k, full[i])
				}
			}
			if slices.Equal(full[0], full[1]) {
				t.Errorf("top-k: per-group and global orders agree: %v", full[0])
			}
		})
	}
}
