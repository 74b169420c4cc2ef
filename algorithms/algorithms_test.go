package algorithms

import (
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"sort"
	"strings"
	"testing"

	"gonum.org/v1/gonum/floats"
	"gonum.org/v1/gonum/mat"

	"github.com/gsbench/gsbench/internal/linalg"
	"github.com/gsbench/gsbench/internal/testutil"
)

// latentSet builds the Corollary 1 setting: nLatent independent zero-mean
// normals with variances in (0.3, 0.9), and nRed redundant columns, each the
// product of two or three distinct latent ones (so its variance is below its
// parents'), in a random column order. It returns X and the latent columns.
func latentSet(rng *rand.Rand, n, nLatent, nRed int) (*mat.Dense, []int) {
	d := nLatent + nRed
	cols := make([][]float64, d)
	for j := 0; j < nLatent; j++ {
		sd := math.Sqrt(0.3 + 0.6*rng.Float64())
		cols[j] = make([]float64, n)
		for i := range cols[j] {
			cols[j][i] = sd * rng.NormFloat64()
		}
	}
	for j := nLatent; j < d; j++ {
		deg := 2 + rng.IntN(2)
		parents := rng.Perm(nLatent)[:deg]
		cols[j] = make([]float64, n)
		for i := range cols[j] {
			p := 1.0
			for _, a := range parents {
				p *= cols[a][i]
			}
			cols[j][i] = p
		}
	}
	perm := rng.Perm(d)
	x := mat.NewDense(n, d, nil)
	var latent []int
	for newCol, old := range perm {
		x.SetCol(newCol, cols[old])
		if old < nLatent {
			latent = append(latent, newCol)
		}
	}
	sort.Ints(latent)
	return x, latent
}

func TestOrthonormality(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 1))
	X := testutil.RandNormal(rng, 300, 12)
	o, err := NewOrthogonalizer(X, Multilinear(3), DefaultTol, false)
	if err != nil {
		t.Fatal(err)
	}
	for j := 0; j < 12; j++ {
		if err := o.AddFeature(j); err != nil {
			t.Fatal(err)
		}
	}
	Q := o.Basis()
	n, r := Q.Dims()
	if r != 12+66+220 {
		t.Fatalf("kept %d functions, want %d (all of multilinear:3 in 12 variables)", r, 12+66+220)
	}
	var g mat.Dense
	g.Mul(Q.T(), Q)
	g.Scale(1/float64(n), &g)
	for i := 0; i < r; i++ {
		g.Set(i, i, g.At(i, i)-1)
	}
	if e := mat.Norm(&g, 2); e > 1e-8 {
		t.Errorf("||Q^T Q / N - I|| = %g", e)
	}
	// Every kept function is orthogonal to the constant function.
	ones := make([]float64, n)
	floats.AddConst(1, ones)
	for k := 0; k < r; k++ {
		if m := floats.Dot(mat.Col(nil, k, Q), ones) / float64(n); math.Abs(m) > 1e-10 {
			t.Fatalf("function %d has mean %g", k, m)
		}
	}
}

// The residual variance of a selected feature, recomputed from the basis
// (not from the engine's variance updates), is zero.
func TestSelectedResidualIsZero(t *testing.T) {
	rng := rand.New(rand.NewPCG(2, 2))
	X, _ := latentSet(rng, 400, 6, 6)
	o, err := NewOrthogonalizer(X, Multilinear(2), DefaultTol, false)
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range []int{3, 7, 1} {
		if err := o.AddFeature(s); err != nil {
			t.Fatal(err)
		}
		Q := o.Basis()
		n, _ := Q.Dims()
		x := mat.NewVecDense(n, slices.Clone(o.Centered(s)))
		var c, proj mat.VecDense
		c.MulVec(Q.T(), x)
		c.ScaleVec(1/float64(n), &c)
		proj.MulVec(Q, &c)
		x.SubVec(x, &proj)
		if v := mat.Dot(x, x) / float64(n); v > 1e-20 {
			t.Errorf("feature %d: residual variance %g after selection", s, v)
		}
		if v := o.Variances()[s]; v > 1e-12 {
			t.Errorf("feature %d: engine variance %g after selection", s, v)
		}
	}
}

// shuffled presents the functions of a family in a different order.
type shuffled struct {
	Family
	seed uint64
}

func (s shuffled) New(j int) []Term {
	terms := s.Family.New(j)
	rng := rand.New(rand.NewPCG(s.seed, uint64(j)))
	rng.Shuffle(len(terms), func(a, b int) { terms[a], terms[b] = terms[b], terms[a] })
	return terms
}

func TestGFSIndependentOfOrderInsideBlock(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 3))
	X, _ := latentSet(rng, 500, 8, 8)
	ref := &GFS{Family: Multilinear(3), Eps2: 1e-3, Tol: DefaultTol}
	if err := ref.Fit(X, nil); err != nil {
		t.Fatal(err)
	}
	for seed := uint64(1); seed <= 3; seed++ {
		g := &GFS{Family: shuffled{Multilinear(3), seed}, Eps2: 1e-3, Tol: DefaultTol}
		if err := g.Fit(X, nil); err != nil {
			t.Fatal(err)
		}
		if !slices.Equal(g.Selected(), ref.Selected()) {
			t.Errorf("seed %d: selected %v, in family order %v", seed, g.Selected(), ref.Selected())
		}
		if len(g.Trace()) != len(ref.Trace()) || !floats.EqualApprox(g.Trace(), ref.Trace(), 1e-10) {
			t.Errorf("seed %d: trace %v, in family order %v", seed, g.Trace(), ref.Trace())
		}
	}
}

// pcaReference returns the population-covariance eigenvalues (decreasing)
// and eigenvectors of X, from gonum's pure-Go eigensolver (independent of
// the LAPACK paths the methods take), with linalg.FlipSign's signs.
func pcaReference(X *mat.Dense) ([]float64, *mat.Dense) {
	n, d := X.Dims()
	xc := mat.DenseCopyOf(X)
	mean := columnMeans(X)
	for i := 0; i < n; i++ {
		for j := 0; j < d; j++ {
			xc.Set(i, j, xc.At(i, j)-mean[j])
		}
	}
	cov := mat.NewSymDense(d, nil)
	cov.SymOuterK(1/float64(n), xc.T())
	var es mat.EigenSym
	if !es.Factorize(cov, true) {
		panic("gonum EigenSym failed")
	}
	vals := es.Values(nil)
	var vecs mat.Dense
	es.VectorsTo(&vecs)
	eig := make([]float64, d)
	rho := mat.NewDense(d, d, nil)
	for j := range d { // gonum's values increase
		eig[j] = max(vals[d-1-j], 0)
		v := mat.Col(nil, d-1-j, &vecs)
		linalg.FlipSign(v)
		rho.SetCol(j, v)
	}
	return eig, rho
}

// GCA takes its principal directions from the thin SVD of the centered data
// when n < d and from the covariance's eigendecomposition otherwise: both
// must agree with the reference, and GCA must keep the same components
// through either (a wide matrix and its rows repeated until n > d span the
// same directions with the same variances).
func TestGCAPrincipalDirections(t *testing.T) {
	rng := rand.New(rand.NewPCG(8, 8))
	const n, d = 20, 50
	X := testutil.RandNormal(rng, n, d)
	for j := 0; j < d; j++ { // a decaying spectrum: distinct variances
		col := mat.Col(nil, j, X)
		floats.Scale(math.Pow(0.93, float64(j)), col)
		X.SetCol(j, col)
	}
	tall := mat.NewDense(3*n, d, nil) // each row three times: n = 60 > d
	for i := 0; i < 3*n; i++ {
		tall.SetRow(i, X.RawRowView(i%n))
	}
	ref, refRho := pcaReference(X)
	for _, tc := range []struct {
		name string
		X    *mat.Dense
	}{{"n < d: SVD", X}, {"n > d: eigendecomposition", tall}} {
		g := NewGCA()
		g.Family, g.K = Multilinear(2), 4
		if err := g.Fit(tc.X, nil); err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		if !floats.EqualApprox(g.PrincipalVariances(), ref, 1e-10) {
			t.Errorf("%s: variances %v, want %v", tc.name, g.PrincipalVariances()[:5], ref[:5])
		}
		C := g.Components()
		for i, k := range g.Kept() {
			if c := math.Abs(floats.Dot(mat.Col(nil, i, C), mat.Col(nil, k, refRho))); math.Abs(c-1) > 1e-8 {
				t.Errorf("%s: kept component %d: |cos| with the reference direction %v", tc.name, k, c)
			}
		}
		if len(g.Kept()) != 4 {
			t.Errorf("%s: kept %v", tc.name, g.Kept())
		}
	}
}

// opaque hides a family's IsLinear method, forcing the general engine (sample
// vectors, block CGS2, per-step eigensolver) on a linear family.
type opaque struct{ Family }

func TestGFRMultilinear1IsPCA(t *testing.T) {
	rng := rand.New(rand.NewPCG(4, 4))
	for _, tc := range []struct {
		name  string
		fam   Family
		n, d  int
		dense int // denseEigenLimit for the run
		k     int // directions
	}{
		{"eigendecomposition (linear family)", Multilinear(1), 400, 90, 64, 10},
		// d >= 128: LAPACK's tridiagonal reduction, then MRRR on a few
		// eigenpairs or divide and conquer on many.
		{"eigendecomposition, d = 200, MRRR", Multilinear(1), 400, 200, 64, 10},
		{"eigendecomposition, d = 150, divide and conquer", Multilinear(1), 400, 150, 64, 40},
		{"general engine, direct eigensolver", opaque{Multilinear(1)}, 200, 15, 64, 10},
		{"general engine, iterative eigensolver", opaque{Multilinear(1)}, 400, 90, 0, 10},
	} {
		// Correlated data with a decaying spectrum.
		Z := testutil.RandNormal(rng, tc.n, tc.d)
		A := testutil.RandNormal(rng, tc.d, tc.d)
		for j := 0; j < tc.d; j++ {
			col := mat.Col(nil, j, A)
			floats.Scale(math.Pow(0.9, float64(j)), col)
			A.SetCol(j, col)
		}
		var X mat.Dense
		X.Mul(Z, A.T())
		eig, rho := pcaReference(&X)
		// Count mode (K = k) and threshold mode (Eps2 between the k-th and
		// (k+1)-th eigenvalues) extract the same k directions.
		k := tc.k
		for _, g := range []*GFR{{Family: tc.fam, K: k, Tol: DefaultTol}, {Family: tc.fam, Eps2: (eig[k-1] + eig[k]) / 2, Tol: DefaultTol}} {
			mode := fmt.Sprintf("%s, K=%d eps2=%.4g", tc.name, g.K, g.Eps2)
			saved := denseEigenLimit
			denseEigenLimit = tc.dense
			err := g.Fit(&X, nil)
			denseEigenLimit = saved
			if err != nil {
				t.Fatal(err)
			}
			tr := g.Trace()
			if len(tr) != k+1 {
				t.Fatalf("%s: trace has %d values, want %d + the residual", mode, len(tr), k)
			}
			for j := 0; j <= k; j++ {
				if math.Abs(tr[j]-eig[j]) > 1e-9*eig[0] {
					t.Errorf("%s: lambda_%d = %.12g, PCA eigenvalue %.12g", mode, j+1, tr[j], eig[j])
				}
			}
			C := g.Components()
			for j := 0; j < k; j++ {
				dot := floats.Dot(mat.Col(nil, j, C), mat.Col(nil, j, rho))
				if math.Abs(math.Abs(dot)-1) > 1e-7 {
					t.Errorf("%s: direction %d has |cos| %g with the principal direction", mode, j+1, math.Abs(dot))
				}
			}
		}
	}
}

// Theorem 2 / Corollary 1: GFA with a family that captures the redundancies
// returns exactly the latent (non-redundant) features.
func TestGFARecoversLatentFeatures(t *testing.T) {
	for seed := uint64(1); seed <= 3; seed++ {
		rng := rand.New(rand.NewPCG(5, seed))
		X, latent := latentSet(rng, 5000, 10, 10)
		for _, argmax := range []Argmax{ArgmaxInitial, ArgmaxCurrent} {
			g := &GFA{Family: Multilinear(3), Eps: 1e-4, Argmax: argmax, Tol: DefaultTol}
			if err := g.Fit(X, nil); err != nil {
				t.Fatal(err)
			}
			got := slices.Sorted(slices.Values(g.Selected()))
			if !slices.Equal(got, latent) {
				t.Errorf("seed %d, argmax %s: GFA selected %v, latent features are %v", seed, argmax, got, latent)
			}
		}
	}
}

// GCA on X = sum rho_i Z_i with a random orthonormal basis keeps exactly the
// non-redundant principal components (Corollary 1 in the component basis).
func TestGCARecoversComponents(t *testing.T) {
	rng := rand.New(rand.NewPCG(6, 6))
	n, nLatent := 8000, 6
	// Latent components; redundancies are scaled products, less variant than
	// their parents. The sample principal directions of two components with
	// close variances mix (by about sqrt(v_a v_b / N) / |v_a - v_b|), and the
	// product of two mixed components contains squares, which multilinear:2
	// cannot capture; so each product pairs components of distant variances.
	vars := []float64{6, 5, 4, 3, 2.2, 1.5}
	cols := [][]float64{}
	for _, v := range vars {
		c := make([]float64, n)
		for i := range c {
			c[i] = math.Sqrt(v) * rng.NormFloat64()
		}
		cols = append(cols, c)
	}
	for _, p := range [][2]int{{0, 4}, {1, 5}, {2, 5}} {
		c := make([]float64, n)
		for i := range c {
			c[i] = 0.03 * cols[p[0]][i] * cols[p[1]][i]
		}
		cols = append(cols, c)
	}
	d := len(cols)
	Z := mat.NewDense(n, d, nil)
	for j, c := range cols {
		Z.SetCol(j, c)
	}
	var qr mat.QR
	qr.Factorize(testutil.RandNormal(rng, d, d))
	var rho mat.Dense
	qr.QTo(&rho)
	var X mat.Dense
	X.Mul(Z, rho.T())
	g := &GCA{Family: Multilinear(2), Eps: 1e-4, Argmax: ArgmaxInitial, Tol: DefaultTol}
	if err := g.Fit(&X, nil); err != nil {
		t.Fatal(err)
	}
	// The kept principal directions must span the latent components' directions.
	kept := g.Components()
	if _, m := kept.Dims(); m != nLatent {
		t.Fatalf("GCA kept %d components (%v), want %d", m, g.Kept(), nLatent)
	}
	for j := 0; j < nLatent; j++ {
		r := mat.Col(nil, j, &rho)
		var c mat.VecDense
		c.MulVec(kept.T(), mat.NewVecDense(d, r))
		if norm := mat.Norm(&c, 2); math.Abs(norm-1) > 1e-2 {
			t.Errorf("latent direction %d is only %.4f inside the kept span", j, norm)
		}
	}
}

// Rank-deficient inputs: fewer samples than functions, duplicated and
// constant columns, a single feature, two samples. Results must be finite
// and the methods must stop by themselves.
func TestDegenerateInputs(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 7))
	small := testutil.RandNormal(rng, 12, 8) // 12 samples, multilinear:3 has 92 functions
	dup := testutil.RandNormal(rng, 50, 5)
	dup.SetCol(3, mat.Col(nil, 1, dup))
	constant := testutil.RandNormal(rng, 50, 5)
	constant.SetCol(2, []float64{7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7})
	allConst := mat.NewDense(10, 3, nil)
	wide := testutil.RandNormal(rng, 30, 150) // d >= 128: GFR's LAPACK path on a rank-29 covariance
	wide.SetCol(7, mat.Col(nil, 3, wide))
	for i := 0; i < 30; i++ {
		wide.Set(i, 11, 2)
	}
	for _, tc := range []struct {
		name string
		X    *mat.Dense
	}{
		{"N < |F|", small},
		{"duplicated column", dup},
		{"constant column", constant},
		{"all constant", allConst},
		{"one feature", testutil.RandNormal(rng, 20, 1)},
		{"two samples", testutil.RandNormal(rng, 2, 4)},
		{"N < d = 150, duplicated and constant columns", wide},
	} {
		for _, fam := range []Family{Multilinear(1), Multilinear(3), Poly(3), HermiteFamily(2), Fourier(2)} {
			methods := []interface {
				Fit(*mat.Dense, []int) error
				Trace() []float64
			}{
				&GFS{Family: fam, Eps2: 1e-6, Tol: DefaultTol}, &GFS{Family: fam, K: min(4, tc.X.RawMatrix().Cols), Tol: DefaultTol}, &GFR{Family: fam, Eps2: 1e-6, Tol: DefaultTol},
				&GFA{Family: fam, Eps: 1e-6, Argmax: ArgmaxInitial, Tol: DefaultTol}, &GCA{Family: fam, Eps: 1e-6, Argmax: ArgmaxInitial, Tol: DefaultTol},
			}
			for _, m := range methods {
				if err := m.Fit(tc.X, nil); err != nil {
					t.Errorf("%s, %s, %T: %v", tc.name, fam, m, err)
					continue
				}
				for _, v := range m.Trace() {
					if math.IsNaN(v) || math.IsInf(v, 0) || v < 0 {
						t.Errorf("%s, %s, %T: trace %v", tc.name, fam, m, m.Trace())
						break
					}
				}
			}
		}
	}
	// A duplicated column is never selected twice: after one copy, the
	// other has zero residual variance.
	g := &GFS{Family: Multilinear(1), Eps2: 1e-9, Tol: DefaultTol}
	if err := g.Fit(dup, nil); err != nil {
		t.Fatal(err)
	}
	if slices.Contains(g.Selected(), 1) && slices.Contains(g.Selected(), 3) {
		t.Errorf("both copies of a duplicated column selected: %v", g.Selected())
	}
	c := &GFS{Family: Multilinear(2), Eps2: 1e-9, Tol: DefaultTol}
	if err := c.Fit(constant, nil); err != nil {
		t.Fatal(err)
	}
	if slices.Contains(c.Selected(), 2) {
		t.Errorf("constant column selected: %v", c.Selected())
	}
}

func TestInvalidInputs(t *testing.T) {
	X := mat.NewDense(3, 2, []float64{1, 2, 3, math.NaN(), 5, 6})
	if err := (&GFS{Family: Multilinear(1), Tol: DefaultTol}).Fit(X, nil); err == nil {
		t.Error("NaN accepted")
	}
	ok := mat.NewDense(3, 2, []float64{1, 2, 3, 4, 5, 7})
	if err := (&GFS{}).Fit(ok, nil); err == nil {
		t.Error("missing family accepted")
	}
	if err := (&GFS{Family: Multilinear(1), K: -1, Tol: DefaultTol}).Fit(ok, nil); err == nil {
		t.Error("negative k accepted")
	}
	if err := (&GFA{Family: Multilinear(1), Argmax: "best", Tol: DefaultTol}).Fit(ok, nil); err == nil {
		t.Error("unknown argmax rule accepted")
	}
	g := &GFR{Family: Multilinear(1), K: 1, Tol: DefaultTol}
	if _, err := g.Transform(ok); err == nil {
		t.Error("Transform before Fit accepted")
	}
	if err := g.Fit(ok, nil); err != nil {
		t.Fatal(err)
	}
	if _, err := g.Transform(mat.NewDense(2, 3, nil)); err == nil {
		t.Error("Transform with the wrong number of columns accepted")
	}
	// Overflowing functions are reported, not propagated as Inf.
	big := mat.NewDense(3, 1, []float64{1e120, -1e120, 3})
	if err := (&GFS{Family: Poly(3), K: 1, Tol: DefaultTol}).Fit(big, nil); err == nil || !strings.Contains(err.Error(), "z1^3") {
		t.Errorf("overflow of z1^3 not reported: %v", err)
	}
	huge := mat.NewDense(3, 1, []float64{1e200, -1e200, 3})
	for _, m := range []interface{ Fit(*mat.Dense, []int) error }{&GFS{Family: Poly(3), K: 1, Tol: DefaultTol}, &GFR{Family: Poly(3), Tol: DefaultTol}, &GFA{Family: Poly(3), Argmax: ArgmaxInitial, Tol: DefaultTol}, &GCA{Family: Poly(3), Argmax: ArgmaxInitial, Tol: DefaultTol}} {
		if err := m.Fit(huge, nil); err == nil || !strings.Contains(err.Error(), "overflows") {
			t.Errorf("%T: overflowing variance not reported: %v", m, err)
		}
	}
}

// Count mode gives exactly K features and the residual after the K-th.
func TestCountMode(t *testing.T) {
	rng := rand.New(rand.NewPCG(8, 8))
	X := testutil.RandNormal(rng, 200, 10)
	g := &GFS{Family: Multilinear(2), K: 4, Tol: DefaultTol}
	if err := g.Fit(X, nil); err != nil {
		t.Fatal(err)
	}
	if len(g.Selected()) != 4 || len(g.Trace()) != 5 {
		t.Errorf("K=4: %d selected, %d trace values; want 4 and 5", len(g.Selected()), len(g.Trace()))
	}
	if g.Report()["stop"] != string(StopCount) {
		t.Errorf("stop = %v", g.Report()["stop"])
	}
	r := &GFR{Family: Multilinear(2), K: 3, Tol: DefaultTol}
	if err := r.Fit(X, nil); err != nil {
		t.Fatal(err)
	}
	z, err := r.Transform(X)
	if err != nil {
		t.Fatal(err)
	}
	if _, m := z.Dims(); m != 3 {
		t.Errorf("Transform gives %d features, want 3", m)
	}
	// The first extracted feature's variance is lambda_1.
	col := mat.Col(nil, 0, z)
	if v := floats.Dot(col, col) / 200; math.Abs(v-r.Trace()[0]) > 1e-9*v {
		t.Errorf("Var(Z_1) = %g, lambda_1 = %g", v, r.Trace()[0])
	}
}

func TestArgmaxTie(t *testing.T) {
	for _, tc := range []struct {
		v    []float64
		want int
	}{
		{[]float64{1, 1 + 1e-12, 0.5}, 0},
		{[]float64{1, 1 + 1e-6, 0.5}, 1},
		{[]float64{0, 0, 0}, 0},
		{[]float64{-1, 3, 3}, 1},
	} {
		if got, _ := argmaxTie(tc.v, nil); got != tc.want {
			t.Errorf("argmaxTie(%v) = %d, want %d", tc.v, got, tc.want)
		}
	}
	if got, _ := argmaxTie([]float64{5, 1}, func(i int) bool { return i != 0 }); got != 1 {
		t.Errorf("allowed set ignored: %d", got)
	}
	if got, _ := argmaxTie([]float64{5, 1}, func(int) bool { return false }); got != -1 {
		t.Errorf("empty allowed set: %d", got)
	}
}

// In covariance mode (linear families) GFS, GFA and GCA must give what the
// general sample-space engine gives.
func TestCovarianceModeMatchesGeneralEngine(t *testing.T) {
	type method interface {
		Fit(*mat.Dense, []int) error
		Trace() []float64
	}
	output := func(m method) []int {
		if g, ok := m.(*GCA); ok {
			return g.Kept()
		}
		return m.(interface{ Selected() []int }).Selected()
	}
	rng := rand.New(rand.NewPCG(10, 10))
	X, _ := latentSet(rng, 300, 8, 12)
	dup := mat.DenseCopyOf(X)
	dup.SetCol(5, mat.Col(nil, 2, X)) // a duplicated column: dependent in both modes
	for _, x := range []*mat.Dense{X, dup} {
		for _, mk := range []func(Family) method{
			func(f Family) method { return &GFS{Family: f, Eps2: 1e-3, Tol: DefaultTol} },
			func(f Family) method { return &GFS{Family: f, K: 20, Tol: DefaultTol} },
			func(f Family) method { return &GFA{Family: f, Eps: 1e-3, Argmax: ArgmaxInitial, Tol: DefaultTol} },
			func(f Family) method { return &GCA{Family: f, Eps: 1e-3, Argmax: ArgmaxInitial, Tol: DefaultTol} },
		} {
			a, b := mk(Multilinear(1)), mk(opaque{Multilinear(1)})
			if err := a.Fit(x, nil); err != nil {
				t.Fatal(err)
			}
			if err := b.Fit(x, nil); err != nil {
				t.Fatal(err)
			}
			if !slices.Equal(output(a), output(b)) {
				t.Errorf("%T: covariance mode gives %v, the general engine %v", a, output(a), output(b))
			}
			ta, tb := a.Trace(), b.Trace()
			if len(ta) != len(tb) {
				t.Errorf("%T: trace lengths %d and %d", a, len(ta), len(tb))
				continue
			}
			for i := range ta {
				if math.Abs(ta[i]-tb[i]) > 1e-10*math.Max(1, tb[0]) {
					t.Errorf("%T: trace[%d] = %g in covariance mode, %g in the general engine", a, i, ta[i], tb[i])
				}
			}
		}
	}
}

// A feature on a small scale beside one on a large scale (issue 20: a
// column in cents, sd 1e7, and an independent N(0, 1) column) is not taken
// for explained: the rounding-noise level of a residual is relative to the
// feature's (or direction's) own starting variance, not to the largest one.
func TestDifferentScales(t *testing.T) {
	rng := rand.New(rand.NewPCG(20, 4))
	X := testutil.RandNormal(rng, 1000, 2)
	for i := 0; i < 1000; i++ {
		X.Set(i, 0, 1e7*X.At(i, 0))
	}
	for _, fam := range []Family{Multilinear(1), Multilinear(2), opaque{Multilinear(1)}} {
		gfs := NewGFS()
		gfs.Family, gfs.Eps2 = fam, 0.01
		if err := gfs.Fit(X, nil); err != nil {
			t.Fatal(err)
		}
		if got := gfs.Selected(); !slices.Equal(got, []int{0, 1}) || gfs.Report()["stop"] != string(StopAll) {
			t.Errorf("GFS %s: selected %v, stop %v (trace %v), want both features", fam, got, gfs.Report()["stop"], gfs.Trace())
		}
		gfr := NewGFR()
		gfr.Family, gfr.Eps2 = fam, 0.01
		if err := gfr.Fit(X, nil); err != nil {
			t.Fatal(err)
		}
		if _, m := gfr.Components().Dims(); m != 2 {
			t.Errorf("GFR %s: %d directions (trace %v, stop %v), want 2", fam, m, gfr.Trace(), gfr.Report()["stop"])
		}
	}
	gfa := NewGFA()
	gfa.Family = Multilinear(1)
	if err := gfa.Fit(X, nil); err != nil || len(gfa.Selected()) != 2 {
		t.Errorf("GFA: selected %v (%v)", gfa.Selected(), err)
	}
}

// k above the number of features is an error for every method (as for the
// baselines), not a quiet "all of them".
func TestKAboveD(t *testing.T) {
	X := testutil.RandNormal(rand.New(rand.NewPCG(1, 2)), 50, 4)
	for name, m := range map[string]interface {
		Fit(*mat.Dense, []int) error
	}{
		"gfs": &GFS{Family: Multilinear(2), K: 5, Tol: DefaultTol},
		"gfr": &GFR{Family: Multilinear(2), K: 5, Tol: DefaultTol},
		"gfa": &GFA{Family: Multilinear(2), K: 5, Argmax: ArgmaxInitial, Tol: DefaultTol},
		"gca": &GCA{Family: Multilinear(2), K: 5, Argmax: ArgmaxInitial, Tol: DefaultTol},
	} {
		if err := m.Fit(X, nil); err == nil || !strings.Contains(err.Error(), "k = 5") {
			t.Errorf("%s with k = 5 on 4 features: %v", name, err)
		}
	}
}
