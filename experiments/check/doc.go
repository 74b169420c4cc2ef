// Package check is gsbench's regression check of accuracy (`gsbench check`):
// it re-runs a set of experiment configs with the harness, reduces every
// run to a list of metrics, and compares them with golden values stored in
// a directory, within a tolerance per metric kind.
//
//	rep, err := check.Run(ctx, check.Options{
//		Configs: []string{"configs/check/svm-accuracy.yaml"},
//		Golden:  "results/golden",
//	})
//	rep.WriteTable(os.Stdout) // metric, golden, now, difference, tolerance, PASS/FAIL
//	// rep.Failed(): some metric moved beyond its tolerance; rep.Errors: the check could not be made
//
// A metric is the mean, over the repetitions, of one value (n_selected,
// svm_accuracy, ...) of the cells of one dataset variant, preprocessing and
// method variant. It is named by the dataset label, the preprocessing, the
// method label, and the parameters that tell apart the variants sharing a
// label (e.g. "GFS eps2=0.01 family=multilinear:2"), so golden files read
// like the config.
//
// Golden directory (results/golden/README.md documents the format):
//
//	tolerances.csv   metric,tolerance,note: one row per metric kind; the
//	                 tolerance is absolute (0.005), relative to the golden
//	                 value (1%), or skip (not checked: time, spreads)
//	NAME.csv         dataset,preprocess,method,metric,cells,golden: the
//	                 golden metrics of the config named NAME, one per row
//
// Every check recomputes: the configs run in a fresh temporary directory
// (or, with Options.Out, in Out/NAME with every cell recomputed), never
// from stored cells. Options.Update rewrites the golden files from the run
// and returns the differences, for the commit message; it refuses to write
// the golden values of a config whose cells failed.
package check
