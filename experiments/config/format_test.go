package config

import (
	"math"
	"testing"
)

var tenth = 0.1 // a variable: constant arithmetic would be exact

func TestFormatNumber(t *testing.T) {
	for _, tc := range []struct {
		x    float64
		spec string
		want string
	}{
		{97.0249, ".2f", "97.02"},
		{0.000123456, "", "0.0001235"},
		{14, "", "14"},
		{14, "d", "14"},
		{13.5, "d", "14"},
		{0.9512, ".1%", "95.1%"},
		{1234.5, ".2e", "1.23e+03"},
		{-0.0001, ".2f", "0.00"},
		{tenth + 0.2, "g", "0.30000000000000004"},
		{math.NaN(), ".2f", "NaN"},
		{math.Inf(1), ".2f", "∞"},
	} {
		got, err := formatNumber(tc.x, tc.spec)
		if err != nil || got != tc.want {
			t.Errorf("formatNumber(%v, %q) = %q, %v; want %q", tc.x, tc.spec, got, err, tc.want)
		}
	}
	for _, bad := range []string{"2f", ".xf", ".2q", ".99f"} {
		if _, err := formatNumber(1, bad); err == nil {
			t.Errorf("spec %q accepted", bad)
		}
	}
}

func TestFormat(t *testing.T) {
	f, err := ParseFormat("{mean:.1f} ± {std:.1f} {{n={n}}} [{other.max:d}]")
	if err != nil {
		t.Fatal(err)
	}
	if v := f.Values(); len(v) != 1 || v[0] != "other" {
		t.Errorf("values %v", v)
	}
	stats := map[string]float64{"mean": 2.5, "std": 1.118, "n": 4, "other.max": 7.6}
	got := f.Render(func(v, stat string) float64 {
		if v != "" {
			stat = v + "." + stat
		}
		return stats[stat]
	})
	if want := "2.5 ± 1.1 {n=4} [8]"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
	for _, bad := range []string{"{avg}", "{mean", "mean}", "no placeholder", "{mean:zz}"} {
		if _, err := ParseFormat(bad); err == nil {
			t.Errorf("format %q accepted", bad)
		}
	}
}
