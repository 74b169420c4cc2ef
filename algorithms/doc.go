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
// For linear families (multilinear:1) no sample functions are formed: the
// engine runs as a pivoted Cholesky factorization of Sigma_1 (d^2 8 bytes),
// and GFR takes its directions, and the eigenvalue that stops it, from one
// partial eigendecomposition of Sigma_1 (about 4 d^2 8 bytes at its peak) —
// both exact consequences of Lemma 2(a). For other families GFR finds each
// top eigenvector of Sigma_j with a Davidson (Lanczos-type) search whose
// basis is carried from one step to the next and deflated by C, so no
// product with Sigma is repeated.
//
// # Memory
//
// The kept functions T are the engine's memory: N |T| 8 bytes (|T| < N).
// They live in address space reserved once for N-1 of them
// (internal/memory.Slab), which the system commits as it is written, so the
// basis grows without a copy and the peak is the basis itself (a slice
// grown by doubling held the old and the new copy at each growth, up to
// three times the basis, and left the old to the garbage collector); a
// block of 32 new functions is evaluated and orthogonalized in place after
// the kept ones. Beside the basis the engine holds a centered copy of X
// (N d 8), the variables z_j (N 8 each) and, for GFR, the covariance (d^2 8)
// and its eigensolver's few vectors; EngineBytes adds them up. Fit checks
// them against the available memory (internal/memory) before it starts
// when k is given (the functions of k variables) and, with a threshold,
// whose number of variables is not known in advance, before the functions
// of each variable, and refuses with the figure for both storages below
// instead of exhausting the machine. A fit's peak is its prediction within
// a few percent (TestPeakMemoryPrediction: 41.6 MiB predicted and 41.4 MiB
// measured for 469 functions of 10000 samples).
//
// basis: float32 (Precision) stores the kept functions rounded to float32,
// half the memory, and converts them back to float64 a panel of rows at a
// time for every product, so that inner products, norms, variances and
// covariances are still accumulated in float64. Its cost is the dependence
// test: against rounded functions a function that depends exactly on the
// kept ones keeps a residual of 1e-9 to 1e-7 (rarely up to 5e-4) instead
// of 1e-16, so the tolerance is at least Float32Tol = 1e-5, and a few
// nearly dependent functions are dropped that float64 keeps, or the reverse.
//
// What it does, measured by scripts/float32basis against float64 on the
// same inputs (16 fits on a shared machine):
//   - GFS selected the same features in the same order in all 5 fits
//     (COIL-20 standardized and raw, USPS, Credit Approval one-hot,
//     MNIST k = 60); GFR kept the same number of directions in all 7
//     (COIL-20 multilinear:2..4 and poly:4, USPS :2 and :4, Credit
//     Approval :4), with |cos| >= 0.99999 between matching directions
//     but for standardized COIL-20 at eps^2 = 0.01 (0.988: two nearly
//     equal eigenvalues); GFA kept the same features in 3 of 4 fits and
//     on standardized COIL-20 at eps = 1e-4 diverged from the 102nd
//     feature (167 against 169 features).
//   - traces agree within 1e-6 relative in 11 of the 16 fits; the
//     others: GFR on standardized COIL-20 :2 1.8e-3 (the near tie
//     above), poly:4 1.4e-6, GFS on standardized COIL-20 1.6e-2
//     and on Credit Approval 7.5e-2 (a function near the tolerance kept
//     by one storage and dropped by the other: 1137 against 1131
//     functions), GFA on COIL-20 after its divergence.
//   - time: no systematic gain (in the script's run on a shared machine
//     COIL-20 GFR :2 6.2 against 3.2 s, USPS GFS 73 against 148 s; on a
//     quiet one BenchmarkBasisPrecision gives COIL-20 GFR :2 0.60 against
//     0.50 s, medians of 9; the conversions cost about what the halved
//     memory traffic saves). It is for memory: the basis takes half.
//   - on all of standardized MNIST (GFR multilinear:2, eps^2 = 0.01, 33411
//     functions of 60000 samples; gsbench extract under /usr/bin/time):
//     the same 258 directions, and float64's count at every eps^2 of the
//     journal's Table II row; residual variances within 4e-6 relative up
//     to 124 directions, 5.4e-3 at 258; peak 9.76 GB against 17.6 GB, in
//     1.21x the wall time (5944 against 4897 s).
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
