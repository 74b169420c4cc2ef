package methods

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"gonum.org/v1/gonum/mat"
)

// TestRankersIgnoreK: every registered method that claims its ranking does
// not depend on k (Ranker, RankingIgnoresK) selects, when fitted with k,
// the first k features of its fit with k = 0, for every k; Top of the k = 0
// fit gives the same. The harness relies on it to fit such a method once
// for all the cells of a k sweep. The data are positive (CNAFS's convex
// NMF) and the seed is fixed.
func TestRankersIgnoreK(t *testing.T) {
	rng := rand.New(rand.NewPCG(19, 2))
	const n, d = 36, 7
	X := mat.NewDense(n, d, nil)
	for i := range n {
		for j := range d {
			X.Set(i, j, float64(i%3)+float64(j%2)*rng.Float64()+rng.Float64())
		}
	}
	y := labels(n)
	extra := map[string]Params{"usfsm": {"n_clusters": 3}}
	claimed := 0
	for _, spec := range All() {
		if strings.HasSuffix(spec.Name, "-test") {
			continue
		}
		if _, ok := spec.Param("k"); !ok {
			continue
		}
		base := conformanceParams[spec.Name].Clone()
		if base == nil {
			base = Params{}
		}
		for k, v := range extra[spec.Name] {
			base[k] = v
		}
		if _, ok := spec.Param("seed"); ok {
			base["seed"] = 7
		}
		p0 := base.Clone()
		p0["k"] = 0
		m0, err := spec.New(p0)
		if err != nil || !IgnoresK(m0) {
			continue // a Ranker accepts k = 0 (trace ratio does not)
		}
		claimed++
		t.Run(spec.Name, func(t *testing.T) {
			if err := m0.Fit(X, y); err != nil {
				t.Fatalf("k = 0: %v", err)
			}
			all := m0.(Selector).Selected()
			if len(all) != d {
				t.Fatalf("k = 0 ranks %d of %d features", len(all), d)
			}
			for _, k := range []int{1, 3, d} {
				pk := base.Clone()
				pk["k"] = k
				mk, err := spec.New(pk)
				if err != nil {
					t.Fatal(err)
				}
				if !IgnoresK(mk) {
					t.Errorf("k = %d: RankingIgnoresK is false, but true with k = 0", k)
				}
				if err := mk.Fit(X, y); err != nil {
					t.Fatalf("k = %d: %v", k, err)
				}
				got := mk.(Selector).Selected()
				if !slices.Equal(got, all[:k]) {
					t.Errorf("k = %d selects %v, the k = 0 ranking begins %v", k, got, all[:k])
				}
				cut, err := Top(m0.(Ranker), k)
				if err != nil {
					t.Fatal(err)
				}
				if !slices.Equal(cut.Selected(), got) {
					t.Errorf("Top(k = %d) = %v, a fit with k = %d selects %v", k, cut.Selected(), k, got)
				}
			}
			if _, err := Top(m0.(Ranker), d+1); err == nil {
				t.Errorf("Top accepted k = %d > d = %d", d+1, d)
			}
		})
	}
	if claimed < 8 {
		t.Errorf("%d registered methods claim a ranking independent of k; want at least the 8 of QMR-FS Table 2's baselines", claimed)
	}
}

// TestUSFSMRankingDependsOnK: with n_clusters = 0, USFSM's C is k (the
// QMR-FS authors' usfsm), so it must not claim a ranking independent of k.
func TestUSFSMRankingDependsOnK(t *testing.T) {
	m, err := New("usfsm", Params{"k": 3})
	if err != nil {
		t.Fatal(err)
	}
	if IgnoresK(m) {
		t.Error("usfsm with n_clusters = 0 claims a ranking independent of k")
	}
	m, err = New("usfsm", Params{"k": 3, "n_clusters": 4})
	if err != nil {
		t.Fatal(err)
	}
	if !IgnoresK(m) {
		t.Error("usfsm with n_clusters = 4 does not claim a ranking independent of k")
	}
}
