package params

import (
	"encoding"
	"encoding/json"
	"fmt"
	"math"
	"reflect"
	"strconv"
	"strings"
	"sync"
)

var parsers sync.Map // reflect.Type -> func(string) (reflect.Value, error)

// RegisterParser lets parameters of type T (typically an interface type,
// such as a function family) be decoded from text by parse. Their text form,
// for defaults and cell keys, is fmt.Sprint of the value (its String
// method). It panics when T already has a parser.
func RegisterParser[T any](parse func(string) (T, error)) {
	t := reflect.TypeFor[T]()
	f := func(s string) (reflect.Value, error) {
		v, err := parse(s)
		if err != nil {
			return reflect.Value{}, err
		}
		return reflect.ValueOf(&v).Elem(), nil
	}
	if _, dup := parsers.LoadOrStore(t, f); dup {
		panic(fmt.Sprintf("params.RegisterParser: %s has a parser already", t))
	}
}

func hasParser(t reflect.Type) bool {
	_, ok := parsers.Load(t)
	return ok
}

// formatText is the text of a value decoded from text.
func formatText(v reflect.Value) string {
	if v.Kind() == reflect.Interface && v.IsNil() {
		return ""
	}
	if m, ok := v.Interface().(encoding.TextMarshaler); ok {
		if b, err := m.MarshalText(); err == nil {
			return string(b)
		}
	}
	return fmt.Sprint(v.Interface())
}

// assign converts v to the type of f and stores it.
func assign(f reflect.Value, v any) error {
	if p, ok := parsers.Load(f.Type()); ok {
		s, isText := v.(string)
		if !isText {
			return fmt.Errorf("want text, got %T %v", v, v)
		}
		x, err := p.(func(string) (reflect.Value, error))(strings.TrimSpace(s))
		if err != nil {
			return err
		}
		f.Set(x)
		return nil
	}
	if u, ok := f.Addr().Interface().(encoding.TextUnmarshaler); ok {
		s, isText := v.(string)
		if !isText {
			s = fmt.Sprint(v)
		}
		return u.UnmarshalText([]byte(strings.TrimSpace(s)))
	}
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

// Format writes a parameter value as canonical text, the form cell keys,
// variant names and report matching use: integers in decimal, floats in the
// shortest form that reads back to the same number, lists and arrays as
// [a,b], maps as JSON, nil as "". Named types are written as their
// underlying kind.
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
	case reflect.String:
		return rv.String()
	case reflect.Int, reflect.Int64:
		return strconv.FormatInt(rv.Int(), 10)
	case reflect.Float64:
		return strconv.FormatFloat(rv.Float(), 'g', -1, 64)
	}
	return fmt.Sprint(v)
}
