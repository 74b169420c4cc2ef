package datasets

import (
	"fmt"
	"math"
	"slices"
)

// The supervised synthetic sets of the UFFS/SFFS paper ("Fourier-based
// feature selection", fourier-feature-selection-uffs), Sec. V-A and
// Appendix D: E1 (features uniform on {-1, 1}^20) and E2 (N(0, I_20)), with
// a label that is the sign of a random polynomial of X_1..X_6 whose
// coefficients are weighted by an Erlang density.

func init() {
	for _, s := range []struct{ name, dist, what string }{
		{"sffs-e1", "binary", "uniform on {-1, 1}"},
		{"sffs-e2", "normal", "N(0, 1)"},
	} {
		dist := s.dist
		register(s.name,
			fmt.Sprintf("20 independent features %s; label = sign of a random polynomial of X1..X6 with Erlang(8, 1)-weighted coefficients (relevant set {0..5})", s.what),
			"UFFS Sec. V-A (data set "+s.name[len(s.name)-2:]+"), Appendix D, Figure 1", erlangParams{
				NSamples: 1000, NFeatures: 20, NRelevant: 6, MaxDegree: 6, TermsPerDegree: 10, ErlangShape: 8, ErlangRate: 1,
			}, func(c erlangParams, r *rng) (*Dataset, error) { return genErlang(c, dist, r) })
	}
}

// erlangParams: data sets E1 and E2 (Sec. V-A) with the labelling functions
// of Appendix D.
type erlangParams struct {
	NSamples       int     `param:"n_samples" doc:"number of samples (Sec. V-A: 1000)"`
	NFeatures      int     `param:"n_features" doc:"independent features X_1..X_d (Sec. V-A: 20)"`
	NRelevant      int     `param:"n_relevant" doc:"the label is a function of X_1..X_n_relevant only (Sec. V-A: 6); they are the relevant set"`
	MaxDegree      int     `param:"max_degree" doc:"m of Appendix D: the polynomial has monomials of 1..m distinct relevant features (6: every size)"`
	TermsPerDegree int     `param:"terms_per_degree" doc:"monomials drawn for each degree i (Appendix D: 10), each uniformly among the C(n_relevant, i) sets, with replacement (a drawn set's coefficients add up)"`
	ErlangShape    int     `param:"erlang_shape" doc:"shape k of the Erlang density f_E whose value w_i = f_E(i) weights degree i (Appendix D: 8)"`
	ErlangRate     float64 `param:"erlang_rate" doc:"rate lambda of the Erlang density (Appendix D: 1)"`
}

// genErlang draws the polynomial p(x) = sum_{i,j} alpha_{i,j} prod_{l in
// S_{i,j}} x_l of Appendix D: for each degree i = 1..m, w_i = f_E(i) (the
// Erlang(shape, rate) density at i) and TermsPerDegree sets S_{i,j} of i of
// the relevant features with coefficients alpha_{i,j} = w_i V_{i,j}, V_{i,j}
// ~ Unif[0, 1]; then the samples, and y = 1 where p(x) > 0, else 0 (classes
// "-1", "+1"; p(x) = 0 has probability zero).
//
// Appendix D selects "10 subsets randomly from the collection of all
// subsets that have i elements" for every i; with six relevant features
// there are only 6 sets of size 1 and 5 and one of size 6, so the sets are
// drawn independently with replacement. The authors' published E2.mat holds
// +-1 features like E1, not the N(0, I_20) of Sec. V-A; sffs-e2 follows the
// paper.
func genErlang(c erlangParams, dist string, r *rng) (*Dataset, error) {
	if err := firstError(checkPositive("n_samples", c.NSamples), checkPositive("n_features", c.NFeatures),
		checkPositive("n_relevant", c.NRelevant), checkPositive("max_degree", c.MaxDegree),
		checkPositive("terms_per_degree", c.TermsPerDegree), checkPositive("erlang_shape", c.ErlangShape)); err != nil {
		return nil, err
	}
	switch {
	case c.NRelevant > c.NFeatures:
		return nil, fmt.Errorf("n_relevant = %d exceeds n_features = %d", c.NRelevant, c.NFeatures)
	case c.MaxDegree > c.NRelevant:
		return nil, fmt.Errorf("max_degree = %d exceeds n_relevant = %d (monomials multiply distinct relevant features)", c.MaxDegree, c.NRelevant)
	case !(c.ErlangRate > 0) || math.IsInf(c.ErlangRate, 0):
		return nil, fmt.Errorf("erlang_rate must be a positive number, got %v", c.ErlangRate)
	case c.ErlangShape > 170:
		return nil, fmt.Errorf("erlang_shape = %d: at most 170 ((shape-1)! must be a finite float64)", c.ErlangShape)
	}
	N, p, nr := c.NSamples, c.NFeatures, c.NRelevant
	relevant := make([]int, nr)
	for i := range relevant {
		relevant[i] = i
	}
	lf := &LabelFunc{Kind: "polynomial", Inputs: slices.Clone(relevant)}
	for deg := 1; deg <= c.MaxDegree; deg++ {
		w := erlangPDF(float64(deg), c.ErlangShape, c.ErlangRate)
		for range c.TermsPerDegree {
			m := r.subset(nr, deg)
			slices.Sort(m)
			lf.Monomials = append(lf.Monomials, m)
			lf.Alpha = append(lf.Alpha, float64(w*r.Float64()))
		}
	}
	x := make([]float64, N*p)
	for s := range N {
		row := x[s*p : (s+1)*p]
		for j := range row {
			if dist == "binary" {
				row[j] = float64(2*int(r.Uint64()>>63) - 1)
			} else {
				row[j] = r.normal()
			}
		}
	}
	y := make([]int, N)
	for s := range N {
		y[s] = lf.Eval(x[s*p : (s+1)*p])
	}
	t := &Truth{Relevant: relevant, Label: lf, Variance: make([]float64, p)}
	for j := range p {
		t.NonRedundant = append(t.NonRedundant, j) // independent columns: none is a function of the others
		t.Variance[j] = 1
	}
	return &Dataset{X: newDense(N, p, x), Y: y, Classes: slices.Clone(labelClasses), Features: columnNames(p), Truth: t}, nil
}

// evalPolynomial returns sum_k Alpha[k] prod_{j in Monomials[k]} x[j].
func (lf *LabelFunc) evalPolynomial(x []float64) float64 {
	var sum float64
	for k, m := range lf.Monomials {
		v := lf.Alpha[k]
		for _, j := range m {
			v *= x[j]
		}
		sum += v
	}
	return sum
}

// erlangPDF is the Erlang(k, lambda) density lambda^k x^(k-1) e^(-lambda x)
// / (k-1)!, computed with arithmetic only (detExp), so that it rounds the
// same on every architecture.
func erlangPDF(x float64, k int, lambda float64) float64 {
	v := detExp(-lambda * x)
	for i := 1; i < k; i++ {
		v = float64(v * lambda * x / float64(i))
	}
	return float64(v * lambda)
}

// detExp is e^x for x <= 0 with arithmetic only: x = k ln 2 + r with |r| <=
// ln 2 / 2, e^r by its Taylor series (relative error below 1e-15), times
// 2^k exactly. It underflows to 0 below about -745.
func detExp(x float64) float64 {
	if x < -746 {
		return 0
	}
	const ln2Hi, ln2Lo = 6.93147180369123816490e-01, 1.90821492927058770002e-10
	k := math.Floor(x/math.Ln2 + 0.5)
	r := float64(x-float64(k*ln2Hi)) - float64(k*ln2Lo)
	sum, term := 1.0, 1.0
	for i := 1; i <= 20; i++ {
		term = float64(term * r / float64(i))
		sum += term
	}
	return math.Ldexp(sum, int(k))
}
