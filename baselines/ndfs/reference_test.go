package ndfs

import (
	"math"
	"slices"
	"testing"

	"gonum.org/v1/gonum/mat"

	"github.com/gsbench/gsbench/baselines/graph"
	"github.com/gsbench/gsbench/internal/testutil"
	"github.com/gsbench/gsbench/internal/testutil/realdata"
	"github.com/gsbench/gsbench/preprocess"
)

// sfCase is one case of testdata/scikit_feature_ndfs.json, written by
// testdata/make_reference.py (scikit-feature at commit 48cffad, scikit-learn
// 1.2.1):
//
//	GSBENCH_DATA=/work/shared/datasets /usr/bin/python3 \
//	    baselines/ndfs/testdata/make_reference.py \
//	    > baselines/ndfs/testdata/scikit_feature_ndfs.json
type sfCase struct {
	Name      string    `json:"name"`
	NClusters int       `json:"n_clusters"`
	N         int       `json:"n"`
	WRows     []int     `json:"w_rows"`
	WCols     []int     `json:"w_cols"`
	WVals     []float64 `json:"w_vals"`
	Labels    []int     `json:"labels"`    // the k-means partition F0 comes from
	Objective []float64 `json:"objective"` // every iteration's, as ndfs prints it
	Scores    []float64 `json:"scores"`    // ||w_i||
	Ranking   []int     `json:"ranking"`
}

func sfInput(t *testing.T, name string) *mat.Dense {
	t.Helper()
	switch name {
	case "wine-standardized":
		return realdata.Load(t, "wine", preprocess.Standardize).X
	case "coil20-rows16-cols4":
		X := realdata.Load(t, "coil20", preprocess.None).X
		n, d := X.Dims()
		out := mat.NewDense((n+15)/16, (d+3)/4, nil)
		for i := 0; i < n; i += 16 {
			for j := 0; j < d; j += 4 {
				out.Set(i/16, j/4, X.At(i, j))
			}
		}
		return out
	}
	t.Fatalf("unknown case %s", name)
	return nil
}

// TestScikitFeature runs NDFS with laplacian scikit-feature and orth_norm
// unsquared from scikit-feature's initial indicator on its affinity matrix,
// and compares with scikit-feature's ndfs on standardized Wine and a COIL-20
// subset with more features than samples: the objective of every iteration,
// the number of iterations, ||w_i|| and the ranking. The default (D - S,
// squared norm) follows another path.
func TestScikitFeature(t *testing.T) {
	var f struct{ Cases []sfCase }
	testutil.ReadJSON(t, "testdata/scikit_feature_ndfs.json", &f)
	for _, c := range f.Cases {
		t.Run(c.Name, func(t *testing.T) {
			X := sfInput(t, c.Name)
			S, err := graph.FromCOO(c.N, c.WRows, c.WCols, c.WVals)
			if err != nil {
				t.Fatal(err)
			}
			f0 := initialIndicator(c.Labels, c.NClusters)
			run := func(lap Laplacian, norm OrthNorm) *NDFS {
				m := with(func(m *NDFS) {
					m.NClusters, m.S, m.f0, m.Laplacian, m.OrthNorm = c.NClusters, S, f0, lap, norm
				})
				if err := m.Fit(X, nil); err != nil {
					t.Fatal(err)
				}
				return m
			}
			m := run(ScikitFeature, Unsquared)
			obj := m.Report()["objective"].([]float64)
			if len(obj) != len(c.Objective) {
				t.Errorf("%d iterations, scikit-feature %d", len(obj), len(c.Objective))
			}
			var objGap float64
			for i := range min(len(obj), len(c.Objective)) {
				objGap = math.Max(objGap, math.Abs(obj[i]-c.Objective[i])/math.Abs(c.Objective[i]))
			}
			var scale, gap float64
			for i, v := range c.Scores {
				scale = math.Max(scale, v)
				gap = math.Max(gap, math.Abs(m.Scores()[i]-v))
			}
			t.Logf("scikit-feature variant: %d iterations; objective rel. diff %.2g; ||w_i|| max diff %.2g of %.3g", len(obj), objGap, gap, scale)
			if objGap > 1e-6 || gap > 1e-6*scale {
				t.Errorf("objective differs by %.3g (relative), ||w_i|| by %.3g (of %.3g)", objGap, gap, scale)
			}
			// The rankings agree down to the features of zero weight (zero
			// columns), whose order numpy's argsort leaves arbitrary.
			nz := 0
			for nz < len(c.Ranking) && c.Scores[c.Ranking[nz]] > 1e-12*scale {
				nz++
			}
			if nz < len(c.Ranking)/2 || !slices.Equal(m.Selected()[:nz], c.Ranking[:nz]) {
				t.Errorf("ranking %v, scikit-feature %v (%d features of nonzero weight)", m.Selected(), c.Ranking, nz)
			}

			// The paper's Laplacian D - S is another iteration.
			p := run(DMinusW, Squared)
			var pgap float64
			for i, v := range c.Scores {
				pgap = math.Max(pgap, math.Abs(p.Scores()[i]-v))
			}
			iters := p.Report()["iterations"].(int)
			t.Logf("default (d-minus-w, squared): %d iterations, ||w_i|| max diff %.2g", iters, pgap)
			if iters == len(c.Objective) && pgap < 1e-6*scale {
				t.Errorf("the default reproduces scikit-feature's ndfs (%d iterations, ||w_i|| within %.3g)", iters, pgap)
			}
		})
	}
}
