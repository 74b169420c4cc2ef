package fastblas

import (
	"math"
	"math/rand/v2"
	"testing"

	"gonum.org/v1/gonum/blas"
	"gonum.org/v1/gonum/blas/blas32"
	"gonum.org/v1/gonum/blas/blas64"
	"gonum.org/v1/gonum/blas/gonum"
)

func randSlice(rng *rand.Rand, n int) []float64 {
	s := make([]float64, n)
	for i := range s {
		s[i] = rng.NormFloat64()
	}
	return s
}

func maxDiff(t *testing.T, name string, got, want []float64) {
	t.Helper()
	var d, scale float64
	for i := range got {
		d = math.Max(d, math.Abs(got[i]-want[i]))
		scale = math.Max(scale, math.Abs(want[i]))
	}
	if d > 1e-11*math.Max(1, scale) {
		t.Errorf("%s: max |fast - gonum| = %g (scale %g)", name, d, scale)
	}
}

// Each routine is compared with gonum on sizes above the cgo threshold, with
// padded leading dimensions, every transpose/uplo/side choice and beta != 0.
func TestAgainstGonum(t *testing.T) {
	if !Enabled() {
		t.Logf("no CBLAS library loaded (%s): checking the pure-Go path only", Name())
	}
	rng := rand.New(rand.NewPCG(1, 2))
	fast := blas64.Implementation()
	var ref gonum.Implementation
	const m, n, k, pad = 53, 47, 61, 3
	for _, tA := range []blas.Transpose{blas.NoTrans, blas.Trans} {
		for _, tB := range []blas.Transpose{blas.NoTrans, blas.Trans} {
			ar, ac := m, k
			if tA == blas.Trans {
				ar, ac = k, m
			}
			br, bc := k, n
			if tB == blas.Trans {
				br, bc = n, k
			}
			a := randSlice(rng, ar*(ac+pad))
			b := randSlice(rng, br*(bc+pad))
			c := randSlice(rng, m*(n+pad))
			c2 := append([]float64(nil), c...)
			fast.Dgemm(tA, tB, m, n, k, 1.5, a, ac+pad, b, bc+pad, 0.5, c, n+pad)
			ref.Dgemm(tA, tB, m, n, k, 1.5, a, ac+pad, b, bc+pad, 0.5, c2, n+pad)
			maxDiff(t, "Dgemm", c, c2)
		}
	}
	for _, ul := range []blas.Uplo{blas.Upper, blas.Lower} {
		for _, tr := range []blas.Transpose{blas.NoTrans, blas.Trans} {
			ar, ac := n, k
			if tr == blas.Trans {
				ar, ac = k, n
			}
			a := randSlice(rng, ar*(ac+pad))
			b := randSlice(rng, ar*(ac+pad))
			c := randSlice(rng, n*(n+pad))
			c2 := append([]float64(nil), c...)
			fast.Dsyrk(ul, tr, n, k, 2, a, ac+pad, 0.25, c, n+pad)
			ref.Dsyrk(ul, tr, n, k, 2, a, ac+pad, 0.25, c2, n+pad)
			maxDiff(t, "Dsyrk", c, c2)
			fast.Dsyr2k(ul, tr, n, k, 2, a, ac+pad, b, ac+pad, 0.25, c, n+pad)
			ref.Dsyr2k(ul, tr, n, k, 2, a, ac+pad, b, ac+pad, 0.25, c2, n+pad)
			maxDiff(t, "Dsyr2k", c, c2)
		}
		for _, s := range []blas.Side{blas.Left, blas.Right} {
			na := m
			if s == blas.Right {
				na = n
			}
			a := randSlice(rng, na*(na+pad))
			for i := range a { // a well-conditioned triangle for Dtrsm, unit diagonal or not
				a[i] /= float64(na)
			}
			for i := 0; i < na; i++ {
				a[i*(na+pad)+i] += 1
			}
			b := randSlice(rng, m*(n+pad))
			c := randSlice(rng, m*(n+pad))
			c2 := append([]float64(nil), c...)
			fast.Dsymm(s, ul, m, n, 1.25, a, na+pad, b, n+pad, -1, c, n+pad)
			ref.Dsymm(s, ul, m, n, 1.25, a, na+pad, b, n+pad, -1, c2, n+pad)
			maxDiff(t, "Dsymm", c, c2)
			for _, tr := range []blas.Transpose{blas.NoTrans, blas.Trans} {
				for _, d := range []blas.Diag{blas.Unit, blas.NonUnit} {
					b1 := append([]float64(nil), b...)
					b2 := append([]float64(nil), b...)
					fast.Dtrmm(s, ul, tr, d, m, n, 0.5, a, na+pad, b1, n+pad)
					ref.Dtrmm(s, ul, tr, d, m, n, 0.5, a, na+pad, b2, n+pad)
					maxDiff(t, "Dtrmm", b1, b2)
					fast.Dtrsm(s, ul, tr, d, m, n, 0.5, a, na+pad, b1, n+pad)
					ref.Dtrsm(s, ul, tr, d, m, n, 0.5, a, na+pad, b2, n+pad)
					maxDiff(t, "Dtrsm", b1, b2)
				}
			}
		}
	}
	a := randSlice(rng, 90*(80+pad))
	for _, tr := range []blas.Transpose{blas.NoTrans, blas.Trans} {
		x := randSlice(rng, 2*90)
		y := randSlice(rng, 2*90)
		y2 := append([]float64(nil), y...)
		fast.Dgemv(tr, 90, 80, 0.5, a, 80+pad, x, 2, 2, y, 2)
		ref.Dgemv(tr, 90, 80, 0.5, a, 80+pad, x, 2, 2, y2, 2)
		maxDiff(t, "Dgemv", y, y2)
	}
	for _, ul := range []blas.Uplo{blas.Upper, blas.Lower} {
		x := randSlice(rng, 80)
		y := randSlice(rng, 80)
		y2 := append([]float64(nil), y...)
		fast.Dsymv(ul, 80, 0.5, a, 80+pad, x, 1, 2, y, 1)
		ref.Dsymv(ul, 80, 0.5, a, 80+pad, x, 1, 2, y2, 1)
		maxDiff(t, "Dsymv", y, y2)
	}
	x, y := randSlice(rng, 90), randSlice(rng, 80)
	a2 := append([]float64(nil), a...)
	fast.Dger(90, 80, 0.75, x, 1, y, 1, a, 80+pad)
	ref.Dger(90, 80, 0.75, x, 1, y, 1, a2, 80+pad)
	maxDiff(t, "Dger", a, a2)
}

// A call with a short slice must panic in Go (gonum's check), never reach C.
func TestInvalidCallPanicsInGo(t *testing.T) {
	defer func() {
		if recover() == nil {
			t.Fatal("Dgemm with a short C slice did not panic")
		}
	}()
	fast := blas64.Implementation()
	a := make([]float64, 64*64)
	fast.Dgemm(blas.NoTrans, blas.NoTrans, 64, 64, 64, 1, a, 64, a, 64, 0, make([]float64, 10), 64)
}

func BenchmarkDgemm512(b *testing.B) {
	rng := rand.New(rand.NewPCG(1, 2))
	const n = 512
	x, y, z := randSlice(rng, n*n), randSlice(rng, n*n), make([]float64, n*n)
	fast := blas64.Implementation()
	b.ReportAllocs()
	for b.Loop() {
		fast.Dgemm(blas.NoTrans, blas.NoTrans, n, n, n, 1, x, n, y, n, 0, z, n)
	}
	b.ReportMetric(2*n*n*n/(b.Elapsed().Seconds()/float64(b.N))/1e9, "GFlop/s")
	b.Logf("library: %s", Name())
}

// Serial sections nest and overlap; the thread count comes back afterwards.
func TestSerial(t *testing.T) {
	before := Threads()
	r1 := Serial()
	r2 := Serial()
	if Enabled() && Threads() != 1 {
		t.Errorf("inside Serial: %d threads", Threads())
	}
	r1()
	r1() // idempotent
	if Enabled() && Threads() != 1 {
		t.Errorf("after releasing one of two sections: %d threads", Threads())
	}
	r2()
	if Threads() != before {
		t.Errorf("after both sections: %d threads, want %d", Threads(), before)
	}
}

// Sgemm is compared with gonum's pure-Go Sgemm like Dgemm, with a float32
// tolerance.
func TestSgemmAgainstGonum(t *testing.T) {
	if Enabled() && !hasSgemm {
		t.Errorf("%s loaded without cblas_sgemm: Sgemm runs in gonum", Name())
	}
	rng := rand.New(rand.NewPCG(3, 4))
	fast := blas32.Implementation()
	var ref gonum.Implementation
	rand32 := func(n int) []float32 {
		s := make([]float32, n)
		for i := range s {
			s[i] = float32(rng.NormFloat64())
		}
		return s
	}
	const m, n, k, pad = 53, 47, 61, 3
	for _, tA := range []blas.Transpose{blas.NoTrans, blas.Trans} {
		for _, tB := range []blas.Transpose{blas.NoTrans, blas.Trans} {
			ar, ac := m, k
			if tA == blas.Trans {
				ar, ac = k, m
			}
			br, bc := k, n
			if tB == blas.Trans {
				br, bc = n, k
			}
			a, b, c := rand32(ar*(ac+pad)), rand32(br*(bc+pad)), rand32(m*(n+pad))
			c2 := append([]float32(nil), c...)
			fast.Sgemm(tA, tB, m, n, k, 1.5, a, ac+pad, b, bc+pad, 0.5, c, n+pad)
			ref.Sgemm(tA, tB, m, n, k, 1.5, a, ac+pad, b, bc+pad, 0.5, c2, n+pad)
			var d float64
			for i := range c {
				d = math.Max(d, math.Abs(float64(c[i]-c2[i])))
			}
			// sums of 61 products of N(0, 1) values, in float32
			if d > 1e-4 {
				t.Errorf("Sgemm %v %v: max |fast - gonum| = %g", tA, tB, d)
			}
		}
	}
}

func BenchmarkSgemm512(b *testing.B) {
	const n = 512
	x, y, z := make([]float32, n*n), make([]float32, n*n), make([]float32, n*n)
	for i := range x {
		x[i], y[i] = float32(i%7)-3, float32(i%5)-2
	}
	fast := blas32.Implementation()
	for b.Loop() {
		fast.Sgemm(blas.NoTrans, blas.NoTrans, n, n, n, 1, x, n, y, n, 0, z, n)
	}
	b.ReportMetric(2*n*n*n/(b.Elapsed().Seconds()/float64(b.N))/1e9, "GFlop/s")
}
