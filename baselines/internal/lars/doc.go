// Package lars implements least angle regression (LAR) of Efron, Hastie,
// Johnstone & Tibshirani, "Least Angle Regression" (Annals of Statistics
// 2004), Sec. 2, the variant without lasso modification, as scikit-learn's
// Lars(n_nonzero_coefs=k) runs it (MCFS solves its L1-regularized
// regressions this way).
//
// The regression has an intercept: the columns of X are centered once by
// NewProblem, and y is centered by Fit. Starting from zero coefficients, the
// variable most correlated with the residual enters the active set A; the
// coefficients then move along the equiangular direction, which keeps the
// correlations of all active variables equal in magnitude and decreasing,
// until an inactive variable ties with them and enters in its turn. After
// the k-th variable has entered, the last step is taken up to the point
// where the (k+1)-th would enter (the coefficients scikit-learn returns), or
// to the least-squares fit when no variable is left.
package lars
