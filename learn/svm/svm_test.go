package svm

import (
	"context"
	"math"
	"testing"

	"gonum.org/v1/gonum/mat"

	"github.com/gsbench/gsbench/datasets"
	"github.com/gsbench/gsbench/internal/testutil"
	"github.com/gsbench/gsbench/preprocess"
)

func fit(t *testing.T, X *mat.Dense, y []int, p Params) *Model {
	t.Helper()
	m, err := Fit(context.Background(), X, y, p)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

func near(a, b, tol float64) bool { return math.Abs(a-b) <= tol*math.Max(1, math.Abs(b)) }

// Kernel values are stored in float32, as libsvm stores them, so solutions
// carry relative errors of about 1e-7 even on exactly solvable problems.
const float32Tol = 1e-6

// Hand-solved dual problems.
func TestHandCheckedDuals(t *testing.T) {
	k := math.Exp(-1) // RBF value of two points at distance 1 with gamma 1
	for _, tc := range []struct {
		name     string
		p        Params
		alpha    float64 // both multipliers (equal by the constraint y'a = 0)
		obj      float64
		bounded  int
		x        float64 // a test point
		decision float64
	}{
		// Linear, separable: w = 1, b = 0, alpha = 1/2, obj = 2a^2 - 2a.
		{"linear free", Params{Kernel: Linear, C: 10}, 0.5, -0.5, 0, 2, 2},
		// C below 1/2: both at the bound, w = 2C, rho from the bound interval.
		{"linear bounded", Params{Kernel: Linear, C: 0.25}, 0.25, -0.375, 2, 2, 1},
		// RBF, gamma 1: obj = a^2 (1 - k) - 2a, minimum at a = 1/(1 - k),
		// the decision is its label at a training point (margin 1) and 0
		// midway.
		{"rbf free", Params{Gamma: "1", C: 10}, 1 / (1 - k), -1 / (1 - k), 0, 0, 0},
	} {
		X := mat.NewDense(2, 1, []float64{-0.5, 0.5})
		if tc.p.Kernel == Linear {
			X = mat.NewDense(2, 1, []float64{-1, 1})
		}
		m := fit(t, X, []int{0, 1}, tc.p)
		b := m.Binary()[0]
		if len(b.SupportVectors) != 2 || b.BoundedSV != tc.bounded {
			t.Errorf("%s: %d SVs (%d bounded), want 2 (%d)", tc.name, len(b.SupportVectors), b.BoundedSV, tc.bounded)
		}
		if !near(b.DualCoef[0], -tc.alpha, float32Tol) || !near(b.DualCoef[1], tc.alpha, float32Tol) {
			t.Errorf("%s: dual coefficients %v, want [-%g %g]", tc.name, b.DualCoef, tc.alpha, tc.alpha)
		}
		if !near(b.Objective, tc.obj, float32Tol) {
			t.Errorf("%s: objective %.12g, want %.12g", tc.name, b.Objective, tc.obj)
		}
		dec, err := m.DecisionFunction(mat.NewDense(3, 1, []float64{tc.x, X.At(1, 0), X.At(0, 0)}))
		if err != nil {
			t.Fatal(err)
		}
		if !near(dec.At(0, 0), tc.decision, float32Tol) {
			t.Errorf("%s: decision(%g) = %.12g, want %.12g", tc.name, tc.x, dec.At(0, 0), tc.decision)
		}
		if tc.bounded == 0 && (!near(dec.At(1, 0), 1, float32Tol) || !near(dec.At(2, 0), -1, float32Tol)) {
			t.Errorf("%s: training points not on the margin: %v", tc.name, mat.Col(nil, 0, dec))
		}
	}
}

func standardized(t *testing.T, file string) (*mat.Dense, []int) {
	t.Helper()
	ds, err := datasets.Load(testutil.File(t, file), datasets.Options{LabelCol: "last"})
	if err != nil {
		t.Fatal(err)
	}
	X, _, err := preprocess.Apply(preprocess.Standardize, ds.X)
	if err != nil {
		t.Fatal(err)
	}
	return X, ds.Y
}

// References: scikit-learn 1.2.1 SVC() (libsvm inside) for decision values,
// intercepts and support counts; the objective from libsvm 3.24's svm-train
// (-g set to the same gamma), which prints it to 6 decimals.
func TestAgainstLibsvmBreastCancer(t *testing.T) {
	X, y := standardized(t, "BreastCancer/breast_cancer.csv")
	m := fit(t, X, y, Params{})
	// NumPy sums the variance pairwise: the last bits may differ.
	if g := m.Gamma(); !near(g, 0.03333333333333333, 1e-14) {
		t.Errorf("gamma = %.17g, scikit-learn 0.03333333333333333", g)
	}
	b := m.Binary()[0]
	nPos := 0
	for _, c := range b.DualCoef {
		if c > 0 {
			nPos++
		}
	}
	if len(b.SupportVectors) != 119 || nPos != 59 || b.BoundedSV != 62 {
		t.Errorf("support vectors: %d (%d of class 1, %d bounded), libsvm 119 (59, 62)", len(b.SupportVectors), nPos, b.BoundedSV)
	}
	var sumAbs float64
	for _, c := range b.DualCoef {
		sumAbs += math.Abs(c)
	}
	if !near(sumAbs, 89.94326534501985, 1e-6) {
		t.Errorf("sum |dual coef| = %.12g, scikit-learn 89.94326534501985", sumAbs)
	}
	if !near(-b.Rho, -0.235402317176203, 1e-6) {
		t.Errorf("intercept %.12g, scikit-learn -0.235402317176203", -b.Rho)
	}
	// Same iterations (212) as svm-train; the objective differs in the 7th
	// digit through float32 rounding of differently summed kernel values.
	if !near(b.Objective, -59.761340, float32Tol) {
		t.Errorf("objective %.9f, libsvm -59.761340", b.Objective)
	}
	want := []float64{-0.9997408009100281, -1.8799419750154576, -2.443842254461162, -0.999839370051451, -1.4799956047910754, -0.9997905658212763, -2.6413813630305754, -0.8682207346943209}
	dec, err := m.DecisionFunction(X.Slice(0, len(want), 0, 30))
	if err != nil {
		t.Fatal(err)
	}
	for i, w := range want {
		if !near(dec.At(i, 0), w, 1e-6) {
			t.Errorf("decision[%d] = %.12g, scikit-learn %.12g", i, dec.At(i, 0), w)
		}
	}
}

func TestAgainstLibsvmWine(t *testing.T) {
	X, y := standardized(t, "Wine/wine_data.csv")
	rows := []int{0, 60, 130, 177}
	sub := mat.NewDense(len(rows), 13, nil)
	for i, r := range rows {
		sub.SetRow(i, X.RawRowView(r))
	}
	for _, tc := range []struct {
		mc   Multiclass
		nSV  []int
		obj  []float64 // libsvm svm-train, one-vs-one only
		want [][]float64
	}{
		{OneVsOne, []int{37, 26, 38}, []float64{-12.097966, -4.609011, -12.494619}, [][]float64{
			{1.4536938001314976, 1.1700245671802694, 0.7077914334216804},
			{-1.3242405950131504, -0.4255047446533739, 1.1235070671332679},
			{-0.9024243279336499, -0.9996322587174227, -0.3596717998859565},
			{-0.6385913155690007, -1.1383212007498293, -1.34924861524015}}},
		{OneVsRest, []int{43, 58, 44}, nil, [][]float64{
			{1.4567739484182398, -1.4618822062837804, -1.14710392185837},
			{-1.3323930282171297, 1.1492144476952735, -1.1224370243869124},
			{-1.0667939894711465, -0.45080220445426045, 0.3524002975118097},
			{-1.0991389129359574, -1.4262328757155058, 1.3179221675192374}}},
	} {
		m := fit(t, X, y, Params{Multiclass: tc.mc})
		for k, b := range m.Binary() {
			if len(b.SupportVectors) != tc.nSV[k] {
				t.Errorf("%s problem %d: %d SVs, libsvm %d", tc.mc, k, len(b.SupportVectors), tc.nSV[k])
			}
			if tc.obj != nil && !near(b.Objective, tc.obj[k], float32Tol) {
				t.Errorf("%s problem %d: objective %.9f, libsvm %.6f", tc.mc, k, b.Objective, tc.obj[k])
			}
		}
		dec, err := m.DecisionFunction(sub)
		if err != nil {
			t.Fatal(err)
		}
		for i := range tc.want {
			for k, w := range tc.want[i] {
				if !near(dec.At(i, k), w, 1e-6) {
					t.Errorf("%s decision[%d][%d] = %.12g, scikit-learn %.12g", tc.mc, rows[i], k, dec.At(i, k), w)
				}
			}
		}
	}
}
