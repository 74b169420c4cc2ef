package registry

import (
	"fmt"
	"slices"
	"strings"
	"sync"
)

// Set is a registry of values of type T by name. The zero value is not
// usable; create one with New. A Set is safe for concurrent use.
type Set[T any] struct {
	kind string // what the names name ("method", "metric", ...), for messages

	mu     sync.RWMutex
	byName map[string]T
}

// New returns an empty Set whose error messages call its entries kind.
func New[T any](kind string) *Set[T] {
	return &Set[T]{kind: kind, byName: map[string]T{}}
}

// Add registers v under name. It panics when name is empty or already
// taken: both are programming errors of the registering package.
func (s *Set[T]) Add(name string, v T) {
	if name == "" {
		panic(fmt.Sprintf("registry: %s with an empty name", s.kind))
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if _, dup := s.byName[name]; dup {
		panic(fmt.Sprintf("registry: %s %q registered twice", s.kind, name))
	}
	s.byName[name] = v
}

// Lookup returns the value registered under name.
func (s *Set[T]) Lookup(name string) (T, bool) {
	s.mu.RLock()
	defer s.mu.RUnlock()
	v, ok := s.byName[name]
	return v, ok
}

// Get returns the value registered under name, or an error that names the
// closest known name and lists them all.
func (s *Set[T]) Get(name string) (T, error) {
	if v, ok := s.Lookup(name); ok {
		return v, nil
	}
	var zero T
	names := s.Names()
	return zero, fmt.Errorf("unknown %s %q%s; known: %s", s.kind, name, Suggest(name, names), strings.Join(names, ", "))
}

// Names returns the registered names, sorted.
func (s *Set[T]) Names() []string {
	s.mu.RLock()
	defer s.mu.RUnlock()
	names := make([]string, 0, len(s.byName))
	for n := range s.byName {
		names = append(names, n)
	}
	slices.Sort(names)
	return names
}

// All returns the registered values in the order of their names.
func (s *Set[T]) All() []T {
	names := s.Names()
	s.mu.RLock()
	defer s.mu.RUnlock()
	out := make([]T, len(names))
	for i, n := range names {
		out[i] = s.byName[n]
	}
	return out
}

// Suggest returns ` (did you mean "x"?)` for the name closest to s (at most
// two edits away, ignoring case), or "" when none is close.
func Suggest(s string, names []string) string {
	best, bestD := "", 3
	for _, n := range names {
		if d := editDistance(strings.ToLower(s), strings.ToLower(n)); d < bestD {
			best, bestD = n, d
		}
	}
	if best == "" {
		return ""
	}
	return fmt.Sprintf(" (did you mean %q?)", best)
}

// editDistance is the Levenshtein distance of a and b (bytes).
func editDistance(a, b string) int {
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			c := prev[j-1]
			if a[i-1] != b[j-1] {
				c++
			}
			cur[j] = min(c, prev[j]+1, cur[j-1]+1)
		}
		prev, cur = cur, prev
	}
	return prev[len(b)]
}
