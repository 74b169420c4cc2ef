package registry

import (
	"slices"
	"strings"
	"testing"
)

func TestSet(t *testing.T) {
	s := New[int]("widget")
	s.Add("beta", 2)
	s.Add("alpha", 1)
	if v, ok := s.Lookup("beta"); !ok || v != 2 {
		t.Errorf("Lookup(beta) = %v, %v", v, ok)
	}
	if got := s.Names(); !slices.Equal(got, []string{"alpha", "beta"}) {
		t.Errorf("Names = %v", got)
	}
	if got := s.All(); !slices.Equal(got, []int{1, 2}) {
		t.Errorf("All = %v", got)
	}
	_, err := s.Get("alpah")
	if err == nil || !strings.Contains(err.Error(), `unknown widget "alpah" (did you mean "alpha"?); known: alpha, beta`) {
		t.Errorf("Get(alpah): %v", err)
	}
	if _, err := s.Get("zzzzzz"); err == nil || strings.Contains(err.Error(), "did you mean") {
		t.Errorf("Get(zzzzzz): %v", err)
	}
}

func TestAddPanics(t *testing.T) {
	for _, name := range []string{"", "dup"} {
		s := New[int]("widget")
		s.Add("dup", 1)
		func() {
			defer func() {
				if recover() == nil {
					t.Errorf("Add(%q) did not panic", name)
				}
			}()
			s.Add(name, 2)
		}()
	}
}

func TestEditDistance(t *testing.T) {
	for _, tc := range []struct {
		a, b string
		want int
	}{{"", "", 0}, {"abc", "", 3}, {"kitten", "sitting", 3}, {"flaw", "lawn", 2}, {"same", "same", 0}} {
		if got := editDistance(tc.a, tc.b); got != tc.want {
			t.Errorf("editDistance(%q, %q) = %d, want %d", tc.a, tc.b, got, tc.want)
		}
	}
}
