// Package params decodes named parameter values, from YAML configs or
// command-line flags, into the typed fields of an estimator (or generator,
// or metric) whose fields carry `param:"name"` and `doc:"..."` tags, the way
// scikit-learn reads an estimator's parameters from its __init__.
//
//	type UDFS struct {
//		K         int     `param:"k" doc:"number of features to select; 0 ranks them all"`
//		NClusters int     `param:"n_clusters" doc:"columns of W"`
//		graph.Options      // embedded: its tagged fields are parameters too
//		...
//	}
//	m := udfs.New()                                  // the defaults
//	err := params.Params{"k": 20}.Decode("udfs", m)  // strict: unknown names and bad values are errors
//
// The parameters are declared once, on the struct: Describe lists them (name,
// type, default, doc, allowed values) for `gsbench list`, the YAML config and
// the command-line flags; Decode sets them. Tagged fields of embedded
// structs, and of struct fields tagged `param:",inline"`, are parameters of
// the outer struct.
//
// Supported field types: int, int64, uint64 (seeds, over the whole range),
// float64, bool and string, named types of these kinds, slices of them,
// types whose pointer implements encoding.TextUnmarshaler, and interface
// types with a parser registered by RegisterParser (e.g. a function family).
// A named string type with a method Choices() []string is an enumeration:
// Decode rejects any other value, naming the allowed ones.
//
// Zero and unset. Decode sets only the named parameters, so the defaults are
// whatever the struct held (its constructor's values); a value given
// explicitly is always used as given, zero included. A parameter whose
// default is computed from the data (a kernel width 1/n_features, say)
// carries an `auto:"..."` tag describing that rule; its zero value, which
// must not be a legal value of the parameter, means "automatic", and the
// word auto may be written for it. Two parameters that state the same thing
// two ways (eps and eps2 = eps^2) carry `excludes:"other"`: giving both is an
// error. A parameter added to an existing method, whose default reproduces
// the method as it was, carries `key:"omitdefault"`: the experiment harness
// leaves it out of a cell's key while it is at its default, so that stored
// results keep their keys and seeds.
//
// Other parameters. A struct may have one field of type Params tagged
// `param:",rest"`: Decode puts there every parameter that is none of the
// struct's own (by its canonical name, with its value as given: a number,
// true/false or text; a flag's value is text), instead of rejecting it.
// HasRest tells whether a struct has one; Describe does not list it. The
// external methods use it to pass a program's own parameters through.
package params
