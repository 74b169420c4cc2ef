// Package examples holds runnable examples of methods written in other
// languages and run by gsbench as external methods (package
// methods/external), each with a config that compares it with GFS:
//
//	python/pca.py, python/pca-vs-gfs.yaml      PCA in Python with NumPy (extraction;
//	                                          transforms other rows through apply.txt)
//	awk/fisher.awk, awk/fisher-vs-gfs.yaml     the Fisher score in POSIX awk
//	                                          (supervised selection)
//
// Run one from the repository root: gsbench run examples/python/pca-vs-gfs.yaml.
// The tests of this package run both configs and check each method against
// gsbench's own implementation of it (pca, fisher): the same features, the
// same selected columns, the same accuracies. The Python test needs a
// python3 with NumPy (skipped without one, unless GSBENCH_REQUIRE_NUMPY is
// set, as in CI).
package examples
