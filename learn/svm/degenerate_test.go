package svm

import (
	"context"
	"math"
	"math/rand/v2"
	"testing"

	"gonum.org/v1/gonum/mat"
)

func TestDegenerateInputs(t *testing.T) {
	ctx := context.Background()
	for _, tc := range []struct {
		name string
		X    *mat.Dense
		y    []int
		p    Params
	}{
		{"one feature", mat.NewDense(6, 1, []float64{0, 1, 2, 3, 4, 5}), []int{0, 0, 0, 1, 1, 1}, Params{}},
		{"constant features", mat.NewDense(4, 2, []float64{3, 3, 3, 3, 3, 3, 3, 3}), []int{0, 1, 0, 1}, Params{}},
		{"conflicting duplicates", mat.NewDense(4, 1, []float64{1, 1, 2, 2}), []int{0, 1, 0, 1}, Params{Kernel: Linear}},
		{"one sample per class", mat.NewDense(3, 2, []float64{0, 0, 1, 1, 2, 0}), []int{0, 1, 2}, Params{Multiclass: OneVsOne}},
		{"tiny C", mat.NewDense(4, 1, []float64{0, 1, 2, 3}), []int{0, 0, 1, 1}, Params{C: 1e-9}},
		{"poly", mat.NewDense(4, 1, []float64{-2, -1, 1, 2}), []int{0, 1, 1, 0}, Params{Kernel: Poly, Degree: 2, Gamma: "auto", Coef0: 1}},
		{"iteration limit", mat.NewDense(6, 1, []float64{0, 1, 2, 3, 4, 5}), []int{0, 1, 0, 1, 0, 1}, Params{MaxIter: 1}},
		{"no shrinking, tiny cache", mat.NewDense(6, 1, []float64{0, 1, 2, 3, 4, 5}), []int{0, 0, 2, 2, 1, 1}, Params{NoShrinking: true, CacheMB: 1e-9}},
	} {
		m, err := Fit(ctx, tc.X, tc.y, tc.p)
		if err != nil {
			t.Errorf("%s: %v", tc.name, err)
			continue
		}
		pred, err := m.Predict(tc.X)
		if err != nil {
			t.Errorf("%s: %v", tc.name, err)
			continue
		}
		dec, _ := m.DecisionFunction(tc.X)
		for _, v := range dec.RawMatrix().Data {
			if math.IsNaN(v) || math.IsInf(v, 0) {
				t.Errorf("%s: decision value %v", tc.name, v)
			}
		}
		for _, l := range pred {
			if l < 0 || l > 2 {
				t.Errorf("%s: predicted %d", tc.name, l)
			}
		}
		if tc.p.MaxIter == 1 && m.Binary()[0].Converged {
			t.Errorf("%s: reported converged after one iteration", tc.name)
		}
	}
	for _, tc := range []struct {
		name string
		X    *mat.Dense
		y    []int
		p    Params
	}{
		{"single class", mat.NewDense(3, 1, []float64{0, 1, 2}), []int{4, 4, 4}, Params{}},
		{"NaN", mat.NewDense(2, 1, []float64{0, math.NaN()}), []int{0, 1}, Params{}},
		{"Inf", mat.NewDense(2, 1, []float64{0, math.Inf(-1)}), []int{0, 1}, Params{}},
		{"label count", mat.NewDense(2, 1, []float64{0, 1}), []int{0}, Params{}},
		{"negative label", mat.NewDense(2, 1, []float64{0, 1}), []int{0, -1}, Params{}},
		{"C", mat.NewDense(2, 1, []float64{0, 1}), []int{0, 1}, Params{C: -1}},
		{"gamma", mat.NewDense(2, 1, []float64{0, 1}), []int{0, 1}, Params{Gamma: "-3"}},
		{"kernel", mat.NewDense(2, 1, []float64{0, 1}), []int{0, 1}, Params{Kernel: "sigmoid"}},
		{"multiclass", mat.NewDense(2, 1, []float64{0, 1}), []int{0, 1}, Params{Multiclass: "ecoc"}},
	} {
		if _, err := Fit(ctx, tc.X, tc.y, tc.p); err == nil {
			t.Errorf("%s accepted", tc.name)
		}
	}
	m, err := Fit(ctx, mat.NewDense(2, 2, []float64{0, 0, 1, 1}), []int{0, 1}, Params{})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := m.Predict(mat.NewDense(1, 3, nil)); err == nil {
		t.Error("column mismatch accepted by Predict")
	}
	if _, err := m.Predict(mat.NewDense(1, 2, []float64{math.NaN(), 0})); err == nil {
		t.Error("NaN accepted by Predict")
	}
	cancelled, cancel := context.WithCancel(ctx)
	cancel()
	if _, err := Fit(cancelled, mat.NewDense(2, 1, []float64{0, 1}), []int{0, 1}, Params{}); err == nil {
		t.Error("cancelled context ignored")
	}
}

// The model does not depend on the number of goroutines, nor on whether the
// kernel matrix is precomputed or computed column by column into a small
// cache (the latter only up to float rounding of the kernel values).
func TestWorkersAndCacheModes(t *testing.T) {
	rng := rand.New(rand.NewPCG(21, 22))
	n, d := 300, 4
	X := mat.NewDense(n, d, nil)
	y := make([]int, n)
	for i := range n {
		y[i] = i % 4
		for j := range d {
			X.Set(i, j, rng.NormFloat64()+float64(y[i]*(j%2)))
		}
	}
	ctx := context.Background()
	for _, mc := range []Multiclass{OneVsRest, OneVsOne} {
		ref, err := Fit(ctx, X, y, Params{Multiclass: mc, Workers: 1})
		if err != nil {
			t.Fatal(err)
		}
		refDec, _ := ref.DecisionFunction(X)
		for _, p := range []Params{
			{Multiclass: mc, Workers: 3},
			{Multiclass: mc, Workers: 2, CacheMB: 0.05}, // n^2 float32 does not fit: column cache
		} {
			m, err := Fit(ctx, X, y, p)
			if err != nil {
				t.Fatal(err)
			}
			dec, _ := m.DecisionFunction(X)
			tol := 0.0
			if p.CacheMB != 0 {
				tol = 1e-5
			}
			for i, v := range dec.RawMatrix().Data {
				if w := refDec.RawMatrix().Data[i]; math.Abs(v-w) > tol*math.Max(1, math.Abs(w)) {
					t.Fatalf("%s %+v: decision %d = %.17g, reference %.17g", mc, p, i, v, w)
				}
			}
		}
	}
}
