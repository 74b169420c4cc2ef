// Package methods is gsbench's estimator vocabulary and registry.
//
// Every feature selection or extraction method, the Gram-Schmidt ones and
// every baseline, has the same shape, after scikit-learn:
//
//	m, err := methods.New("gfs", methods.Params{"family": "multilinear:2", "eps2": 0.1})
//	err = m.Fit(X, y)              // y: class labels, ignored by unsupervised methods
//	cols := m.(methods.Selector).Selected()
//
// so that the command line and the experiment harness never special-case a
// method. A Selector returns column indices, most important (or earliest
// selected) first; an Extractor maps rows to new features with Transform.
// Optional interfaces expose what only some methods have: Scorer (per-feature
// scores), Tracer (the variance trace of the Gram-Schmidt methods and PCA),
// Linear (a d x m matrix of directions), Embedder (the features of the
// training rows) and Reporter (convergence state and other diagnostics).
// A StreamFitter (QMR-FS) also fits from row blocks in one pass
// (FitStream), so that a matrix larger than memory (a .npy file read by
// datasets.OpenRows) can be fitted; gsbench select takes that path for a
// .npy file or a streaming generator.
//
// Methods register themselves with Register, giving a parameter struct whose
// fields carry `param:"name"` and `doc:"..."` tags and hold the defaults.
// Params, from a YAML config or from command-line flags, are decoded into a
// copy of that struct strictly: an unknown name or a value of the wrong type
// is an error that lists the parameters the method has.
//
// Two parameter names are conventions every method should follow where they
// apply: "k", the number of features or components to produce (the harness's
// match rule sets it), and "seed", the random seed (the harness derives one
// per cell when a config does not fix it).
package methods
