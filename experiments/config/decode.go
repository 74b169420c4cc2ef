package config

import (
	"fmt"
	"math"
	"slices"
	"sort"
	"strconv"
	"strings"

	"gopkg.in/yaml.v3"

	"github.com/gsbench/gsbench/internal/registry"
)

// Pos is a position in a config file (1-based; zero when unknown).
type Pos struct{ Line, Col int }

// Error is one problem in a config: where it is, which key, what is wrong
// and, in the message, how to fix it.
type Error struct {
	File string
	Pos  Pos
	Key  string // path of the key, e.g. methods[2].params.eps2
	Msg  string
}

func (e *Error) Error() string {
	var b strings.Builder
	if e.File != "" {
		b.WriteString(e.File)
	} else {
		b.WriteString("config")
	}
	if e.Pos.Line > 0 {
		fmt.Fprintf(&b, ":%d:%d", e.Pos.Line, e.Pos.Col)
	}
	if e.Key != "" {
		b.WriteString(": " + e.Key)
	}
	b.WriteString(": " + e.Msg)
	return b.String()
}

// Errors lists every problem found in a config, in file order.
type Errors []*Error

func (es Errors) Error() string {
	lines := make([]string, len(es))
	for i, e := range es {
		lines[i] = e.Error()
	}
	return strings.Join(lines, "\n")
}

// decoder walks a yaml.Node tree, collecting errors with their positions.
type decoder struct {
	file string
	errs Errors
}

func posOf(n *yaml.Node) Pos {
	if n == nil {
		return Pos{}
	}
	return Pos{n.Line, n.Column}
}

func (d *decoder) errorf(n *yaml.Node, key, format string, args ...any) {
	d.errs = append(d.errs, &Error{File: d.file, Pos: posOf(n), Key: key, Msg: fmt.Sprintf(format, args...)})
}

func (d *decoder) errAt(p Pos, key, format string, args ...any) {
	d.errs = append(d.errs, &Error{File: d.file, Pos: p, Key: key, Msg: fmt.Sprintf(format, args...)})
}

func (d *decoder) err() error {
	if len(d.errs) == 0 {
		return nil
	}
	sort.SliceStable(d.errs, func(i, j int) bool {
		a, b := d.errs[i].Pos, d.errs[j].Pos
		return a.Line < b.Line || a.Line == b.Line && a.Col < b.Col
	})
	return d.errs
}

func kindName(n *yaml.Node) string {
	switch n.Kind {
	case yaml.MappingNode:
		return "a mapping"
	case yaml.SequenceNode:
		return "a list"
	case yaml.AliasNode:
		return "an alias"
	}
	switch n.Tag {
	case "!!null":
		return "nothing (null)"
	case "!!int":
		return "an integer (" + n.Value + ")"
	case "!!float":
		return "a number (" + n.Value + ")"
	case "!!bool":
		return "a boolean (" + n.Value + ")"
	}
	return fmt.Sprintf("%q", n.Value)
}

// field is a key of a mapping with its handler.
type field struct {
	name   string
	handle func(key, val *yaml.Node, path string)
}

// mapping checks that n is a mapping whose keys are all among fields, and
// calls each handler in file order. Unknown and repeated keys are errors.
func (d *decoder) mapping(n *yaml.Node, path string, fields ...field) {
	if n.Kind != yaml.MappingNode {
		d.errorf(n, path, "want a mapping with keys %s, got %s", fieldNames(fields), kindName(n))
		return
	}
	seen := map[string]bool{}
	for i := 0; i+1 < len(n.Content); i += 2 {
		k, v := n.Content[i], n.Content[i+1]
		sub := joinPath(path, k.Value)
		if seen[k.Value] {
			d.errorf(k, sub, "key given twice")
			continue
		}
		seen[k.Value] = true
		var f *field
		for j := range fields {
			if fields[j].name == k.Value {
				f = &fields[j]
			}
		}
		if f == nil {
			d.errorf(k, sub, "unknown key %q%s; valid keys here are %s", k.Value, registry.Suggest(k.Value, fieldList(fields)), fieldNames(fields))
			continue
		}
		if v.Kind == yaml.AliasNode {
			v = v.Alias
		}
		f.handle(k, v, sub)
	}
}

func fieldList(fields []field) []string {
	names := make([]string, len(fields))
	for i, f := range fields {
		names[i] = f.name
	}
	return names
}

func fieldNames(fields []field) string { return strings.Join(fieldList(fields), ", ") }

func joinPath(path, key string) string {
	if path == "" {
		return key
	}
	return path + "." + key
}

func (d *decoder) str(n *yaml.Node, path string) string {
	if n.Kind != yaml.ScalarNode || n.Tag == "!!null" {
		d.errorf(n, path, "want a string, got %s", kindName(n))
		return ""
	}
	return n.Value
}

func (d *decoder) integer(n *yaml.Node, path string, lo int) int {
	if n.Kind != yaml.ScalarNode || n.Tag != "!!int" {
		d.errorf(n, path, "want an integer, got %s", kindName(n))
		return lo
	}
	v, err := strconv.ParseInt(n.Value, 0, 64)
	if err != nil || v < int64(lo) || v > math.MaxInt32 {
		d.errorf(n, path, "want an integer >= %d, got %s", lo, n.Value)
		return lo
	}
	return int(v)
}

func (d *decoder) seed(n *yaml.Node, path string) uint64 {
	if n.Kind != yaml.ScalarNode || n.Tag != "!!int" {
		d.errorf(n, path, "want a non-negative integer, got %s", kindName(n))
		return 0
	}
	v, err := strconv.ParseUint(n.Value, 0, 64)
	if err != nil {
		d.errorf(n, path, "want a non-negative integer below 2^64, got %s", n.Value)
	}
	return v
}

func (d *decoder) number(n *yaml.Node, path string) float64 {
	if n.Kind != yaml.ScalarNode || (n.Tag != "!!int" && n.Tag != "!!float") {
		d.errorf(n, path, "want a number, got %s", kindName(n))
		return 0
	}
	v, err := strconv.ParseFloat(n.Value, 64)
	if err != nil || math.IsNaN(v) || math.IsInf(v, 0) {
		d.errorf(n, path, "want a finite number, got %s", n.Value)
		return 0
	}
	return v
}

func (d *decoder) boolean(n *yaml.Node, path string) bool {
	if n.Kind != yaml.ScalarNode || n.Tag != "!!bool" {
		d.errorf(n, path, "want true or false, got %s", kindName(n))
		return false
	}
	b, _ := strconv.ParseBool(n.Value)
	return b
}

// numbers accepts one number or a list of numbers.
func (d *decoder) numbers(n *yaml.Node, path string) []float64 {
	if n.Kind == yaml.ScalarNode {
		return []float64{d.number(n, path)}
	}
	if n.Kind != yaml.SequenceNode {
		d.errorf(n, path, "want a number or a list of numbers, got %s", kindName(n))
		return nil
	}
	var out []float64
	for i, it := range n.Content {
		out = append(out, d.number(it, fmt.Sprintf("%s[%d]", path, i)))
	}
	return out
}

// strings accepts one string or a list of strings.
func (d *decoder) strings(n *yaml.Node, path string) []string {
	if n.Kind == yaml.ScalarNode && n.Tag != "!!null" {
		return []string{n.Value}
	}
	if n.Kind != yaml.SequenceNode {
		d.errorf(n, path, "want a string or a list of strings, got %s", kindName(n))
		return nil
	}
	var out []string
	for i, it := range n.Content {
		out = append(out, d.str(it, fmt.Sprintf("%s[%d]", path, i)))
	}
	return out
}

// list calls f for every item of a sequence.
func (d *decoder) list(n *yaml.Node, path string, f func(i int, it *yaml.Node, path string)) {
	if n.Kind != yaml.SequenceNode {
		d.errorf(n, path, "want a list, got %s", kindName(n))
		return
	}
	for i, it := range n.Content {
		if it.Kind == yaml.AliasNode {
			it = it.Alias
		}
		f(i, it, fmt.Sprintf("%s[%d]", path, i))
	}
}

// stringMap reads a mapping of strings to strings.
func (d *decoder) stringMap(n *yaml.Node, path string) map[string]string {
	if n.Kind != yaml.MappingNode {
		d.errorf(n, path, "want a mapping, got %s", kindName(n))
		return nil
	}
	out := map[string]string{}
	for i := 0; i+1 < len(n.Content); i += 2 {
		k, v := n.Content[i], n.Content[i+1]
		if _, dup := out[k.Value]; dup {
			d.errorf(k, joinPath(path, k.Value), "key given twice")
		}
		out[k.Value] = d.str(v, joinPath(path, k.Value))
	}
	return out
}

// entry is a key of a free-form mapping (parameters, filters) with its
// value node.
type entry struct {
	key  *yaml.Node
	val  *yaml.Node
	path string
}

// entries lists the keys of a mapping in file order, rejecting repeats.
func (d *decoder) entries(n *yaml.Node, path string) []entry {
	if n.Kind != yaml.MappingNode {
		d.errorf(n, path, "want a mapping of names to values, got %s", kindName(n))
		return nil
	}
	var out []entry
	seen := map[string]bool{}
	for i := 0; i+1 < len(n.Content); i += 2 {
		k, v := n.Content[i], n.Content[i+1]
		if v.Kind == yaml.AliasNode {
			v = v.Alias
		}
		sub := joinPath(path, k.Value)
		if seen[k.Value] {
			d.errorf(k, sub, "key given twice")
			continue
		}
		seen[k.Value] = true
		out = append(out, entry{k, v, sub})
	}
	return out
}

// plain converts a YAML value to int, float64, bool, string or []any.
func (d *decoder) plain(n *yaml.Node, path string) (any, bool) {
	if n.Kind == yaml.AliasNode {
		n = n.Alias
	}
	switch n.Kind {
	case yaml.ScalarNode:
		var v any
		if err := n.Decode(&v); err != nil {
			d.errorf(n, path, "%v", err)
			return nil, false
		}
		if v == nil {
			d.errorf(n, path, "missing value")
			return nil, false
		}
		return v, true
	case yaml.SequenceNode:
		out := make([]any, 0, len(n.Content))
		for i, it := range n.Content {
			v, ok := d.plain(it, fmt.Sprintf("%s[%d]", path, i))
			if !ok {
				return nil, false
			}
			out = append(out, v)
		}
		return out, true
	}
	d.errorf(n, path, "want a value or a list of values, got %s", kindName(n))
	return nil, false
}

func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}
