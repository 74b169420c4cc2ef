package linalg

import (
	"math"
	"strings"
	"testing"

	"gonum.org/v1/gonum/mat"
)

func TestCheckFinite(t *testing.T) {
	X := mat.NewDense(3, 2, []float64{1, 2, 3, 4, 5, 6})
	if err := CheckFinite("m", X); err != nil {
		t.Fatalf("finite matrix: %v", err)
	}
	for _, bad := range []float64{math.NaN(), math.Inf(1), math.Inf(-1)} {
		Y := mat.DenseCopyOf(X)
		Y.Set(2, 1, bad)
		err := CheckFinite("m", Y)
		if err == nil || !strings.HasPrefix(err.Error(), "m: X[2][1] = ") {
			t.Errorf("%v at [2][1]: error %v", bad, err)
		}
	}
	// A view's stride is respected: the entry outside the view is not seen.
	Z := mat.NewDense(2, 3, []float64{1, 2, math.NaN(), 4, 5, math.NaN()})
	if err := CheckFinite("m", Z.Slice(0, 2, 0, 2).(*mat.Dense)); err != nil {
		t.Errorf("view: %v", err)
	}
}
