package datasets

import (
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"
)

// Journal Appendix E, Example 4 (Tables XVII-XIX): five features
// X1 ~ N(0, 0.9), X2 ~ N(0, 0.8), X3 ~ N(0, 0.7) mutually independent,
// X4 = X1 X3 and X5 = X1 X2^2, 10,000 samples. GFR with polynomials of total
// degree <= 3 runs on the five features; kernel PCA on the explicit degree-3
// feature map Phi(X) (Table XVIII: 1 + 5 + 15 + 35 = 56 monomials), which
// feature_map: poly3 returns as the data.

func init() {
	register("journal-example4",
		"X1, X2, X3 independent normals, X4 = X1 X3, X5 = X1 X2^2; optionally the explicit degree-3 monomial map of the five (56 columns)",
		"Journal Appendix E, Example 4, Tables XVII-XIX", example4Params{
			NSamples: 10000, Var1: 0.9, Var2: 0.8, Var3: 0.7, FeatureMap: "none", MapDegree: -1,
		}, genExample4)
}

type example4Params struct {
	NSamples   int     `param:"n_samples" doc:"number of samples (Example 4: 10,000)"`
	Var1       float64 `param:"var1" doc:"the s of X1 ~ N(0, s) (0.9)"`
	Var2       float64 `param:"var2" doc:"the s of X2 ~ N(0, s) (0.8)"`
	Var3       float64 `param:"var3" doc:"the s of X3 ~ N(0, s) (0.7)"`
	Std        bool    `param:"std" doc:"read s as the standard deviation instead of the variance (the paper's N(0, s) does not say which)"`
	FeatureMap string  `param:"feature_map" doc:"none (the five features) or poly3: every monomial of X1..X5 of total degree <= 3, constant included, in graded lexicographic order as journal Table XIX (56 columns, named like \"X1^2 X2\")"`
	MapDegree  int     `param:"map_degree" doc:"poly3 only: keep the monomials of this total degree (0..3; Table XVIII counts them); -1 keeps all"`
}

func genExample4(c example4Params, r *rng) (*Dataset, error) {
	if err := checkPositive("n_samples", c.NSamples); err != nil {
		return nil, err
	}
	if !(c.Var1 > 0 && c.Var2 > 0 && c.Var3 > 0) {
		return nil, fmt.Errorf("var1, var2 and var3 must be positive")
	}
	if c.FeatureMap != "none" && c.FeatureMap != "poly3" {
		return nil, fmt.Errorf("feature_map %q: use none or poly3", c.FeatureMap)
	}
	if c.MapDegree < -1 || c.MapDegree > 3 || c.MapDegree != -1 && c.FeatureMap != "poly3" {
		return nil, fmt.Errorf("map_degree %d: use -1 (all), or 0..3 with feature_map poly3", c.MapDegree)
	}
	sd := []float64{c.Var1, c.Var2, c.Var3}
	v := make([]float64, 3)
	for i := range sd {
		if c.Std {
			v[i] = float64(sd[i] * sd[i])
		} else {
			v[i], sd[i] = sd[i], math.Sqrt(sd[i])
		}
	}
	N := c.NSamples
	const p = 5
	x := make([]float64, N*p)
	for s := range N {
		row := x[s*p : (s+1)*p]
		for i := range 3 {
			row[i] = sd[i] * r.normal()
		}
		row[3] = row[0] * row[2]
		row[4] = float64(row[0]*row[1]) * row[1]
	}
	t := &Truth{
		NonRedundant: []int{0, 1, 2}, Redundant: []int{3, 4},
		Parents:  map[int][]int{3: {0, 2}, 4: {0, 1}},
		Variance: []float64{v[0], v[1], v[2], float64(v[0] * v[2]), float64(v[0]*3*v[1]) * v[1]},
	}
	names := []string{"X1", "X2", "X3", "X4", "X5"}
	if c.FeatureMap == "none" {
		return &Dataset{X: newDense(N, p, x), Features: names, Truth: t}, nil
	}
	mons := example4Monomials(p, 3, c.MapDegree)
	q := len(mons)
	phi := make([]float64, N*q)
	for s := range N {
		row, out := x[s*p:(s+1)*p], phi[s*q:(s+1)*q]
		for j, m := range mons {
			f := 1.0
			for _, i := range m {
				f = float64(f * row[i])
			}
			out[j] = f
		}
	}
	feats := make([]string, q)
	for j, m := range mons {
		feats[j] = MonomialName(m)
	}
	return &Dataset{X: newDense(N, q, phi), Features: feats}, nil
}

// example4Monomials lists the monomials of p variables of total degree <=
// maxDeg (only == deg when deg >= 0) in graded lexicographic order: by
// degree, then as sorted index multisets (1; X1..X5; X1^2, X1 X2, ...), the
// row order of journal Table XIX.
func example4Monomials(p, maxDeg, deg int) [][]int {
	var out [][]int
	var rec func(prefix []int, from, left int)
	rec = func(prefix []int, from, left int) {
		if left == 0 {
			out = append(out, slices.Clone(prefix))
			return
		}
		for i := from; i < p; i++ {
			rec(append(prefix, i), i, left-1)
		}
	}
	for g := 0; g <= maxDeg; g++ {
		if deg < 0 || g == deg {
			rec(nil, 0, g)
		}
	}
	return out
}

// MonomialName writes a monomial given as a sorted multiset of 0-based
// variable indices the way results/reference transcribes journal Tables
// XVIII-XIX: "1" for the constant, else factors "X<i>" or "X<i>^<power>"
// (1-based) separated by spaces, e.g. "X1^2 X2".
func MonomialName(m []int) string {
	if len(m) == 0 {
		return "1"
	}
	var parts []string
	for i := 0; i < len(m); {
		j := i
		for j < len(m) && m[j] == m[i] {
			j++
		}
		s := "X" + strconv.Itoa(m[i]+1)
		if j-i > 1 {
			s += "^" + strconv.Itoa(j-i)
		}
		parts = append(parts, s)
		i = j
	}
	return strings.Join(parts, " ")
}
