package datasets

import (
	"fmt"
	"math"
	"slices"
	"strings"
	"testing"

	"github.com/gsbench/gsbench/params"
)

func TestErlangSets(t *testing.T) {
	for _, tc := range []struct {
		name string
		p    params.Params
		n, d int
	}{
		{"sffs-e1", nil, 1000, 20},
		{"sffs-e2", nil, 1000, 20},
		{"sffs-e1", params.Params{"n_samples": 300, "n_features": 8, "n_relevant": 4, "max_degree": 3}, 300, 8},
		{"sffs-e2", params.Params{"n_samples": 300, "erlang_shape": 2, "erlang_rate": 0.5}, 300, 20},
	} {
		name := fmt.Sprintf("%s %v", tc.name, tc.p)
		ds := gen(t, tc.name, tc.p, 7)
		n, d := ds.Dims()
		if n != tc.n || d != tc.d || len(ds.Y) != n || len(ds.Classes) != 2 {
			t.Fatalf("%s: %d x %d, %d labels, classes %v", name, n, d, len(ds.Y), ds.Classes)
		}
		tr := ds.Truth
		nr := len(tr.Relevant)
		if !slices.Equal(tr.Relevant, []int{0, 1, 2, 3, 4, 5}[:nr]) || len(tr.NonRedundant) != d || tr.Redundant != nil ||
			tr.Label == nil || tr.Label.Kind != "polynomial" {
			t.Fatalf("%s: truth %+v", name, tr)
		}
		// The values: +-1 (E1) or standard normal (E2).
		var sum, sum2 float64
		for _, v := range ds.X.RawMatrix().Data {
			if tc.name == "sffs-e1" && v != 1 && v != -1 {
				t.Fatalf("%s: value %v", name, v)
			}
			sum += v
			sum2 += v * v
		}
		cells := float64(n * d)
		if mean, vr := sum/cells, sum2/cells-(sum/cells)*(sum/cells); math.Abs(mean) > 0.05 || math.Abs(vr-1) > 0.05 {
			t.Errorf("%s: mean %v, variance %v of the features", name, mean, vr)
		}
		// Balanced-ish labels.
		pos := 0
		for _, v := range ds.Y {
			pos += v
		}
		if frac := float64(pos) / float64(n); frac < 0.2 || frac > 0.8 {
			t.Errorf("%s: %.2f of the labels are +1", name, frac)
		}
		// The label function reproduces Y, reads only relevant columns, and
		// its monomials multiply distinct ones.
		for i := range n {
			row := ds.X.RawRowView(i)
			if tr.Label.Eval(row) != ds.Y[i] {
				t.Fatalf("%s: row %d: label function gives %d, Y %d", name, i, tr.Label.Eval(row), ds.Y[i])
			}
			masked := slices.Clone(row)
			for j := nr; j < d; j++ {
				masked[j] = 1e6 * float64(j) // irrelevant columns changed
			}
			if tr.Label.Eval(masked) != ds.Y[i] {
				t.Fatalf("%s: row %d: the label changes with irrelevant columns", name, i)
			}
		}
		degrees := map[int]int{}
		for k, m := range tr.Label.Monomials {
			if !slices.IsSorted(m) || slices.Compact(slices.Clone(m)) == nil || len(slices.Compact(slices.Clone(m))) != len(m) || m[len(m)-1] >= nr {
				t.Errorf("%s: monomial %v", name, m)
			}
			if a := tr.Label.Alpha[k]; !(a >= 0) || a > erlangPDF(float64(len(m)), 8, 1)+1 {
				t.Errorf("%s: coefficient %v", name, a)
			}
			degrees[len(m)]++
		}
		if tc.p == nil && (len(degrees) != 6 || degrees[1] != 10 || degrees[6] != 10) {
			t.Errorf("%s: monomials per degree %v, want 10 of each degree 1..6", name, degrees)
		}
	}
	// Same seed, same data; another seed, other data.
	a, b, c := gen(t, "sffs-e1", nil, 3), gen(t, "sffs-e1", nil, 3), gen(t, "sffs-e1", nil, 4)
	if digest(a) != digest(b) || digest(a) == digest(c) || !slices.Equal(a.Truth.Label.Alpha, b.Truth.Label.Alpha) {
		t.Error("sffs-e1 is not determined by its seed")
	}
}

// On E1 the label is a function of (X1..X6) alone: rows with the same values
// there have the same label.
func TestErlangLabelDependsOnRelevantOnly(t *testing.T) {
	ds := gen(t, "sffs-e1", params.Params{"n_samples": 3000}, 11)
	seen := map[string]int{}
	for i := range 3000 {
		key := fmt.Sprint(ds.X.RawRowView(i)[:6])
		if y, ok := seen[key]; ok && y != ds.Y[i] {
			t.Fatalf("rows with X1..X6 = %s have labels %d and %d", key, y, ds.Y[i])
		}
		seen[key] = ds.Y[i]
	}
	if len(seen) != 64 {
		t.Errorf("%d patterns of X1..X6 in 3000 rows", len(seen))
	}
	// ... and not of the others alone: some pattern of X7..X12 has both labels.
	mixed := map[string][2]bool{}
	for i := range 3000 {
		key := fmt.Sprint(ds.X.RawRowView(i)[6:12])
		v := mixed[key]
		v[ds.Y[i]] = true
		mixed[key] = v
	}
	both := 0
	for _, v := range mixed {
		if v[0] && v[1] {
			both++
		}
	}
	if both < len(mixed)/2 {
		t.Errorf("only %d of %d patterns of X7..X12 carry both labels", both, len(mixed))
	}
}

func TestErlangPDF(t *testing.T) {
	for _, x := range []float64{-745, -300, -20.5, -1, -0.3465, -1e-9, 0} {
		if got, want := detExp(x), math.Exp(x); math.Abs(got-want) > 2e-15*want {
			t.Errorf("detExp(%v) = %v, want %v", x, got, want)
		}
	}
	// Appendix D: w_i = f_E(i) with shape 8, rate 1: i^7 e^-i / 7!.
	for i := 1; i <= 6; i++ {
		x := float64(i)
		want := math.Pow(x, 7) * math.Exp(-x) / 5040
		if got := erlangPDF(x, 8, 1); math.Abs(got-want) > 1e-14*want {
			t.Errorf("f_E(%d) = %v, want %v", i, got, want)
		}
	}
	if got, want := erlangPDF(3, 2, 0.5), 0.25*3*math.Exp(-1.5); math.Abs(got-want) > 1e-15 {
		t.Errorf("Erlang(2, 0.5) at 3: %v, want %v", got, want)
	}
}

func TestErlangErrors(t *testing.T) {
	for _, tc := range []struct {
		p    params.Params
		want string
	}{
		{params.Params{"n_relevant": 21}, "exceeds n_features"},
		{params.Params{"max_degree": 7}, "exceeds n_relevant"},
		{params.Params{"erlang_rate": 0}, "erlang_rate"},
		{params.Params{"terms_per_degree": 0}, "terms_per_degree"},
	} {
		if _, err := Generate("sffs-e2", tc.p, 1); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%v: error %v, want %q", tc.p, err, tc.want)
		}
	}
}
