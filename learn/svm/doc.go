// Package svm is a C-support vector classifier that reproduces libsvm's
// (and therefore scikit-learn's SVC's) training and predictions.
//
// # Algorithm
//
// Each binary problem solves libsvm's dual
//
//	min_a 1/2 a'Qa - e'a  subject to  y'a = 0,  0 <= a_i <= C,  Q_ij = y_i y_j k(x_i, x_j)
//
// by sequential minimal optimization exactly as libsvm 3.x does (Chang & Lin,
// "LIBSVM: a library for support vector machines", ACM TIST 2(3), 2011,
// sections 4-5): second-order working-set selection (Fan, Chen & Lin, JMLR 6,
// 2005, WSS 2) with libsvm's tie-breaking, the analytic two-variable update
// with box clipping, shrinking every min(l, 1000) iterations with one
// un-shrinking when the violation first falls below 10 eps, gradient
// reconstruction, the stopping rule m(a) - M(a) < eps (eps = Tol = 1e-3),
// the offset rho from the free variables, and a least-recently-used cache of
// kernel columns whose size is configurable (CacheMB). Kernel values are kept
// in float32, as libsvm keeps them.
//
// Training rows are grouped as libsvm groups them (the class the solver calls
// +1 first, then the other, each in training order), with scikit-learn's
// sorted labels, so the solver visits the same sequence of iterates: on the
// reference data the iteration counts, support vectors and decision values
// agree with libsvm's to about 1e-7 relative, limited by float32 rounding of
// kernel values summed in a different order.
//
// # Multiclass
//
// OneVsRest (the default here, and the papers' protocol) trains one SVM per
// class as scikit-learn's OneVsRestClassifier(SVC()) and predicts the class
// with the largest decision value. OneVsOne trains one SVM per pair of
// classes and votes as libsvm does (scikit-learn's SVC; BreakTies gives its
// break_ties=True rule). With two classes a single SVM is trained, whose
// positive decision means the larger label, as in scikit-learn.
//
// # Kernels and speed
//
// The kernels are rbf, exp(-gamma ||x - y||^2), with gamma "scale" =
// 1 / (d Var(X)) (scikit-learn's default), "auto" = 1/d or a number; linear;
// and poly, (gamma x.y + coef0)^degree. Squared distances are computed as
// ||x||^2 - 2 x.y + ||y||^2. When the n x n training kernel matrix fits in
// CacheMB it is computed once, with one Dgemm per block of rows (BLAS-3,
// through fastblas), and shared by all binary problems, which then
// read their columns from it; otherwise each problem computes columns on
// demand into its own cache, as libsvm. Binary problems are solved in
// parallel (Params.Workers); Fitter exposes them one by one so that a caller
// such as cross-validation can schedule the problems of several fits on one
// pool of goroutines; while several run, OpenBLAS is kept single-threaded
// (internal/par).
//
// # Entry points
//
// Fit trains a Model; Model.Predict, Model.DecisionFunction and Model.Binary
// (support vectors, dual coefficients, rho, dual objective, iterations) use
// it. Inputs with NaN or infinite values, a single class or mismatched sizes
// are reported as errors.
package svm
