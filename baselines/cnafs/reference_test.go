package cnafs

import (
	"compress/gzip"
	"encoding/json"
	"math"
	"os"
	"slices"
	"testing"

	"gonum.org/v1/gonum/mat"

	"github.com/gsbench/gsbench/internal/testutil/realdata"
	"github.com/gsbench/gsbench/preprocess"
)

// refCase is one case of testdata/autoufstool_cnafs.json.gz, written by
// testdata/make_reference.m (GNU Octave 7.3 running the toolbox's CNAFS.m
// and gpi.m; the command is in the script): the parameters [c alpha beta
// lambda gamma epsilon NITER NMF_K], the objective of every iteration, the
// scores sum(W.^2, 2), the ranking, and the uniform numbers the run drew
// from Octave's rand.
type refCase struct {
	Name      string      `json:"name"`
	Params    []float64   `json:"params"`
	Objective []float64   `json:"objective"`
	Scores    []float64   `json:"scores"`
	Ranking   []int       `json:"ranking"`
	Uniform   []float64   `json:"uniform"`
	X         [][]float64 `json:"x"` // the seeded random inputs; real data is read from GSBENCH_DATA
}

func loadCases(t *testing.T) []refCase {
	t.Helper()
	f, err := os.Open("testdata/autoufstool_cnafs.json.gz")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	z, err := gzip.NewReader(f)
	if err != nil {
		t.Fatal(err)
	}
	var out struct{ Cases []refCase }
	if err := json.NewDecoder(z).Decode(&out); err != nil {
		t.Fatal(err)
	}
	return out.Cases
}

func (c refCase) input(t *testing.T) *mat.Dense {
	t.Helper()
	switch c.Name {
	case "wine", "heart-statlog":
		return realdata.Load(t, c.Name, preprocess.None).X
	}
	X := mat.NewDense(len(c.X), len(c.X[0]), nil)
	for i, row := range c.X {
		X.SetRow(i, row)
	}
	return X
}

// TestAutoUFSTool replays the toolbox's random numbers and compares, on
// seeded random matrices (the paper's parameters, and example.m's) and on
// raw Wine and Heart-Statlog (the paper's parameters, a few iterations),
// the objective of every iteration, the scores and the ranking. The
// toolbox's orth returns -U under Octave and U under MATLAB; the scores do
// not depend on it.
func TestAutoUFSTool(t *testing.T) {
	for _, c := range loadCases(t) {
		t.Run(c.Name, func(t *testing.T) {
			X := c.input(t)
			p := c.Params
			m := New()
			m.NClusters, m.Alpha, m.Beta, m.Lambda, m.Gamma, m.Epsilon = int(p[0]), p[1], p[2], p[3], p[4], p[5]
			m.MaxIter, m.NMFK = int(p[6])-1, int(p[7])
			next := 0
			m.uniform = func() float64 {
				if next >= len(c.Uniform) {
					t.Fatalf("the fit draws more than the %d numbers the toolbox drew", len(c.Uniform))
				}
				next++
				return c.Uniform[next-1]
			}
			if err := m.Fit(X, nil); err != nil {
				t.Fatal(err)
			}
			if next != len(c.Uniform) {
				t.Errorf("the fit drew %d numbers, the toolbox %d", next, len(c.Uniform))
			}
			obj := m.Report()["objective"].([]float64)
			if len(obj) != len(c.Objective) {
				t.Errorf("%d iterations, toolbox %d", len(obj), len(c.Objective))
			}
			var objGap float64
			for i := range min(len(obj), len(c.Objective)) {
				objGap = math.Max(objGap, math.Abs(obj[i]-c.Objective[i])/math.Abs(c.Objective[i]))
			}
			var scale, gap, relGap float64
			for r, v := range c.Scores {
				scale = math.Max(scale, v)
				gap = math.Max(gap, math.Abs(m.Scores()[r]-v))
				relGap = math.Max(relGap, math.Abs(m.Scores()[r]-v)/v)
			}
			t.Logf("%d iterations; objective max rel. diff %.2g; scores max abs diff %.2g (of %.3g), max rel. diff %.2g",
				len(obj), objGap, gap, scale, relGap)
			// With entries of both signs the multiplicative NMF updates divide
			// by sums that partly cancel, and the objective (which reads G and
			// V) amplifies rounding: 4.5e-8 on normal-40x12-example, whose
			// scores still agree to 1e-14.
			tol := 1e-9
			if mat.Min(X) < 0 {
				tol = 1e-6
			}
			if objGap > tol {
				t.Errorf("objective differs by %.3g (relative; tolerance %g)", objGap, tol)
			}
			if gap > 1e-9*scale {
				t.Errorf("scores differ by %.3g (of %.3g)", gap, scale)
			}
			if !slices.Equal(m.Selected(), c.Ranking) {
				t.Errorf("ranking %v, toolbox %v", m.Selected(), c.Ranking)
			}
		})
	}
}
