package spec

import (
	"math"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"gonum.org/v1/gonum/mat"

	"github.com/gsbench/gsbench/baselines/graph"
	"github.com/gsbench/gsbench/baselines/lapscore"
	"github.com/gsbench/gsbench/internal/linalg"
	"github.com/gsbench/gsbench/internal/testutil/realdata"
	"github.com/gsbench/gsbench/preprocess"
)

// Issue 6: scikit-feature's spec(X, style=0) ranking on standardized Wine.
// It used spec's own default affinity, rbf_kernel(X, gamma=1), and
// scikit-feature's order (decreasing phi2); the paper's order is the
// reverse.
func TestWine(t *testing.T) {
	X := realdata.Load(t, "wine", preprocess.Standardize).X
	skf := []int{2, 0, 3, 4, 7, 10, 8, 12, 11, 5, 1, 9, 6}
	paper := slices.Clone(skf)
	slices.Reverse(paper)
	for _, tc := range []struct {
		name string
		m    *SPEC
		want []int
	}{
		{"scikit-feature order", with(func(m *SPEC) { m.Ranking = ScikitFeature }), skf},
		{"paper order (default)", New(), paper},
		{"top 3, paper order", with(func(m *SPEC) { m.K = 3 }), paper[:3]},
	} {
		if err := tc.m.Fit(X, nil); err != nil {
			t.Fatal(err)
		}
		if !slices.Equal(tc.m.Selected(), tc.want) {
			t.Errorf("%s: %v, want %v", tc.name, tc.m.Selected(), tc.want)
		}
	}
}

// With the kNN graph, phi2 is the Laplacian score (Zhao & Liu, Sec. 4).
func TestStyle0IsLaplacianScore(t *testing.T) {
	X := realdata.Load(t, "wine", preprocess.Standardize).X
	m := with(func(m *SPEC) { m.Affinity = KNN })
	if err := m.Fit(X, nil); err != nil {
		t.Fatal(err)
	}
	ls := lapscore.New()
	if err := ls.Fit(X, nil); err != nil {
		t.Fatal(err)
	}
	for r, v := range ls.Scores() {
		if math.Abs(m.Scores()[r]-v) > 1e-12 {
			t.Errorf("column %d: phi2 %v, Laplacian score %v", r, m.Scores()[r], v)
		}
	}
	if !slices.Equal(m.Selected(), ls.Selected()) {
		t.Errorf("rankings differ: %v and %v", m.Selected(), ls.Selected())
	}
}

// fsSpectrum is a dense transcription of Zhao's fsSpectrum / scikit-feature's
// spec: the full eigendecomposition of the normalized Laplacian.
func fsSpectrum(X *mat.Dense, W *mat.Dense, style int) []float64 {
	n, d := X.Dims()
	deg := make([]float64, n)
	for i := range deg {
		deg[i] = mat.Sum(W.RowView(i))
	}
	Lh := mat.NewSymDense(n, nil)
	for i := 0; i < n; i++ {
		for j := i; j < n; j++ {
			l := -W.At(i, j)
			if i == j {
				l += deg[i]
			}
			Lh.SetSym(i, j, l/math.Sqrt(deg[i]*deg[j]))
		}
	}
	s, U, err := linalg.EigenSym(Lh, 0, true) // decreasing, as after flipud
	if err != nil {
		panic(err)
	}
	v := make([]float64, n)
	var vn float64
	for i := range v {
		v[i] = math.Sqrt(deg[i])
		vn += deg[i]
	}
	out := make([]float64, d)
	for r := range out {
		F := make([]float64, n)
		var l float64
		for i := range F {
			F[i] = math.Sqrt(deg[i]) * X.At(i, r)
			l += F[i] * F[i]
		}
		var fv float64
		for i := range F {
			F[i] /= math.Sqrt(l)
			fv += F[i] * v[i] / math.Sqrt(vn)
		}
		a := make([]float64, n)
		for j := range a {
			for i := range F {
				a[j] += F[i] * U.At(i, j)
			}
			a[j] *= a[j]
		}
		switch {
		case style == -1:
			for j := range a {
				out[r] += a[j] * s[j]
			}
		case style == 0:
			for j := 0; j < n-1; j++ {
				out[r] += a[j] * s[j]
			}
			out[r] /= 1 - fv*fv
		default:
			for j := n - style; j < n-1; j++ {
				out[r] += a[j] * (2 - s[j])
			}
		}
	}
	return out
}

func TestAgainstFullEigendecomposition(t *testing.T) {
	rng := rand.New(rand.NewPCG(2, 3))
	X := mat.NewDense(60, 5, nil)
	for i := 0; i < 60; i++ {
		c := float64(i % 3)
		X.SetRow(i, []float64{c + 0.3*rng.NormFloat64(), rng.NormFloat64(), c*c + rng.NormFloat64(), 0.2 * rng.NormFloat64(), c - rng.NormFloat64()})
	}
	rbf, err := newRBF(X, 0.5)
	if err != nil {
		t.Fatal(err)
	}
	rbfW := mat.DenseCopyOf(rbf.off)
	for i := 0; i < 60; i++ {
		rbfW.Set(i, i, 1)
	}
	knn6 := graph.DefaultOptions()
	knn6.NNeighbors = 6
	knnW, err := graph.Affinity(X, knn6)
	if err != nil {
		t.Fatal(err)
	}
	for _, style := range []int{-1, 0, 2, 4} {
		for _, tc := range []struct {
			name string
			m    *SPEC
			W    *mat.Dense
		}{
			{"rbf", with(func(m *SPEC) { m.Style, m.Gamma = style, 0.5 }), rbfW},
			{"knn", with(func(m *SPEC) { m.Style, m.Affinity, m.Graph = style, KNN, knn6 }), knnW.Dense()},
		} {
			if err := tc.m.Fit(X, nil); err != nil {
				t.Fatal(err)
			}
			want := fsSpectrum(X, tc.W, style)
			for r := range want {
				if math.Abs(tc.m.Scores()[r]-want[r]) > 1e-10 {
					t.Errorf("%s style %d: column %d: %v, want %v", tc.name, style, r, tc.m.Scores()[r], want[r])
				}
			}
			higher := style >= 2
			for p := 1; p < len(want); p++ {
				a, b := tc.m.Scores()[tc.m.Selected()[p-1]], tc.m.Scores()[tc.m.Selected()[p]]
				if (higher && a < b) || (!higher && a > b) {
					t.Errorf("%s style %d: ranking %v not in the paper's order", tc.name, style, tc.m.Selected())
				}
			}
		}
	}
}

func TestErrorsAndDegenerate(t *testing.T) {
	X := mat.NewDense(8, 2, []float64{3, 1, 3, 2, 3, 0, 3, 5, 3, 4, 3, 2, 3, 1, 3, 7})
	for _, m := range []*SPEC{
		with(func(m *SPEC) { m.Style = 1 }), with(func(m *SPEC) { m.Style = -2 }), with(func(m *SPEC) { m.Style = 9 }),
		with(func(m *SPEC) { m.Ranking = "up" }), with(func(m *SPEC) { m.Affinity = "full" }),
		with(func(m *SPEC) { m.Gamma = -1 }), with(func(m *SPEC) { m.Gamma = 0 }),
	} {
		if err := m.Fit(X, nil); err == nil {
			t.Errorf("%+v accepted", m)
		}
	}
	for _, style := range []int{-1, 0, 3} {
		m := with(func(m *SPEC) { m.Style = style })
		if err := m.Fit(X, nil); err != nil {
			t.Fatal(err)
		}
		if m.Selected()[1] != 0 {
			t.Errorf("style %d: the constant column should rank last: %v (scores %v)", style, m.Selected(), m.Scores())
		}
		for _, v := range m.Scores() {
			if math.IsNaN(v) || math.IsInf(v, 0) {
				t.Errorf("style %d: score %v", style, v)
			}
		}
	}
}

// with returns SPEC with its defaults changed by set.
func with(set func(*SPEC)) *SPEC {
	m := New()
	set(m)
	return m
}

// TestNearIdentityKernel: when the RBF kernel is the identity to within
// 1e-30, phi2 = f'Lf / f~'Df~ is still computed to full relative accuracy
// from the off-diagonal weights (1 + 1e-30 - 1 would round them away and
// make every score 0), and the report warns that the kernel underflowed.
func TestNearIdentityKernel(t *testing.T) {
	X := mat.NewDense(6, 2, []float64{0, 0, 1, 0.5, 2.5, 1, 3, 2, 4.5, 1.5, 6, 3})
	const gamma = 60 // exp(-gamma d^2): weights from about 1e-14 down to 1e-900 (0)
	m := &SPEC{Ranking: Paper, Affinity: RBF, Gamma: gamma}
	if err := m.Fit(X, nil); err != nil {
		t.Fatal(err)
	}
	n, d := X.Dims()
	for r := range d {
		// phi2 from the definition, the off-diagonal weights summed apart.
		var fLf, total, c float64
		deg := make([]float64, n)
		for i := range n {
			deg[i] = 1
			for j := range n {
				if j != i {
					d2 := math.Pow(X.At(i, 0)-X.At(j, 0), 2) + math.Pow(X.At(i, 1)-X.At(j, 1), 2)
					w := math.Exp(-gamma * d2)
					fLf += w * math.Pow(X.At(i, r)-X.At(j, r), 2) / 2
					deg[i] += w
				}
			}
			total += deg[i]
			c += deg[i] * X.At(i, r)
		}
		c /= total
		var centered float64
		for i := range n {
			centered += deg[i] * (X.At(i, r) - c) * (X.At(i, r) - c)
		}
		want := fLf / centered
		if got := m.Scores()[r]; !(want > 0) || math.Abs(got-want) > 1e-9*want {
			t.Errorf("column %d: phi2 %g, want %g", r, got, want)
		}
	}
	if w, ok := m.Report()["warning"].(string); !ok || !strings.Contains(w, "underflowed") {
		t.Errorf("report %v: want a warning that the kernel underflowed", m.Report())
	}
	// A kernel with weight off the diagonal does not warn.
	m = &SPEC{Ranking: Paper, Affinity: RBF, Gamma: 0.1}
	if err := m.Fit(X, nil); err != nil {
		t.Fatal(err)
	}
	if w, ok := m.Report()["warning"]; ok {
		t.Errorf("gamma 0.1 warns: %v", w)
	}
}
