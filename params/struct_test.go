package params

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// Types of the kinds estimators use.

type weight string

func (weight) Choices() []string { return []string{"heat_kernel", "binary"} }

type graphOptions struct {
	NNeighbors int     `param:"n_neighbors" doc:"neighbours"`
	Weight     weight  `param:"weight" doc:"edge weights"`
	T          float64 `param:"t" doc:"width" auto:"the mean distance to the neighbours"`
	Workers    int     // not a parameter
}

type kernel struct {
	Name   string  `param:"kernel"`
	Degree int     `param:"degree"`
	Gamma  float64 `param:"gamma" auto:"1/n_features"`
}

// shape is an interface type decoded by a registered parser.
type shape interface{ String() string }

type square int

func (s square) String() string { return "square:" + strconv.Itoa(int(s)) }

func parseShape(s string) (shape, error) {
	name, arg, _ := strings.Cut(s, ":")
	n, err := strconv.Atoi(arg)
	if name != "square" || err != nil {
		return nil, fmt.Errorf("shape %q: want square:N", s)
	}
	return square(n), nil
}

// level is decoded through encoding.TextUnmarshaler.
type level struct{ n int }

func (l *level) UnmarshalText(b []byte) error {
	switch string(b) {
	case "low":
		l.n = 1
	case "high":
		l.n = 2
	default:
		return fmt.Errorf("level %q: want low or high", b)
	}
	return nil
}

func (l level) MarshalText() ([]byte, error) {
	return []byte([]string{"none", "low", "high"}[l.n]), nil
}

type estimator struct {
	K     int      `param:"k" doc:"features"`
	Extra bool     `param:"extra" key:"omitdefault"`
	Eps2  float64  `param:"eps2"`
	Eps   float64  `param:"eps" excludes:"eps2"`
	Shape shape    `param:"shape"`
	Level level    `param:"level"`
	Seed  uint64   `param:"seed"`
	Ws    []weight `param:"ws"`
	graphOptions
	Kernel kernel `param:",inline"`
	fitted []int
}

func init() { RegisterParser(parseShape) }

func newEstimator() *estimator {
	return &estimator{K: 3, Shape: square(2), Level: level{1}, graphOptions: graphOptions{NNeighbors: 5, Weight: "heat_kernel", T: 1},
		Kernel: kernel{Name: "linear", Degree: 3}}
}

func TestDescribeStruct(t *testing.T) {
	ps, err := Describe(newEstimator())
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, p := range ps {
		names = append(names, p.Name+"="+Format(p.Default)+":"+p.Type)
	}
	want := []string{"k=3:int", "extra=false:bool", "eps2=0:float", "eps=0:float", "shape=square:2:string", "level=low:string", "seed=0:int",
		"ws=[]:[]string", "n_neighbors=5:int", "weight=heat_kernel:string", "t=1:float", "kernel=linear:string", "degree=3:int", "gamma=0:float"}
	if !slices.Equal(names, want) {
		t.Errorf("Describe:\n got %v\nwant %v", names, want)
	}
	byName := map[string]Param{}
	for _, p := range ps {
		byName[p.Name] = p
	}
	if c := byName["weight"].Choices; !slices.Equal(c, []string{"heat_kernel", "binary"}) {
		t.Errorf("choices %v", c)
	}
	if _, ok := byName["weight"].Default.(string); !ok {
		t.Errorf("the default of a named string type is %T, want string", byName["weight"].Default)
	}
	if !byName["extra"].OmitDefault || byName["k"].OmitDefault {
		t.Errorf("omitdefault: extra %v, k %v", byName["extra"].OmitDefault, byName["k"].OmitDefault)
	}
	if d := byName["gamma"].DefaultText(); d != "auto" {
		t.Errorf("gamma shows %q, want auto", d)
	}
	if d := byName["t"].DefaultText(); d != "1" {
		t.Errorf("t shows %q", d)
	}
}

func TestDecodeStruct(t *testing.T) {
	for _, tc := range []struct {
		in   Params
		want func(e *estimator) bool
	}{
		{Params{"eps2": 0}, func(e *estimator) bool { return e.Eps2 == 0 && e.K == 3 }},
		{Params{"n-neighbors": "7", "weight": "binary"}, func(e *estimator) bool { return e.NNeighbors == 7 && e.Weight == "binary" }},
		{Params{"t": "auto"}, func(e *estimator) bool { return e.T == 0 }},
		{Params{"gamma": 0.5, "degree": 2}, func(e *estimator) bool { return e.Kernel.Gamma == 0.5 && e.Kernel.Degree == 2 }},
		{Params{"shape": "square:4"}, func(e *estimator) bool { return e.Shape == square(4) }},
		{Params{"level": "high"}, func(e *estimator) bool { return e.Level.n == 2 }},
		{Params{"ws": "binary,heat_kernel"}, func(e *estimator) bool { return slices.Equal(e.Ws, []weight{"binary", "heat_kernel"}) }},
		{Params{"ws": []any{"binary"}}, func(e *estimator) bool { return slices.Equal(e.Ws, []weight{"binary"}) }},
	} {
		e := newEstimator()
		if err := tc.in.Decode("est", e); err != nil {
			t.Errorf("%v: %v", tc.in, err)
			continue
		}
		if !tc.want(e) {
			t.Errorf("%v: decoded %+v", tc.in, e)
		}
	}
	for _, tc := range []struct {
		in   Params
		want string
	}{
		{Params{"weigth": "binary"}, `no parameter "weigth" (did you mean "weight"?)`},
		{Params{"weight": "cosine"}, `"cosine" is not one of heat_kernel, binary`},
		{Params{"ws": "binary,cosinus"}, `not one of`},
		{Params{"eps": 0.1, "eps2": 0.01}, "give eps2 or eps, not both"},
		{Params{"eps": 0, "eps2": 0.01}, "give eps2 or eps, not both"},
		{Params{"shape": "circle:1"}, "want square:N"},
		{Params{"level": "mid"}, "want low or high"},
		{Params{"k": "auto"}, "want an integer"},
		{Params{"k": 1, "K": 2}, "given twice"},
		{Params{"t": "NaN"}, "finite"},
	} {
		if err := tc.in.Decode("est", newEstimator()); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%v: error %v, want it to mention %q", tc.in, err, tc.want)
		}
	}
}

type dup struct {
	A int `param:"a"`
	graphOptions
	B int `param:"n_neighbors"`
}

type badExcludes struct {
	A int `param:"a" excludes:"b"`
}

type badKeyTag struct {
	A int `param:"a" key:"omitempty"`
}

type unexported struct {
	a int `param:"a"`
}

func TestDescribeErrors(t *testing.T) {
	for _, v := range []any{dup{}, badExcludes{}, badKeyTag{}, unexported{}, struct {
		C complex128 `param:"c"`
	}{}, struct {
		U int `param:"Upper"`
	}{}} {
		if _, err := Describe(v); err == nil {
			t.Errorf("Describe(%T) accepted", v)
		}
	}
}

// program takes its own parameters and passes every other one through.
type program struct {
	Command string `param:"command" doc:"what to run"`
	K       int    `param:"k"`
	Others  Params `param:",rest"`
}

func TestDecodeRest(t *testing.T) {
	ps, err := Describe(program{})
	if err != nil || len(ps) != 2 || ps[0].Name != "command" || ps[1].Name != "k" {
		t.Fatalf("Describe = %v, %v: want command and k only", ps, err)
	}
	if !HasRest(&program{}) || HasRest(&kernel{}) || HasRest(3) {
		t.Error("HasRest is wrong")
	}
	var p program
	in := Params{"command": "run", "k": "4", "Alpha-Beta": 0.5, "name": "x y", "n": 3, "flag": true}
	if err := in.Decode("prog", &p); err != nil {
		t.Fatal(err)
	}
	want := Params{"alpha_beta": 0.5, "name": "x y", "n": 3, "flag": true}
	if p.Command != "run" || p.K != 4 || fmt.Sprint(p.Others) != fmt.Sprint(want) {
		t.Errorf("decoded %+v, want command run, k 4 and others %v", p, want)
	}
	for _, bad := range []Params{
		{"alpha": []any{1, 2}},
		{"alpha": nil},
		{"k": "x"},
		{"alpha": 1, "ALPHA": 2},
	} {
		var p program
		if err := bad.Decode("prog", &p); err == nil {
			t.Errorf("Decode(%v) accepted", bad)
		}
	}
	var none program
	if err := (Params{"k": 1}).Decode("prog", &none); err != nil || none.Others != nil {
		t.Errorf("without other parameters: %v, others %v", err, none.Others)
	}
	for _, v := range []any{
		struct {
			A Params `param:",rest"`
			B Params `param:",rest"`
		}{},
		struct {
			A map[string]int `param:",rest"`
		}{},
	} {
		if _, err := Describe(v); err == nil {
			t.Errorf("Describe(%T) accepted", v)
		}
	}
}
