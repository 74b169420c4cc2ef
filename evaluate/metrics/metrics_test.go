package metrics

import (
	"math"
	"math/rand/v2"
	"testing"
)

// Reference values computed with scikit-learn 1.2.1
// (normalized_mutual_info_score with its default average_method, and
// mutual_info_score).
func TestNMIAgainstScikitLearn(t *testing.T) {
	for _, tc := range []struct {
		a, b    []int
		nmi, mi float64
	}{
		{[]int{0, 0, 1, 1}, []int{1, 1, 0, 0}, 1.0, 0.6931471805599453},
		{[]int{0, 0, 1, 1}, []int{0, 1, 0, 1}, 0.0, 0.0},
		{[]int{0, 0, 0, 1, 1, 1, 2, 2, 2}, []int{0, 0, 1, 1, 1, 2, 2, 2, 2}, 0.5895098274473048, 0.636514168294813},
		{[]int{0, 0, 0, 0}, []int{0, 0, 0, 0}, 1.0, 0.0},
		{[]int{0, 0, 0, 0}, []int{0, 1, 2, 3}, 0.0, 0.0},
		{[]int{5, 5, 7, 7, 9, 9, 9}, []int{1, 2, 1, 2, 3, 3, 1}, 0.3800920111324275, 0.41011631828840894},
		{[]int{0, 1, 2, 0, 1, 2, 0, 1}, []int{0, 0, 0, 1, 1, 1, 2, 2}, 0.07849738428937661, 0.08494951839769871},
	} {
		got, err := NMI(tc.a, tc.b)
		if err != nil {
			t.Fatal(err)
		}
		if math.Abs(got-tc.nmi) > 1e-12 {
			t.Errorf("NMI(%v, %v) = %.16g, scikit-learn %.16g", tc.a, tc.b, got, tc.nmi)
		}
		sym, _ := NMI(tc.b, tc.a)
		if math.Abs(sym-got) > 1e-12 {
			t.Errorf("NMI not symmetric: %g vs %g", got, sym)
		}
		mi, _ := MutualInfo(tc.a, tc.b)
		if math.Abs(mi-tc.mi) > 1e-12 {
			t.Errorf("MI(%v, %v) = %.16g, scikit-learn %.16g", tc.a, tc.b, mi, tc.mi)
		}
	}
}

func TestAccuracies(t *testing.T) {
	truth := []int{0, 0, 0, 1, 1, 2, 2, 2}
	pred := []int{2, 2, 1, 0, 0, 1, 1, 1} // clusters renamed, one error
	if acc, _ := Accuracy(truth, truth); acc != 1 {
		t.Errorf("Accuracy(y, y) = %g", acc)
	}
	if acc, _ := Accuracy(truth, pred); acc != 0 {
		t.Errorf("Accuracy = %g, want 0", acc)
	}
	if acc, _ := ClusteringAccuracy(truth, pred); acc != 7.0/8 {
		t.Errorf("ClusteringAccuracy = %g, want 7/8", acc)
	}
	// More clusters than classes: the extra cluster is an error.
	if acc, _ := ClusteringAccuracy([]int{0, 0, 1, 1}, []int{0, 1, 2, 2}); acc != 0.75 {
		t.Errorf("ClusteringAccuracy with an extra cluster = %g, want 0.75", acc)
	}
	for _, f := range []func(a, b []int) (float64, error){Accuracy, NMI, ClusteringAccuracy, MutualInfo} {
		if _, err := f([]int{1}, []int{1, 2}); err == nil {
			t.Error("length mismatch accepted")
		}
		if _, err := f(nil, nil); err == nil {
			t.Error("empty labels accepted")
		}
	}
}

// Assign is compared with exhaustive search over all assignments.
func TestAssignBruteForce(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 7))
	for trial := 0; trial < 300; trial++ {
		r, c := 1+rng.IntN(6), 1+rng.IntN(6)
		cost := make([][]float64, r)
		for i := range cost {
			cost[i] = make([]float64, c)
			for j := range cost[i] {
				cost[i][j] = float64(rng.IntN(20)) // ties on purpose
			}
		}
		match := Assign(cost)
		got, used := 0.0, map[int]bool{}
		assigned := 0
		for i, j := range match {
			if j < 0 {
				continue
			}
			if used[j] {
				t.Fatalf("column %d used twice: %v", j, match)
			}
			used[j] = true
			got += cost[i][j]
			assigned++
		}
		if assigned != min(r, c) {
			t.Fatalf("%d rows assigned, want %d", assigned, min(r, c))
		}
		if want := bruteForce(cost); math.Abs(got-want) > 1e-9 {
			t.Fatalf("%dx%d: cost %g, optimum %g (%v)", r, c, got, want, cost)
		}
	}
}

func bruteForce(cost [][]float64) float64 {
	r, c := len(cost), len(cost[0])
	best := math.Inf(1)
	used := make([]bool, c)
	var rec func(i int, acc float64, left int)
	rec = func(i int, acc float64, skips int) {
		if i == r {
			best = math.Min(best, acc)
			return
		}
		for j := 0; j < c; j++ {
			if !used[j] {
				used[j] = true
				rec(i+1, acc+cost[i][j], skips)
				used[j] = false
			}
		}
		if skips > 0 { // more rows than columns: this row may stay unassigned
			rec(i+1, acc, skips-1)
		}
	}
	rec(0, 0, max(0, r-c))
	return best
}
