// Package realdata loads the benchmark data sets for tests: a registry name
// read from the GSBENCH_DATA directory (testutil.DataDir), preprocessed,
// with any error failing the test. It is a package of its own, apart from
// testutil, so that package datasets' tests can use testutil.
package realdata

import (
	"testing"

	"gonum.org/v1/gonum/mat"

	"github.com/gsbench/gsbench/datasets"
	"github.com/gsbench/gsbench/internal/testutil"
	"github.com/gsbench/gsbench/preprocess"
)

// Load returns the data set registered as name ("wine", "breast-cancer",
// "coil20", "digits", "mnist", ...; see datasets.Load) with its features
// transformed by prep (preprocess.None or "" leaves them as read), and fails the
// test when GSBENCH_DATA is unset or the data cannot be read or scaled.
func Load(t testing.TB, name string, prep preprocess.Kind) *datasets.Dataset {
	t.Helper()
	ds, err := datasets.Load(name, datasets.Options{DataDir: testutil.DataDir(t)})
	if err != nil {
		t.Fatal(err)
	}
	if prep != "" && prep != preprocess.None {
		if ds.X, _, err = preprocess.Apply(prep, ds.X); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
	}
	return ds
}

// Case returns the data of a reference case: its own rows and labels when
// the fixture holds them (a synthetic case), else the registered data set
// name as read.
func Case(t testing.TB, name string, rows [][]float64, y []int) (*mat.Dense, []int) {
	t.Helper()
	if rows != nil {
		return testutil.Dense(rows), y
	}
	ds := Load(t, name, preprocess.None)
	return ds.X, ds.Y
}
