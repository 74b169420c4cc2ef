package importcheck

import (
	"testing"

	"gonum.org/v1/gonum/blas/blas64"
	"gonum.org/v1/gonum/blas/gonum"

	"github.com/gsbench/gsbench/fastblas"
	_ "github.com/gsbench/gsbench/methods" // every method, hence every algorithm and baseline package
)

// Importing the methods registry (and with it every estimator package) must
// leave gonum's BLAS in place: a program chooses OpenBLAS by calling
// fastblas.Enable. This test package must not import internal/testutil,
// which enables it for the other tests.
func TestImportChangesNoGlobalState(t *testing.T) {
	if _, ok := blas64.Implementation().(gonum.Implementation); !ok {
		t.Errorf("importing gsbench replaced gonum's BLAS with %T", blas64.Implementation())
	}
	if fastblas.Enabled() || fastblas.HasLAPACK() {
		t.Errorf("importing gsbench loaded %s", fastblas.Name())
	}
	if err := fastblas.Enable(); err == nil {
		if _, ok := blas64.Implementation().(gonum.Implementation); ok {
			t.Error("fastblas.Enable loaded a library but left gonum's BLAS in place")
		}
	} else {
		t.Logf("no library to load here: %v", err)
	}
}
