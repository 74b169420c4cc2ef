package svm

import (
	"math"
	"math/rand/v2"
	"testing"
)

func TestExpFast(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	worst := 0.0
	check := func(x float64) {
		want := math.Exp(x)
		got := expFast(x)
		if want == 0 || math.IsInf(want, 0) {
			if got != want {
				t.Fatalf("expFast(%g) = %g, want %g", x, got, want)
			}
			return
		}
		worst = math.Max(worst, math.Abs(got-want)/want)
	}
	for _, x := range []float64{0, -1e-300, 1e-300, -0.5, 0.5, -1, 1, -700, -708, -708.5, -745, -746, -800, 709, 710, -math.Inf(1), math.Inf(1), math.Ln2 / 2, -math.Ln2 / 2} {
		check(x)
	}
	for range 200000 {
		check(-740 * rng.Float64())
		check(-2 * rng.Float64())
		check(700 * rng.Float64())
	}
	if worst > 1e-14 {
		t.Errorf("largest relative error %g", worst)
	}
	if !math.IsNaN(expFast(math.NaN())) {
		t.Error("expFast(NaN) is not NaN")
	}
}

func BenchmarkExp(b *testing.B) {
	xs := make([]float64, 1024)
	for i := range xs {
		xs[i] = -float64(i) * 0.01
	}
	var s float64
	b.Run("math", func(b *testing.B) {
		for b.Loop() {
			for _, x := range xs {
				s += math.Exp(x)
			}
		}
	})
	b.Run("fast", func(b *testing.B) {
		for b.Loop() {
			for _, x := range xs {
				s += expFast(x)
			}
		}
	})
	_ = s
}

func TestRBFRow(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	n := 1000
	dots, sq, out := make([]float64, n), make([]float64, n), make([]float32, n)
	for j := range dots {
		sq[j] = 300 * rng.Float64()
		dots[j] = (rng.Float64()*2 - 1) * 300
	}
	dots[0], sq[0] = 5, 4 // a negative squared distance is clamped: k = 1
	for _, gamma := range []float64{1e-3, 0.0039, 0.1, 1, 10} {
		rbfRow(out, dots, 6, sq, gamma)
		for j := range out {
			d := math.Max(0, 6+sq[j]-2*dots[j])
			want := float32(math.Exp(-gamma * d))
			if got := out[j]; got != want && math.Abs(float64(got-want)) > 1e-7*float64(want) {
				t.Fatalf("gamma %g, j %d: %g, want %g", gamma, j, got, want)
			}
		}
	}
}
