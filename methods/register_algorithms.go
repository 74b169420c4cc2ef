package methods

import (
	"fmt"

	"github.com/gsbench/gsbench/algorithms"
)

// Parameters of the Gram-Schmidt methods (journal Algorithms 2-5).

type gsThreshold struct {
	Family string  `param:"family" doc:"function family: multilinear:k, poly:k, hermite:k, fourier:k or monomials:z1,z1*z2,..."`
	Eps2   float64 `param:"eps2" doc:"stop when the largest residual variance is <= eps2 (epsilon^2); 0.1 when neither eps2, eps nor k is given"`
	Eps    float64 `param:"eps" doc:"alternative to eps2: eps2 = eps^2"`
	K      int     `param:"k" doc:"produce exactly k features/directions instead of using the threshold"`
	Tol    float64 `param:"tol" doc:"relative residual norm below which a function counts as dependent"`
}

func (p gsThreshold) resolve(method string) (algorithms.Family, float64, error) {
	fam, err := algorithms.ParseFamily(p.Family)
	if err != nil {
		return nil, 0, err
	}
	eps2 := p.Eps2
	switch {
	case p.Eps != 0 && p.Eps2 != 0:
		return nil, 0, fmt.Errorf("%s: give eps2 or eps, not both", method)
	case p.Eps != 0:
		eps2 = p.Eps * p.Eps
	case p.Eps2 == 0 && p.K == 0:
		eps2 = defaultEps2
	}
	if eps2 < 0 || p.K < 0 || p.Tol < 0 {
		return nil, 0, fmt.Errorf("%s: eps2, k and tol must be non-negative", method)
	}
	return fam, eps2, nil
}

// defaultEps2 is the threshold used when none is given.
const defaultEps2 = 0.1

var gsDefaults = gsThreshold{Family: "multilinear:2", Tol: algorithms.DefaultTol}

type gsAnalysis struct {
	Family string  `param:"family" doc:"function family: multilinear:k, poly:k, hermite:k, fourier:k or monomials:z1,z1*z2,..."`
	Eps    float64 `param:"eps" doc:"a feature (component) is explained when its residual variance is < eps (Alg. 5 line 5)"`
	K      int     `param:"k" doc:"produce exactly k features/components instead of using the threshold"`
	Argmax string  `param:"argmax" doc:"initial (Alg. 5: largest initial variance) or current (Alg. 10: largest residual variance)"`
	Tol    float64 `param:"tol" doc:"relative residual norm below which a function counts as dependent"`
}

func (p gsAnalysis) resolve(method string) (algorithms.Family, error) {
	if p.Eps < 0 || p.K < 0 || p.Tol < 0 {
		return nil, fmt.Errorf("%s: eps, k and tol must be non-negative", method)
	}
	return algorithms.ParseFamily(p.Family)
}

var gaDefaults = gsAnalysis{Family: "multilinear:2", Eps: 1e-4, Argmax: algorithms.ArgmaxInitial, Tol: algorithms.DefaultTol}

func init() {
	Register("gfs", Selection, "Gram-Schmidt Functional Selection (journal Alg. 4)", gsDefaults,
		func(p gsThreshold) (Method, error) {
			fam, eps2, err := p.resolve("gfs")
			if err != nil {
				return nil, err
			}
			return &algorithms.GFS{Family: fam, Eps2: eps2, K: p.K, Tol: p.Tol}, nil
		})
	Register("gfr", Extraction, "Gram-Schmidt Functional Reduction (journal Alg. 2)", gsDefaults,
		func(p gsThreshold) (Method, error) {
			fam, eps2, err := p.resolve("gfr")
			if err != nil {
				return nil, err
			}
			return &algorithms.GFR{Family: fam, Eps2: eps2, K: p.K, Tol: p.Tol}, nil
		})
	Register("gfa", Selection, "Gram-Schmidt Feature Analysis (journal Alg. 5)", gaDefaults,
		func(p gsAnalysis) (Method, error) {
			fam, err := p.resolve("gfa")
			if err != nil {
				return nil, err
			}
			return &algorithms.GFA{Family: fam, Eps: p.Eps, K: p.K, Argmax: p.Argmax, Tol: p.Tol}, nil
		})
	Register("gca", Extraction, "Gram-Schmidt Component Analysis (journal Alg. 3)", gaDefaults,
		func(p gsAnalysis) (Method, error) {
			fam, err := p.resolve("gca")
			if err != nil {
				return nil, err
			}
			return &algorithms.GCA{Family: fam, Eps: p.Eps, K: p.K, Argmax: p.Argmax, Tol: p.Tol}, nil
		})
}

var (
	_ Selector  = (*algorithms.GFS)(nil)
	_ Selector  = (*algorithms.GFA)(nil)
	_ Extractor = (*algorithms.GFR)(nil)
	_ Extractor = (*algorithms.GCA)(nil)
	_ Tracer    = (*algorithms.GFS)(nil)
	_ Linear    = (*algorithms.GFR)(nil)
	_ Linear    = (*algorithms.GCA)(nil)
	_ Reporter  = (*algorithms.GFR)(nil)
)
