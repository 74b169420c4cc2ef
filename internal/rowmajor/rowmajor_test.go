package rowmajor

import (
	"math"
	"slices"
	"testing"

	"gonum.org/v1/gonum/mat"
)

func TestCopy(t *testing.T) {
	big := mat.NewDense(3, 4, []float64{1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12})
	view := big.Slice(1, 3, 1, 3) // stride 4
	for _, tc := range []struct {
		X    mat.Matrix
		want []float64
	}{
		{view, []float64{6, 7, 10, 11}},
		{view.T(), []float64{6, 10, 7, 11}},
	} {
		got, err := Copy(tc.X, "test")
		if err != nil || !slices.Equal(got, tc.want) {
			t.Errorf("Copy = %v, %v; want %v", got, err, tc.want)
		}
	}
	big.Set(2, 1, math.Inf(1))
	if _, err := Copy(big, "test"); err == nil || err.Error() != "test: X[2][1] = +Inf; remove or impute non-finite values first" {
		t.Errorf("error %v", err)
	}
}

func TestSqDist(t *testing.T) {
	for n := 0; n <= 9; n++ {
		a, b := make([]float64, n), make([]float64, n+2) // b may be longer
		want := 0.0
		for j := range a {
			a[j], b[j] = float64(j*j%7)-2.5, float64(j)/3
			want += (a[j] - b[j]) * (a[j] - b[j])
		}
		if got := SqDist(a, b); math.Abs(got-want) > 1e-13*want {
			t.Errorf("n = %d: SqDist = %v, want %v", n, got, want)
		}
	}
}
