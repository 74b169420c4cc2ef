// Package cells is the results schema of gsbench's experiment harness: the
// record of one cell (a method variant fitted on one dataset variant, one
// preprocessing and one repetition) with its result, as a results directory
// stores it, and the writers and the reader of the files that hold them.
//
//	cells.jsonl  one Cell per line, as JSON (WriteJSONL; Read, ReadDir)
//	cells.csv    the tidy long format: one row per cell and metric value
//	             (WriteCSV)
//
// Every program that reads results goes through this package: gsbench
// report re-renders from the cells, gsbench check reduces them to metrics,
// and the reproduction report (gsbench report --compare) matches them with
// the published values. configs/README.md documents both files.
//
// Numbers. A metric value may be NaN or infinite (a ratio with a zero
// denominator, a variance of nothing); Num writes them as the JSON strings
// "NaN", "+Inf" and "-Inf" and reads them back, so that such a value neither
// breaks the file nor the programs that read it. Parameter values read back
// from JSON are int when integral (below 1e15 in magnitude), as the harness
// keys integer parameters, and float64 otherwise, so that a cell read from
// cells.jsonl has the attributes (Attr) it was written with (but for a float
// parameter set to an integer of a million or more, written 1e+06 and read
// back 1000000).
//
// ReadDir reads cells.jsonl, or cells.jsonl.gz when there is no
// cells.jsonl: results of over 1.5 MB are committed compressed.
package cells
