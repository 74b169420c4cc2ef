package fmiufs

import (
	"slices"
	"testing"

	"gonum.org/v1/gonum/mat"

	"github.com/gsbench/gsbench/internal/testutil"
	"github.com/gsbench/gsbench/internal/testutil/realdata"
	"github.com/gsbench/gsbench/preprocess"
)

// refCase is one case of testdata/autoufstool_fmiufs.json, written by
// testdata/make_reference.m (GNU Octave 7.3 running the toolbox's ufs_FMI,
// through the QMR-FS authors' fmiufs_model for scale minmax; the command is
// in the script).
type refCase struct {
	Name    string      `json:"name"`
	Scale   Scale       `json:"scale"`
	Lambda  float64     `json:"lambda"`
	Ranking []int       `json:"ranking"`
	X       [][]float64 `json:"x"` // the seeded random inputs; real data is read from GSBENCH_DATA
}

// TestAutoUFSTool compares the ranking with the toolbox's on seeded random
// matrices (integer-coded columns, a duplicated column, ufs_FMI's
// numerical/nominal rule) and on raw Wine and Heart-Statlog.
func TestAutoUFSTool(t *testing.T) {
	var f struct{ Cases []refCase }
	testutil.ReadJSON(t, "testdata/autoufstool_fmiufs.json", &f)
	for _, c := range f.Cases {
		t.Run(c.Name, func(t *testing.T) {
			var X *mat.Dense
			switch c.Name {
			case "wine", "heart-statlog":
				X = realdata.Load(t, c.Name, preprocess.None).X
			default:
				X = mat.NewDense(len(c.X), len(c.X[0]), nil)
				for i, row := range c.X {
					X.SetRow(i, row)
				}
			}
			for _, w := range []int{1, 2} {
				m := New()
				m.Scale, m.Lambda, m.Workers = c.Scale, c.Lambda, w
				if err := m.Fit(X, nil); err != nil {
					t.Fatal(err)
				}
				if !slices.Equal(m.Selected(), c.Ranking) {
					t.Errorf("%d workers: ranking %v, toolbox %v", w, m.Selected(), c.Ranking)
				}
			}
		})
	}
}
