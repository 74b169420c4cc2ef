package datasets

import (
	"fmt"
	"math"
	"math/rand/v2"
	"slices"

	"gonum.org/v1/gonum/mat"

	"github.com/gsbench/gsbench/internal/registry"
	"github.com/gsbench/gsbench/params"
)

// GeneratorSpec describes a synthetic dataset generator.
type GeneratorSpec struct {
	Name    string         `json:"name"`
	Summary string         `json:"summary"`
	Source  string         `json:"source"` // the paper's section and tables
	Params  []params.Param `json:"params"`
}

type generator struct {
	spec GeneratorSpec
	run  func(p params.Params, seed uint64) (*Dataset, error)
}

// generators holds the synthetic dataset generators by name.
var generators = registry.New[*generator]("generator")

// register adds a generator whose parameters are the tagged fields of the
// struct defaults (the papers' values).
func register[T any](name, summary, source string, defaults T, gen func(cfg T, rng *rng) (*Dataset, error)) {
	ps, err := params.Describe(defaults)
	if err != nil {
		panic(fmt.Sprintf("datasets: generator %s: %v", name, err))
	}
	generators.Add(name, &generator{
		spec: GeneratorSpec{Name: name, Summary: summary, Source: source, Params: ps},
		run: func(p params.Params, seed uint64) (*Dataset, error) {
			cfg := defaults
			if err := p.Decode(name, &cfg); err != nil {
				return nil, err
			}
			ds, err := gen(cfg, newRNG(seed))
			if err != nil {
				return nil, fmt.Errorf("%s: %v", name, err)
			}
			ds.Name = name
			return ds, nil
		},
	})
}

// Generators lists the synthetic dataset generators, sorted by name.
func Generators() []GeneratorSpec {
	all := generators.All()
	out := make([]GeneratorSpec, len(all))
	for i, g := range all {
		out[i] = g.spec
	}
	return out
}

// LookupGenerator returns the generator called name.
func LookupGenerator(name string) (GeneratorSpec, bool) {
	g, ok := generators.Lookup(name)
	if !ok {
		return GeneratorSpec{}, false
	}
	return g.spec, true
}

// Generate draws the synthetic dataset name with parameters p (names as in
// Generators; missing ones take the papers' values) from the random stream
// seed. The same name, parameters and seed give the same bytes on every
// machine and Go version: the generators use math/rand/v2's PCG with a fixed
// stream, their own normal sampler (no math.Exp/Log, whose assembly differs
// between architectures) and no fused multiply-adds.
func Generate(name string, p params.Params, seed uint64) (*Dataset, error) {
	g, err := generators.Get(name)
	if err != nil {
		return nil, err
	}
	return g.run(p, seed)
}

// rngStream is the PCG stream of every generator ("gsbench" in ASCII).
const rngStream = 0x67736265_6e6368

// rng draws the random numbers of a generator.
type rng struct {
	*rand.Rand
	spare    float64
	hasSpare bool
}

func newRNG(seed uint64) *rng { return &rng{Rand: rand.New(rand.NewPCG(seed, rngStream))} }

// normal returns a standard normal deviate by Marsaglia's polar method,
// which needs only arithmetic, a square root and a logarithm (detLog).
func (r *rng) normal() float64 {
	if r.hasSpare {
		r.hasSpare = false
		return r.spare
	}
	for {
		// 2*u is exact, so these round the same whether or not fused.
		u := 2*r.Float64() - 1
		v := 2*r.Float64() - 1
		s := float64(u*u) + float64(v*v)
		if s >= 1 || s == 0 {
			continue
		}
		f := math.Sqrt(-2 * detLog(s) / s)
		r.spare, r.hasSpare = v*f, true
		return u * f
	}
}

// variance returns a deviate of Unif(lo, hi] (never lo, so that a variance
// drawn from Unif(0, n) is never 0).
func (r *rng) variance(lo, hi float64) float64 { return hi - float64((hi-lo)*r.Float64()) }

// subset returns k distinct integers of [0, n) in random order.
func (r *rng) subset(n, k int) []int {
	p := r.Perm(n)
	return p[:k]
}

// detLog is the natural logarithm of x > 0 computed with arithmetic only, so
// that it rounds the same way on every architecture (math.Log uses assembly
// on some). Relative error below 4e-16. x = m 2^e with m in [sqrt(1/2),
// sqrt(2)); log m = 2 atanh(s), s = (m-1)/(m+1), summed as a series in s^2.
func detLog(x float64) float64 {
	m, e := math.Frexp(x) // m in [0.5, 1)
	if m < math.Sqrt2/2 {
		m *= 2
		e--
	}
	s := (m - 1) / (m + 1)
	s2 := float64(s * s)
	// 2 atanh(s) = 2 s (1 + s2/3 + s2^2/5 + ...); |s| <= 0.1716, so s2 <= 0.0295
	// and 13 terms reach below 1e-19.
	sum := 1.0 / 27
	for k := 12; k >= 0; k-- {
		sum = float64(sum*s2) + 1/float64(2*k+1)
	}
	const ln2Hi, ln2Lo = 6.93147180369123816490e-01, 1.90821492927058770002e-10
	fe := float64(e)
	return float64(fe*ln2Hi) + (float64(fe*ln2Lo) + float64(2*s*sum))
}

// monomial is a product of distinct columns.
type monomial []int

// monomials lists every product of `degree` distinct indices of [0, n), in
// lexicographic order.
func monomials(n, degree int) []monomial {
	var out []monomial
	cur := make([]int, 0, degree)
	var rec func(start int)
	rec = func(start int) {
		if len(cur) == degree {
			out = append(out, slices.Clone(cur))
			return
		}
		for i := start; i < n; i++ {
			cur = append(cur, i)
			rec(i + 1)
			cur = cur[:len(cur)-1]
		}
	}
	rec(0)
	return out
}

// binom returns C(n, k), saturating at math.MaxInt32.
func binom(n, k int) int {
	if k < 0 || k > n {
		return 0
	}
	c := 1
	for i := 1; i <= k; i++ {
		c = c * (n - k + i) / i
		if c > math.MaxInt32 {
			return math.MaxInt32
		}
	}
	return c
}

// pickMonomials draws k distinct monomials uniformly without replacement
// from the union of those of the given degrees over n variables.
func (r *rng) pickMonomials(n, k int, degrees ...int) ([]monomial, error) {
	total := 0
	for _, deg := range degrees {
		total += binom(n, deg)
	}
	if total > 1<<22 {
		return nil, fmt.Errorf("%d candidate products: too many to draw from", total)
	}
	if k > total {
		return nil, fmt.Errorf("%d redundant columns need %d distinct products of degree %v of %d variables, but there are only %d", k, k, degrees, n, total)
	}
	var all []monomial
	for _, deg := range degrees {
		all = append(all, monomials(n, deg)...)
	}
	// Partial Fisher-Yates: the first k of a random permutation.
	for i := range k {
		j := i + r.IntN(len(all)-i)
		all[i], all[j] = all[j], all[i]
	}
	return all[:k], nil
}

// product returns the elementwise product of the given columns of z
// (n x p, row-major), times k.
func product(z []float64, p int, cols []int, k float64, dst []float64) {
	for i := range dst {
		v := k
		for _, c := range cols {
			v *= z[i*p+c]
		}
		dst[i] = v
	}
}

// thresholdLabels draws a label function: factors affine forms with
// coefficients Unif(0,1) of the given columns of x (n x p), y = 1 when their
// product is positive (Journal Sec. VIII-B2 eq. of f, CDC Sec. V-C, UFFS
// Sec. V-A). factors = 1 is the linear threshold function (LTF).
func (r *rng) thresholdLabels(x []float64, p int, inputs []int, factors int) ([]int, *LabelFunc) {
	lf := &LabelFunc{Kind: "ptf", Inputs: slices.Clone(inputs)}
	if factors == 1 {
		lf.Kind = "ltf"
	}
	for range factors {
		row := make([]float64, len(inputs)+1)
		for i := range row {
			row[i] = r.Float64()
		}
		lf.Coef = append(lf.Coef, row)
	}
	n := len(x) / p
	y := make([]int, n)
	for i := range n {
		if lf.eval(x[i*p:(i+1)*p]) > 0 {
			y[i] = 1
		}
	}
	return y, lf
}

// eval returns the product of the affine forms at the row x (the
// polynomial for Kind "polynomial").
func (lf *LabelFunc) eval(x []float64) float64 {
	if lf.Kind == "polynomial" {
		return lf.evalPolynomial(x)
	}
	prod := 1.0
	for _, row := range lf.Coef {
		a := row[0]
		for i, c := range lf.Inputs {
			a += float64(row[i+1] * x[c])
		}
		prod *= a
	}
	return prod
}

// Eval returns the class the label function gives the row x (all columns).
func (lf *LabelFunc) Eval(x []float64) int {
	if lf.eval(x) > 0 {
		return 1
	}
	return 0
}

// labelClasses names the classes of a threshold function's labels.
var labelClasses = []string{"-1", "+1"}

// orthonormal returns a random d x d orthonormal matrix, uniformly
// distributed (Haar): the Q factor, with positive R diagonal, of a matrix of
// standard normals, by modified Gram-Schmidt applied twice (plain loops, so
// the bytes do not depend on a BLAS).
func (r *rng) orthonormal(d int) *mat.Dense {
	q := make([][]float64, d) // columns
	for j := range q {
		q[j] = make([]float64, d)
		for i := range q[j] {
			q[j][i] = r.normal()
		}
	}
	for j := range q {
		for range 2 {
			for k := range j {
				var dot float64
				for i := range d {
					dot += float64(q[k][i] * q[j][i])
				}
				for i := range d {
					q[j][i] -= float64(dot * q[k][i])
				}
			}
		}
		var nrm float64
		for i := range d {
			nrm += float64(q[j][i] * q[j][i])
		}
		nrm = math.Sqrt(nrm)
		for i := range d {
			q[j][i] /= nrm
		}
	}
	b := mat.NewDense(d, d, nil)
	for j := range q {
		for i := range d {
			b.Set(i, j, q[j][i])
		}
	}
	return b
}

// permuteColumns returns x (n x p) with column perm[j] of the result holding
// column j of x, and remaps the indices of t accordingly.
func permuteColumns(x []float64, p int, perm []int) []float64 {
	out := make([]float64, len(x))
	n := len(x) / p
	for i := range n {
		for j := range p {
			out[i*p+perm[j]] = x[i*p+j]
		}
	}
	return out
}

func (t *Truth) remap(perm []int) {
	re := func(s []int) {
		for i, v := range s {
			s[i] = perm[v]
		}
	}
	re(t.NonRedundant)
	re(t.Redundant)
	re(t.Relevant)
	if t.Parents != nil {
		np := make(map[int][]int, len(t.Parents))
		for k, v := range t.Parents {
			re(v)
			np[perm[k]] = v
		}
		t.Parents = np
	}
	if t.Coef != nil {
		nc := make(map[int]float64, len(t.Coef))
		for k, v := range t.Coef {
			nc[perm[k]] = v
		}
		t.Coef = nc
	}
	if t.Offset != nil {
		no := make(map[int]float64, len(t.Offset))
		for k, v := range t.Offset {
			no[perm[k]] = v
		}
		t.Offset = no
	}
	if t.Weights != nil {
		nw := make(map[int][]float64, len(t.Weights))
		for k, v := range t.Weights {
			nw[perm[k]] = v
		}
		t.Weights = nw
	}
	if t.Variance != nil {
		nv := make([]float64, len(t.Variance))
		for k, v := range t.Variance {
			nv[perm[k]] = v
		}
		t.Variance = nv
	}
	if t.Label != nil {
		re(t.Label.Inputs)
		for _, m := range t.Label.Monomials {
			re(m)
		}
	}
}

func checkPositive(what string, v int) error {
	if v <= 0 {
		return fmt.Errorf("%s must be positive, got %d", what, v)
	}
	return nil
}

func columnNames(p int) []string {
	out := make([]string, p)
	for j := range out {
		out[j] = fmt.Sprintf("x%d", j+1)
	}
	return out
}
