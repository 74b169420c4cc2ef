// Package config is the schema of gsbench's experiment configs
// (configs/README.md documents every key): Config and its strict YAML
// decoding.
//
//	cfg, err := config.Load("configs/quickstart.yaml")
//	// bad.yaml:27:7: datasets[0].params.factor: generator journal-gfs-uffs has no parameter "factor" (did you mean "factors"?); ...
//
// A config names datasets (DatasetSpec: a generator, a registry dataset
// or a data file, with parameters, lists of values to sweep, and
// preprocessings), methods (MethodSpec: a registered method with its
// parameters, or matched to another method's number of features),
// metrics (MetricSpec: a registered metric of package metric and its
// options), and the tables (TableSpec) and figures (FigureSpec) made from
// the cells. Load checks every key before anything runs: names against the
// registries (methods, datasets, generators, metrics), every parameter
// value with the decoding rules of package params (the same as a method's
// flags), every combination of a method's parameters by building it, and
// every field a table or figure lays out or filters by (FieldSet). The
// problems are reported together (Errors: first those of the file's
// structure, unknown keys and wrong kinds of values, then the others), each
// with the file, line, column and key, and, where a name is misspelt, the
// closest one.
//
// A table's format is a small template language (Format: "{mean:.2f} ±
// {std:.2f}"), parsed and checked here and rendered by package report.
//
// What depends on the expansion of the config into cells (two methods
// making the same cell, a matched method without a cell to match) is
// checked by package run when it plans the cells; experiments.Load does
// both.
package config
