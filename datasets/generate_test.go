package datasets

import (
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"fmt"
	"math"
	"slices"
	"sort"
	"strings"
	"testing"

	"gonum.org/v1/gonum/mat"

	"github.com/gsbench/gsbench/params"
)

func gen(t *testing.T, name string, p params.Params, seed uint64) *Dataset {
	t.Helper()
	ds, err := Generate(name, p, seed)
	if err != nil {
		t.Fatalf("%s %v: %v", name, p, err)
	}
	return ds
}

// digest hashes X, Y and the ground truth of a dataset.
func digest(ds *Dataset) string {
	h := sha256.New()
	for _, v := range ds.X.RawMatrix().Data {
		binary.Write(h, binary.LittleEndian, math.Float64bits(v))
	}
	for _, y := range ds.Y {
		binary.Write(h, binary.LittleEndian, int64(y))
	}
	t := ds.Truth
	for _, s := range [][]int{t.NonRedundant, t.Redundant} {
		for _, v := range s {
			binary.Write(h, binary.LittleEndian, int64(v))
		}
	}
	for _, v := range t.Variance {
		binary.Write(h, binary.LittleEndian, math.Float64bits(v))
	}
	if t.Basis != nil {
		for _, v := range t.Basis.RawMatrix().Data {
			binary.Write(h, binary.LittleEndian, math.Float64bits(v))
		}
	}
	return hex.EncodeToString(h.Sum(nil))
}

// TestGeneratorsDeterministic: the same seed gives the same bytes, another
// seed other bytes. The digests below were computed on linux/amd64; a
// machine that computes others breaks the promise that a seed names a
// dataset everywhere (or a generator was changed: then update them, since
// results of earlier runs no longer reproduce).
func TestGeneratorsDeterministic(t *testing.T) {
	golden := map[string]string{
		"cdc-gfa":          "281abcd0c5151549e7d0ff84716b2de4e4364835590c4f5a80d5b3646d13bf97",
		"cdc-gfs":          "a92b17396b38bc49ed70df3d5de7686931714d1dcd2351975830600e189d5dda",
		"journal-gca":      "eef1d604cdbb813b00f2470cf2b0392ea096cd5cbad5c35575cfbb4f2a888a52",
		"journal-gfa":      "734f0b674dfcfd19d456bef4725f5a1e0586844f512dcec5121cc4cc3b98c8a2",
		"journal-gfa-code": "e4224d1de1bba8c1cde39ff0481327cfee2ee59698aa338f7ee91ca3f794a798",
		"journal-gfr":      "93b11a25f0cac076c04169019e1325083890a080218338c95f94bb84f5d6e502",
		"journal-gfs-uffs": "cd8d213bd36ba7034b39864bb42c4437cf68d465d01550dfb6e570d77210246d",
		"uffs-s1":          "d4d45650fccbcddc9cd26530c4afa40b8758aeceb16e974430001e702a4e18db",
		"uffs-s2":          "b05f58c0c86d3e049686d1c40ea3f593aba4948194f21033ddb20da7d0648ccd",
		"uffs-s3":          "b004f99b5fe9829229889fd05401e282ba1fdfbd4cf7e01e189fbaa92d51ba68",
		"journal-example4": "9c7818e31482f1d68e272f2fa662e9d68722afa90ecb71498982328e6a9b7b5b",
		"sffs-e1":          "624e9b7a1dcb68c71d1d15a78d4b318491550bce0256d0e1ba583b660bdb116e",
		"sffs-e2":          "9707aab1c36ba3bba30f51bd0dd77c98fc1ac638d1fb2ef5b07c677b4029c4bf",
		"qmrfs-table01":    "47a07c9c9f5749ccb697dc707cae13c42fb0f251e97956ca15988f6faa3a291d",
	}
	var names []string
	for _, g := range Generators() {
		names = append(names, g.Name)
		p := params.Params{"n_samples": 200}
		a, b, c := gen(t, g.Name, p, 42), gen(t, g.Name, p, 42), gen(t, g.Name, p, 43)
		da := digest(a)
		if da != digest(b) {
			t.Errorf("%s: same seed, different data", g.Name)
		}
		if da == digest(c) {
			t.Errorf("%s: seeds 42 and 43 give the same data", g.Name)
		}
		want, ok := golden[g.Name]
		if !ok {
			t.Errorf("%s: no golden digest", g.Name)
		} else if da != want {
			t.Errorf("%s: digest %s, want %s", g.Name, da, want)
		}
		if n, _ := a.Dims(); n != 200 {
			t.Errorf("%s: n_samples 200 gave %d rows", g.Name, n)
		}
	}
	if len(names) != len(golden) {
		t.Errorf("generators %v", names)
	}
}

func TestGeneratorParams(t *testing.T) {
	for _, g := range Generators() {
		if g.Source == "" || g.Summary == "" || len(g.Params) == 0 {
			t.Errorf("%s: incomplete spec %+v", g.Name, g)
		}
		if _, err := Generate(g.Name, params.Params{"no_such_param": 1}, 1); err == nil || !strings.Contains(err.Error(), "n_samples") {
			t.Errorf("%s: unknown parameter: %v", g.Name, err)
		}
		if _, err := Generate(g.Name, params.Params{"n_samples": 0}, 1); err == nil {
			t.Errorf("%s: n_samples 0 accepted", g.Name)
		}
	}
	if _, err := Generate("nope", nil, 1); err == nil || !strings.Contains(err.Error(), "journal-gca") {
		t.Errorf("unknown generator: %v", err)
	}
	if _, err := Generate("journal-gca", params.Params{"d": 200}, 1); err == nil {
		t.Error("d = 200 with 15 independent components has not enough distinct products, but no error")
	}
}

// checkMonomials verifies that every redundant column j of x equals
// Coef[j] * prod of its parents (plus noise of variance noiseVar, checked
// by the sample variance of the residual), that parent sets are distinct,
// and that parents are independent columns.
func checkMonomials(t *testing.T, name string, x mat.Matrix, tr *Truth, noiseVar, tol float64) {
	t.Helper()
	n, _ := x.Dims()
	seen := map[string]bool{}
	for _, j := range tr.Redundant {
		if tr.Weights[j] != nil {
			continue
		}
		par := tr.Parents[j]
		key := fmt.Sprint(sortedCopy(par))
		if seen[key] {
			t.Errorf("%s: parents %v used twice", name, par)
		}
		seen[key] = true
		for _, q := range par {
			if !slices.Contains(tr.NonRedundant, q) {
				t.Errorf("%s: parent %d of %d is not independent", name, q, j)
			}
		}
		var ss float64
		for i := range n {
			want := tr.Coef[j]
			for _, q := range par {
				want *= x.At(i, q)
			}
			r := x.At(i, j) - want
			if noiseVar == 0 && math.Abs(r) > tol*math.Max(1, math.Abs(want)) {
				t.Fatalf("%s: X[%d][%d] = %v, but k * product of %v = %v", name, i, j, x.At(i, j), par, want)
			}
			ss += r * r
		}
		if noiseVar > 0 {
			if v := ss / float64(n); math.Abs(v-noiseVar) > 6*noiseVar*math.Sqrt(2/float64(n)) {
				t.Errorf("%s: column %d: noise variance %v, want %v", name, j, v, noiseVar)
			}
		}
	}
}

func sortedCopy(s []int) []int { c := slices.Clone(s); sort.Ints(c); return c }

// checkPartition: NonRedundant and Redundant split 0..d-1, with the stated sizes.
func checkPartition(t *testing.T, name string, tr *Truth, d, nIndep int) {
	t.Helper()
	all := append(slices.Clone(tr.NonRedundant), tr.Redundant...)
	sort.Ints(all)
	for i, v := range all {
		if v != i {
			t.Fatalf("%s: independent %v and redundant %v do not split 0..%d", name, tr.NonRedundant, tr.Redundant, d-1)
		}
	}
	if len(all) != d || len(tr.NonRedundant) != nIndep {
		t.Errorf("%s: %d independent of %d, want %d of %d", name, len(tr.NonRedundant), len(all), nIndep, d)
	}
}

// checkVariances: the designed variances of the independent columns lie in
// [lo, hi], and their sample variances agree with them (6 standard errors).
func checkVariances(t *testing.T, name string, x mat.Matrix, tr *Truth, lo, hi float64) {
	t.Helper()
	n, _ := x.Dims()
	for _, j := range tr.NonRedundant {
		v := tr.Variance[j]
		if v < lo || v > hi {
			t.Errorf("%s: variance %v of column %d outside [%v, %v]", name, v, j, lo, hi)
		}
		var s, ss float64
		for i := range n {
			s += x.At(i, j)
			ss += x.At(i, j) * x.At(i, j)
		}
		sv := ss/float64(n) - (s/float64(n))*(s/float64(n))
		if math.Abs(sv-v) > 6*v*math.Sqrt(2/float64(n)) {
			t.Errorf("%s: column %d: sample variance %v, designed %v", name, j, sv, v)
		}
	}
}

// checkLabels: Y is the label function applied to the rows; both classes occur.
func checkLabels(t *testing.T, name string, ds *Dataset, factors int) {
	t.Helper()
	lf := ds.Truth.Label
	if lf == nil || len(lf.Coef) != factors {
		t.Fatalf("%s: label function %+v, want %d factors", name, lf, factors)
	}
	ones := 0
	for i, y := range ds.Y {
		if y != lf.Eval(ds.X.RawRowView(i)) {
			t.Fatalf("%s: row %d labelled %d, the label function says otherwise", name, i, y)
		}
		ones += y
	}
	for _, row := range lf.Coef {
		for _, b := range row {
			if b < 0 || b > 1 {
				t.Errorf("%s: coefficient %v outside Unif(0,1)", name, b)
			}
		}
	}
	if ones == 0 || ones == len(ds.Y) {
		t.Errorf("%s: only one class", name)
	}
	if !slices.Equal(sortedCopy(lf.Inputs), sortedCopy(ds.Truth.NonRedundant)) {
		t.Errorf("%s: labels depend on %v, not on the independent columns %v", name, lf.Inputs, ds.Truth.NonRedundant)
	}
}

// Journal Sec. VIII-B2, Tables V and VI.
func TestGenerateJournalGFR(t *testing.T) {
	ds := gen(t, "journal-gfr", params.Params{"n_samples": 20000}, 3)
	tr := ds.Truth
	checkPartition(t, "gfr", tr, 20, 10)
	checkVariances(t, "gfr", ds.X, tr, 0, 2)
	checkMonomials(t, "gfr", ds.X, tr, 0, 0)
	for _, j := range tr.Redundant {
		if len(tr.Parents[j]) != 2 || tr.Parents[j][0] == tr.Parents[j][1] {
			t.Errorf("column %d = product of %v, want two distinct", j, tr.Parents[j])
		}
	}
	checkLabels(t, "gfr ptf", ds, 3)
	ltf := gen(t, "journal-gfr", params.Params{"labels": "ltf", "n_independent": 30, "n_products": 30}, 3)
	if _, d := ltf.Dims(); d != 60 {
		t.Errorf("Table VI: d = %d, want 60", d)
	}
	checkLabels(t, "gfr ltf", ltf, 1)
}

// Journal Sec. VIII-C, Tables VII-IX: X = sum rho_i Z_i.
func TestGenerateJournalGCA(t *testing.T) {
	for _, tc := range []struct {
		p        params.Params
		d, n     int
		noiseVar float64
	}{
		{params.Params{"degree": 2}, 30, 15, 0},
		{params.Params{"degree": 3, "n_samples": 4000}, 30, 15, 0},
		{params.Params{"degree": 2, "d": 50, "n_independent": 25}, 50, 25, 0},
		{params.Params{"degree": 3, "noise_var": 0.1, "n_samples": 4000}, 30, 15, 0.1},
		{params.Params{"degree": 5}, 30, 15, 0},
	} {
		ds := gen(t, "journal-gca", tc.p, 5)
		tr := ds.Truth
		name := fmt.Sprint("gca ", tc.p)
		checkPartition(t, name, tr, tc.d, tc.n)
		var btb mat.Dense
		btb.Mul(tr.Basis.T(), tr.Basis)
		if !mat.EqualApprox(&btb, eye(tc.d), 1e-12) {
			t.Errorf("%s: basis not orthonormal", name)
		}
		var z mat.Dense
		z.Mul(ds.X, tr.Basis) // the components Z_i = rho_i^T X
		checkVariances(t, name, &z, tr, 0, float64(tc.n))
		checkMonomials(t, name, &z, tr, tc.noiseVar, 1e-9)
		checkFootnote8(t, name, tr, tc.noiseVar)
	}
}

// checkFootnote8: each redundant column's designed variance (less the noise)
// is var_ratio = 0.85 times its least variant parent's, so it is the least
// variant variable of its redundancy.
func checkFootnote8(t *testing.T, name string, tr *Truth, noiseVar float64) {
	t.Helper()
	for _, j := range tr.Redundant {
		minVar := math.Inf(1)
		for _, q := range tr.Parents[j] {
			minVar = math.Min(minVar, tr.Variance[q])
		}
		if v := tr.Variance[j] - noiseVar; math.Abs(v-0.85*minVar) > 1e-9*minVar {
			t.Errorf("%s: Var of column %d = %v, want 0.85 * %v", name, j, v, minVar)
		}
	}
}

func eye(d int) *mat.Dense {
	m := mat.NewDense(d, d, nil)
	for i := range d {
		m.Set(i, i, 1)
	}
	return m
}

// Journal Sec. VIII-G, Tables XIV-XVI: the same redundancies in the feature
// basis, columns at a random permutation.
func TestGenerateJournalGFA(t *testing.T) {
	ds := gen(t, "journal-gfa", params.Params{"degree": 3, "n_samples": 4000}, 9)
	tr := ds.Truth
	checkPartition(t, "gfa", tr, 30, 15)
	checkVariances(t, "gfa", ds.X, tr, 0, 15)
	checkMonomials(t, "gfa", ds.X, tr, 0, 0)
	checkFootnote8(t, "gfa", tr, 0)
	if slices.Equal(sortedCopy(tr.NonRedundant), tr.NonRedundant) && tr.NonRedundant[14] == 14 {
		t.Error("gfa: columns not permuted")
	}
	if tr.Basis != nil {
		t.Error("gfa: feature basis has no Basis")
	}
	plain := gen(t, "journal-gfa", params.Params{"permute": false}, 9)
	if plain.Truth.NonRedundant[14] != 14 {
		t.Error("permute=false should keep the independent columns first")
	}
}

// journal-gfa-code: k_i from the sample variances, so each redundant
// column's sample variance is exactly var_ratio x its smaller parent's.
func TestGenerateJournalGFACode(t *testing.T) {
	ds := gen(t, "journal-gfa-code", params.Params{"n_samples": 500, "var_ratio": 0.85}, 3)
	tr := ds.Truth
	checkPartition(t, "gfa-code", tr, 30, 15)
	n, _ := ds.X.Dims()
	sv := func(j int) float64 {
		var s, s2 float64
		for i := range n {
			x := ds.X.At(i, j)
			s += x
			s2 += x * x
		}
		m := s / float64(n)
		return s2/float64(n) - m*m
	}
	for _, j := range tr.Redundant {
		lo := math.Inf(1)
		for _, q := range tr.Parents[j] {
			lo = min(lo, sv(q))
		}
		if r := sv(j) / lo; math.Abs(r-0.85) > 1e-9 {
			t.Errorf("column %d: sample variance ratio %g, want 0.85", j, r)
		}
		if math.Abs(tr.Variance[j]-sv(j)) > 1e-9*sv(j) {
			t.Errorf("column %d: truth variance %g, sample %g", j, tr.Variance[j], sv(j))
		}
	}
}

// Journal Sec. VIII-F, Tables XII, XIII, Figure 5.
func TestGenerateJournalGFSUFFS(t *testing.T) {
	for _, factors := range []int{2, 3} {
		ds := gen(t, "journal-gfs-uffs", params.Params{"factors": factors, "n_samples": 20000}, 11)
		tr := ds.Truth
		checkPartition(t, "gfs-uffs", tr, 30, 15)
		checkVariances(t, "gfs-uffs", ds.X, tr, 0.5, 1)
		checkMonomials(t, "gfs-uffs", ds.X, tr, 0, 0)
		for _, j := range tr.Redundant {
			if p := tr.Parents[j]; len(p) < 2 || len(p) > 3 || len(slices.Compact(sortedCopy(p))) != len(p) {
				t.Errorf("column %d = product of %v, want 2 or 3 distinct", j, p)
			}
		}
		checkLabels(t, "gfs-uffs", ds, factors)
	}
}

// CDC Sec. V-C: 10 standard normals, 20 products of 2 (squares included) or 3.
func TestGenerateCDCGFS(t *testing.T) {
	squares := 0
	for seed := uint64(1); seed <= 5; seed++ {
		ds := gen(t, "cdc-gfs", params.Params{"n_samples": 20000}, seed)
		tr := ds.Truth
		checkPartition(t, "cdc-gfs", tr, 30, 10)
		checkVariances(t, "cdc-gfs", ds.X, tr, 1, 1)
		checkMonomials(t, "cdc-gfs", ds.X, tr, 0, 0)
		for _, j := range tr.Redundant {
			p := tr.Parents[j]
			if len(p) == 2 && p[0] == p[1] {
				squares++
			} else if len(slices.Compact(sortedCopy(p))) != len(p) {
				t.Errorf("column %d = product of %v", j, p)
			}
		}
		checkLabels(t, "cdc-gfs", ds, 3)
	}
	if squares == 0 {
		t.Error("no square among 100 draws (about 11 expected)")
	}
}

// CDC Sec. V-D, Tables XI and XII: (n, d) = (10, 20), variances below 1.
func TestGenerateCDCGFA(t *testing.T) {
	ds := gen(t, "cdc-gfa", params.Params{"n_samples": 20000}, 2)
	tr := ds.Truth
	checkPartition(t, "cdc-gfa", tr, 20, 10)
	checkVariances(t, "cdc-gfa", ds.X, tr, 0, 1)
	checkMonomials(t, "cdc-gfa", ds.X, tr, 0, 0)
	for _, j := range tr.Redundant {
		if tr.Coef[j] != 1 || len(tr.Parents[j]) != 3 {
			t.Errorf("Table XI: column %d = %v * product of %v, want an unscaled product of 3", j, tr.Coef[j], tr.Parents[j])
		}
		// The variance reduction assumption: the product is less variant than each factor.
		for _, q := range tr.Parents[j] {
			if tr.Variance[j] >= tr.Variance[q] {
				t.Errorf("Var of column %d (%v) not below its parent %d (%v)", j, tr.Variance[j], q, tr.Variance[q])
			}
		}
	}
	ds2 := gen(t, "cdc-gfa", params.Params{"degree": 2}, 2)
	checkMonomials(t, "cdc-gfa 2", ds2.X, ds2.Truth, 0, 0)
	checkFootnote8(t, "cdc-gfa 2", ds2.Truth, 0)
}

// UFFS Sec. V-A: S1-S3.
func TestGenerateUFFS(t *testing.T) {
	for _, name := range []string{"uffs-s1", "uffs-s2", "uffs-s3"} {
		ds := gen(t, name, params.Params{"n_samples": 20000}, 4)
		tr := ds.Truth
		checkPartition(t, name, tr, 30, 10)
		checkMonomials(t, name, ds.X, tr, 0, 0)
		checkLabels(t, name, ds, 3)
		lin := 0
		for _, j := range tr.Redundant {
			w := tr.Weights[j]
			if w == nil {
				if tr.Coef[j] != 3 || len(tr.Parents[j]) != 3 {
					t.Errorf("%s: nonlinear column %d = %v * product of %v", name, j, tr.Coef[j], tr.Parents[j])
				}
				continue
			}
			lin++
			if len(w) != 5 || len(slices.Compact(sortedCopy(tr.Parents[j]))) != 5 {
				t.Errorf("%s: linear column %d of parents %v", name, j, tr.Parents[j])
			}
			for i := range ds.X.RawMatrix().Rows {
				row := ds.X.RawRowView(i)
				var a float64
				for l, q := range tr.Parents[j] {
					if w[l] <= 0 || w[l] >= 1 {
						t.Fatalf("%s: weight %v outside (0,1)", name, w[l])
					}
					a += w[l] * row[q]
				}
				if math.Abs(a-row[j]) > 1e-12*math.Max(1, math.Abs(a)) {
					t.Fatalf("%s: X[%d][%d] = %v, weighted sum %v", name, i, j, row[j], a)
				}
			}
		}
		if lin != 10 {
			t.Errorf("%s: %d linear columns", name, lin)
		}
		for _, j := range tr.NonRedundant {
			for i := range ds.X.RawMatrix().Rows {
				v := ds.X.At(i, j)
				switch {
				case name == "uffs-s2" && (v < -1 || v > 1),
					name == "uffs-s3" && v != 1 && v != -1:
					t.Fatalf("%s: informative value %v", name, v)
				}
			}
		}
		checkVariances(t, name, ds.X, tr, 0, 1)
	}
}

func TestDetLog(t *testing.T) {
	for _, x := range []float64{1e-300, 1e-10, 0.001, 0.3, 0.7071, 1 - 1e-12, 1, 1 + 1e-12, 1.5, 2, 10, 12345.678, 1e300} {
		got, want := detLog(x), math.Log(x)
		if math.Abs(got-want) > 4e-16*math.Max(1, math.Abs(want)) {
			t.Errorf("detLog(%v) = %v, math.Log %v", x, got, want)
		}
	}
}

// TestNormalSampler: mean 0, variance 1, kurtosis 3, and the tail mass
// beyond 2 sigma (4.55 %) within sampling error.
func TestNormalSampler(t *testing.T) {
	r := newRNG(1)
	const n = 400000
	var s1, s2, s4, tail float64
	for range n {
		z := r.normal()
		s1 += z
		s2 += z * z
		s4 += z * z * z * z
		if math.Abs(z) > 2 {
			tail++
		}
	}
	mean, v, kurt, p := s1/n, s2/n, s4/n, tail/n
	se := 1 / math.Sqrt(n)
	if math.Abs(mean) > 5*se || math.Abs(v-1) > 5*math.Sqrt2*se || math.Abs(kurt-3) > 5*math.Sqrt(96)*se ||
		math.Abs(p-0.0455003) > 5*math.Sqrt(0.0455*0.9545/n) {
		t.Errorf("mean %v variance %v kurtosis %v tail %v", mean, v, kurt, p)
	}
}

// scale_to_eps: the data is divided by sqrt(eps*) so that eps = 1 is the
// paper's data-dependent threshold: the pooled empirical noise variance
// (Cor. 2) or the largest designed variance of a redundant column (Cor. 3).
func TestGenerateScaleToEps(t *testing.T) {
	p := params.Params{"noise_var": 0.1, "n_samples": 3000}
	raw := gen(t, "journal-gfa", p, 5)
	p["scale_to_eps"] = "noise"
	sc := gen(t, "journal-gfa", p, 5)
	eps := sc.Truth.EpsScale
	if math.Abs(eps-0.1) > 0.01 {
		t.Fatalf("noise: eps* = %v, want about 0.1", eps)
	}
	for _, j := range []int{0, 7, 29} {
		if a, b := raw.X.At(3, j)/math.Sqrt(eps), sc.X.At(3, j); math.Abs(a-b) > 1e-12*math.Max(1, math.Abs(a)) {
			t.Errorf("column %d: %v / sqrt(eps*) != %v", j, raw.X.At(3, j), b)
		}
	}
	// The residual X_r - k' prod(parents) has empirical variance 1 on average.
	var pooled float64
	n, _ := sc.X.Dims()
	for _, j := range sc.Truth.Redundant {
		var s, s2 float64
		for i := range n {
			r := sc.X.At(i, j) - sc.Truth.Coef[j]*sc.X.At(i, sc.Truth.Parents[j][0])*sc.X.At(i, sc.Truth.Parents[j][1])
			s += r
			s2 += r * r
		}
		m := s / float64(n)
		pooled += (s2/float64(n) - m*m) / float64(len(sc.Truth.Redundant))
	}
	if math.Abs(pooled-1) > 1e-9 {
		t.Errorf("noise: pooled residual variance after scaling %v, want 1", pooled)
	}
	p["scale_to_eps"] = "noise_max"
	if m := gen(t, "journal-gfa", p, 5).Truth.EpsScale; !(m > eps) || m > 0.12 {
		t.Errorf("noise_max: eps* = %v, want the largest noise variance, above the pooled %v", m, eps)
	}
	res := gen(t, "journal-gfa", params.Params{"degree": 4, "scale_to_eps": "residual"}, 5)
	top := 0.0
	for _, j := range res.Truth.Redundant {
		top = max(top, res.Truth.Variance[j])
	}
	if math.Abs(top-1) > 1e-12 {
		t.Errorf("residual: largest redundant variance %v after scaling, want 1", top)
	}
	checkMonomials(t, "gfa residual", res.X, res.Truth, 0, 1e-9)
	if _, err := Generate("journal-gfa", params.Params{"scale_to_eps": "noise"}, 1); err == nil {
		t.Error("scale_to_eps noise without noise accepted")
	}
	if _, err := Generate("journal-gfa", params.Params{"scale_to_eps": "x"}, 1); err == nil {
		t.Error("scale_to_eps x accepted")
	}
}

// Journal Appendix E, Example 4: X4 = X1 X3, X5 = X1 X2^2, and the explicit
// degree-3 monomial map with the counts of Table XVIII.
func TestGenerateExample4(t *testing.T) {
	ds := gen(t, "journal-example4", params.Params{"n_samples": 2000}, 3)
	n, d := ds.X.Dims()
	if n != 2000 || d != 5 {
		t.Fatalf("shape %dx%d", n, d)
	}
	for i := range n {
		x := ds.X.RawRowView(i)
		if x[3] != x[0]*x[2] || math.Abs(x[4]-x[0]*x[1]*x[1]) > 1e-12*math.Max(1, math.Abs(x[4])) {
			t.Fatalf("row %d: %v", i, x)
		}
	}
	for j, want := range []float64{0.9, 0.8, 0.7} {
		var s2 float64
		for i := range n {
			s2 += ds.X.At(i, j) * ds.X.At(i, j)
		}
		if v := s2 / float64(n); math.Abs(v-want) > 0.1 {
			t.Errorf("X%d: variance %v, want about %v", j+1, v, want)
		}
	}
	for deg, want := range map[int]int{-1: 56, 0: 1, 1: 5, 2: 15, 3: 35} {
		m := gen(t, "journal-example4", params.Params{"n_samples": 10, "feature_map": "poly3", "map_degree": deg}, 3)
		if _, d := m.X.Dims(); d != want || len(m.Features) != want {
			t.Errorf("map_degree %d: %d columns, want %d", deg, d, want)
		}
	}
	m := gen(t, "journal-example4", params.Params{"n_samples": 10, "feature_map": "poly3"}, 3)
	for j, name := range map[int]string{0: "1", 1: "X1", 6: "X1^2", 7: "X1 X2", 21: "X1^3", 22: "X1^2 X2", 55: "X5^3"} {
		if m.Features[j] != name {
			t.Errorf("feature %d is %q, want %q", j, m.Features[j], name)
		}
	}
	x := gen(t, "journal-example4", params.Params{"n_samples": 10}, 3).X
	if got, want := m.X.At(4, 22), x.At(4, 0)*x.At(4, 0)*x.At(4, 1); math.Abs(got-want) > 1e-12 {
		t.Errorf("X1^2 X2 = %v, want %v", got, want)
	}
	if _, err := Generate("journal-example4", params.Params{"map_degree": 2}, 1); err == nil {
		t.Error("map_degree without feature_map accepted")
	}
}
