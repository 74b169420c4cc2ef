package datasets

import (
	"fmt"
	"math"
	"slices"
)

// The generators of the synthetic experiments of the Gram-Schmidt papers:
//
//	journal: "Gram-Schmidt methods for unsupervised feature extraction and
//	         selection" (gs-extraction-selection-journal), Section VIII
//	cdc:     "Gram-Schmidt feature selection" (gs-feature-selection-cdc), Section V
//	uffs:    "Fourier-based feature selection" (fourier-feature-selection-uffs), Section V-A
//
// Where a paper leaves a choice open, the choice made here is documented on
// the parameter and in doc.go. Throughout, redundant columns are distinct
// products: no two redundant columns use the same set of parents.

func init() {
	register("journal-gfr",
		"independent normals and pairwise products, PTF or LTF labels (GFR vs PCA)",
		"Journal Sec. VIII-B2, Tables V and VI", gfrParams{
			NSamples: 1000, NIndependent: 10, NProducts: 10, VarHigh: 2, Labels: "ptf", Factors: 3,
		}, genGFR)
	register("journal-gca",
		"X = sum_i rho_i Z_i over a random orthonormal basis; d-n components are products of the n independent ones (GCA)",
		"Journal Sec. VIII-C, Tables VII (noise_var 0), VIII (noise_var 0.1), IX (degree 4, 5)", redundancyParams{
			NSamples: 1000, D: 30, NIndependent: 15, Degree: 2, VarRatio: 0.85, Permute: true,
		}, func(c redundancyParams, r *rng) (*Dataset, error) { return genRedundant(c, r, true) })
	register("journal-gfa",
		"n independent normal features and d-n features that are products of them, columns permuted (GFA)",
		"Journal Sec. VIII-G, Tables XIV (noise_var 0), XV (noise_var 0.1), XVI (degree 4, 5)", redundancyParams{
			NSamples: 1000, D: 30, NIndependent: 15, Degree: 2, VarRatio: 0.85, Permute: true,
		}, func(c redundancyParams, r *rng) (*Dataset, error) { return genRedundant(c, r, false) })
	register("journal-gfa-code",
		"journal-gfa with k_i from the sample variances, as the authors' script 4-GFA/GFA-1.py draws them",
		"Journal Sec. VIII-G, Tables XIV-XVI (and VII-IX in the generating basis), as github.com/byaghooti/Gram_schmidt_feature_extraction 4-GFA/GFA-1.py", gfaCodeParams{
			NSamples: 1000, D: 30, NIndependent: 15, Degree: 2, VarRatio: 0.85, Permute: true,
		}, func(c gfaCodeParams, r *rng) (*Dataset, error) {
			p := redundancyParams(c)
			p.sampleK = true
			return genRedundant(p, r, false)
		})
	register("journal-gfs-uffs",
		"15 independent N(0, Unif(0.5,1)) and 15 products of 2 or 3 of them, permuted; PTF labels f1 (2 factors) or f2 (3)",
		"Journal Sec. VIII-F, Tables XII, XIII and Figure 5", productParams{
			NSamples: 1000, NIndependent: 15, NRedundant: 15, VarLow: 0.5, VarHigh: 1, MinDegree: 2, MaxDegree: 3,
			Permute: true, Factors: 2,
		}, genProducts)
	register("cdc-gfs",
		"10 independent standard normals and 20 products of 2 (squares included) or 3 of them; PTF labels (GFS vs UFFS)",
		"CDC Sec. V-C, Tables VIII-X", productParams{
			NSamples: 5000, NIndependent: 10, NRedundant: 20, VarLow: 1, VarHigh: 1, MinDegree: 2, MaxDegree: 3,
			Squares: true, Factors: 3,
		}, genProducts)
	register("cdc-gfa",
		"(n, d) = (10, 20): normals with variance below 1, redundancies w_i w_j w_k (degree 3) or scaled w_i w_j (degree 2)",
		"CDC Sec. V-D, Tables XI (degree 3) and XII (degree 2)", redundancyParams{
			NSamples: 1000, D: 20, NIndependent: 10, Degree: 3, VarHigh: 1, VarRatio: 0.85, UnscaledAbove: 2,
		}, func(c redundancyParams, r *rng) (*Dataset, error) { return genRedundant(c, r, false) })
	for _, s := range []struct{ name, dist, what string }{
		{"uffs-s1", "normal", "N(0, I)"},
		{"uffs-s2", "uniform", "Unif[-1, 1]"},
		{"uffs-s3", "binary", "Unif{-1, 1}"},
	} {
		dist := s.dist
		register(s.name,
			fmt.Sprintf("10 informative %s features, 10 of the form 3 X_a X_b X_c, 10 linear combinations of 5; PTF labels", s.what),
			"UFFS Sec. V-A (data set "+s.name[len(s.name)-2:]+"), Table II", uffsParams{
				NSamples: 1000, NInformative: 10, NNonlinear: 10, NLinear: 10, Degree: 3, Scale: 3, Terms: 5,
				Factors: 3, Permute: true,
			}, func(c uffsParams, r *rng) (*Dataset, error) { return genUFFS(c, dist, r) })
	}
}

// gfrParams: Journal Sec. VIII-B2. Table V: d = 20 (10 + 10), PTF (a) or LTF
// (b) labels, n_samples 1000 to 10000; Table VI: n_independent = n_products = 30, LTF.
type gfrParams struct {
	NSamples     int     `param:"n_samples" doc:"number of samples (Table V: 1000, 2000, 5000, 10000)"`
	NIndependent int     `param:"n_independent" doc:"independent features X_i ~ N(0, v_i) (Table V: 10, Table VI: 30)"`
	NProducts    int     `param:"n_products" doc:"features X_j X_k of distinct pairs j != k of independent ones (Table V: 10, Table VI: 30)"`
	VarHigh      float64 `param:"var_high" doc:"the variances v_i are drawn from Unif(0, var_high)"`
	Labels       string  `param:"labels" doc:"ptf (sign of a product of affine forms) or ltf (sign of one affine form), of the independent features"`
	Factors      int     `param:"factors" doc:"number of affine forms in the PTF"`
}

func genGFR(c gfrParams, r *rng) (*Dataset, error) {
	if err := firstError(checkPositive("n_samples", c.NSamples), checkPositive("n_independent", c.NIndependent),
		checkPositive("factors", c.Factors)); err != nil {
		return nil, err
	}
	if c.NProducts < 0 || !(c.VarHigh > 0) {
		return nil, fmt.Errorf("n_products must be >= 0 and var_high > 0")
	}
	factors := c.Factors
	switch c.Labels {
	case "ptf":
	case "ltf":
		factors = 1
	default:
		return nil, fmt.Errorf("labels %q: use ptf or ltf", c.Labels)
	}
	n, p, N := c.NIndependent, c.NIndependent+c.NProducts, c.NSamples
	t := &Truth{Parents: map[int][]int{}, Coef: map[int]float64{}, Variance: make([]float64, p)}
	for i := range n {
		t.NonRedundant = append(t.NonRedundant, i)
		t.Variance[i] = r.variance(0, c.VarHigh)
	}
	pairs, err := r.pickMonomials(n, c.NProducts, 2)
	if err != nil {
		return nil, err
	}
	x := make([]float64, N*p)
	r.fillNormal(x, p, t.NonRedundant, t.Variance)
	col := make([]float64, N)
	for i, m := range pairs {
		j := n + i
		t.Redundant = append(t.Redundant, j)
		t.Parents[j] = m
		t.Coef[j] = 1
		t.Variance[j] = t.Variance[m[0]] * t.Variance[m[1]]
		product(x, p, m, 1, col)
		setColumn(x, p, j, col)
	}
	y, lf := r.thresholdLabels(x, p, t.NonRedundant, factors)
	t.Label = lf
	return &Dataset{X: newDense(N, p, x), Y: y, Classes: slices.Clone(labelClasses), Features: columnNames(p), Truth: t}, nil
}

// redundancyParams: the 0- and epsilon-redundancies of Journal Sec. VIII-C
// and VIII-G, and CDC Sec. V-D.
type redundancyParams struct {
	NSamples     int     `param:"n_samples" doc:"number of samples (Tables VII-IX, XIV-XVI: 300 to 2000)"`
	D            int     `param:"d" doc:"dimension: n_independent independent columns (components) and d - n_independent redundant ones; (d, n) = (30, 15) or (50, 25)"`
	NIndependent int     `param:"n_independent" doc:"number n of independent normal columns (components)"`
	Degree       int     `param:"degree" doc:"each redundant column is k_i times a product of this many distinct independent ones: 2 or 3 (Cor. 1, 2), 4 or 5 (Cor. 3 mismatch)"`
	NoiseVar     float64 `param:"noise_var" doc:"variance of the Gaussian noise delta_i added to each redundant column (Cor. 2: 0.1)"`
	VarLow       float64 `param:"var_low" doc:"variances of the independent columns are drawn from Unif(var_low, var_high)"`
	VarHigh      float64 `param:"var_high" doc:"upper end of the variances; 0 means n_independent (the papers' N(0, Unif(0, n)))"`
	VarRatio     float64 `param:"var_ratio" doc:"k_i is chosen so that Var(k_i * product) = var_ratio * the smallest parent variance, which makes the redundant column the least variant of its redundancy (Journal footnote 8; 0.85 as in the authors' code)"`
	Permute      bool    `param:"permute" doc:"place the columns (components) at a random permutation l_1..l_d of the indices instead of independent first"`
	ScaleToEps   string  `param:"scale_to_eps" doc:"divide every column by sqrt(eps*) so that the threshold eps = 1 is the paper's data-dependent eps*: noise = the empirical variance of the added noise delta_i, pooled over the redundant columns (Cor. 2: Tables VIII, XV); noise_max = the largest of those variances, one per redundant column (the other reading of 'the empirical variance of the added noise'); residual = the largest designed variance of a redundant column, which is its part outside the multilinear functions of lower degree of its parents (Cor. 3: Tables IX, XVI); empty: leave the data as drawn"`
	// UnscaledAbove: redundancies of higher degree use k_i = 1 (CDC: the
	// products of 3 variables of variance below 1 need no scaling). 0: never.
	UnscaledAbove int
	// sampleK: k_i from the sample variances (ddof 0) of the drawn columns,
	// so that the redundant column's sample variance is exactly var_ratio x
	// its least variant parent's (journal-gfa-code). Not a parameter.
	sampleK bool
}

// gfaCodeParams: the journal-gfa parameters, for journal-gfa-code (a distinct
// type, so that journal-gfa's parameters and cell keys stay as they were).
type gfaCodeParams redundancyParams

// genRedundant draws n independent normal variables and d-n redundant ones
// R^(i) = Z_{n+i} - k_i prod Z_parents (- delta_i). basis: the GCA model
// X = sum_i rho_i Z_i; otherwise the Z are the features (GFA).
func genRedundant(c redundancyParams, r *rng, basis bool) (*Dataset, error) {
	if err := firstError(checkPositive("n_samples", c.NSamples), checkPositive("n_independent", c.NIndependent)); err != nil {
		return nil, err
	}
	n, d, N := c.NIndependent, c.D, c.NSamples
	if d < n {
		return nil, fmt.Errorf("d = %d is smaller than n_independent = %d", d, n)
	}
	if c.Degree < 1 || c.Degree > n {
		return nil, fmt.Errorf("degree %d: want 1..n_independent (%d)", c.Degree, n)
	}
	hi := c.VarHigh
	if hi == 0 {
		hi = float64(n)
	}
	if c.VarLow < 0 || !(hi > c.VarLow) || c.NoiseVar < 0 || !(c.VarRatio > 0) {
		return nil, fmt.Errorf("want 0 <= var_low < var_high, noise_var >= 0 and var_ratio > 0")
	}
	switch c.ScaleToEps {
	case "", "residual":
	case "noise", "noise_max":
		if c.NoiseVar == 0 {
			return nil, fmt.Errorf("scale_to_eps %s needs noise_var > 0", c.ScaleToEps)
		}
	default:
		return nil, fmt.Errorf("scale_to_eps %q: use noise, noise_max, residual or leave it empty", c.ScaleToEps)
	}
	t := &Truth{Parents: map[int][]int{}, Coef: map[int]float64{}, Variance: make([]float64, d), NoiseVar: c.NoiseVar}
	for i := range n {
		t.NonRedundant = append(t.NonRedundant, i)
		t.Variance[i] = r.variance(c.VarLow, hi)
	}
	mons, err := r.pickMonomials(n, d-n, c.Degree)
	if err != nil {
		return nil, err
	}
	z := make([]float64, N*d)
	r.fillNormal(z, d, t.NonRedundant, t.Variance)
	col := make([]float64, N)
	var noiseVar, noiseMax float64 // pooled and largest empirical variance of the added noise (ddof 0)
	for i, m := range mons {
		j := n + i
		minVar, prodVar := math.Inf(1), 1.0
		for _, q := range m {
			minVar = min(minVar, t.Variance[q])
			prodVar *= t.Variance[q]
		}
		k := 1.0
		if c.UnscaledAbove == 0 || c.Degree <= c.UnscaledAbove {
			// Journal footnote 8: Var(k Z_j Z_k) = k^2 Var(Z_j) Var(Z_k) for
			// independent zero-mean Z, below min Var when k^2 < min / prod.
			k = math.Sqrt(c.VarRatio * minVar / prodVar)
		}
		if c.sampleK {
			// The authors' 4-GFA/GFA-1.py: k = sqrt(0.85 min(var(parents)) /
			// var(product)) with numpy's sample variances.
			product(z, d, m, 1, col)
			minS := math.Inf(1)
			for _, q := range m {
				minS = min(minS, sampleVar(z, d, q, N))
			}
			k = math.Sqrt(c.VarRatio * minS / sampleVar(col, 1, 0, N))
			prodVar = minS * c.VarRatio / (k * k) // so that k^2 prodVar is the sample target
		}
		t.Redundant = append(t.Redundant, j)
		t.Parents[j] = m
		t.Coef[j] = k
		t.Variance[j] = float64(float64(k*k)*prodVar) + c.NoiseVar
		product(z, d, m, k, col)
		if c.NoiseVar > 0 {
			sd := math.Sqrt(c.NoiseVar)
			var sum, sum2 float64
			for s := range col {
				delta := float64(sd * r.normal())
				col[s] += delta
				sum += delta
				sum2 += float64(delta * delta)
			}
			mean := sum / float64(N)
			v := sum2/float64(N) - float64(mean*mean)
			noiseVar += v / float64(d-n)
			noiseMax = max(noiseMax, v)
		}
		setColumn(z, d, j, col)
	}
	if c.ScaleToEps != "" && d > n {
		eps := noiseVar
		if c.ScaleToEps == "noise_max" {
			eps = noiseMax
		}
		if c.ScaleToEps == "residual" {
			eps = 0
			for _, j := range t.Redundant {
				eps = max(eps, t.Variance[j])
			}
		}
		scaleToEps(z, t, c.Degree, eps)
	}
	if c.Permute {
		perm := r.Perm(d)
		z = permuteColumns(z, d, perm)
		t.remap(perm)
	}
	if !basis {
		return &Dataset{X: newDense(N, d, z), Features: columnNames(d), Truth: t}, nil
	}
	// X = Z B^T: row s of X is sum_i Z[s][i] rho_i.
	b := r.orthonormal(d)
	t.Basis = b
	braw := b.RawMatrix().Data
	x := make([]float64, N*d)
	for s := range N {
		zr, xr := z[s*d:(s+1)*d], x[s*d:(s+1)*d]
		for a := range d {
			var v float64
			brow := braw[a*d : (a+1)*d]
			for i, zi := range zr {
				v += float64(brow[i] * zi)
			}
			xr[a] = v
		}
	}
	return &Dataset{X: newDense(N, d, x), Features: columnNames(d), Truth: t}, nil
}

// sampleVar is the variance (ddof 0) of column j of the row-major n x p
// matrix x.
func sampleVar(x []float64, p, j, n int) float64 {
	var sum, sum2 float64
	for i := range n {
		v := x[i*p+j]
		sum += v
		sum2 += float64(v * v)
	}
	mean := sum / float64(n)
	return sum2/float64(n) - float64(mean*mean)
}

// scaleToEps divides the data z by sqrt(eps) and keeps the truth consistent
// with it: variances and noise variance divided by eps, and a monomial's
// factor k (X_r = k prod X_p) multiplied by s^(1-degree) with s = 1/sqrt(eps).
func scaleToEps(z []float64, t *Truth, degree int, eps float64) {
	if !(eps > 0) {
		return
	}
	s := 1 / math.Sqrt(eps)
	for i := range z {
		z[i] = float64(z[i] * s)
	}
	for j := range t.Variance {
		t.Variance[j] /= eps
	}
	t.NoiseVar /= eps
	for j := range t.Coef {
		t.Coef[j] *= math.Pow(s, float64(1-degree))
	}
	t.EpsScale = eps
}

// productParams: independent normals and redundant products of them
// (Journal Sec. VIII-F, CDC Sec. V-C).
type productParams struct {
	NSamples     int     `param:"n_samples" doc:"number of samples (Journal: 1000; CDC: 5000, 10000, 50000)"`
	NIndependent int     `param:"n_independent" doc:"independent normal features"`
	NRedundant   int     `param:"n_redundant" doc:"redundant features, drawn uniformly without replacement from the products of min_degree..max_degree distinct independent features"`
	VarLow       float64 `param:"var_low" doc:"variances of the independent features are drawn from Unif(var_low, var_high)"`
	VarHigh      float64 `param:"var_high" doc:"upper end of the variances"`
	MinDegree    int     `param:"min_degree" doc:"smallest degree of a redundant product"`
	MaxDegree    int     `param:"max_degree" doc:"largest degree of a redundant product"`
	Squares      bool    `param:"squares" doc:"also draw squares w_i^2 among the degree-2 products (CDC: {w_i w_j} for i, j in [10])"`
	Permute      bool    `param:"permute" doc:"place the columns at a random permutation of the indices (Journal: l_1..l_30)"`
	Factors      int     `param:"factors" doc:"affine forms in the PTF label function (Journal Table XIII: f1 = 2, f2 = 3; CDC: 3); 1 is an LTF"`
}

func genProducts(c productParams, r *rng) (*Dataset, error) {
	if err := firstError(checkPositive("n_samples", c.NSamples), checkPositive("n_independent", c.NIndependent),
		checkPositive("factors", c.Factors)); err != nil {
		return nil, err
	}
	if c.NRedundant < 0 || c.VarLow < 0 || c.VarHigh < c.VarLow || !(c.VarHigh > 0) {
		return nil, fmt.Errorf("want n_redundant >= 0 and 0 <= var_low <= var_high, var_high > 0")
	}
	if c.MinDegree < 2 || c.MaxDegree < c.MinDegree || c.MaxDegree > c.NIndependent {
		return nil, fmt.Errorf("want 2 <= min_degree <= max_degree <= n_independent")
	}
	n, N := c.NIndependent, c.NSamples
	p := n + c.NRedundant
	t := &Truth{Parents: map[int][]int{}, Coef: map[int]float64{}, Variance: make([]float64, p)}
	for i := range n {
		t.NonRedundant = append(t.NonRedundant, i)
		t.Variance[i] = r.variance(c.VarLow, c.VarHigh)
	}
	var degrees []int
	for g := c.MinDegree; g <= c.MaxDegree; g++ {
		degrees = append(degrees, g)
	}
	var mons []monomial
	var err error
	if c.Squares {
		mons, err = r.pickWithSquares(n, c.NRedundant, degrees)
	} else {
		mons, err = r.pickMonomials(n, c.NRedundant, degrees...)
	}
	if err != nil {
		return nil, err
	}
	x := make([]float64, N*p)
	r.fillNormal(x, p, t.NonRedundant, t.Variance)
	col := make([]float64, N)
	for i, m := range mons {
		j := n + i
		t.Redundant = append(t.Redundant, j)
		t.Parents[j] = m
		t.Coef[j] = 1
		t.Variance[j] = monomialVariance(m, t.Variance)
		product(x, p, m, 1, col)
		setColumn(x, p, j, col)
	}
	y, lf := r.thresholdLabels(x, p, t.NonRedundant, c.Factors)
	t.Label = lf
	if c.Permute {
		perm := r.Perm(p)
		x = permuteColumns(x, p, perm)
		t.remap(perm)
	}
	return &Dataset{X: newDense(N, p, x), Y: y, Classes: slices.Clone(labelClasses), Features: columnNames(p), Truth: t}, nil
}

// pickWithSquares is pickMonomials where the degree-2 candidates include the
// squares {i, i}.
func (r *rng) pickWithSquares(n, k int, degrees []int) ([]monomial, error) {
	var all []monomial
	for _, g := range degrees {
		if binom(n, g) > 1<<22 {
			return nil, fmt.Errorf("too many candidate products")
		}
		all = append(all, monomials(n, g)...)
		if g == 2 {
			for i := range n {
				all = append(all, monomial{i, i})
			}
		}
	}
	if k > len(all) {
		return nil, fmt.Errorf("%d redundant columns, but only %d distinct products", k, len(all))
	}
	for i := range k {
		j := i + r.IntN(len(all)-i)
		all[i], all[j] = all[j], all[i]
	}
	return all[:k], nil
}

// monomialVariance is the variance of a product of independent zero-mean
// variables with the given variances: the product of the variances when the
// factors are distinct, and 2 v^2 for the square w^2 of a normal w
// (E[w^4] = 3 v^2).
func monomialVariance(m monomial, v []float64) float64 {
	if len(m) == 2 && m[0] == m[1] {
		return 2 * v[m[0]] * v[m[0]]
	}
	out := 1.0
	for _, q := range m {
		out *= v[q]
	}
	return out
}

// uffsParams: data sets S1-S3 of the UFFS paper, Sec. V-A.
type uffsParams struct {
	NSamples     int     `param:"n_samples" doc:"number of samples (Table I: 1000)"`
	NInformative int     `param:"n_informative" doc:"informative features X_1..X_n"`
	NNonlinear   int     `param:"n_nonlinear" doc:"nonlinear redundant features X_j = scale * X_a X_b X_c"`
	NLinear      int     `param:"n_linear" doc:"linearly redundant features X_j = sum_l a_{j,l} X_{i_l}, a ~ Unif(0,1)"`
	Degree       int     `param:"degree" doc:"distinct informative factors of a nonlinear feature"`
	Scale        float64 `param:"scale" doc:"factor of a nonlinear feature"`
	Terms        int     `param:"terms" doc:"distinct informative features in a linear combination"`
	Factors      int     `param:"factors" doc:"affine forms in the PTF label function"`
	Permute      bool    `param:"permute" doc:"order the columns randomly (UFFS Sec. V-B: features are randomly ordered)"`
}

func genUFFS(c uffsParams, dist string, r *rng) (*Dataset, error) {
	if err := firstError(checkPositive("n_samples", c.NSamples), checkPositive("n_informative", c.NInformative),
		checkPositive("factors", c.Factors)); err != nil {
		return nil, err
	}
	n, N := c.NInformative, c.NSamples
	if c.NNonlinear < 0 || c.NLinear < 0 || c.Degree < 1 || c.Degree > n || c.Terms < 1 || c.Terms > n {
		return nil, fmt.Errorf("want n_nonlinear, n_linear >= 0, 1 <= degree <= n_informative and 1 <= terms <= n_informative")
	}
	p := n + c.NNonlinear + c.NLinear
	t := &Truth{Parents: map[int][]int{}, Coef: map[int]float64{}, Weights: map[int][]float64{}, Variance: make([]float64, p)}
	x := make([]float64, N*p)
	var v float64
	switch dist {
	case "normal":
		v = 1
	case "uniform":
		v = 1.0 / 3
	case "binary":
		v = 1
	}
	for i := range n {
		t.NonRedundant = append(t.NonRedundant, i)
		t.Variance[i] = v
	}
	for s := range N {
		row := x[s*p : s*p+n]
		for i := range row {
			switch dist {
			case "normal":
				row[i] = r.normal()
			case "uniform":
				row[i] = 2*r.Float64() - 1
			default:
				row[i] = float64(2*int(r.Uint64()>>63) - 1)
			}
		}
	}
	mons, err := r.pickMonomials(n, c.NNonlinear, c.Degree)
	if err != nil {
		return nil, err
	}
	col := make([]float64, N)
	for i, m := range mons {
		j := n + i
		t.Redundant = append(t.Redundant, j)
		t.Parents[j] = m
		t.Coef[j] = c.Scale
		t.Variance[j] = float64(c.Scale*c.Scale) * monomialVariance(m, t.Variance)
		product(x, p, m, c.Scale, col)
		setColumn(x, p, j, col)
	}
	for i := range c.NLinear {
		j := n + c.NNonlinear + i
		par := r.subset(n, c.Terms)
		w := make([]float64, len(par))
		var vj float64
		for l := range w {
			w[l] = r.Float64()
			vj += float64(w[l] * w[l] * v)
		}
		t.Redundant = append(t.Redundant, j)
		t.Parents[j] = par
		t.Weights[j] = w
		t.Variance[j] = vj
		for s := range N {
			row := x[s*p : (s+1)*p]
			var a float64
			for l, q := range par {
				a += float64(w[l] * row[q])
			}
			row[j] = a
		}
	}
	y, lf := r.thresholdLabels(x, p, t.NonRedundant, c.Factors)
	t.Label = lf
	if c.Permute {
		perm := r.Perm(p)
		x = permuteColumns(x, p, perm)
		t.remap(perm)
	}
	return &Dataset{X: newDense(N, p, x), Y: y, Classes: slices.Clone(labelClasses), Features: columnNames(p), Truth: t}, nil
}

// fillNormal fills the given columns of x (rows of width p) with N(0, v_c)
// deviates, row by row.
func (r *rng) fillNormal(x []float64, p int, cols []int, v []float64) {
	sd := make([]float64, len(cols))
	for i, c := range cols {
		sd[i] = math.Sqrt(v[c])
	}
	for s := 0; s < len(x)/p; s++ {
		row := x[s*p : (s+1)*p]
		for i, c := range cols {
			row[c] = sd[i] * r.normal()
		}
	}
}

func setColumn(x []float64, p, j int, col []float64) {
	for s, v := range col {
		x[s*p+j] = v
	}
}

func firstError(errs ...error) error {
	for _, err := range errs {
		if err != nil {
			return err
		}
	}
	return nil
}
