package methods

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"gonum.org/v1/gonum/mat"

	"github.com/gsbench/gsbench/algorithms"
)

type toy struct {
	K      int       `param:"k" doc:"number of features"`
	Eps2   float64   `param:"eps2"`
	Family string    `param:"family"`
	Layers []int     `param:"layers"`
	Norm   bool      `param:"normalize"`
	Seed   uint64    `param:"seed"`
	Ws     []float64 `param:"weights"`
	hidden int
}

func (t *toy) Fit(*mat.Dense, []int) error { return nil }
func (t *toy) Selected() []int             { return []int{t.K} }
func (t *toy) Validate() error {
	if t.K < 0 {
		return fmt.Errorf("toy: k = %d: want >= 0", t.K)
	}
	return nil
}

func init() {
	Register("toy-test", "a test method", func() *toy { return &toy{K: 3, Eps2: 0.1, Family: "multilinear:1"} }, Supervised())
}

func TestDecode(t *testing.T) {
	for _, tc := range []struct {
		name string
		in   Params
		want toy
	}{
		{"defaults", nil, toy{K: 3, Eps2: 0.1, Family: "multilinear:1"}},
		{"yaml types", Params{"k": 5, "eps2": 1, "layers": []any{256, 64}, "normalize": true, "seed": 7, "weights": []any{1, 2.5}},
			toy{K: 5, Eps2: 1, Family: "multilinear:1", Layers: []int{256, 64}, Norm: true, Seed: 7, Ws: []float64{1, 2.5}}},
		{"cli strings", Params{"k": "5", "eps2": "0.25", "layers": "256,64", "normalize": "true", "family": "poly:2"},
			toy{K: 5, Eps2: 0.25, Family: "poly:2", Layers: []int{256, 64}, Norm: true}},
		{"flag spelling", Params{"EPS2": "0.5"}, toy{K: 3, Eps2: 0.5, Family: "multilinear:1"}},
	} {
		m, err := New("toy-test", tc.in)
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		got := m.(*toy)
		if got.K != tc.want.K || got.Eps2 != tc.want.Eps2 || got.Family != tc.want.Family || got.Norm != tc.want.Norm ||
			got.Seed != tc.want.Seed || len(got.Layers) != len(tc.want.Layers) || len(got.Ws) != len(tc.want.Ws) {
			t.Errorf("%s: got %+v, want %+v", tc.name, got, tc.want)
		}
	}
}

func TestDecodeErrors(t *testing.T) {
	for _, tc := range []struct {
		in   Params
		want string
	}{
		{Params{"kernel": "rbf"}, `no parameter "kernel"; its parameters are: eps2, family, k, layers, normalize, seed, weights`},
		{Params{"k": 2.5}, "want an integer"},
		{Params{"k": "five"}, "want an integer"},
		{Params{"eps2": "x"}, "want a number"},
		{Params{"normalize": "maybe"}, "want true or false"},
		{Params{"layers": "256,x"}, "item 1"},
		{Params{"seed": -1}, "non-negative"},
		{Params{"eps2": 1, "EPS2": 2}, "given twice"},
		{Params{"k": -1}, "want >= 0"}, // Validate runs on every method the registry builds
	} {
		_, err := New("toy-test", tc.in)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%v: error %v, want it to contain %q", tc.in, err, tc.want)
		}
	}
	if _, err := New("no-such-method", nil); err == nil || !strings.Contains(err.Error(), "toy-test") {
		t.Errorf("unknown method error %v should list the known ones", err)
	}
}

func TestSpec(t *testing.T) {
	s, ok := Lookup("toy-test")
	if !ok || !s.Supervised || s.Kind != Selection {
		t.Fatalf("spec %+v", s)
	}
	p, ok := s.Param("Eps2")
	if !ok || p.Type != "float" || p.Default != 0.1 {
		t.Errorf("param eps2: %+v", p)
	}
	if l, _ := s.Param("layers"); !l.IsList() {
		t.Error("layers should be a list parameter")
	}
	if k, _ := s.Param("k"); k.Doc != "number of features" {
		t.Errorf("doc tag lost: %+v", k)
	}
}

// An explicit zero is used as given, never replaced by a default (issue 20:
// `eps2: 0` used to run as 0.1): eps2 = 0 selects until the residual
// variance is exhausted, 1e-300 likewise, 0.1 stops earlier.
func TestExplicitZeroIsHonoured(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 3))
	X := mat.NewDense(200, 6, nil)
	for i := 0; i < 200; i++ {
		a, b := rng.NormFloat64(), rng.NormFloat64()
		X.SetRow(i, []float64{a, b, 0.3 * rng.NormFloat64(), 0.2 * rng.NormFloat64(), 0.1 * rng.NormFloat64(), a + b})
	}
	counts := map[string]int{}
	for _, eps2 := range []any{0, "0", 1e-300, 0.1} {
		label := fmt.Sprintf("%T %v", eps2, eps2)
		for _, name := range []string{"gfs", "gfr"} {
			m, err := New(name, Params{"eps2": eps2, "family": "multilinear:1"})
			if err != nil {
				t.Fatal(err)
			}
			if err := m.Fit(X, nil); err != nil {
				t.Fatal(err)
			}
			tr := m.(Tracer).Trace()
			counts[name+" "+label] = len(tr)
		}
	}
	for _, name := range []string{"gfs", "gfr"} {
		zero, str, tiny, tenth := counts[name+" int 0"], counts[name+" string 0"], counts[name+" float64 1e-300"], counts[name+" float64 0.1"]
		if zero != tiny || zero != str || tenth >= zero {
			t.Errorf("%s: trace lengths eps2=0: %d, \"0\": %d, 1e-300: %d, 0.1: %d; want 0 = 1e-300 > 0.1", name, zero, str, tiny, tenth)
		}
	}
	if m, _ := New("gfs", Params{"eps2": 0}); m.(*algorithms.GFS).Eps2 != 0 {
		t.Errorf("eps2 = 0 decoded as %v", m.(*algorithms.GFS).Eps2)
	}
}
