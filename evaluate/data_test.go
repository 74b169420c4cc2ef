package evaluate

import (
	"testing"

	"gonum.org/v1/gonum/mat"

	"github.com/gsbench/gsbench/datasets"
	"github.com/gsbench/gsbench/internal/testutil"
)

func loadCSV(t testing.TB, file string) (*mat.Dense, []int) {
	t.Helper()
	ds, err := datasets.Load(testutil.File(t, file), datasets.Options{LabelCol: "last"})
	if err != nil {
		t.Fatal(err)
	}
	return ds.X, ds.Y
}

// loadUSPS returns the USPS training set (7291 x 256, labels 0-9).
func loadUSPS(t testing.TB) (*mat.Dense, []int) {
	t.Helper()
	ds, err := datasets.Load("usps", datasets.Options{DataDir: testutil.DataDir(t)})
	if err != nil {
		t.Fatal(err)
	}
	return ds.X, ds.Y
}
