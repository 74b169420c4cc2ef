package config

import (
	"fmt"
	"reflect"
	"strings"
	"sync"

	"github.com/gsbench/gsbench/params"
)

// canonicalValue converts v to the type of parameter p with the decoding
// rules of package params (so a config accepts exactly what a flag does)
// and returns it as int, float64, bool, string or a slice of them.
func canonicalValue(owner string, p params.Param, v any) (any, error) {
	t, err := paramType(p.Type)
	if err != nil {
		return nil, err
	}
	holder := reflect.New(structFor(p.Name, t))
	if err := (params.Params{p.Name: v}).Decode(owner, holder.Interface()); err != nil {
		// params says "owner, parameter name: problem"; the position and key
		// already name the parameter.
		msg := err.Error()
		if _, rest, ok := strings.Cut(msg, ", parameter "+p.Name+": "); ok {
			msg = rest
		}
		return nil, fmt.Errorf("%s", msg)
	}
	return holder.Elem().Field(0).Interface(), nil
}

// passThroughValue checks a value of a pass-through parameter: one
// number, boolean or string (a float that is an integer stays a float).
func passThroughValue(v any) (any, error) {
	switch x := v.(type) {
	case int, float64, bool, string:
		return x, nil
	case []any:
		return nil, fmt.Errorf("a list inside a list: the method's own parameters take one number, true/false or text a value (a list sweeps over them)")
	}
	return nil, fmt.Errorf("want a number, true/false or text, got %T %v", v, v)
}

var structCache sync.Map // name + type -> reflect.Type

// structFor returns struct{ V T `param:"name"` }.
func structFor(name string, t reflect.Type) reflect.Type {
	key := name + "\x00" + t.String()
	if st, ok := structCache.Load(key); ok {
		return st.(reflect.Type)
	}
	st := reflect.StructOf([]reflect.StructField{{Name: "V", Type: t, Tag: reflect.StructTag(`param:"` + name + `"`)}})
	structCache.Store(key, st)
	return st
}

func paramType(name string) (reflect.Type, error) {
	switch name {
	case "int":
		return reflect.TypeFor[int](), nil
	case "float":
		return reflect.TypeFor[float64](), nil
	case "bool":
		return reflect.TypeFor[bool](), nil
	case "string":
		return reflect.TypeFor[string](), nil
	case "[]int":
		return reflect.TypeFor[[]int](), nil
	case "[]float":
		return reflect.TypeFor[[]float64](), nil
	case "[]string":
		return reflect.TypeFor[[]string](), nil
	}
	return nil, fmt.Errorf("unsupported parameter type %s", name)
}
