package params

import (
	"encoding"
	"fmt"
	"math"
	"reflect"
	"slices"
	"sort"
	"strings"
	"sync"

	"github.com/gsbench/gsbench/internal/registry"
)

// Params holds parameter values by name. Values come either from YAML (int,
// float64, bool, string, []any) or from the command line (strings, with
// comma-separated lists); both are converted to the parameter's type.
type Params map[string]any

// Param describes one parameter.
type Param struct {
	Name    string   `json:"name"`              // as written in configs; flags use it with '-' for '_'
	Type    string   `json:"type"`              // int, float, bool, string, []int, []float, []string
	Default any      `json:"default"`           // int, int64, uint64, float64, bool, string or a slice of them
	Doc     string   `json:"doc"`               // what it means
	Choices []string `json:"choices,omitempty"` // the allowed values of an enumeration
	Auto    string   `json:"auto,omitempty"`    // how the zero value ("auto") is computed from the data
	// Excludes names a parameter that must not be given with this one.
	Excludes string `json:"excludes,omitempty"`
	// OmitDefault leaves the parameter out of experiment cell keys while
	// it is at its default (tag key:"omitdefault"): an option added to a
	// method whose default reproduces the method as it was does not change
	// the keys, hence the seeds, of the results already recorded. Changing
	// such a parameter's default requires removing the tag.
	OmitDefault bool `json:"omit_default,omitempty"`
}

// IsList reports whether the parameter takes a list as one value.
func (p Param) IsList() bool { return strings.HasPrefix(p.Type, "[]") }

// DefaultText is the default as `gsbench list` shows it: "auto" for an
// automatic parameter at its zero value, else Format(Default).
func (p Param) DefaultText() string {
	if v := reflect.ValueOf(p.Default); p.Auto != "" && (!v.IsValid() || v.IsZero()) {
		return "auto"
	}
	return Format(p.Default)
}

// NormalizeName maps a flag or key spelling to the canonical parameter name:
// lower case, '-' written as '_'.
func NormalizeName(s string) string {
	return strings.ReplaceAll(strings.ToLower(strings.TrimSpace(s)), "-", "_")
}

// Clone returns a shallow copy of p.
func (p Params) Clone() Params {
	out := make(Params, len(p))
	for k, v := range p {
		out[k] = v
	}
	return out
}

// field is one tagged field of a struct type.
type field struct {
	index []int // for reflect.Value.FieldByIndex
	Param
	rest bool // the Params field tagged `param:",rest"` (not a parameter)
}

var fieldCache sync.Map // reflect.Type -> []field or error

// fieldsOf returns the tagged fields of the struct type t, those of its
// embedded and inline struct fields included, in declaration order.
func fieldsOf(t reflect.Type) ([]field, error) {
	if c, ok := fieldCache.Load(t); ok {
		if err, isErr := c.(error); isErr {
			return nil, err
		}
		return c.([]field), nil
	}
	var out []field
	err := collect(t, nil, &out)
	if err == nil {
		seen := map[string]bool{}
		rests := 0
		for _, f := range out {
			if f.rest {
				if rests++; rests > 1 {
					err = fmt.Errorf("%s has several fields tagged param:\",rest\"", t)
					break
				}
				continue
			}
			if seen[f.Name] {
				err = fmt.Errorf("parameter %q declared twice in %s", f.Name, t)
				break
			}
			seen[f.Name] = true
		}
		for _, f := range out {
			if f.Excludes != "" && !seen[f.Excludes] {
				err = fmt.Errorf("parameter %q excludes %q, which %s does not have", f.Name, f.Excludes, t)
			}
		}
	}
	if err != nil {
		fieldCache.Store(t, err)
		return nil, err
	}
	fieldCache.Store(t, out)
	return out, nil
}

func collect(t reflect.Type, prefix []int, out *[]field) error {
	for i := 0; i < t.NumField(); i++ {
		sf := t.Field(i)
		index := append(slices.Clone(prefix), i)
		tag, hasTag := sf.Tag.Lookup("param")
		if sf.Type.Kind() == reflect.Struct && (sf.Anonymous && !hasTag || tag == ",inline") {
			// The exported fields of an embedded struct can be set through
			// reflection even when its type is unexported; those of a named
			// unexported field cannot.
			if !sf.IsExported() && !sf.Anonymous {
				return fmt.Errorf("inline field %s is not exported", sf.Name)
			}
			if err := collect(sf.Type, index, out); err != nil {
				return err
			}
			continue
		}
		if tag == "" {
			continue
		}
		if tag == ",rest" {
			if !sf.IsExported() || sf.Type != reflect.TypeFor[Params]() {
				return fmt.Errorf("field %s tagged param:\",rest\" must be an exported params.Params", sf.Name)
			}
			*out = append(*out, field{index: index, rest: true})
			continue
		}
		if !sf.IsExported() {
			return fmt.Errorf("parameter %q: field %s is not exported", tag, sf.Name)
		}
		if tag != NormalizeName(tag) {
			return fmt.Errorf("parameter %q must be lower snake case", tag)
		}
		typ, err := wireType(sf.Type)
		if err != nil {
			return fmt.Errorf("parameter %q: %v", tag, err)
		}
		p := Param{Name: tag, Type: typ, Doc: sf.Tag.Get("doc"), Auto: sf.Tag.Get("auto"), Excludes: sf.Tag.Get("excludes")}
		switch key := sf.Tag.Get("key"); key {
		case "":
		case "omitdefault":
			p.OmitDefault = true
		default:
			return fmt.Errorf("parameter %q: key tag %q: the only option is omitdefault", tag, key)
		}
		et := sf.Type
		if et.Kind() == reflect.Slice {
			et = et.Elem()
		}
		if c, ok := reflect.Zero(et).Interface().(interface{ Choices() []string }); ok {
			p.Choices = c.Choices()
		}
		*out = append(*out, field{index: index, Param: p})
	}
	return nil
}

var textUnmarshaler = reflect.TypeFor[encoding.TextUnmarshaler]()

// wireType is the type name of a parameter as configs and flags see it.
func wireType(t reflect.Type) (string, error) {
	if hasParser(t) || reflect.PointerTo(t).Implements(textUnmarshaler) {
		return "string", nil
	}
	switch t.Kind() {
	case reflect.Int, reflect.Int64, reflect.Uint64:
		return "int", nil
	case reflect.Float64:
		return "float", nil
	case reflect.Bool:
		return "bool", nil
	case reflect.String:
		return "string", nil
	case reflect.Slice:
		e, err := wireType(t.Elem())
		if err != nil || strings.HasPrefix(e, "[]") {
			return "", fmt.Errorf("unsupported type %s", t)
		}
		return "[]" + e, nil
	}
	return "", fmt.Errorf("unsupported type %s", t)
}

// structValue returns the struct that v is or points to.
func structValue(v any) (reflect.Value, error) {
	rv := reflect.ValueOf(v)
	if rv.Kind() == reflect.Pointer && !rv.IsNil() {
		rv = rv.Elem()
	}
	if rv.Kind() != reflect.Struct {
		return reflect.Value{}, fmt.Errorf("want a struct or a pointer to one, got %T", v)
	}
	return rv, nil
}

// Describe lists the parameters of the struct that v is or points to, with
// their current values as defaults.
func Describe(v any) ([]Param, error) {
	rv, err := structValue(v)
	if err != nil {
		return nil, err
	}
	fs, err := fieldsOf(rv.Type())
	if err != nil {
		return nil, err
	}
	out := make([]Param, 0, len(fs))
	for _, f := range fs {
		if f.rest {
			continue
		}
		p := f.Param
		p.Default = canonical(rv.FieldByIndex(f.index))
		out = append(out, p)
	}
	return out, nil
}

// HasRest reports whether the struct that v is or points to takes other
// parameters than its tagged ones: a field of type Params tagged
// `param:",rest"` receives, from Decode, every parameter that is not one of
// the struct's, as given (an external program's own parameters, passed
// through to it).
func HasRest(v any) bool {
	rv, err := structValue(v)
	if err != nil {
		return false
	}
	fs, err := fieldsOf(rv.Type())
	if err != nil {
		return false
	}
	for _, f := range fs {
		if f.rest {
			return true
		}
	}
	return false
}

// canonical returns a field's value as a plain Go value: int, int64, uint64,
// float64, bool, string, or a slice of them; text types as their text.
func canonical(v reflect.Value) any {
	if hasParser(v.Type()) || reflect.PointerTo(v.Type()).Implements(textUnmarshaler) {
		return formatText(v)
	}
	switch v.Kind() {
	case reflect.Int:
		return int(v.Int())
	case reflect.Int64:
		return v.Int()
	case reflect.Uint64:
		return v.Uint()
	case reflect.Float64:
		return v.Float()
	case reflect.Bool:
		return v.Bool()
	case reflect.String:
		return v.String()
	case reflect.Slice:
		if v.IsNil() {
			return reflect.Zero(plainSliceType(v.Type())).Interface()
		}
		s := reflect.MakeSlice(plainSliceType(v.Type()), v.Len(), v.Len())
		for i := range v.Len() {
			s.Index(i).Set(reflect.ValueOf(canonical(v.Index(i))))
		}
		return s.Interface()
	}
	return v.Interface()
}

func plainSliceType(t reflect.Type) reflect.Type {
	switch t.Elem().Kind() {
	case reflect.Int:
		return reflect.TypeFor[[]int]()
	case reflect.Int64:
		return reflect.TypeFor[[]int64]()
	case reflect.Uint64:
		return reflect.TypeFor[[]uint64]()
	case reflect.Float64:
		return reflect.TypeFor[[]float64]()
	case reflect.Bool:
		return reflect.TypeFor[[]bool]()
	}
	return reflect.TypeFor[[]string]()
}

// Decode copies the values of p into the tagged fields of the struct that
// dst points to; parameters p does not name keep their values. owner names
// the method, generator or metric in error messages.
func (p Params) Decode(owner string, dst any) error {
	v := reflect.ValueOf(dst)
	if v.Kind() != reflect.Pointer || v.IsNil() || v.Elem().Kind() != reflect.Struct {
		return fmt.Errorf("params.Decode: dst must point to a struct, got %T", dst)
	}
	fs, err := fieldsOf(v.Elem().Type())
	if err != nil {
		return fmt.Errorf("params.Decode(%s): %v", owner, err)
	}
	byName := make(map[string]field, len(fs))
	names := make([]string, 0, len(fs))
	var rest reflect.Value // the Params that takes other names, if any
	for _, f := range fs {
		if f.rest {
			rest = v.Elem().FieldByIndex(f.index)
			continue
		}
		byName[f.Name] = f
		names = append(names, f.Name)
	}
	sort.Strings(names)
	keys := make([]string, 0, len(p))
	for k := range p {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	given := map[string]string{} // canonical name -> key as written
	for _, k := range keys {
		name := NormalizeName(k)
		if prev, dup := given[name]; dup {
			return fmt.Errorf("%s: parameter %q given twice (as %q and %q)", owner, name, prev, k)
		}
		given[name] = k
		f, ok := byName[name]
		if !ok && rest.IsValid() {
			if err := checkRest(p[k]); err != nil {
				return fmt.Errorf("%s, parameter %s: %v", owner, name, err)
			}
			if rest.IsNil() {
				rest.Set(reflect.ValueOf(Params{}))
			}
			rest.SetMapIndex(reflect.ValueOf(name), reflect.ValueOf(p[k]))
			continue
		}
		if !ok {
			if len(names) == 0 {
				return fmt.Errorf("%s has no parameters (got %q)", owner, k)
			}
			return fmt.Errorf("%s has no parameter %q%s; its parameters are: %s", owner, k, registry.Suggest(name, names), strings.Join(names, ", "))
		}
		if err := set(v.Elem().FieldByIndex(f.index), f.Param, p[k]); err != nil {
			return fmt.Errorf("%s, parameter %s: %v", owner, name, err)
		}
	}
	for _, f := range fs {
		if _, a := given[f.Name]; a && f.Excludes != "" {
			if _, b := given[f.Excludes]; b {
				return fmt.Errorf("%s: give %s or %s, not both", owner, f.Excludes, f.Name)
			}
		}
	}
	return nil
}

// checkRest accepts the values a rest parameter may take: one number,
// boolean or string (a list would be ambiguous: configs sweep over lists).
func checkRest(v any) error {
	switch x := v.(type) {
	case int, int64, uint64, bool, string:
		return nil
	case float64:
		if math.IsNaN(x) || math.IsInf(x, 0) {
			return fmt.Errorf("want a finite number, got %v", x)
		}
		return nil
	}
	return fmt.Errorf("want one number, true/false or text, got %T %v", v, v)
}

// set assigns v to the field f of parameter p.
func set(f reflect.Value, p Param, v any) error {
	if s, ok := v.(string); ok && p.Auto != "" && strings.EqualFold(strings.TrimSpace(s), "auto") {
		f.Set(reflect.Zero(f.Type()))
		return nil
	}
	if err := assign(f, v); err != nil {
		return err
	}
	if len(p.Choices) == 0 {
		return nil
	}
	items := []reflect.Value{f}
	if f.Kind() == reflect.Slice {
		items = items[:0]
		for i := range f.Len() {
			items = append(items, f.Index(i))
		}
	}
	for _, it := range items {
		if got := it.String(); !slices.Contains(p.Choices, got) {
			return fmt.Errorf("%q is not one of %s%s", got, strings.Join(p.Choices, ", "), registry.Suggest(got, p.Choices))
		}
	}
	return nil
}
