// Package ndfs implements Nonnegative Discriminative Feature Selection of
// Li, Yang, Liu, Zhou & Lu, "Unsupervised Feature Selection Using
// Nonnegative Spectral Analysis" (AAAI 2012):
//
//	min_{F,W} tr(F' L F) + alpha (||X W - F||_F^2 + beta ||W||_2,1)
//	          + (gamma/4) ||F'F - I||_F^2,   F >= 0,
//
// with L = D - S the Laplacian of a nearest-neighbour graph S, F the n x c
// nonnegative (relaxed) cluster indicator and W the d x c regression
// matrix; features are ranked by ||w_i||, the norm of row i of W, highest
// first.
//
// The iteration is the authors' (and scikit-feature's ndfs): with D_w =
// diag(1 / (2 ||w_i||)) (the identity at first) and T = (X'X + beta D_w +
// 1e-6 I)^-1,
//
//	W <- T X' F,  D_w <- diag(0.5 / max(||w_i||, 1e-16)),
//	M = L + alpha (I - X T X'),
//	F <- F .* (gamma F) ./ (M F + gamma F F' F),  then each column of F
//	scaled to unit norm,
//
// and the reported objective is tr(F' M F) + (gamma/4) ||F'F - I||_F^2 (the
// authors' code; scikit-feature omits the square). It stops when the
// objective changes by less than Tol (1e-3, scikit-feature's test) or after
// MaxIter iterations (1000). F starts from the k-means partition of the rows
// (scikit-learn KMeans defaults, seeded): F = Y (Y'Y)^-1/2 + 0.02. Defaults
// are scikit-feature's: alpha = beta = 1, gamma = 10e8 (= 1e9).
//
// M is n x n but never formed: M F = L F + alpha (F - X T X' F). T is applied
// through a Cholesky factorization of the d x d matrix X'X + Lambda, or, when
// d > n, through the push-through identity (X'X + Lambda)^-1 X' =
// Lambda^-1 X' (X Lambda^-1 X' + I)^-1 with an n x n factorization, so an
// iteration costs O(min(n, d)^3 + n d min(n, d)).
package ndfs
