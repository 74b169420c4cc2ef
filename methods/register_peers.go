package methods

import (
	"github.com/gsbench/gsbench/baselines/qmrfs"
	"github.com/gsbench/gsbench/baselines/uffs"
)

// The seed papers' own peers of GFS: UFFS (journal Appendix C, Sec. VIII-F)
// and QMR-FS.
func init() {
	Register("uffs", "Unsupervised Fourier Feature Selection (UFFS Alg. 1; journal Appendix C)", uffs.New)
	Register("qmrfs", "QMR-FS: greedy selection of linearly independent features up to a relative tolerance", qmrfs.New)
}
