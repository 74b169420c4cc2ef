package params

import (
	"encoding/json"
	"fmt"
	"math"
	"reflect"
	"sort"
	"strconv"
	"strings"
)

// Params holds parameter values by name. Values come either from YAML (int,
// float64, bool, string, []any) or from the command line (strings, with
// comma-separated lists); both are converted to the parameter's type.
type Params map[string]any

// Param describes one parameter.
type Param struct {
	Name    string // as written in configs; flags use it with '-' for '_'
	Type    string // int, float, bool, string, []int, []float, []string
	Default any
	Doc     string
}

// IsList reports whether the parameter takes a list as one value.
func (p Param) IsList() bool { return strings.HasPrefix(p.Type, "[]") }

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

// Decode copies the values of p into the tagged fields of the struct that
// dst points to. owner names the method or generator in error messages.
func (p Params) Decode(owner string, dst any) error {
	v := reflect.ValueOf(dst)
	if v.Kind() != reflect.Pointer || v.Elem().Kind() != reflect.Struct {
		return fmt.Errorf("params.Decode: dst must point to a struct, got %T", dst)
	}
	return p.decode(owner, v.Elem())
}

func (p Params) decode(method string, dst reflect.Value) error {
	fields := map[string]reflect.Value{}
	var names []string
	t := dst.Type()
	for i := 0; i < t.NumField(); i++ {
		if tag := t.Field(i).Tag.Get("param"); tag != "" {
			fields[tag] = dst.Field(i)
			names = append(names, tag)
		}
	}
	keys := make([]string, 0, len(p))
	for k := range p {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	seen := map[string]string{}
	for _, k := range keys {
		name := NormalizeName(k)
		if prev, dup := seen[name]; dup {
			return fmt.Errorf("%s: parameter %q given twice (as %q and %q)", method, name, prev, k)
		}
		seen[name] = k
		f, ok := fields[name]
		if !ok {
			sort.Strings(names)
			return fmt.Errorf("%s has no parameter %q; its parameters are: %s", method, k, strings.Join(names, ", "))
		}
		if err := assign(f, p[k]); err != nil {
			return fmt.Errorf("%s, parameter %s: %v", method, name, err)
		}
	}
	return nil
}

func assign(f reflect.Value, v any) error {
	if f.Kind() == reflect.Slice {
		var items []any
		switch x := v.(type) {
		case string:
			if strings.TrimSpace(x) != "" {
				for _, s := range strings.Split(x, ",") {
					items = append(items, strings.TrimSpace(s))
				}
			}
		case []any:
			items = x
		default:
			rv := reflect.ValueOf(v)
			if rv.Kind() != reflect.Slice {
				items = []any{v}
				break
			}
			for i := 0; i < rv.Len(); i++ {
				items = append(items, rv.Index(i).Interface())
			}
		}
		s := reflect.MakeSlice(f.Type(), len(items), len(items))
		for i, it := range items {
			if err := assignScalar(s.Index(i), it); err != nil {
				return fmt.Errorf("item %d: %v", i, err)
			}
		}
		f.Set(s)
		return nil
	}
	return assignScalar(f, v)
}

func assignScalar(f reflect.Value, v any) error {
	switch f.Kind() {
	case reflect.String:
		switch x := v.(type) {
		case string:
			f.SetString(x)
		case int, int64, float64, bool:
			f.SetString(fmt.Sprint(x))
		default:
			return fmt.Errorf("want a string, got %T %v", v, v)
		}
	case reflect.Bool:
		switch x := v.(type) {
		case bool:
			f.SetBool(x)
		case string:
			b, err := strconv.ParseBool(x)
			if err != nil {
				return fmt.Errorf("want true or false, got %q", x)
			}
			f.SetBool(b)
		default:
			return fmt.Errorf("want true or false, got %T %v", v, v)
		}
	case reflect.Uint64:
		// Seeds use the whole uint64 range, beyond float64's exact integers.
		switch x := v.(type) {
		case uint64:
			f.SetUint(x)
			return nil
		case int:
			if x >= 0 {
				f.SetUint(uint64(x))
				return nil
			}
		case int64:
			if x >= 0 {
				f.SetUint(uint64(x))
				return nil
			}
		case string:
			if u, err := strconv.ParseUint(strings.TrimSpace(x), 10, 64); err == nil {
				f.SetUint(u)
				return nil
			}
		case float64:
			if x >= 0 && x == math.Trunc(x) && x < 1<<64 {
				f.SetUint(uint64(x))
				return nil
			}
		}
		return fmt.Errorf("want a non-negative integer, got %v", v)
	case reflect.Int, reflect.Int64:
		var n float64
		switch x := v.(type) {
		case int:
			n = float64(x)
		case int64:
			n = float64(x)
		case uint64:
			n = float64(x)
		case float64:
			n = x
		case string:
			y, err := strconv.ParseFloat(strings.TrimSpace(x), 64)
			if err != nil {
				return fmt.Errorf("want an integer, got %q", x)
			}
			n = y
		default:
			return fmt.Errorf("want an integer, got %T %v", v, v)
		}
		if n != math.Trunc(n) || math.Abs(n) > 1<<53 {
			return fmt.Errorf("want an integer, got %v", v)
		}
		f.SetInt(int64(n))
	case reflect.Float64:
		switch x := v.(type) {
		case int:
			f.SetFloat(float64(x))
		case int64:
			f.SetFloat(float64(x))
		case float64:
			f.SetFloat(x)
		case string:
			y, err := strconv.ParseFloat(strings.TrimSpace(x), 64)
			if err != nil {
				return fmt.Errorf("want a number, got %q", x)
			}
			f.SetFloat(y)
		default:
			return fmt.Errorf("want a number, got %T %v", v, v)
		}
		if math.IsNaN(f.Float()) || math.IsInf(f.Float(), 0) {
			return fmt.Errorf("want a finite number, got %v", v)
		}
	default:
		return fmt.Errorf("unsupported parameter type %s", f.Type())
	}
	return nil
}

// Describe lists the tagged fields of the struct defaults, with their
// current values as defaults.
func Describe(defaults any) ([]Param, error) { return describe(reflect.ValueOf(defaults)) }

func describe(v reflect.Value) ([]Param, error) {
	if v.Kind() != reflect.Struct {
		return nil, fmt.Errorf("defaults must be a struct, got %s", v.Kind())
	}
	var out []Param
	t := v.Type()
	for i := 0; i < t.NumField(); i++ {
		sf := t.Field(i)
		name := sf.Tag.Get("param")
		if name == "" {
			continue
		}
		if name != NormalizeName(name) {
			return nil, fmt.Errorf("parameter %q must be lower snake case", name)
		}
		typ, err := typeName(sf.Type)
		if err != nil {
			return nil, fmt.Errorf("parameter %q: %v", name, err)
		}
		out = append(out, Param{Name: name, Type: typ, Default: v.Field(i).Interface(), Doc: sf.Tag.Get("doc")})
	}
	return out, nil
}

func typeName(t reflect.Type) (string, error) {
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
		e, err := typeName(t.Elem())
		if err != nil || strings.HasPrefix(e, "[]") {
			return "", fmt.Errorf("unsupported type %s", t)
		}
		return "[]" + e, nil
	}
	return "", fmt.Errorf("unsupported type %s", t)
}

// Format writes a parameter value as canonical text, the form cell keys,
// variant names and report matching use: integers in decimal, floats in the
// shortest form that reads back to the same number, lists and arrays as
// [a,b], maps as JSON, nil as "".
func Format(v any) string {
	switch x := v.(type) {
	case nil:
		return ""
	case string:
		return x
	case int:
		return strconv.Itoa(x)
	case int64:
		return strconv.FormatInt(x, 10)
	case uint64:
		return strconv.FormatUint(x, 10)
	case float64:
		return strconv.FormatFloat(x, 'g', -1, 64)
	case float32:
		return strconv.FormatFloat(float64(x), 'g', -1, 32)
	case bool:
		return strconv.FormatBool(x)
	}
	rv := reflect.ValueOf(v)
	switch rv.Kind() {
	case reflect.Slice, reflect.Array:
		parts := make([]string, rv.Len())
		for i := range parts {
			parts[i] = Format(rv.Index(i).Interface())
		}
		return "[" + strings.Join(parts, ",") + "]"
	case reflect.Map:
		if b, err := json.Marshal(v); err == nil {
			return string(b)
		}
	}
	return fmt.Sprint(v)
}
