// Package lars implements least angle regression (LAR) of Efron, Hastie,
// Johnstone & Tibshirani, "Least Angle Regression" (Annals of Statistics
// 2004), Sec. 2, the variant without lasso modification, in two forms (MCFS
// solves its L1-regularized regressions with it).
//
// The regression has an intercept: the columns of X are centered once by
// NewProblem, and y is centered by each fit. Starting from zero
// coefficients, the variable most correlated with the residual enters the
// active set A; the coefficients then move along the equiangular direction,
// which keeps the correlations of all active variables equal in magnitude
// and decreasing, until an inactive variable ties with them and enters in
// its turn.
//
// Fit is textbook LAR: it counts active variables. After the k-th variable
// has entered, the last step is taken up to the point where the (k+1)-th
// would enter, or to the least-squares fit when no variable is left. An
// active coefficient may cross zero on the way (LAR, unlike the lasso
// modification, lets it), and the active correlations stay equal.
//
// FitSKLearn is scikit-learn's lars_path(method="lar") step for step, as
// Lars(n_nonzero_coefs=k) runs it (scikit-learn 1.2, _lars_path_solver).
// It agrees with Fit until an active coefficient crosses zero before the
// last step. scikit-learn then flips that variable's sign in the
// equiangular direction and takes the next step without adding a variable;
// such steps count against k, which is a number of steps, so fewer than k
// variables may end active, and the active correlations are no longer equal
// (on ALLAML's genes 0..324 regressed on an MCFS embedding vector, 19
// variables instead of 20). Its other rules (absolute thresholds for the
// early stop and for degenerate pivots, rounding of the correlations to 15
// decimals, tie order, diagonal shifts of an ill-conditioned factor) are
// listed on FitSKLearn; all of them are reproduced, so that its coefficient
// paths equal scikit-learn's to rounding (testdata/make_reference.py).
package lars
