// Package algorithms implements Gram-Schmidt orthogonalization over function
// families and the four methods built on it, after Yaghooti, Raviv and
// Sinopoli, "Gram-Schmidt Methods for Unsupervised Feature Extraction and
// Selection" (the journal paper; its conference versions are the CDC paper on
// GFS/GFA and "Beyond PCA" on GFR):
//
//   - GFR, Gram-Schmidt Functional Reduction (Algorithm 2), extraction:
//     directions of largest residual variance once the functions in F of the
//     earlier directions have been projected out. With multilinear:1 it is PCA.
//   - GCA, Gram-Schmidt Component Analysis (Algorithm 3), extraction: the
//     principal components that are not (epsilon-)redundant functions of the
//     more variant ones.
//   - GFS, Gram-Schmidt Functional Selection (Algorithm 4), selection: GFR
//     restricted to the coordinate directions.
//   - GFA, Gram-Schmidt Feature Analysis (Algorithm 5), selection: GCA in the
//     feature basis; it recovers the non-redundant features (Theorem 2,
//     Corollaries 1-3).
//
// # Function families
//
// A Family yields, when the j-th variable z_j is specified, the functions
// F(z_[j]) \ F(z_[j-1]) that become available: multilinear:k (the papers'
// main family), poly:k, hermite:k, fourier:k and user-listed monomials;
// ParseFamily reads their names. A new family is one type with String and New.
//
// # The engine
//
// Orthogonalizer is Algorithm 1 (algebraic form Algorithm 6) with the
// empirical inner product <f,g> = mean over samples of f g. X is centered
// (the constant function comes first), new functions are orthogonalized in
// blocks against the kept ones by classical Gram-Schmidt with
// re-orthogonalization (CGS2, through BLAS-3) and against each other by
// modified Gram-Schmidt; a function whose residual norm is at most Tol times
// its norm before projection is dropped as dependent. Variances and
// covariances follow Lemma 2(a): with C = E[X f] over the new orthonormal
// functions, Sigma <- Sigma - C C^T and sigma <- sigma - rowsums(C o C); the
// residual d_j(X) is never formed.
//
// Peak memory is about N |T| 8 bytes for the kept functions T (|T| < N, so at
// most N^2 8 bytes), plus N d 8 for a copy of X and, for GFR, 2 d^2 8 for the
// covariance and the eigensolver. For linear families (multilinear:1) no
// sample functions are formed: the engine runs as a pivoted Cholesky
// factorization of Sigma_1 (d^2 8 bytes), and GFR takes its directions, and
// the eigenvalue that stops it, from one partial eigendecomposition of
// Sigma_1 (about 4 d^2 8 bytes at its peak) — both exact consequences of
// Lemma 2(a). For other families GFR finds each top eigenvector of Sigma_j
// with a Davidson (Lanczos-type) search whose basis is carried from one step
// to the next and deflated by C, so no product with Sigma is repeated.
//
// # Conventions
//
// Ties in an argmax (e.g. the equal variances of standardized data): entries
// within 1e-9 x max of the maximum tie and the lowest index wins. Directions
// have their entry of largest magnitude positive. Methods stop at their
// threshold, after K outputs when K > 0, or when the residual variance is
// exhausted (below 1e-13 of the largest initial variance); Report says which.
// Trace returns the variance at every step followed by the value that
// stopped the method, so Trace()[m] is the residual variance Var(Z_{m+1})
// after m outputs (Table III of the journal).
package algorithms
