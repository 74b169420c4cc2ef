package methods

import "github.com/gsbench/gsbench/algorithms"

// The Gram-Schmidt methods (journal Algorithms 2-5); their parameters and
// defaults are declared on the estimators in package algorithms.
func init() {
	Register("gfs", "Gram-Schmidt Functional Selection (journal Alg. 4)", algorithms.NewGFS)
	Register("gfr", "Gram-Schmidt Functional Reduction (journal Alg. 2)", algorithms.NewGFR)
	Register("gfa", "Gram-Schmidt Feature Analysis (journal Alg. 5)", algorithms.NewGFA)
	Register("gca", "Gram-Schmidt Component Analysis (journal Alg. 3)", algorithms.NewGCA)
}

var (
	_ Tracer   = (*algorithms.GFS)(nil)
	_ Linear   = (*algorithms.GFR)(nil)
	_ Linear   = (*algorithms.GCA)(nil)
	_ Reporter = (*algorithms.GFR)(nil)
)
