package methods

import (
	"github.com/gsbench/gsbench/baselines/cnafs"
	"github.com/gsbench/gsbench/baselines/fmiufs"
	"github.com/gsbench/gsbench/baselines/usfsm"
)

// The baselines of the QMR-FS paper's Table 2 that no other paper uses:
// USFSM (its authors' Python implementation) and CNAFS and FMIUFS (the
// Auto-UFSTool toolbox), with the parameters the QMR-FS authors ran.
func init() {
	Register("usfsm", "USFSM spectral feature selection for mixed data (Solorio-Fernandez et al. 2017; the QMR-FS authors' usfsm.py), O(n^3 d)", usfsm.New)
	Register("cnafs", "CNAFS: convex NMF with adaptive graph (Yuan et al. 2022; Auto-UFSTool CNAFS.m)", cnafs.New)
	Register("fmiufs", "FMIUFS: fuzzy mutual information, greedy (Yuan et al. 2022; Auto-UFSTool ufs_FMI.m)", fmiufs.New)
}

var (
	_ Scorer        = (*usfsm.USFSM)(nil)
	_ Reporter      = (*usfsm.USFSM)(nil)
	_ ContextFitter = (*usfsm.USFSM)(nil)
	_ Scorer        = (*cnafs.CNAFS)(nil)
	_ Reporter      = (*cnafs.CNAFS)(nil)
	_ ContextFitter = (*cnafs.CNAFS)(nil)
	_ Reporter      = (*fmiufs.FMIUFS)(nil)
	_ ContextFitter = (*fmiufs.FMIUFS)(nil)
)
