// Package experiments is gsbench's experiment harness: a YAML config
// (configs/README.md documents every key) is expanded into cells — dataset
// variant x preprocessing x repetition x method variant — which are run on
// a worker pool, stored as they finish, and summarized as tidy results,
// paper-style tables (Markdown and LaTeX) and figures (PNG, SVG).
//
//	cfg, err := experiments.Load("configs/quickstart.yaml") // strict: file:line:col: key: problem
//	sum, err := experiments.Run(ctx, cfg, run.Options{Jobs: 4})
//	// results/quickstart/{cells.csv, cells.jsonl, run.json, tables/, figures/, README.md}
//
// The harness is a set of packages, each with one job; this package only
// joins them (Load = config.Load + run.NewPlan; Run = run.Run, then
// report.Render; Report and Merge re-render a directory from its stored
// cells):
//
//	config   the schema: Config and its strict YAML decoding, the dataset,
//	         method, metric, table and figure specs, the fields of cells
//	metric   the registry of metrics (Register) and the built-in ones
//	run      planning (cells, keys, seeds, shards), the worker pool, the
//	         journals of a results directory, data preparation, merging
//	         shards, run.json
//	cells    the results schema: one line of cells.jsonl (Cell), its
//	         writers (cells.jsonl, cells.csv) and its reader
//	report   tables, figures and the README, rendered from cells
//	rank     the average rank of methods over datasets at a feature
//	         budget (QMR-FS Table 2), for report's rank tables and compare
//	check    the regression check of accuracy (gsbench check)
//	compare  the reproduction report against the papers' published values
//	         (gsbench report --compare)
//
// The imports go one way: config uses metric and rank; run uses config,
// metric and cells; report uses config, cells and rank, never run; rank
// imports none of them; check and compare read cells through package cells.
// The scores of the evaluation metrics come from package evaluate (cross-
// validated SVM accuracy, k-means NMI), whose learners are in learn/svm and
// learn/kmeans; none of them imports the harness.
//
// Reproducibility. Outputs contain no timestamps: the same config and seed
// give the same bytes, whatever the number of workers or shards, except
// the time metric and run.json (package run says how cells are keyed and
// seeded).
//
// The paper configs (configs/paper/) and the comparison of their results
// with the published values are in package compare.
package experiments
