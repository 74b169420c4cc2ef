// Package params decodes named parameter values, from YAML configs or
// command-line flags, into typed configuration structs whose fields carry
// `param:"name"` and `doc:"..."` tags. Decoding is strict: an unknown name or
// a value of the wrong type is an error that lists the valid names.
//
// The methods registry and the synthetic dataset generators both describe
// their parameters this way, so that a YAML config, a command-line flag and
// `gsbench list` all see the same names, types and defaults.
package params
