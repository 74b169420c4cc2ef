package pca

import (
	"math"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"testing"

	"gonum.org/v1/gonum/mat"

	"github.com/gsbench/gsbench/algorithms"
	"github.com/gsbench/gsbench/internal/linalg"
	"github.com/gsbench/gsbench/internal/testutil/realdata"
	"github.com/gsbench/gsbench/preprocess"
)

// matchesPrinted reports whether x agrees with the decimal string s to half
// a unit of its last printed digit.
func matchesPrinted(t *testing.T, x float64, s string) bool {
	t.Helper()
	want, err := strconv.ParseFloat(s, 64)
	if err != nil {
		t.Fatal(err)
	}
	dec := 0
	if i := strings.IndexByte(s, '.'); i >= 0 {
		dec = len(s) - i - 1
	}
	return math.Abs(x-want) <= 0.5*math.Pow(10, -float64(dec))*(1+1e-9)
}

// Issue 5: scikit-learn 1.2.1 PCA().explained_variance_ (ddof 1) on the
// standardized data sets, first three values as printed there.
func TestExplainedVarianceReference(t *testing.T) {
	for _, tc := range []struct {
		data string
		want []string
	}{
		{"wine", []string{"4.732437", "2.511081", "1.454242"}},
		{"breast-cancer", []string{"13.304991", "5.701375", "2.82291"}},
	} {
		X := realdata.Load(t, tc.data, preprocess.Standardize).X
		p := &PCA{K: 3, Ddof: 1}
		if err := p.Fit(X, nil); err != nil {
			t.Fatal(err)
		}
		got := p.ExplainedVariance()
		for j, w := range tc.want {
			if !matchesPrinted(t, got[j], w) {
				t.Errorf("%s: explained variance %d = %.9g, scikit-learn prints %s", tc.data, j, got[j], w)
			}
		}
	}
}

func randDense(rng *rand.Rand, n, d int, f func(i, j int, z float64) float64) *mat.Dense {
	X := mat.NewDense(n, d, nil)
	for i := 0; i < n; i++ {
		for j := 0; j < d; j++ {
			X.Set(i, j, f(i, j, rng.NormFloat64()))
		}
	}
	return X
}

// PCA through the covariance eigenproblem must agree with the thin SVD of
// the centered data, an independent route: variances s^2/(n-ddof) and
// directions the right singular vectors.
func TestAgainstSVD(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for _, tc := range []struct {
		name string
		X    *mat.Dense
		ddof int
	}{
		{"wine", realdata.Load(t, "wine", preprocess.Standardize).X, 1},
		{"anisotropic", randDense(rng, 300, 12, func(_, j int, z float64) float64 { return 5 + z*float64(12-j) }), 0},
		{"wide", randDense(rng, 9, 30, func(_, _ int, z float64) float64 { return z }), 1},
	} {
		n, d := tc.X.Dims()
		k := min(d, n-1)
		p := &PCA{K: k, Ddof: tc.ddof}
		if err := p.Fit(tc.X, nil); err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		xc, _, err := Center(tc.X)
		if err != nil {
			t.Fatal(err)
		}
		s, _, V, err := linalg.SVD(xc)
		if err != nil {
			t.Fatal(err)
		}
		C := p.Components()
		for j := 0; j < k; j++ {
			want := s[j] * s[j] / float64(n-tc.ddof)
			if got := p.ExplainedVariance()[j]; math.Abs(got-want) > 1e-10*s[0]*s[0] {
				t.Errorf("%s: variance %d = %g, SVD gives %g", tc.name, j, got, want)
			}
			if c := math.Abs(mat.Dot(C.ColView(j), V.ColView(j))); math.Abs(c-1) > 1e-8 {
				t.Errorf("%s: component %d has |cos| %g with the singular vector", tc.name, j, c)
			}
		}
	}
}

// Issue 5: GFR with the multilinear:1 family is PCA (population covariance):
// same directions up to sign (the same signs, both use the largest-entry
// convention) and the same variances, with the count and the threshold rule.
func TestGFRMultilinear1IsPCA(t *testing.T) {
	fam, err := algorithms.ParseFamily("multilinear:1")
	if err != nil {
		t.Fatal(err)
	}
	for _, data := range []string{"wine", "breast-cancer"} {
		X := realdata.Load(t, data, preprocess.Standardize).X
		for _, tc := range []struct {
			k    int
			eps2 float64
		}{{k: 5}, {eps2: 0.1}, {eps2: 1}} {
			g := &algorithms.GFR{Family: fam, K: tc.k, Eps2: tc.eps2, Tol: algorithms.DefaultTol}
			p := &PCA{K: tc.k, Eps2: tc.eps2, Ddof: 0}
			if err := g.Fit(X, nil); err != nil {
				t.Fatal(err)
			}
			if err := p.Fit(X, nil); err != nil {
				t.Fatal(err)
			}
			G, P := g.Components(), p.Components()
			_, mg := G.Dims()
			_, mp := P.Dims()
			if mg != mp {
				t.Fatalf("%s k=%d eps2=%g: GFR extracts %d directions, PCA %d", data, tc.k, tc.eps2, mg, mp)
			}
			for j := 0; j < mp; j++ {
				if c := mat.Dot(G.ColView(j), P.ColView(j)); math.Abs(math.Abs(c)-1) > 1e-6 {
					t.Errorf("%s k=%d eps2=%g: direction %d: |cos(GFR, PCA)| = %.9f", data, tc.k, tc.eps2, j, math.Abs(c))
				}
			}
			gt, pt := g.Trace(), p.Trace()
			if len(gt) != len(pt) {
				t.Fatalf("%s: trace lengths %d (GFR) and %d (PCA)", data, len(gt), len(pt))
			}
			for j := range gt {
				if math.Abs(gt[j]-pt[j]) > 1e-8*pt[0] {
					t.Errorf("%s: trace %d: GFR %g, PCA %g", data, j, gt[j], pt[j])
				}
			}
		}
	}
}

func TestStoppingRules(t *testing.T) {
	X := realdata.Load(t, "wine", preprocess.Standardize).X
	all := &PCA{Ddof: 1}
	if err := all.Fit(X, nil); err != nil {
		t.Fatal(err)
	}
	if len(all.ExplainedVariance()) != 13 || all.Report()["stop"] != StopAll || len(all.Trace()) != 13 {
		t.Fatalf("no k, no eps2: %d components, stop %v, trace %d", len(all.ExplainedVariance()), all.Report()["stop"], len(all.Trace()))
	}
	ev := all.ExplainedVariance()
	sum := 0.0
	for _, r := range all.ExplainedVarianceRatio() {
		sum += r
	}
	if math.Abs(sum-1) > 1e-12 {
		t.Errorf("explained variance ratios sum to %g", sum)
	}
	for _, eps2 := range []float64{0.05, 0.15, 0.5, 1, 4} {
		p := &PCA{Eps2: eps2, Ddof: 1}
		if err := p.Fit(X, nil); err != nil {
			t.Fatal(err)
		}
		want := 0
		for want < len(ev) && ev[want] > eps2 {
			want++
		}
		tr, stop, wantStop, wantLen := p.Trace(), p.Report()["stop"], StopThreshold, want+1
		if want == len(ev) {
			wantStop, wantLen = StopAll, want
		}
		if m := len(p.ExplainedVariance()); m != want || len(tr) != wantLen || stop != wantStop || (want < len(ev) && tr[want] > eps2) {
			t.Errorf("eps2 %g: %d components (want %d), trace %v, stop %v", eps2, m, want, tr, stop)
		}
	}
	p := &PCA{K: 4, Eps2: 100, Ddof: 1} // K wins over Eps2
	if err := p.Fit(X, nil); err != nil {
		t.Fatal(err)
	}
	if tr := p.Trace(); len(tr) != 5 || math.Abs(tr[4]-ev[4]) > 1e-12 || p.Report()["stop"] != StopCount {
		t.Errorf("k = 4: trace %v, stop %v", tr, p.Report()["stop"])
	}
}

func TestTransform(t *testing.T) {
	X := realdata.Load(t, "breast-cancer", preprocess.Standardize).X
	before := mat.DenseCopyOf(X)
	p := &PCA{K: 6, Ddof: 1}
	if _, err := p.Transform(X); err == nil {
		t.Error("Transform before Fit accepted")
	}
	if err := p.Fit(X, nil); err != nil {
		t.Fatal(err)
	}
	if !mat.Equal(X, before) {
		t.Fatal("Fit modified X")
	}
	Z, err := p.Transform(X)
	if err != nil {
		t.Fatal(err)
	}
	n, m := Z.Dims()
	if n != 569 || m != 6 {
		t.Fatalf("Z is %d x %d", n, m)
	}
	// The scores are uncorrelated with the component variances.
	var zz mat.Dense
	zz.Mul(Z.T(), Z)
	zz.Scale(1/float64(n-1), &zz)
	ev := p.ExplainedVariance()
	for i := 0; i < m; i++ {
		for j := 0; j < m; j++ {
			want := 0.0
			if i == j {
				want = ev[i]
			}
			if math.Abs(zz.At(i, j)-want) > 1e-9*ev[0] {
				t.Errorf("cov(Z)[%d][%d] = %g, want %g", i, j, zz.At(i, j), want)
			}
		}
	}
	if _, err := p.Transform(mat.NewDense(2, 5, nil)); err == nil || !strings.Contains(err.Error(), "30") {
		t.Errorf("wrong width: %v", err)
	}
	bad := mat.DenseCopyOf(X.Slice(0, 2, 0, 30))
	bad.Set(1, 3, math.Inf(1))
	if _, err := p.Transform(bad); err == nil || !strings.Contains(err.Error(), "X[1][3]") {
		t.Errorf("Inf in Transform: %v", err)
	}
}

// Degenerate inputs give errors that say what is wrong, or documented
// results, never NaN or a panic.
func TestDegenerate(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	// Rank 2 in 4 columns: two copies of two random columns.
	dup := randDense(rng, 50, 4, func(_, _ int, z float64) float64 { return z })
	for i := 0; i < 50; i++ {
		dup.Set(i, 2, dup.At(i, 0))
		dup.Set(i, 3, 2*dup.At(i, 1))
	}
	constant := mat.NewDense(5, 3, []float64{1, 2, 3, 1, 2, 3, 1, 2, 3, 1, 2, 3, 1, 2, 3})
	nan := mat.DenseCopyOf(dup)
	nan.Set(7, 1, math.NaN())
	for _, tc := range []struct {
		name  string
		X     *mat.Dense
		p     PCA
		err   string // "" when Fit must succeed
		m     int
		trace int
	}{
		{"k above rank", dup, PCA{K: 3, Ddof: 1}, "rank 2", 0, 0},
		{"k above d", dup, PCA{K: 5}, "only 4 features", 0, 0},
		{"all of rank 2", dup, PCA{Ddof: 1}, "", 2, 3},
		{"k = rank", dup, PCA{K: 2}, "", 2, 3},
		{"constant, threshold", constant, PCA{Eps2: 0.1}, "", 0, 1},
		{"constant, count", constant, PCA{K: 1}, "constant", 0, 0},
		{"one sample ddof 1", mat.NewDense(1, 3, []float64{1, 2, 3}), PCA{Ddof: 1}, "at least 2 samples", 0, 0},
		{"one sample ddof 0", mat.NewDense(1, 3, []float64{1, 2, 3}), PCA{}, "", 0, 1},
		{"nan", nan, PCA{K: 1}, "X[7][1]", 0, 0},
		{"negative", dup, PCA{K: -1}, "non-negative", 0, 0},
		{"overflow", mat.NewDense(2, 1, []float64{-1e300, 1e300}), PCA{K: 1}, "overflows", 0, 0},
	} {
		p := tc.p
		err := p.Fit(tc.X, nil)
		if tc.err != "" {
			if err == nil || !strings.Contains(err.Error(), tc.err) {
				t.Errorf("%s: error %v, want it to mention %q", tc.name, err, tc.err)
			}
			continue
		}
		if err != nil {
			t.Errorf("%s: %v", tc.name, err)
			continue
		}
		if m := len(p.ExplainedVariance()); m != tc.m || len(p.Trace()) != tc.trace {
			t.Errorf("%s: %d components, trace %v; want %d components and %d trace values", tc.name, m, p.Trace(), tc.m, tc.trace)
		}
		for _, v := range p.Trace() {
			if math.IsNaN(v) || v < 0 {
				t.Errorf("%s: trace %v", tc.name, p.Trace())
			}
		}
		Z, err := p.Transform(tc.X)
		if err != nil {
			t.Errorf("%s: Transform: %v", tc.name, err)
			continue
		}
		if r, c := Z.Dims(); r != tc.X.RawMatrix().Rows || c != tc.m {
			t.Errorf("%s: Transform gives %d x %d", tc.name, r, c)
		}
	}
}

// New holds scikit-learn's defaults: with no count and no threshold every
// direction of non-zero variance is kept (n_components=None), and eps is
// the threshold written as epsilon: eps = 0.4 is eps2 = 0.16.
func TestDefaultsAndEps(t *testing.T) {
	X := realdata.Load(t, "wine", preprocess.Standardize).X
	p := New()
	if err := p.Fit(X, nil); err != nil {
		t.Fatal(err)
	}
	ev := p.ExplainedVariance()
	if len(ev) != 13 || p.Report()["stop"] != StopAll {
		t.Fatalf("New(): %d components, stop %v; want all 13", len(ev), p.Report()["stop"])
	}
	want := 0
	for want < len(ev) && ev[want] > 0.16 {
		want++
	}
	byEps, byEps2 := New(), New()
	byEps.Eps, byEps2.Eps2 = 0.4, 0.4*0.4
	for _, q := range []*PCA{byEps, byEps2} {
		if err := q.Fit(X, nil); err != nil {
			t.Fatal(err)
		}
	}
	if len(byEps.ExplainedVariance()) != want || !slices.Equal(byEps.Trace(), byEps2.Trace()) {
		t.Errorf("eps 0.4: trace %v; eps2 0.16: trace %v; want %d components", byEps.Trace(), byEps2.Trace(), want)
	}
}

func TestValidate(t *testing.T) {
	for _, tc := range []struct {
		p    PCA
		want string
	}{
		{PCA{K: -1, Ddof: 1}, "k = -1"},
		{PCA{Eps2: -0.1}, "non-negative"},
		{PCA{Eps: math.NaN()}, "non-negative"},
		{PCA{Eps2: math.Inf(1)}, "finite"},
		{PCA{Eps: 0.3, Eps2: 0.1}, "not both"},
		{PCA{Ddof: -1}, "ddof"},
	} {
		err := tc.p.Validate()
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%+v: error %v, want it to mention %q", tc.p, err, tc.want)
		}
		if err := tc.p.Fit(mat.NewDense(3, 2, []float64{1, 2, 3, 4, 5, 7}), nil); err == nil {
			t.Errorf("%+v: Fit accepted it", tc.p)
		}
	}
	if err := New().Validate(); err != nil {
		t.Errorf("New(): %v", err)
	}
}
