package preprocess

import (
	"math"
	"testing"

	"gonum.org/v1/gonum/mat"
)

func TestKinds(t *testing.T) {
	X := mat.NewDense(4, 3, []float64{
		1, 5, 2,
		2, 5, 4,
		3, 5, 6,
		6, 5, 0,
	})
	for _, tc := range []struct {
		kind     Kind
		col0     []float64
		constant []int
	}{
		{None, []float64{1, 2, 3, 6}, nil},
		{Center, []float64{-2, -1, 0, 3}, nil},
		{Standardize, []float64{-2 / math.Sqrt(3.5), -1 / math.Sqrt(3.5), 0, 3 / math.Sqrt(3.5)}, []int{1}},
		{MinMax, []float64{0, 0.2, 0.4, 1}, []int{1}},
	} {
		out, s, err := Apply(tc.kind, X)
		if err != nil {
			t.Fatalf("%s: %v", tc.kind, err)
		}
		for i, want := range tc.col0 {
			if got := out.At(i, 0); math.Abs(got-want) > 1e-12 {
				t.Errorf("%s: row %d col 0 = %g, want %g", tc.kind, i, got, want)
			}
		}
		if len(s.Constant) != len(tc.constant) || (len(tc.constant) > 0 && s.Constant[0] != tc.constant[0]) {
			t.Errorf("%s: constant columns %v, want %v", tc.kind, s.Constant, tc.constant)
		}
		for i := 0; i < 4; i++ {
			v := out.At(i, 1)
			if math.IsNaN(v) || math.IsInf(v, 0) || (tc.kind != None && v != 0) {
				t.Errorf("%s: constant column value %g", tc.kind, v)
			}
		}
	}
}

// A scaler fitted on training rows is applied unchanged to other rows.
func TestFitOnTrainApplyToTest(t *testing.T) {
	train := mat.NewDense(2, 1, []float64{0, 2})
	s, err := Fit(Standardize, train)
	if err != nil {
		t.Fatal(err)
	}
	out, err := s.Transform(mat.NewDense(1, 1, []float64{3}))
	if err != nil {
		t.Fatal(err)
	}
	if got := out.At(0, 0); got != 2 {
		t.Errorf("test value scaled to %g, want 2", got)
	}
	if _, err := s.Transform(mat.NewDense(1, 2, nil)); err == nil {
		t.Error("column mismatch accepted")
	}
}

func TestErrors(t *testing.T) {
	if _, err := Parse("zscore"); err == nil {
		t.Error("unknown kind accepted")
	}
	if _, _, err := Apply(Standardize, mat.NewDense(2, 1, []float64{1, math.NaN()})); err == nil {
		t.Error("NaN accepted")
	}
}
