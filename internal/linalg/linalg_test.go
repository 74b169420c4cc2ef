package linalg

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"gonum.org/v1/gonum/mat"

	"github.com/gsbench/gsbench/fastblas"
	"github.com/gsbench/gsbench/internal/testutil"
)

// randomGram returns a random d x d Gram matrix A^T A and its eigenvalues in
// decreasing order (gonum's solver).
func randomGram(t *testing.T, rng *rand.Rand, d int) (*mat.SymDense, []float64) {
	t.Helper()
	A := testutil.RandNormal(rng, d+3, d)
	S := mat.NewSymDense(d, nil)
	S.SymOuterK(1, A.T())
	all, _, err := eigenGonum(S, selection{k: d}, false)
	if err != nil {
		t.Fatal(err)
	}
	return S, all
}

func TestEigenSym(t *testing.T) {
	t.Logf("backend: %s (LAPACK %v)", fastblas.Name(), fastblas.HasLAPACK())
	rng := rand.New(rand.NewPCG(1, 1))
	// 200 >= tridiagonalMin: LAPACK's path through dsytrd, dstemr, dormtr.
	for _, d := range []int{1, 5, 70, 200} {
		S, all := randomGram(t, rng, d)
		for _, k := range []int{0, 1, 3, d} {
			vals, vecs, err := EigenSym(S, k, true)
			if err != nil {
				t.Fatal(err)
			}
			var gram mat.Dense
			gram.Mul(vecs.T(), vecs)
			for i := 0; i < len(vals); i++ {
				for j := 0; j < len(vals); j++ {
					want := 0.0
					if i == j {
						want = 1
					}
					if math.Abs(gram.At(i, j)-want) > 1e-10 {
						t.Fatalf("d=%d k=%d: eigenvectors not orthonormal: (V^T V)[%d][%d] = %g", d, k, i, j, gram.At(i, j))
					}
				}
			}
			want := k
			if k <= 0 || k > d {
				want = d
			}
			if len(vals) != want {
				t.Fatalf("d=%d k=%d: %d values", d, k, len(vals))
			}
			for j, v := range vals {
				if math.Abs(v-all[j]) > 1e-10*math.Max(1, all[0]) {
					t.Errorf("d=%d k=%d: value %d = %g, want %g", d, k, j, v, all[j])
				}
				if j > 0 && v > vals[j-1] {
					t.Errorf("d=%d: values not decreasing: %v", d, vals)
				}
				x := mat.NewVecDense(d, mat.Col(nil, j, vecs))
				var sx mat.VecDense
				sx.MulVec(S, x)
				sx.AddScaledVec(&sx, -v, x)
				if res := mat.Norm(&sx, 2); res > 1e-9*math.Max(1, all[0]) {
					t.Errorf("d=%d k=%d: ||S v - lambda v|| = %g for pair %d", d, k, res, j)
				}
				big := 0
				for i := 0; i < d; i++ {
					if math.Abs(x.AtVec(i)) > math.Abs(x.AtVec(big))*(1+1e-12) {
						big = i
					}
				}
				if x.AtVec(big) < 0 {
					t.Errorf("sign convention broken for pair %d", j)
				}
			}
		}
	}
	bad := mat.NewSymDense(2, []float64{1, math.NaN(), math.NaN(), 1})
	if _, _, err := EigenSym(bad, 0, false); err == nil {
		t.Error("NaN accepted")
	}
}

// EigenSymDownTo returns the eigenvalues above the bound and the next one.
func TestEigenSymDownTo(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 3))
	for _, d := range []int{1, 6, 90, 150} {
		S, all := randomGram(t, rng, d)
		// Thresholds: above the largest, between two eigenvalues, below the smallest.
		cases := []struct {
			vl   float64
			want int
		}{{all[0] * 1.5, 1}, {all[d-1] - 1, d}}
		if d > 3 {
			cases = append(cases, struct {
				vl   float64
				want int
			}{(all[2] + all[3]) / 2, 4})
		}
		for _, c := range cases {
			for _, backend := range []string{"default", "gonum"} {
				var vals []float64
				var vecs *mat.Dense
				var err error
				if backend == "gonum" {
					vals, vecs, err = eigenGonum(S, selection{above: true, vl: c.vl}, true)
				} else {
					vals, vecs, err = EigenSymDownTo(S, c.vl, true)
				}
				if err != nil {
					t.Fatal(err)
				}
				if only, _, err := EigenSymDownTo(S, c.vl, false); err != nil || len(only) != c.want {
					t.Fatalf("%s d=%d vl=%g: values only: %d values (%v), want %d", backend, d, c.vl, len(only), err, c.want)
				}
				if len(vals) != c.want || vecs == nil {
					t.Fatalf("%s d=%d vl=%g: %d values (vectors %v), want %d", backend, d, c.vl, len(vals), vecs != nil, c.want)
				}
				for j, v := range vals {
					if math.Abs(v-all[j]) > 1e-10*all[0] {
						t.Errorf("%s d=%d: value %d = %g, want %g", backend, d, j, v, all[j])
					}
					x := mat.NewVecDense(d, mat.Col(nil, j, vecs))
					var sx mat.VecDense
					sx.MulVec(S, x)
					sx.AddScaledVec(&sx, -v, x)
					if res := mat.Norm(&sx, 2); res > 1e-9*all[0] {
						t.Errorf("%s d=%d: ||S v - lambda v|| = %g for pair %d", backend, d, res, j)
					}
				}
			}
		}
	}
	if _, _, err := EigenSymDownTo(mat.NewSymDense(2, []float64{1, 0, 0, 1}), math.NaN(), false); err == nil {
		t.Error("NaN bound accepted")
	}
}

func TestSVD(t *testing.T) {
	rng := rand.New(rand.NewPCG(2, 2))
	for _, dims := range [][2]int{{7, 4}, {4, 7}, {30, 30}, {1, 5}} {
		A := testutil.RandNormal(rng, dims[0], dims[1])
		s, U, V, err := SVD(A)
		if err != nil {
			t.Fatal(err)
		}
		ref, _, _, _ := svdGonum(mat.DenseCopyOf(A))
		var us, back mat.Dense
		us.Mul(U, mat.NewDiagDense(len(s), s))
		back.Mul(&us, V.T())
		back.Sub(&back, A)
		if e := mat.Norm(&back, 2); e > 1e-10 {
			t.Errorf("%v: ||U S V^T - A|| = %g", dims, e)
		}
		for k := range s {
			if math.Abs(s[k]-ref[k]) > 1e-10 {
				t.Errorf("%v: singular value %d = %g, want %g", dims, k, s[k], ref[k])
			}
		}
		var utu mat.Dense
		utu.Mul(U.T(), U)
		for i := range s {
			utu.Set(i, i, utu.At(i, i)-1)
		}
		if e := mat.Norm(&utu, 2); e > 1e-10 {
			t.Errorf("%v: U not orthonormal (%g)", dims, e)
		}
	}
}

func BenchmarkEigenSymTop10of1024(b *testing.B) {
	rng := rand.New(rand.NewPCG(3, 3))
	A := testutil.RandNormal(rng, 1100, 1024)
	S := mat.NewSymDense(1024, nil)
	S.SymOuterK(1, A.T())
	for b.Loop() {
		if _, _, err := EigenSym(S, 10, true); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkEigenSymAll1024(b *testing.B) {
	rng := rand.New(rand.NewPCG(3, 3))
	A := testutil.RandNormal(rng, 1100, 1024)
	S := mat.NewSymDense(1024, nil)
	S.SymOuterK(1, A.T())
	for b.Loop() {
		if _, _, err := EigenSym(S, 0, true); err != nil {
			b.Fatal(err)
		}
	}
}

// A top-k request that cuts through a cluster of equal eigenvalues (where
// LAPACK's index-range search can come back short) still returns k pairs.
func TestEigenSymClusterAtBoundary(t *testing.T) {
	for _, d := range []int{40, 160} {
		testClusterAtBoundary(t, d)
	}
}

func testClusterAtBoundary(t *testing.T, d int) {
	rng := rand.New(rand.NewPCG(4, 4))
	var q mat.QR
	q.Factorize(testutil.RandNormal(rng, d, d))
	var Q mat.Dense
	q.QTo(&Q)
	diag := make([]float64, d)
	for i := range diag {
		switch {
		case i < 3:
			diag[i] = 10 - float64(i)
		case i < 3*d/4:
			diag[i] = 2 // a (3d/4 - 3)-fold eigenvalue; k = 10 cuts through it
		default:
			diag[i] = 1
		}
	}
	var A mat.Dense
	A.Mul(&Q, mat.NewDiagDense(d, diag))
	A.Mul(&A, Q.T())
	S := mat.NewSymDense(d, nil)
	for i := 0; i < d; i++ {
		for j := i; j < d; j++ {
			S.SetSym(i, j, (A.At(i, j)+A.At(j, i))/2)
		}
	}
	vals, vecs, err := EigenSym(S, 10, true)
	if err != nil {
		t.Fatal(err)
	}
	want := []float64{10, 9, 8, 2, 2, 2, 2, 2, 2, 2}
	for i, v := range vals {
		if math.Abs(v-want[i]) > 1e-10 {
			t.Errorf("d=%d: value %d = %g, want %g", d, i, v, want[i])
		}
	}
	if _, c := vecs.Dims(); c != 10 {
		t.Errorf("d=%d: %d vectors, want 10", d, c)
	}
	for j, v := range vals {
		x := mat.NewVecDense(d, mat.Col(nil, j, vecs))
		var sx mat.VecDense
		sx.MulVec(S, x)
		sx.AddScaledVec(&sx, -v, x)
		if res := mat.Norm(&sx, 2); res > 1e-9*10 {
			t.Errorf("d=%d: ||S v - lambda v|| = %g for pair %d", d, res, j)
		}
	}
}

func TestFlipSign(t *testing.T) {
	for _, tc := range []struct {
		v, want []float64
		flipped bool
	}{
		{[]float64{1, -3, 2}, []float64{-1, 3, -2}, true},
		{[]float64{-1, 3, 2}, []float64{-1, 3, 2}, false},
		{[]float64{-2, 2}, []float64{2, -2}, true}, // tie: the first one decides
		{[]float64{0, 0}, []float64{0, 0}, false},
	} {
		v := slices.Clone(tc.v)
		if got := FlipSign(v); got != tc.flipped || !slices.Equal(v, tc.want) {
			t.Errorf("FlipSign(%v) = %v, %v; want %v, %v", tc.v, got, v, tc.flipped, tc.want)
		}
	}
}
