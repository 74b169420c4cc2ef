// Package experiments is gsbench's experiment harness: a YAML config
// (configs/README.md documents every key) is expanded into cells —
// dataset variant x preprocessing x repetition x method variant — which are
// run on a worker pool, stored one file per cell, and summarized as tidy
// results, paper-style tables (Markdown and LaTeX) and figures (PNG, SVG).
//
//	cfg, err := experiments.Load("configs/quickstart.yaml") // strict: file:line: key: problem
//	sum, err := experiments.Run(ctx, cfg, experiments.Options{Jobs: 4})
//	// results/quickstart/{cells.csv, cells.jsonl, run.json, tables/, figures/, README.md}
//
// Reproducibility. A cell's key describes it completely (dataset source and
// every parameter, defaults included; preprocessing; repetition; method and
// every parameter; the method it is matched to). Its seed and its file name
// derive from the config seed and the key by SHA-256, so results depend
// neither on the order in which cells run, nor on the number of workers,
// nor on sharding. Every method of one repetition sees the same data draw
// (the data seed derives from the dataset's key and the repetition).
// Outputs contain no timestamps: the same config and seed give the same
// bytes, except the time metric and run.json.
//
// Resumability. Each finished cell is appended, as one JSON line written
// at once, to a journal of the run in <dir>/cells/; a run skips the cells
// already stored with the same key, seed and metrics, so an interrupted
// run (Ctrl-C, crash, kill) resumes where it stopped, and editing a config
// recomputes only what changed. A line cut by a crash is ignored. Failed
// cells are retried by the next run. Outputs are written atomically
// (temporary file, then rename).
//
// Scale-out. Shard{I, N} runs the cells of every N-th group (a cell and
// the cells matched to it form a group); shards can share one results
// directory or write separate ones that Merge combines.
//
// Partial runs. Options.Datasets runs only the cells of some datasets
// (gsbench run --datasets), e.g. the panels of a paper table that fit on a
// machine; the outputs are rendered from the cells present.
//
// Data preparation. Registry datasets take scale (multiply every feature)
// and subsample (a stratified, seeded subset of rows) besides missing and
// categorical, so a config can state how a paper prepared its data.
//
// The paper configs (configs/paper/) and the comparison of their results
// with the published values are in the subpackage compare.
//
// Matching. A method with `match: LABEL` is given k = the number of
// features the LABEL method produced on the same data (journal Tables IV,
// V, XI, XIII compare methods at equal size); its cells run after those
// they are matched to.
package experiments
