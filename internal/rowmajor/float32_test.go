package rowmajor

import (
	"math"
	"math/rand/v2"
	"testing"
)

// The vector kernels equal the portable ones to the bit, for every length
// (all tails), offsets that misalign the rows, and values of mixed scale;
// both are close to the float64 sums.
func TestFloat32Kernels(t *testing.T) {
	if !HasVectorKernels() {
		t.Log("no AVX2: only the portable kernels are checked")
	}
	r := rand.New(rand.NewPCG(1, 2))
	buf := make([]float32, 1200)
	buf2 := make([]float32, 1200)
	for i := range buf {
		buf[i] = float32(r.NormFloat64() * math.Exp(3*r.NormFloat64()))
		buf2[i] = float32(r.NormFloat64() * math.Exp(3*r.NormFloat64()))
	}
	for n := 0; n <= 800; n++ {
		if n > 140 && n%31 != 0 && n != 784 {
			continue
		}
		for off := 0; off < 3; off++ {
			a, b := buf[off:off+n], buf2[2*off+1:2*off+1+n+off] // b may be longer
			sq, dot := SqDist32(a, b), Dot32(a, b)
			if g := sqDist32Go(a, b[:n]); math.Float32bits(sq) != math.Float32bits(g) {
				t.Fatalf("n %d off %d: SqDist32 %v, portable %v", n, off, sq, g)
			}
			if g := dot32Go(a, b[:n]); math.Float32bits(dot) != math.Float32bits(g) {
				t.Fatalf("n %d off %d: Dot32 %v, portable %v", n, off, dot, g)
			}
			var s64, d64, abs float64
			for j := range a {
				x, y := float64(a[j]), float64(b[j])
				s64 += (x - y) * (x - y)
				d64 += x * y
				abs += math.Abs(x * y)
			}
			if math.Abs(float64(sq)-s64) > 1e-6*s64 {
				t.Fatalf("n %d: SqDist32 %v, float64 %v", n, sq, s64)
			}
			if math.Abs(float64(dot)-d64) > 1e-6*abs {
				t.Fatalf("n %d: Dot32 %v, float64 %v", n, dot, d64)
			}
		}
	}
}

func BenchmarkSqDist784(b *testing.B) {
	x, y := make([]float64, 784), make([]float64, 784)
	x32, y32 := make([]float32, 784), make([]float32, 784)
	for i := range x {
		x[i], y[i] = float64(i%255), float64(i*7%255)
		x32[i], y32[i] = float32(x[i]), float32(y[i])
	}
	var sink float64
	b.Run("float64", func(b *testing.B) {
		for b.Loop() {
			sink += SqDist(x, y)
		}
	})
	b.Run("float32", func(b *testing.B) {
		for b.Loop() {
			sink += float64(SqDist32(x32, y32))
		}
	})
	b.Run("float32-portable", func(b *testing.B) {
		for b.Loop() {
			sink += float64(sqDist32Go(x32, y32))
		}
	})
	_ = sink
}
