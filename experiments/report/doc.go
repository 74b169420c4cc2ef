// Package report renders the outputs of a results directory from its
// cells (package cells) and its config (package config): nothing is
// computed, so a directory can be re-rendered at any time, e.g. with
// another config's tables and figures (gsbench report --config).
//
//	cells.csv, cells.jsonl   every cell with a result (package cells)
//	tables/NAME.md, .tex     each table in Markdown and LaTeX (booktabs)
//	figures/NAME.png, .svg   each figure (gonum/plot; line, box, histogram)
//	README.md                the description, every table and every figure
//
// A table entry summarizes the cells that share its row and column keys
// (the fields of config.TableSpec): the statistics mean, std (ddof 0, as
// NumPy), sem (ddof 1), median, min, max, n, sum and nonzero of the scaled
// values, written through the table's format (config.Format). A ratio
// table divides the mean of its numerator cells by that of its denominator
// cells (journal Table XII). Rows and columns come in the order the cells
// first show them (the plan's order), in ascending or descending order, or
// as listed; a split makes one sub-table (or one figure file) per value.
//
// The bytes depend only on the config and the cells: no timestamps, fixed
// orders, fixed figure sizes and resolutions; the same config and seed
// give identical files.
package report
