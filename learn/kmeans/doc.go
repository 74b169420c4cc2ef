// Package kmeans implements k-means clustering as scikit-learn's KMeans
// (version 1.2, algorithm "lloyd") does it:
//
//   - greedy k-means++ seeding (Arthur & Vassilvitskii, "k-means++: the
//     advantages of careful seeding", SODA 2007): the first centre is a
//     uniformly drawn sample; each further centre is the best, by the
//     resulting potential (sum of squared distances to the nearest centre),
//     of 2 + floor(ln k) candidates drawn with probability proportional to
//     the squared distance to the nearest centre already chosen;
//   - Lloyd iterations, at most MaxIter (300), stopping when the labels no
//     longer change or when the summed squared centre shift falls to
//     Tol x (mean variance of the features), Tol = 1e-4; a cluster left
//     empty is moved to the sample farthest from its centre; labels are
//     recomputed from the final centres when the run stopped on the shift;
//   - NInit (10) restarts, keeping the lowest inertia (the sum of squared
//     distances of samples to their centres).
//
// Squared distances come from ||x||^2 - 2 x.c + ||c||^2, the x.c products
// from Dgemm over fixed blocks of rows, so the work goes through BLAS-3.
// Lloyd's assignment step skips the samples that provably keep their centre
// (Hamerly's bounds, widened by the rounding error of the distances) and the
// centre step recomputes the partial sums of only those blocks of rows whose
// labels changed; neither changes a label, a centre or an iteration count
// of plain Lloyd, which the tests check. Every floating-point sum has an
// order fixed by the data shape, so the result never depends on the number
// of goroutines.
//
// Restart r of a run seeded s draws from PCG(s, r) (math/rand/v2): runs are
// reproducible bit for bit within gsbench, but the random streams are not
// NumPy's, so individual runs differ from scikit-learn's; statistics over
// seeds (the NMI of the QMR-FS protocol) agree within their spread.
package kmeans
