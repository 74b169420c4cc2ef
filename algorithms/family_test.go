package algorithms

import (
	"math"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"gonum.org/v1/gonum/mat"
)

func binom(n, k int) int {
	if k < 0 || k > n {
		return 0
	}
	r := 1
	for i := 1; i <= k; i++ {
		r = r * (n - k + i) / i
	}
	return r
}

func TestFamilyBlocks(t *testing.T) {
	for _, tc := range []struct {
		fam   Family
		count func(j int) int
	}{
		{Multilinear(1), func(j int) int { return 1 }},
		{Multilinear(3), func(j int) int { return binom(j, 0) + binom(j, 1) + binom(j, 2) }},
		// CDC family: multilinear of degree <= 3 and the square z_j^2
		{MultilinearSquares(3), func(j int) int { return binom(j, 0) + binom(j, 1) + binom(j, 2) + 1 }},
		// monomials in j+1 variables of degree <= k, minus those without z_j
		{Poly(3), func(j int) int { return binom(j+1+3, 3) - binom(j+3, 3) }},
		{HermiteFamily(2), func(j int) int { return binom(j+1+2, 2) - binom(j+2, 2) }},
		{Fourier(1), func(j int) int { return 1 + 2 }},
		// z_j, then a_j = 2 (2 choices), a_j = 1 alone (2), a_j = 1 with one earlier variable (4 each)
		{Fourier(2), func(j int) int { return 1 + 2 + 2 + 4*j }},
	} {
		for j := 0; j < 6; j++ {
			terms := tc.fam.New(j)
			if len(terms) != tc.count(j) {
				t.Errorf("%s: New(%d) has %d functions, want %d", tc.fam, j, len(terms), tc.count(j))
			}
			if s := terms[0].String(); s != "z"+string(rune('1'+j)) {
				t.Errorf("%s: New(%d) starts with %s, want z_j itself", tc.fam, j, s)
			}
			seen := map[string]bool{}
			for _, term := range terms {
				s := term.String()
				if seen[s] {
					t.Errorf("%s: New(%d) repeats %s", tc.fam, j, s)
				}
				seen[s] = true
				if !slices.ContainsFunc(term, func(f Factor) bool { return f.Var == j }) {
					t.Errorf("%s: New(%d) has %s, which does not depend on z_j", tc.fam, j, s)
				}
				for _, f := range term {
					if f.Var > j || f.Order < 1 {
						t.Errorf("%s: New(%d) has %s", tc.fam, j, s)
					}
				}
			}
		}
	}
	if got := MultilinearSquares(3).New(1); len(got) != 3 || got[2].String() != "z2^2" {
		t.Errorf("multilinear:3+squares New(1) = %v, want z2, z1*z2, z2^2", got)
	}
	if got := Multilinear(2).New(2); got[1].String() != "z1*z3" || got[2].String() != "z2*z3" {
		t.Errorf("multilinear:2 New(2) = %v", got)
	}
}

func TestParseFamily(t *testing.T) {
	for _, spec := range []string{"multilinear:2", "poly:4", "hermite:3", "fourier:2", "monomials:z1*z2,z1^2*z3", "multilinear:3+squares"} {
		f, err := ParseFamily(spec)
		if err != nil {
			t.Fatalf("%s: %v", spec, err)
		}
		if f.String() != spec {
			t.Errorf("ParseFamily(%q).String() = %q", spec, f)
		}
	}
	for _, bad := range []string{"", "multilinear", "multilinear:0", "multilinear:x", "spline:2", "monomials:", "monomials:x1", "monomials:z0", "monomials:z1^0", "monomials:z1^x", "poly:2+squares", "multilinear:+squares"} {
		if _, err := ParseFamily(bad); err == nil {
			t.Errorf("ParseFamily(%q) accepted", bad)
		}
	}
	m, _ := ParseFamily("monomials:z1,z1*z2,z1^2*z3,z2*z1")
	want := [][]string{{"z1"}, {"z2", "z1*z2"}, {"z3", "z1^2*z3"}, {"z4"}}
	for j, w := range want {
		var got []string
		for _, term := range m.New(j) {
			got = append(got, term.String())
		}
		if !slices.Equal(got, w) {
			t.Errorf("monomials New(%d) = %v, want %v", j, got, w)
		}
	}
}

func TestEvalFactor(t *testing.T) {
	z := []float64{-2, -0.5, 0, 1.5, 3}
	dst := make([]float64, len(z))
	for _, tc := range []struct {
		f    Factor
		want func(x float64) float64
	}{
		{Factor{Basis: Power, Order: 3}, func(x float64) float64 { return x * x * x }},
		{Factor{Basis: Hermite, Order: 1}, func(x float64) float64 { return x }},
		{Factor{Basis: Hermite, Order: 2}, func(x float64) float64 { return x*x - 1 }},
		{Factor{Basis: Hermite, Order: 3}, func(x float64) float64 { return x*x*x - 3*x }},
		{Factor{Basis: Hermite, Order: 4}, func(x float64) float64 { return x*x*x*x - 6*x*x + 3 }},
		{Factor{Basis: Cos, Order: 2}, func(x float64) float64 { return math.Cos(2 * x) }},
		{Factor{Basis: Sin, Order: 3}, func(x float64) float64 { return math.Sin(3 * x) }},
	} {
		evalFactor(tc.f, z, dst)
		for i, x := range z {
			if math.Abs(dst[i]-tc.want(x)) > 1e-12 {
				t.Errorf("%v at %g = %g, want %g", tc.f, x, dst[i], tc.want(x))
			}
		}
	}
}

// poly:k and hermite:k span the same functions, so GFS selects the same
// features with the same trace.
func TestHermiteSpansPoly(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 9))
	X, _ := latentSet(rng, 600, 5, 5)
	a := &GFS{Family: Poly(3), Eps2: 1e-3, Tol: DefaultTol}
	b := &GFS{Family: HermiteFamily(3), Eps2: 1e-3, Tol: DefaultTol}
	for _, g := range []*GFS{a, b} {
		if err := g.Fit(X, nil); err != nil {
			t.Fatal(err)
		}
	}
	if !slices.Equal(a.Selected(), b.Selected()) {
		t.Errorf("poly:3 selected %v, hermite:3 %v", a.Selected(), b.Selected())
	}
	for i := range a.Trace() {
		if math.Abs(a.Trace()[i]-b.Trace()[i]) > 1e-8 {
			t.Errorf("trace differs at %d: %g vs %g", i, a.Trace()[i], b.Trace()[i])
		}
	}
}

// A monomial naming a variable beyond the data's features is an error, not
// a term that silently never becomes available (issue 20).
func TestMonomialsBeyondD(t *testing.T) {
	f, err := ParseFamily("monomials:z1,z2*z99")
	if err != nil {
		t.Fatal(err)
	}
	X := mat.NewDense(20, 13, nil)
	for i := range 20 {
		for j := range 13 {
			X.Set(i, j, float64((i*7+j*3)%11))
		}
	}
	g := NewGFS()
	g.Family = f
	if err := g.Fit(X, nil); err == nil || !strings.Contains(err.Error(), "uses z99, but the data has 13 features") {
		t.Errorf("monomials:z1,z2*z99 on 13 features: %v", err)
	}
}
