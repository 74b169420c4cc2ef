package usfsm

import (
	"fmt"
	"math"
	"slices"
	"testing"

	"gonum.org/v1/gonum/mat"

	"github.com/gsbench/gsbench/internal/testutil"
	"github.com/gsbench/gsbench/internal/testutil/realdata"
	"github.com/gsbench/gsbench/preprocess"
)

// refCase is one case of testdata/qmrfs_authors_usfsm.json, written by
// testdata/make_reference.py from the QMR-FS authors' usfsm.py (the command
// is in the script): the scores gamma(all) - gamma(without r), their
// ranking and the top-C mask of usfsm(X, C), in float64 (commit b986b6a)
// and in float32 (commit d839b0b, the version of the paper's runs).
type refCase struct {
	Name      string      `json:"name"`
	NClusters int         `json:"n_clusters"`
	X         [][]float64 `json:"x"` // the seeded random inputs; real data is read from GSBENCH_DATA
	Gamma     float64     `json:"gamma"`
	Scores    []float64   `json:"scores"`
	Ranking   []int       `json:"ranking"`
	Mask      []int       `json:"selected_mask"`
	Gamma32   float64     `json:"gamma_float32"`
	Scores32  []float64   `json:"scores_float32"`
	Ranking32 []int       `json:"ranking_float32"`
	Mask32    []int       `json:"selected_mask_float32"`
}

func refInput(t *testing.T, c refCase) *mat.Dense {
	t.Helper()
	switch c.Name {
	case "wine":
		return realdata.Load(t, "wine", preprocess.None).X
	case "heart-statlog":
		return realdata.Load(t, "heart-statlog", preprocess.None).X
	case "wine-rows0-59":
		return mat.DenseCopyOf(realdata.Load(t, "wine", preprocess.None).X.Slice(0, 60, 0, 13))
	}
	if c.X == nil {
		t.Fatalf("case %s: no data", c.Name)
	}
	X := mat.NewDense(len(c.X), len(c.X[0]), nil)
	for i, row := range c.X {
		X.SetRow(i, row)
	}
	return X
}

// TestQMRFSAuthors compares the scores and rankings with the QMR-FS
// authors' USFSM on seeded random matrices (one with integer-coded columns)
// and on raw Wine and Heart-Statlog with C = 5 and 8 (40 % and 60 % of the
// features, as in the paper's Table 2).
func TestQMRFSAuthors(t *testing.T) {
	var f struct{ Cases []refCase }
	testutil.ReadJSON(t, "testdata/qmrfs_authors_usfsm.json", &f)
	for _, c := range f.Cases {
		t.Run(fmt.Sprintf("%s/C=%d", c.Name, c.NClusters), func(t *testing.T) {
			X := refInput(t, c)
			m := New()
			m.NClusters = c.NClusters
			if err := m.Fit(X, nil); err != nil {
				t.Fatal(err)
			}
			var scale, diff, diff32 float64
			for r, v := range c.Scores {
				scale = math.Max(scale, math.Abs(v))
				diff = math.Max(diff, math.Abs(m.Scores()[r]-v))
				diff32 = math.Max(diff32, math.Abs(m.Scores()[r]-c.Scores32[r]))
			}
			gdiff := math.Abs(m.Report()["gamma"].(float64) - c.Gamma)
			t.Logf("C = %d: gamma %.6g (diff %.2g); scores max |s| %.3g, max abs diff %.2g (rel %.2g) vs float64, %.2g (rel %.2g) vs float32",
				c.NClusters, c.Gamma, gdiff, scale, diff, diff/scale, diff32, diff32/scale)
			// float64: rounding only (the kernel sum is downdated rather
			// than recomputed, the eigensolvers differ).
			if diff > 1e-10*scale || gdiff > 1e-12*math.Abs(c.Gamma) {
				t.Errorf("scores differ from the authors' float64 version by %.3g (of %.3g), gamma by %.3g", diff, scale, gdiff)
			}
			// float32: single-precision eigenvalues.
			if diff32 > 1e-4*scale {
				t.Errorf("scores differ from the authors' float32 version by %.3g (of %.3g)", diff32, scale)
			}
			if !slices.Equal(m.Selected(), c.Ranking) || !slices.Equal(m.Selected(), c.Ranking32) {
				t.Errorf("ranking %v, authors' %v (float64) and %v (float32)", m.Selected(), c.Ranking, c.Ranking32)
			}
			// usfsm(X, C) keeps the C first of the ranking.
			for _, mask := range [][]int{c.Mask, c.Mask32} {
				var keep []int
				for r, v := range mask {
					if v == 1 {
						keep = append(keep, r)
					}
				}
				if got := slices.Sorted(slices.Values(m.Selected()[:c.NClusters])); !slices.Equal(got, keep) {
					t.Errorf("top %d %v, authors' usfsm keeps %v", c.NClusters, got, keep)
				}
			}
		})
	}
}
