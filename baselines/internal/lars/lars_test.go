package lars

import (
	"math"
	"math/rand/v2"
	"slices"
	"sort"
	"testing"

	"gonum.org/v1/gonum/floats"
	"gonum.org/v1/gonum/mat"
)

func randProblem(rng *rand.Rand, n, d int) (*mat.Dense, []float64) {
	X := mat.NewDense(n, d, nil)
	y := make([]float64, n)
	for i := 0; i < n; i++ {
		for j := 0; j < d; j++ {
			X.Set(i, j, rng.NormFloat64()+float64(j))
		}
		y[i] = 3*X.At(i, 0) - 2*X.At(i, min(2, d-1)) + rng.NormFloat64()
	}
	return X, y
}

// residualCorrelations returns X_c'(y_c - X_c coef).
func residualCorrelations(X *mat.Dense, y, coef []float64) []float64 {
	p := NewProblem(X)
	n, d := X.Dims()
	r := append([]float64(nil), y...)
	floats.AddConst(-floats.Sum(r)/float64(n), r)
	for i := 0; i < n; i++ {
		r[i] -= floats.Dot(p.xc.RawRowView(i), coef)
	}
	c := make([]float64, d)
	for i := 0; i < n; i++ {
		floats.AddScaled(c, r[i], p.xc.RawRowView(i))
	}
	return c
}

func TestOrthogonalDesign(t *testing.T) {
	// Columns 1..7 of the Hadamard matrix of order 8: centered, X'X = 8 I.
	// LAR then soft-thresholds: after k steps coef_j = sign(c_j)(|c_j| - |c|_(k+1))/8.
	h := [][]float64{{1}}
	for len(h) < 8 {
		m := len(h)
		g := make([][]float64, 2*m)
		for i := range g {
			g[i] = make([]float64, 2*m)
			for j := range g[i] {
				v := h[i%m][j%m]
				if i >= m && j >= m {
					v = -v
				}
				g[i][j] = v
			}
		}
		h = g
	}
	X := mat.NewDense(8, 7, nil)
	for i := 0; i < 8; i++ {
		X.SetRow(i, h[i][1:])
	}
	y := []float64{3, -1, 4, 1, -5, 9, 2, -6}
	c := make([]float64, 7)
	for j := range c {
		c[j] = floats.Dot(mat.Col(nil, j, X), y)
	}
	abs := make([]float64, 7)
	for j := range abs {
		abs[j] = math.Abs(c[j])
	}
	sorted := slices.Clone(abs)
	sort.Sort(sort.Reverse(sort.Float64Slice(sorted)))
	p := NewProblem(X)
	for k := 1; k <= 6; k++ {
		res, err := p.Fit(y, k)
		if err != nil {
			t.Fatal(err)
		}
		for j := range c {
			want := 0.0
			if abs[j] > sorted[k] {
				want = math.Copysign(abs[j]-sorted[k], c[j]) / 8
			}
			if math.Abs(res.Coef[j]-want) > 1e-12 {
				t.Errorf("k=%d: coef %d = %v, want %v", k, j, res.Coef[j], want)
			}
		}
	}
}

func TestFullPathIsLeastSquares(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	X, y := randProblem(rng, 40, 6)
	res, err := NewProblem(X).Fit(y, 0)
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Active) != 6 {
		t.Fatalf("active set %v", res.Active)
	}
	// Ordinary least squares with an intercept.
	p := NewProblem(X)
	yc := append([]float64(nil), y...)
	floats.AddConst(-floats.Sum(yc)/40, yc)
	var beta mat.VecDense
	if err := beta.SolveVec(p.xc, mat.NewVecDense(40, yc)); err != nil {
		t.Fatal(err)
	}
	for j := 0; j < 6; j++ {
		if math.Abs(res.Coef[j]-beta.AtVec(j)) > 1e-10 {
			t.Errorf("coef %d = %v, least squares %v", j, res.Coef[j], beta.AtVec(j))
		}
	}
}

func TestEquiangularInvariant(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for _, dims := range [][2]int{{50, 12}, {15, 40}} {
		X, y := randProblem(rng, dims[0], dims[1])
		p := NewProblem(X)
		for _, k := range []int{1, 3, 7} {
			res, err := p.Fit(y, k)
			if err != nil {
				t.Fatal(err)
			}
			c := residualCorrelations(X, y, res.Coef)
			C := math.Abs(c[res.Active[0]])
			active := map[int]bool{}
			for _, j := range res.Active {
				active[j] = true
				if math.Abs(math.Abs(c[j])-C) > 1e-9*C {
					t.Errorf("%v k=%d: active correlations differ: %v vs %v", dims, k, math.Abs(c[j]), C)
				}
			}
			// The step stops where the next variable ties with the active ones.
			var best float64
			for j, v := range c {
				if !active[j] {
					if math.Abs(v) > C*(1+1e-9) {
						t.Errorf("%v k=%d: inactive %d more correlated than the active set", dims, k, j)
					}
					best = math.Max(best, math.Abs(v))
				}
			}
			if math.Abs(best-C) > 1e-9*C {
				t.Errorf("%v k=%d: next correlation %v, active %v", dims, k, best, C)
			}
			if len(res.Active) != k {
				t.Errorf("%v: %d active for k=%d", dims, len(res.Active), k)
			}
		}
	}
}

func TestGramAndDirectAgree(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	X, y := randProblem(rng, 30, 10)
	withGram := NewProblem(X)
	direct := NewProblem(X)
	direct.gram = nil
	for _, k := range []int{2, 5, 0} {
		a, _ := withGram.Fit(y, k)
		b, _ := direct.Fit(y, k)
		if !slices.Equal(a.Active, b.Active) || !floats.EqualApprox(a.Coef, b.Coef, 1e-10) {
			t.Errorf("k=%d: Gram %v %v, direct %v %v", k, a.Active, a.Coef, b.Active, b.Coef)
		}
	}
}

func TestDegenerate(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	X, y := randProblem(rng, 20, 4)
	// Column 4 duplicates column 0 (the most correlated), column 5 is constant.
	Z := mat.NewDense(20, 6, nil)
	for i := 0; i < 20; i++ {
		row := X.RawRowView(i)
		Z.SetRow(i, []float64{row[0], row[1], row[2], row[3], row[0], 7})
	}
	res, err := NewProblem(Z).Fit(y, 0)
	if err != nil {
		t.Fatal(err)
	}
	for _, v := range res.Coef {
		if math.IsNaN(v) || math.IsInf(v, 0) {
			t.Fatalf("coefficients %v", res.Coef)
		}
	}
	// The duplicate ties with its original for entry: whichever comes
	// second is dependent and dropped (if it is picked at all).
	if res.Coef[5] != 0 || (res.Coef[0] != 0 && res.Coef[4] != 0) || len(res.Dropped) > 1 {
		t.Errorf("coefficients %v, dropped %v", res.Coef, res.Dropped)
	}
	// A constant response has no correlation: nothing enters.
	res, _ = NewProblem(Z).Fit(slices.Repeat([]float64{2}, 20), 3)
	if len(res.Active) != 0 {
		t.Errorf("constant response: active %v", res.Active)
	}
	if _, err := NewProblem(Z).Fit(y[:3], 2); err == nil {
		t.Error("short y accepted")
	}
}
