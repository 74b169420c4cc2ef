package algorithms

import (
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/gsbench/gsbench/internal/registry"
	"github.com/gsbench/gsbench/params"
)

// Basis is a univariate basis function family b_k(z), indexed by an order k >= 1.
type Basis uint8

// The univariate bases that terms are built from.
const (
	Power   Basis = iota // z^k
	Hermite              // He_k(z), the probabilists' Hermite polynomial
	Cos                  // cos(k z)
	Sin                  // sin(k z)
)

// Factor is one univariate factor b_Order(z_Var) of a Term. Var numbers the
// variables in the order the method specified them (z_0 first).
type Factor struct {
	Var   int
	Basis Basis
	Order int
}

// Term is a function of the variables: the product of its factors.
type Term []Factor

// String writes a term with 1-based variable names, e.g. "z1*z3^2",
// "He2(z1)*z2", "cos(2z1)*sin(z2)".
func (t Term) String() string {
	parts := make([]string, len(t))
	for i, f := range t {
		z := "z" + strconv.Itoa(f.Var+1)
		switch f.Basis {
		case Power:
			parts[i] = z
			if f.Order != 1 {
				parts[i] += "^" + strconv.Itoa(f.Order)
			}
		case Hermite:
			parts[i] = fmt.Sprintf("He%d(%s)", f.Order, z)
		case Cos, Sin:
			name := map[Basis]string{Cos: "cos", Sin: "sin"}[f.Basis]
			if f.Order == 1 {
				parts[i] = fmt.Sprintf("%s(%s)", name, z)
			} else {
				parts[i] = fmt.Sprintf("%s(%d%s)", name, f.Order, z)
			}
		}
	}
	return strings.Join(parts, "*")
}

// Family is a function family F(z) in the variables z_0, z_1, ... (journal
// Section II-A). Every family contains the singletons z_j (Remark 2).
//
// New(j) returns F(z_[j]) \ F(z_[j-1]): the functions that depend on z_j and
// otherwise only on z_0..z_{j-1}, with z_j itself first. The orthogonalization
// engine (Algorithm 1) evaluates and orthogonalizes exactly these when the
// j-th variable is specified. A new family is one type implementing Family.
type Family interface {
	String() string
	New(j int) []Term
}

// FamilySpec describes a kind of function family: its name (the part of a
// family's text before the colon), what it is, an example, and how its
// argument (the part after the colon) is read.
type FamilySpec struct {
	Name    string `json:"name"`
	Summary string `json:"summary"`
	Example string `json:"example"`
	parse   func(arg string) (Family, error)
}

var familySpecs = registry.New[FamilySpec]("family")

// RegisterFamily adds a kind of family, written NAME:ARG, whose argument
// parse reads. A new family is one type implementing Family and one call.
func RegisterFamily(name, summary, example string, parse func(arg string) (Family, error)) {
	familySpecs.Add(name, FamilySpec{Name: name, Summary: summary, Example: example, parse: parse})
}

// Families lists the registered kinds of family, sorted by name.
func Families() []FamilySpec { return familySpecs.All() }

// degree reads the argument of a family of degree k >= 1.
func degree[F Family](kind func(int) F) func(arg string) (Family, error) {
	return func(arg string) (Family, error) {
		k, err := strconv.Atoi(strings.TrimSpace(arg))
		if err != nil || k < 1 {
			return nil, fmt.Errorf("the degree must be an integer >= 1, got %q", arg)
		}
		return kind(k), nil
	}
}

func init() {
	RegisterFamily("multilinear", "multilinear monomials of degree <= k, no variable repeated (the papers' family); multilinear:k+squares adds the squares z_j^2 (the CDC paper's family)", "multilinear:2",
		func(arg string) (Family, error) {
			if deg, ok := strings.CutSuffix(strings.TrimSpace(arg), "+squares"); ok {
				return degree(func(k int) MultilinearSquares { return MultilinearSquares(k) })(deg)
			}
			return degree(func(k int) Multilinear { return Multilinear(k) })(arg)
		})
	RegisterFamily("poly", "all monomials of total degree <= k, powers allowed (also written polynomial:k)", "poly:2",
		degree(func(k int) Poly { return Poly(k) }))
	RegisterFamily("hermite", "products of probabilists' Hermite polynomials He_a(z_i), total degree <= k", "hermite:2",
		degree(func(k int) HermiteFamily { return HermiteFamily(k) }))
	RegisterFamily("fourier", "z_j and products of cos(a z_i), sin(a z_i), total order <= k", "fourier:2",
		degree(func(k int) Fourier { return Fourier(k) }))
	RegisterFamily("monomials", "the listed monomials (variables numbered in selection order); singletons always included", "monomials:z1,z1*z2,z1^2",
		parseMonomials)
	params.RegisterParser(ParseFamily)
}

// ParseFamily returns the family named by spec, NAME:ARG with NAME one of
// the registered kinds (Families):
//
//	multilinear:k          multilinear monomials of degree <= k (no variable repeated)
//	multilinear:k+squares  the same and the squares z_j^2 (the CDC paper's family for k = 3)
//	poly:k                 all monomials of total degree <= k (powers allowed)
//	hermite:k              products of probabilists' Hermite polynomials He_a(z_i), total degree <= k
//	fourier:k              z_j and products of cos(a z_i), sin(a z_i), total order sum(a) <= k
//	monomials:z1,z1*z2,... the listed monomials (variables numbered 1, 2, ... in selection
//	                       order; powers as z1^2); every singleton z_j is always included
func ParseFamily(spec string) (Family, error) {
	name, arg, ok := strings.Cut(strings.TrimSpace(spec), ":")
	name = strings.ToLower(strings.TrimSpace(name))
	if !ok || strings.TrimSpace(arg) == "" {
		return nil, fmt.Errorf("family %q: want NAME:ARG, e.g. multilinear:2, poly:3, hermite:2, fourier:2 or monomials:z1,z1*z2", spec)
	}
	if name == "polynomial" {
		name = "poly"
	}
	fs, err := familySpecs.Get(name)
	if err != nil {
		return nil, fmt.Errorf("family %q: %v", spec, err)
	}
	f, err := fs.parse(arg)
	if err != nil {
		return nil, fmt.Errorf("family %q: %v", spec, err)
	}
	return f, nil
}

// Multilinear is the family of multilinear monomials of degree <= k, the
// papers' main family: z_j times the product of any set of fewer than k
// earlier variables.
type Multilinear int

func (m Multilinear) String() string { return "multilinear:" + strconv.Itoa(int(m)) }

// IsLinear reports whether the family is multilinear:1.
func (m Multilinear) IsLinear() bool { return m == 1 }

// New lists z_j, then z_j z_a (a < j), then z_j z_a z_b (a < b < j), ...
func (m Multilinear) New(j int) []Term {
	var out []Term
	for size := 0; size < int(m) && size <= j; size++ {
		forSubsets(j, size, func(s []int) {
			t := make(Term, 0, size+1)
			for _, v := range s {
				t = append(t, Factor{Var: v, Basis: Power, Order: 1})
			}
			out = append(out, append(t, Factor{Var: j, Basis: Power, Order: 1}))
		})
	}
	return out
}

// MultilinearSquares is Multilinear(k) with the squares z_j^2 added: for
// k = 3 the family {z_i} U {z_i z_j}_{i,j} U {z_i z_j z_k}_{i,j,k distinct}
// of the CDC paper (Sec. V-C, V-D), whose pairs do not require i != j.
// Written multilinear:k+squares.
type MultilinearSquares int

func (m MultilinearSquares) String() string {
	return "multilinear:" + strconv.Itoa(int(m)) + "+squares"
}

// IsLinear is false: the squares are not linear.
func (m MultilinearSquares) IsLinear() bool { return false }

// New lists Multilinear(k).New(j), then z_j^2 (k >= 2).
func (m MultilinearSquares) New(j int) []Term {
	out := Multilinear(m).New(j)
	if m >= 2 {
		out = append(out, Term{{Var: j, Basis: Power, Order: 2}})
	}
	return out
}

// forSubsets calls f with every size-element subset of {0..n-1} in
// lexicographic order (f must not keep the slice).
func forSubsets(n, size int, f func([]int)) {
	s := make([]int, size)
	var rec func(pos, from int)
	rec = func(pos, from int) {
		if pos == size {
			f(s)
			return
		}
		for v := from; v <= n-(size-pos); v++ {
			s[pos] = v
			rec(pos+1, v+1)
		}
	}
	rec(0, 0)
}

// exponents calls f with every exponent vector a over variables 0..j with
// a_j >= 1 and sum(a) <= k, by total degree and then lexicographically on
// the earlier variables (so the first vector is the singleton z_j).
func exponents(j, k int, f func(a []int)) {
	a := make([]int, j+1)
	for total := 1; total <= k; total++ {
		// distribute total over the variables with a_j >= 1
		var rec func(v, left int)
		rec = func(v, left int) {
			if v == j {
				if left >= 1 {
					a[j] = left
					f(a)
				}
				return
			}
			for e := left - 1; e >= 0; e-- { // leave at least 1 for z_j
				a[v] = e
				rec(v+1, left-e)
			}
			a[v] = 0
		}
		rec(0, total)
	}
}

func termFromExponents(a []int, b Basis) Term {
	var t Term
	for v, e := range a {
		switch {
		case e == 1 && b == Hermite: // He_1(z) = z
			t = append(t, Factor{Var: v, Basis: Power, Order: 1})
		case e > 0:
			t = append(t, Factor{Var: v, Basis: b, Order: e})
		}
	}
	return t
}

// Poly is the family of all monomials of total degree <= k (Table III's
// "polynomials of degree up to 4").
type Poly int

func (p Poly) String() string { return "poly:" + strconv.Itoa(int(p)) }

// IsLinear reports whether the family is poly:1.
func (p Poly) IsLinear() bool { return p == 1 }

// New lists the monomials containing z_j, by total degree.
func (p Poly) New(j int) []Term {
	var out []Term
	exponents(j, int(p), func(a []int) { out = append(out, termFromExponents(a, Power)) })
	return out
}

// HermiteFamily is the family of products of probabilists' Hermite
// polynomials prod_i He_{a_i}(z_i) of total degree <= k. It spans the same
// functions as Poly(k) but is better conditioned on standardized data.
type HermiteFamily int

func (h HermiteFamily) String() string { return "hermite:" + strconv.Itoa(int(h)) }

// IsLinear reports whether the family is hermite:1.
func (h HermiteFamily) IsLinear() bool { return h == 1 }

// New lists the products with a_j >= 1, by total degree (He_1(z_j) = z_j first).
func (h HermiteFamily) New(j int) []Term {
	var out []Term
	exponents(j, int(h), func(a []int) { out = append(out, termFromExponents(a, Hermite)) })
	return out
}

// Fourier is the family made of z_j and the products of harmonics
// prod_i h_i(a_i z_i), h_i in {cos, sin}, of total order sum(a_i) <= k
// (the Fourier basis proposed as future work in the journal's Section IX).
// Harmonics are taken of the variables as they are, so data should be on a
// scale where one radian is meaningful (e.g. standardized).
type Fourier int

func (f Fourier) String() string { return "fourier:" + strconv.Itoa(int(f)) }

// New lists z_j, then for each exponent vector (a_j >= 1) every cos/sin choice.
func (f Fourier) New(j int) []Term {
	out := []Term{{{Var: j, Basis: Power, Order: 1}}}
	exponents(j, int(f), func(a []int) {
		base := termFromExponents(a, Cos)
		for mask := 0; mask < 1<<len(base); mask++ {
			t := slices.Clone(base)
			for i := range t {
				if mask&(1<<i) != 0 {
					t[i].Basis = Sin
				}
			}
			out = append(out, t)
		}
	})
	return out
}

// Monomials is a user-listed family of monomials. Variables are numbered by
// selection order; a listed monomial is new at the step of its highest
// variable. Singletons are always included.
type Monomials struct {
	spec  string
	terms []Term // each sorted by variable
}

func (m Monomials) String() string { return "monomials:" + m.spec }

// IsLinear reports whether the list holds singletons only.
func (m Monomials) IsLinear() bool {
	for _, t := range m.terms {
		if len(t) != 1 || t[0].Order != 1 {
			return false
		}
	}
	return true
}

// Variables returns the number of variables the listed monomials use (the
// highest z_j): the data must have at least that many features.
func (m Monomials) Variables() int {
	v := 0
	for _, t := range m.terms {
		v = max(v, t[len(t)-1].Var+1)
	}
	return v
}

// New lists z_j, then the listed monomials whose highest variable is z_j.
func (m Monomials) New(j int) []Term {
	out := []Term{{{Var: j, Basis: Power, Order: 1}}}
	for _, t := range m.terms {
		if t[len(t)-1].Var == j && !(len(t) == 1 && t[0].Order == 1) {
			out = append(out, t)
		}
	}
	return out
}

func parseMonomials(arg string) (Family, error) {
	m := Monomials{}
	var names []string
	seen := map[string]bool{}
	for _, item := range strings.Split(arg, ",") {
		item = strings.ReplaceAll(strings.TrimSpace(item), " ", "")
		if item == "" {
			continue
		}
		exp := map[int]int{}
		for _, f := range strings.Split(item, "*") {
			v, p, hasPow := strings.Cut(f, "^")
			if !strings.HasPrefix(v, "z") {
				return nil, fmt.Errorf("monomial %q: factor %q must look like z3 or z3^2", item, f)
			}
			idx, err := strconv.Atoi(v[1:])
			if err != nil || idx < 1 {
				return nil, fmt.Errorf("monomial %q: variable %q must be z1, z2, ... (1-based, in selection order)", item, v)
			}
			pow := 1
			if hasPow {
				if pow, err = strconv.Atoi(p); err != nil || pow < 1 || pow > 64 {
					return nil, fmt.Errorf("monomial %q: power %q must be an integer in 1..64", item, p)
				}
			}
			exp[idx-1] += pow
		}
		vars := make([]int, 0, len(exp))
		for v := range exp {
			vars = append(vars, v)
		}
		slices.Sort(vars)
		t := make(Term, len(vars))
		for i, v := range vars {
			t[i] = Factor{Var: v, Basis: Power, Order: exp[v]}
		}
		key := t.String()
		if seen[key] {
			continue
		}
		seen[key] = true
		m.terms = append(m.terms, t)
		names = append(names, key)
	}
	if len(m.terms) == 0 {
		return nil, fmt.Errorf("family monomials: empty list (e.g. monomials:z1,z1*z2,z1^2*z3)")
	}
	m.spec = strings.Join(names, ",")
	return m, nil
}

// evalFactor writes b_k(z) into dst.
func evalFactor(f Factor, z, dst []float64) {
	switch f.Basis {
	case Power:
		for i, v := range z {
			dst[i] = intPow(v, f.Order)
		}
	case Hermite:
		// He_0 = 1, He_1 = z, He_{n+1} = z He_n - n He_{n-1}.
		for i, v := range z {
			h0, h1 := 1.0, v
			for n := 1; n < f.Order; n++ {
				h0, h1 = h1, v*h1-float64(n)*h0
			}
			dst[i] = h1
		}
	case Cos:
		for i, v := range z {
			dst[i] = math.Cos(float64(f.Order) * v)
		}
	case Sin:
		for i, v := range z {
			dst[i] = math.Sin(float64(f.Order) * v)
		}
	}
}

func intPow(x float64, k int) float64 {
	r := 1.0
	for ; k > 0; k >>= 1 {
		if k&1 == 1 {
			r *= x
		}
		x *= x
	}
	return r
}
