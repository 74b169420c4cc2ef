// Package run computes the cells of an experiment config (package config)
// and stores them in a results directory.
//
// Plan. NewPlan expands a config into cells — dataset variant x
// preprocessing x repetition x method variant — in a fixed order (datasets
// as listed and their parameter combinations, the first parameter varying
// slowest; preprocessings; repetitions; methods as listed, a matched method
// after the method it matches, and their parameter combinations). A cell's
// key describes it completely (the dataset's source and every parameter,
// defaults included; the preprocessing; the repetition; the method and
// every parameter; the method it is matched to); its seed and identifier
// derive from the config seed and the key by SHA-256, so they depend
// neither on the order in which cells run, nor on the number of workers,
// nor on sharding. Every method of one repetition sees the same data draw
// (an Instance: the data seed derives from the dataset's key and the
// repetition). Shard{I, N} runs the cells of every N-th group (a cell and
// the cells matched to it form a group).
//
// Run. Run computes the cells of a plan that are not already stored on a
// pool of workers: it loads each data instance once (generators, registry
// datasets with scale and subsample, data files), preprocesses it, fits
// each method on its own copy of X (a method that modifies its input fails
// its cell), measures the config's metrics (package metric), and appends
// each finished cell, as one JSON line written at once, to a journal of the
// run in <dir>/cells/. A run skips the cells already stored with the same
// key, seed and metrics, so an interrupted run (Ctrl-C, crash, kill)
// resumes where it stopped, and editing a config recomputes only what
// changed; a line cut by a crash is ignored, failed cells are retried.
// Matched cells run after those they are matched to (k = the number of
// features the target produced). Cells that differ only in k, for a method
// whose ranking does not depend on k (methods.Ranker: LS, SPEC, UDFS, NDFS,
// SVD-entropy, CNAFS, FMIUFS; USFSM with n_clusters), share one fit
// (SharedFit): the first of them fits the method once with k = 0, the
// others wait for it, and each takes the first k features of the ranking —
// the bytes of fitting every cell anew (TestSharedFitsEqualRefits), at the
// cost of one fit; every cell records that fit's time. A method with a
// seed parameter shares only when the config sets the seed. When every cell of the plan has a
// result, Options.Render writes the outputs (experiments.Run renders them
// with package report) and run.json records the provenance (RunInfo). An
// advisory lock on the directory lets shards share it; journals are
// compacted only when no other process is writing.
//
// Stored results. LoadResults reads the results of a plan's cells from a
// directory, Records turns them into cells.Cell records, StoredConfig and
// StoredQuick read what a run stored, and Merge combines the directories of
// shards.
package run
