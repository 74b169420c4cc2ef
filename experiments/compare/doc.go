// Package compare puts the values gsbench reproduced beside the values the
// source papers print, and writes the reproduction report
// (results/REPRODUCTION.md; `gsbench report --compare`).
//
// The published values are read from results/reference/*.yaml
// (LoadReference validates them strictly: unknown keys, non-numeric
// values, lines outside the table's range and unknown method, metric or
// parameter names are errors). Our values are read from the cells of the
// results directories of the paper configs (configs/paper/<item>.yaml,
// results/paper/<item>/cells.jsonl, or <item>-quick for a quick run).
//
// Every reference value is mapped to the cells it describes by its params
// coordinates (family, eps2, k, n, degree, labels, ...), once per
// variant of the data preparation (raw or standardized features, Credit
// Approval's ordinal or one-hot encoding, the pixel scale, ...): each
// variant's value is shown, and the verdict is taken on the variant the
// item's Rule names primary, against the item's tolerance (a
// check.Tolerance, the type gsbench check compares golden values with). No
// published number is ever used to compute one of ours; the only use of a
// published number besides the comparison itself is the sign of a
// coefficient column (eigenvector signs are arbitrary), which is stated in
// the report.
//
// The rules that do this mapping, and the tolerances, are data: rules.yaml
// (embedded in the program; its header documents every key), one Rule per
// item, decoded and validated strictly when a report is made.
//
// The investigation of each item (what was tried, the evidence, whose bug)
// is hand-written in results/notes/<item>.md and included in the report; a
// notes file's "summary:" line is the one-line reason of the summary table,
// and a "cause: not found" line turns a differing item's status from
// "differs (explained)" into "differs (cause not found)".
package compare
