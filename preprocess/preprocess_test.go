package preprocess

import (
	"math"
	"math/rand/v2"
	"slices"
	"strings"
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

// oldStandardize is the column-by-column two-pass formula the row-major
// passes must reproduce bit for bit on ordinary data: mean = sum/n in row
// order, sd = sqrt(sum (x - mean)^2 / n), z = (x - mean) / sd.
func oldStandardize(X *mat.Dense) *mat.Dense {
	n, d := X.Dims()
	out := mat.NewDense(n, d, nil)
	for j := range d {
		col := mat.Col(nil, j, X)
		var sum float64
		for _, v := range col {
			sum += v
		}
		mean := sum / float64(n)
		var ss float64
		for _, v := range col {
			ss += (v - mean) * (v - mean)
		}
		sd := math.Sqrt(ss / float64(n))
		for i, v := range col {
			out.Set(i, j, (v-mean)/sd)
		}
	}
	return out
}

func randomMatrix(n, d int, seed uint64) *mat.Dense {
	r := rand.New(rand.NewPCG(seed, 3))
	X := mat.NewDense(n, d, nil)
	for i := range n {
		for j := range d {
			X.Set(i, j, float64(j+1)*r.NormFloat64()+float64(j)*0.37)
		}
	}
	return X
}

func sameBits(a, b *mat.Dense) (int, int, bool) {
	n, d := a.Dims()
	for i := range n {
		for j := range d {
			if math.Float64bits(a.At(i, j)) != math.Float64bits(b.At(i, j)) {
				return i, j, false
			}
		}
	}
	return 0, 0, true
}

// TestStandardizeSameBits: on ordinary data the row-major passes give the
// bits of the textbook column-by-column formula, whatever the number of
// goroutines (600 columns: three column blocks).
func TestStandardizeSameBits(t *testing.T) {
	X := randomMatrix(97, 600, 1)
	want := oldStandardize(X)
	defer func(w int) { Workers = w }(Workers)
	for _, w := range []int{1, 2, 5} {
		Workers = w
		got, s, err := Apply(Standardize, X)
		if err != nil {
			t.Fatal(err)
		}
		if i, j, ok := sameBits(got, want); !ok {
			t.Errorf("workers %d: [%d][%d] = %v, want %v", w, i, j, got.At(i, j), want.At(i, j))
		}
		if len(s.Constant) != 0 {
			t.Errorf("constant columns %v", s.Constant)
		}
	}
}

// TestStandardizeExtremeScales: standardization is scale-invariant, so a
// column multiplied by 1e200 or 1e-200 (or by a power of two near the ends
// of float64) standardizes like the original; nothing is called constant,
// nothing overflows to Inf or underflows to zero.
func TestStandardizeExtremeScales(t *testing.T) {
	X := randomMatrix(50, 4, 2)
	ref, _, err := Apply(Standardize, X)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []float64{1e200, 1e-200, 0x1p1000, 0x1p-1000, 1e300, 1e-300, 1e-310} {
		Y := mat.DenseCopyOf(X)
		Y.Scale(c, Y)
		got, s, err := Apply(Standardize, Y)
		if err != nil {
			t.Fatalf("scale %g: %v", c, err)
		}
		if len(s.Constant) != 0 {
			t.Errorf("scale %g: constant columns %v", c, s.Constant)
		}
		tol := 1e-13
		if c < 1e-307 {
			tol = 1e-6 // subnormal inputs keep fewer digits
		}
		exact := c == 0x1p1000 || c == 0x1p-1000 // a power of two in range: the same bits
		n, d := X.Dims()
		for i := range n {
			for j := range d {
				g, w := got.At(i, j), ref.At(i, j)
				if exact && g != w || math.Abs(g-w) > tol*math.Max(1, math.Abs(w)) || math.IsNaN(g) {
					t.Fatalf("scale %g: [%d][%d] = %v, want %v", c, i, j, g, w)
				}
			}
		}
	}
	// Values near +-MaxFloat64: x - mean and max - min overflow if formed directly.
	big := mat.NewDense(4, 1, []float64{-1.7e308, 1.7e308, -1.7e308, 1.7e308})
	for _, tc := range []struct {
		kind Kind
		want []float64
	}{
		{Standardize, []float64{-1, 1, -1, 1}},
		{MinMax, []float64{0, 1, 0, 1}},
		{Center, []float64{-1.7e308, 1.7e308, -1.7e308, 1.7e308}},
	} {
		got, _, err := Apply(tc.kind, big)
		if err != nil {
			t.Fatal(err)
		}
		for i, w := range tc.want {
			if g := got.At(i, 0); math.Abs(g-w) > 1e-15*math.Abs(w) {
				t.Errorf("%s of +-1.7e308: [%d] = %v, want %v", tc.kind, i, g, w)
			}
		}
	}
}

func TestIsConstant(t *testing.T) {
	for _, tc := range []struct {
		x    []float64
		want bool
	}{
		{nil, true},
		{[]float64{0, 0, 0}, true},
		{[]float64{5, 5, 5}, true},
		{[]float64{1, 1 + 0x1p-52, 1}, true},                      // one ulp apart
		{[]float64{1e-200, 2e-200, 3e-200}, false},                // tiny but varying
		{[]float64{1e200, 1e200 * (1 + 1e-10)}, false},            // huge, relative spread 1e-10
		{[]float64{1e200, 1e200 * (1 + 1e-14)}, true},             // huge, relative spread 1e-14
		{[]float64{0.1, 0.1 * (1 + 1e-11)}, false},                // the old absolute rule called this constant
		{[]float64{-1.7e308, 1.7e308}, false},                     // range past MaxFloat64
		{[]float64{1, math.NaN(), 1}, false},                      // NaN
		{[]float64{0, 5e-324}, false},                             // two subnormals apart
		{[]float64{1e-320 * 3, 1e-320 * 3, 1e-320 * 3}, true},     // constant subnormal
		{[]float64{-2, -2 * (1 + 1e-13), -2 * (1 - 1e-13)}, true}, // negative, within the tolerance
	} {
		if got := IsConstant(tc.x); got != tc.want {
			t.Errorf("IsConstant(%v) = %v, want %v", tc.x, got, tc.want)
		}
	}
	X := mat.NewDense(3, 4, []float64{
		1, 1e-200, 7, math.NaN(),
		1, 2e-200, 7, 1,
		1, 3e-200, 7 * (1 + 1e-14), 1,
	})
	if got := ConstantColumns(X); !slices.Equal(got, []bool{true, false, true, false}) {
		t.Errorf("ConstantColumns = %v", got)
	}
}

// TestNoneMakesNoPass: Apply(None) returns X itself, unread (a NaN is not
// even looked at); Transform(None) copies.
func TestNoneMakesNoPass(t *testing.T) {
	X := mat.NewDense(2, 2, []float64{1, math.NaN(), 3, 4})
	got, s, err := Apply(None, X)
	if err != nil || got != X {
		t.Fatalf("Apply(None) = %p, %v; want X itself (%p)", got, err, X)
	}
	c, err := s.Transform(X)
	if err != nil || c == X || c.At(1, 0) != 3 {
		t.Errorf("Transform(None) should copy: %v", err)
	}
}

// TestNonFiniteCell: the first non-finite cell in row-major order is named,
// whichever column block holds it.
func TestNonFiniteCell(t *testing.T) {
	X := mat.NewDense(3, 600, nil)
	X.Set(2, 10, math.Inf(1))
	X.Set(1, 550, math.NaN())
	for _, k := range []Kind{Center, Standardize, MinMax} {
		_, _, err := Apply(k, X)
		if err == nil || !strings.Contains(err.Error(), "X[1][550] = NaN") {
			t.Errorf("%s: %v", k, err)
		}
	}
}
