package params

import (
	"strings"
	"testing"
)

type seeded struct {
	Seed  uint64  `param:"seed"`
	N     int     `param:"n"`
	Ratio float64 `param:"ratio"`
}

func TestDecodeSeeds(t *testing.T) {
	for _, tc := range []struct {
		in   any
		want uint64
	}{
		{uint64(18446744073709551615), 18446744073709551615},
		{"18446744073709551615", 18446744073709551615},
		{9007199254740993, 9007199254740993}, // 2^53 + 1: not exact in float64
		{0, 0},
	} {
		var s seeded
		if err := (Params{"seed": tc.in}).Decode("test", &s); err != nil {
			t.Fatalf("seed %v: %v", tc.in, err)
		}
		if s.Seed != tc.want {
			t.Errorf("seed %v decoded as %d", tc.in, s.Seed)
		}
	}
	for _, bad := range []any{-1, "-3", "x", 1.5, true} {
		var s seeded
		if err := (Params{"seed": bad}).Decode("test", &s); err == nil || !strings.Contains(err.Error(), "non-negative integer") {
			t.Errorf("seed %v: error %v", bad, err)
		}
	}
}

func TestDescribe(t *testing.T) {
	ps, err := Describe(seeded{N: 3, Ratio: 0.5})
	if err != nil {
		t.Fatal(err)
	}
	if len(ps) != 3 || ps[1].Name != "n" || ps[1].Default != 3 || ps[2].Type != "float" {
		t.Errorf("Describe = %+v", ps)
	}
	if _, err := Describe(3); err == nil {
		t.Error("non-struct accepted")
	}
	var s seeded
	if err := (Params{"n": "4"}).Decode("test", s); err == nil {
		t.Error("non-pointer destination accepted")
	}
}

func TestFormat(t *testing.T) {
	for _, tc := range []struct {
		v    any
		want string
	}{
		{nil, ""},
		{"rbf", "rbf"},
		{3, "3"},
		{int64(-4), "-4"},
		{uint64(5), "5"},
		{0.1, "0.1"},
		{1e6, "1e+06"},
		{float32(0.1), "0.1"},
		{true, "true"},
		{[]int{1, 2}, "[1,2]"},
		{[]any{1.5, "a", []any{2.0}}, "[1.5,a,[2]]"},
		{[2]float64{0.5, 1}, "[0.5,1]"},
		{map[string]any{"b": 1, "a": "x"}, `{"a":"x","b":1}`},
	} {
		if got := Format(tc.v); got != tc.want {
			t.Errorf("Format(%#v) = %q, want %q", tc.v, got, tc.want)
		}
	}
}
