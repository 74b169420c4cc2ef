package svdentropy

import (
	"math"
	"math/rand/v2"
	"slices"
	"sort"
	"testing"

	"gonum.org/v1/gonum/mat"

	"github.com/gsbench/gsbench/internal/linalg"
)

// bruteCE computes every leave-one-out SVD.
func bruteCE(X *mat.Dense) []float64 {
	n, d := X.Dims()
	ent := func(A mat.Matrix) float64 {
		s, _, _, err := linalg.SVD(A)
		if err != nil {
			panic(err)
		}
		ev := make([]float64, len(s))
		for j, v := range s {
			ev[j] = v * v
		}
		return Entropy(ev, len(s))
	}
	full := ent(X)
	out := make([]float64, d)
	for i := 0; i < d; i++ {
		Y := mat.NewDense(n, d-1, nil)
		for r := 0; r < n; r++ {
			row := slices.Delete(slices.Clone(X.RawRowView(r)), i, i+1)
			Y.SetRow(r, row)
		}
		out[i] = full - ent(Y)
	}
	return out
}

func TestAgainstLeaveOneOutSVDs(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 1))
	for _, tc := range []struct {
		name string
		n, d int
		edit func(X *mat.Dense)
	}{
		{"tall", 60, 12, nil},
		{"wide", 15, 40, nil},
		{"square", 20, 20, nil},
		{"rank-deficient", 30, 10, func(X *mat.Dense) {
			n, _ := X.Dims()
			for r := 0; r < n; r++ {
				X.Set(r, 3, X.At(r, 1))              // duplicate column
				X.Set(r, 7, 2*X.At(r, 0)-X.At(r, 2)) // dependent column
				X.Set(r, 9, 0)                       // zero column
			}
		}},
		{"scaled", 40, 8, func(X *mat.Dense) {
			n, d := X.Dims()
			for r := 0; r < n; r++ {
				for c := 0; c < d; c++ {
					X.Set(r, c, X.At(r, c)*math.Pow(10, float64(c-4)))
				}
			}
		}},
		{"two columns", 9, 2, nil},
	} {
		X := mat.NewDense(tc.n, tc.d, nil)
		for r := 0; r < tc.n; r++ {
			for c := 0; c < tc.d; c++ {
				X.Set(r, c, rng.NormFloat64()+0.5*float64(c%3))
			}
		}
		if tc.edit != nil {
			tc.edit(X)
		}
		m := &SVDEntropy{}
		if err := m.Fit(X, nil); err != nil {
			t.Fatal(err)
		}
		want := bruteCE(X)
		for i := range want {
			if math.Abs(m.Scores()[i]-want[i]) > 1e-11 {
				t.Errorf("%s: CE_%d = %.15g, leave-one-out SVD %.15g", tc.name, i, m.Scores()[i], want[i])
			}
		}
	}
}

// The secular solver against a dense eigensolver, on clustered and repeated
// poles.
func TestDowndate(t *testing.T) {
	rng := rand.New(rand.NewPCG(2, 2))
	for _, lambda := range [][]float64{
		{9, 4, 1},
		{5, 5, 5, 2, 2, 0, 0},
		{1e6, 1, 1 + 1e-13, 1e-8, 0},
		{3, 2.9999999, 1, 0.5},
	} {
		for trial := 0; trial < 5; trial++ {
			r := len(lambda)
			// z from a PSD-preserving removal: z = S v with ||v|| <= 1.
			v := make([]float64, r)
			var nv float64
			for j := range v {
				v[j] = rng.NormFloat64()
				if trial == 1 && j%2 == 0 {
					v[j] = 0
				}
				nv += v[j] * v[j]
			}
			z := make([]float64, r)
			for j := range z {
				z[j] = math.Sqrt(lambda[j]) * v[j] / math.Sqrt(nv) * rng.Float64()
			}
			var ws workspace
			got := slices.Clone(downdate(lambda, z, &ws))
			sort.Sort(sort.Reverse(sort.Float64Slice(got)))
			A := mat.NewSymDense(r, nil)
			for i := 0; i < r; i++ {
				for j := i; j < r; j++ {
					a := -z[i] * z[j]
					if i == j {
						a += lambda[i]
					}
					A.SetSym(i, j, a)
				}
			}
			want, _, err := linalg.EigenSym(A, 0, false)
			if err != nil {
				t.Fatal(err)
			}
			for j := range want {
				if math.Abs(got[j]-math.Max(0, want[j])) > 1e-12*lambda[0] {
					t.Errorf("lambda %v z %v: eigenvalue %d = %v, want %v", lambda, z, j, got[j], want[j])
				}
			}
		}
	}
}

func TestRanking(t *testing.T) {
	// Three independent columns with equal variance and a copy of column 0:
	// the independent ones raise the entropy most; the copy and its original
	// lower it when present... both contribute least.
	rng := rand.New(rand.NewPCG(3, 3))
	X := mat.NewDense(200, 4, nil)
	for r := 0; r < 200; r++ {
		a := rng.NormFloat64()
		X.SetRow(r, []float64{a, rng.NormFloat64(), rng.NormFloat64(), a})
	}
	m := &SVDEntropy{K: 2}
	if err := m.Fit(X, nil); err != nil {
		t.Fatal(err)
	}
	if got := slices.Sorted(slices.Values(m.Selected())); !slices.Equal(got, []int{1, 2}) {
		t.Errorf("selected %v (scores %v), want the independent columns 1 and 2", m.Selected(), m.Scores())
	}
	if err := (&SVDEntropy{}).Fit(mat.NewDense(5, 1, nil), nil); err == nil {
		t.Error("one column accepted")
	}
	Z := &SVDEntropy{}
	if err := Z.Fit(mat.NewDense(5, 3, nil), nil); err != nil || Z.Scores()[0] != 0 {
		t.Errorf("zero matrix: %v, %v", err, Z.Scores())
	}
}
