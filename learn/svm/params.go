package svm

import (
	"fmt"
	"math"
	"strconv"
	"strings"
)

// KernelKind names a kernel function.
type KernelKind string

// The kernels (libsvm's definitions, with gamma > 0):
//
//	rbf     exp(-gamma ||x - y||^2)
//	linear  x . y
//	poly    (gamma x . y + coef0)^degree
const (
	RBF    KernelKind = "rbf"
	Linear KernelKind = "linear"
	Poly   KernelKind = "poly"
)

// Multiclass names the reduction of a multiclass problem to binary ones.
type Multiclass string

// The reductions. With two classes both train the same single binary SVM.
const (
	// OneVsRest trains one SVM per class against all other classes and
	// predicts the class with the largest decision value (scikit-learn's
	// OneVsRestClassifier(SVC(...)); what the Gram-Schmidt papers used).
	OneVsRest Multiclass = "ovr"
	// OneVsOne trains one SVM per pair of classes and predicts by majority
	// vote (libsvm and scikit-learn's SVC).
	OneVsOne Multiclass = "ovo"
)

// Params configures a C-support vector classifier. The zero value of every
// field selects its default, which is scikit-learn's SVC default unless noted.
type Params struct {
	Kernel KernelKind // default rbf
	C      float64    // box constraint, > 0; default 1
	// Gamma is "scale" (default): 1 / (d Var(X)), the variance taken over all
	// entries of the training matrix (gamma = 1 when that variance is 0),
	// "auto": 1 / d, or a positive number such as "0.01".
	Gamma  string
	Degree int     // poly kernel degree; default 3
	Coef0  float64 // poly kernel constant term; default 0
	// Tol is the stopping tolerance of the SMO solver on the maximal KKT
	// violation (libsvm's -e); default 1e-3.
	Tol float64
	// CacheMB bounds the memory (in MiB) kept for kernel values during a fit;
	// default 200. When the n x n training kernel matrix fits (n^2 float32
	// values), it is computed once with BLAS-3 and shared by every binary
	// problem; otherwise every binary problem keeps its own least-recently
	// used cache of kernel columns of this size, computed on demand (libsvm's
	// scheme; problems solved in parallel each hold one).
	CacheMB float64
	// NoShrinking turns off libsvm's shrinking heuristic (on by default).
	NoShrinking bool
	// MaxIter stops the solver after this many SMO iterations; 0 means no
	// limit (scikit-learn's max_iter=-1). A model stopped early is reported
	// as not converged in its BinaryInfo.
	MaxIter int
	// Multiclass is the reduction for three or more classes; default
	// OneVsRest (the papers' protocol; scikit-learn's SVC itself is OneVsOne).
	Multiclass Multiclass
	// BreakTies: with OneVsOne, predict the argmax of scikit-learn's
	// one-vs-rest shaped decision function (votes plus scaled confidences)
	// instead of libsvm's vote, whose ties go to the lowest class
	// (scikit-learn's break_ties; default false, as there).
	BreakTies bool
	// Workers is the number of goroutines that solve binary problems in
	// parallel; 0 means GOMAXPROCS. Results do not depend on it.
	Workers int
}

// Defaults returns p with every zero field replaced by its default.
func (p Params) Defaults() Params {
	if p.Kernel == "" {
		p.Kernel = RBF
	}
	if p.C == 0 {
		p.C = 1
	}
	if p.Gamma == "" {
		p.Gamma = "scale"
	}
	if p.Degree == 0 {
		p.Degree = 3
	}
	if p.Tol == 0 {
		p.Tol = 1e-3
	}
	if p.CacheMB == 0 {
		p.CacheMB = 200
	}
	if p.Multiclass == "" {
		p.Multiclass = OneVsRest
	}
	return p
}

// Validate reports the first invalid field of p (after Defaults) and how to
// fix it.
func (p Params) Validate() error {
	p = p.Defaults()
	switch p.Kernel {
	case RBF, Linear, Poly:
	default:
		return fmt.Errorf("svm: unknown kernel %q: use rbf, linear or poly", p.Kernel)
	}
	if !(p.C > 0) || math.IsInf(p.C, 0) {
		return fmt.Errorf("svm: C = %v; it must be a positive number", p.C)
	}
	if _, _, err := parseGamma(p.Gamma); err != nil {
		return err
	}
	if p.Kernel == Poly && p.Degree < 1 {
		return fmt.Errorf("svm: poly kernel degree %d; use a positive degree", p.Degree)
	}
	if math.IsNaN(p.Coef0) || math.IsInf(p.Coef0, 0) {
		return fmt.Errorf("svm: coef0 = %v; use a finite number", p.Coef0)
	}
	if !(p.Tol > 0) || math.IsInf(p.Tol, 0) {
		return fmt.Errorf("svm: tolerance %v; it must be a positive number", p.Tol)
	}
	if !(p.CacheMB > 0) || math.IsInf(p.CacheMB, 0) {
		return fmt.Errorf("svm: cache size %v MiB; it must be positive", p.CacheMB)
	}
	if p.MaxIter < 0 {
		return fmt.Errorf("svm: max_iter %d; use 0 for no limit or a positive count", p.MaxIter)
	}
	switch p.Multiclass {
	case OneVsRest, OneVsOne:
	default:
		return fmt.Errorf("svm: unknown multiclass scheme %q: use ovr or ovo", p.Multiclass)
	}
	return nil
}

// ParseKernel returns the kernel named s ("" means rbf).
func ParseKernel(s string) (KernelKind, error) {
	k := KernelKind(strings.ToLower(strings.TrimSpace(s)))
	if k == "" {
		return RBF, nil
	}
	if err := (Params{Kernel: k}).Validate(); err != nil {
		return "", err
	}
	return k, nil
}

// ParseMulticlass returns the scheme named s ("" means ovr).
func ParseMulticlass(s string) (Multiclass, error) {
	m := Multiclass(strings.ToLower(strings.TrimSpace(s)))
	if m == "" {
		return OneVsRest, nil
	}
	if err := (Params{Multiclass: m}).Validate(); err != nil {
		return "", err
	}
	return m, nil
}

// parseGamma returns the mode ("scale", "auto" or "value") and the value.
func parseGamma(s string) (mode string, value float64, err error) {
	switch g := strings.ToLower(strings.TrimSpace(s)); g {
	case "", "scale":
		return "scale", 0, nil
	case "auto":
		return "auto", 0, nil
	default:
		v, err := strconv.ParseFloat(g, 64)
		if err != nil || !(v > 0) || math.IsInf(v, 0) {
			return "", 0, fmt.Errorf("svm: gamma %q: use scale, auto or a positive number", s)
		}
		return "value", v, nil
	}
}

// resolveGamma returns the kernel coefficient for the n x d training matrix
// with entries x (row-major).
func resolveGamma(spec string, x []float64, n, d int) float64 {
	mode, v, _ := parseGamma(spec)
	switch mode {
	case "auto":
		return 1 / float64(d) // scikit-learn SVC gamma='auto'
	case "value":
		return v
	}
	// scikit-learn SVC gamma='scale': 1 / (n_features * X.var()), X.var()
	// over all entries (ddof 0); gamma = 1 when the variance is zero.
	var mean float64
	for _, v := range x[:n*d] {
		mean += v
	}
	mean /= float64(n * d)
	var ss float64
	for _, v := range x[:n*d] {
		ss += (v - mean) * (v - mean)
	}
	variance := ss / float64(n*d)
	if variance == 0 {
		return 1
	}
	return 1 / (float64(d) * variance)
}
