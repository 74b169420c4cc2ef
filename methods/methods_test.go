package methods

import (
	"fmt"
	"strings"
	"testing"

	"gonum.org/v1/gonum/mat"
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
