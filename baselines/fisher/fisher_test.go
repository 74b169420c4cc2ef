package fisher

import (
	"math"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"gonum.org/v1/gonum/mat"

	"github.com/gsbench/gsbench/internal/testutil/realdata"
	"github.com/gsbench/gsbench/preprocess"
)

// Issue 6: scikit-feature's fisher_score ranking on standardized Wine.
func TestWine(t *testing.T) {
	ds := realdata.Load(t, "wine", preprocess.Standardize)
	X, y := ds.X, ds.Y
	want := []int{6, 12, 11, 0, 9, 10, 5, 1, 3, 8, 7, 2, 4}
	for _, k := range []int{0, 3} {
		m := &FisherScore{K: k}
		if err := m.Fit(X, y); err != nil {
			t.Fatal(err)
		}
		w := want
		if k > 0 {
			w = want[:k]
		}
		if !slices.Equal(m.Selected(), w) {
			t.Errorf("k=%d: %v, want %v", k, m.Selected(), w)
		}
	}
}

// lapFisher is scikit-feature's route: the Laplacian score L on the graph
// W_ij = 1/n_l (i, j in class l), then 1/L - 1.
func lapFisher(X *mat.Dense, y []int) []float64 {
	n, d := X.Dims()
	count := map[int]float64{}
	for _, l := range y {
		count[l]++
	}
	out := make([]float64, d)
	for r := 0; r < d; r++ {
		f := mat.Col(nil, r, X)
		var sum, fDf, fWf float64
		for i := 0; i < n; i++ {
			sum += f[i]
			fDf += f[i] * f[i] // D = I: every row of W sums to 1
			for j := 0; j < n; j++ {
				if y[i] == y[j] {
					fWf += f[i] * f[j] / count[y[i]]
				}
			}
		}
		Dp := fDf - sum*sum/float64(n)
		Lp := fWf - sum*sum/float64(n)
		out[r] = 1/(1-Lp/Dp) - 1
	}
	return out
}

func TestAgainstLaplacianRoute(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 1))
	X := mat.NewDense(50, 4, nil)
	y := make([]int, 50)
	for i := range y {
		y[i] = i % 3
		for j := 0; j < 4; j++ {
			X.Set(i, j, rng.NormFloat64()+float64(j*y[i]))
		}
	}
	m := &FisherScore{}
	if err := m.Fit(X, y); err != nil {
		t.Fatal(err)
	}
	want := lapFisher(X, y)
	for r := range want {
		if math.Abs(m.Scores()[r]-want[r]) > 1e-10*(1+want[r]) {
			t.Errorf("column %d: %v, want %v", r, m.Scores()[r], want[r])
		}
	}
}

func TestDegenerate(t *testing.T) {
	// Constant column, a column constant within classes, two classes.
	X := mat.NewDense(6, 3, []float64{5, 1, 0.3, 5, 1, 0.1, 5, 1, 0.9, 5, 2, 0.4, 5, 2, 0.2, 5, 2, 0.5})
	y := []int{0, 0, 0, 1, 1, 1}
	m := &FisherScore{}
	if err := m.Fit(X, y); err != nil {
		t.Fatal(err)
	}
	if s := m.Scores(); s[0] != 0 || s[1] != 1e12 || !slices.Equal(m.Selected(), []int{1, 2, 0}) {
		t.Errorf("scores %v, ranking %v", s, m.Selected())
	}
	for _, tc := range []struct {
		y    []int
		want string
	}{
		{nil, "supervised"},
		{[]int{0, 0, 0, 0, 0, 0}, "at least two"},
		{[]int{0, 1}, "2 labels for 6 rows"},
	} {
		if err := (&FisherScore{}).Fit(X, tc.y); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("labels %v: error %v, want %q", tc.y, err, tc.want)
		}
	}
}
