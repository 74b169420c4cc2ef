// Package usfsm implements USFSM, the Unsupervised Spectral Feature
// Selection Method for mixed data of Solorio-Fernández, Martínez-Trinidad &
// Carrasco-Ochoa ("A new Unsupervised Spectral Feature Selection Method for
// mixed data: A filter approach", Pattern Recognition 72, 2017), as the
// QMR-FS paper ran it: with its authors' own implementation,
// src/qmrfs/baselines/usfsm.py of github.com/ciwanceylan/qmr-feature-selection
// (USFSM is not in the Auto-UFSTool toolbox the paper took CNAFS and FMIUFS
// from).
//
// The similarity of two samples is the clinical kernel of Daemen & De Moor
// (2009), the kernel for mixed data USFSM builds on, in its numerical form:
// the mean over the features r of 1 - |x_ar - x_br| / range_r (compute_W; a
// constant feature adds 1 to every similarity). Its normalized Laplacian is
//
//	L = I - D^-1/2 W D^-1/2,   D = diag(W 1)  (compute_L),
//
// with eigenvalues 0 = lambda_1 <= lambda_2 <= ... . The spectral gap score
// of W for C clusters (gamma_function) is, in 1-based indices,
//
//	gamma = sum_{i=3}^{C+1} sum_{j=i+1}^{C+2} |lambda_i - lambda_j| / tau,   tau = sum_{i=3}^{C+1} lambda_i,
//
// and the score of feature r is gamma(all features) - gamma(all but r):
// large when removing r makes the cluster structure of the spectrum less
// pronounced. Features are ranked by decreasing score.
//
// # The authors' code and the USFSM paper
//
// The definitions above are those of the QMR-FS authors' code, which
// produced the paper's numbers; the USFSM paper itself could not be
// consulted here. Three of its choices look like departures from a spectral
// gap over the first C eigenvalues for C clusters, and are kept:
//   - C is the number of features to keep (usfsm(features, k) passes k to
//     gamma_function), so the ranking depends on k; n_clusters sets C
//     explicitly.
//   - The sums start at the third eigenvalue: gamma_function indexes the
//     sorted spectrum from 0 with bounds (2..C) that read like those of a
//     1-based formula.
//   - Every feature is numerical: the QMR-FS experiments code categorical
//     features as integers (pandas.factorize), so the kernel's overlap term
//     for non-numerical features (1 when equal, 0 otherwise) is not used.
//
// One choice is gsbench's: constant features, which carry no information,
// are ranked last (the authors' code scores them like any other: removing
// one rescales the kernel).
//
// The tests compare with the authors' functions run on seeded random
// matrices, raw Wine and raw Heart-Statlog: the same rankings, scores within
// 1e-10 (relative) of their float64 version and 1e-4 of the float32 one the
// paper's runs used.
//
// # Cost
//
// One eigenproblem of order n for all the features and one without each of
// the d features: O(n^3 d) time (the tridiagonal reduction, 4/3 n^3 flops
// each; only the C + 2 smallest eigenvalues are then computed, by
// bisection) and O(n^2) memory per concurrent eigenproblem. The kernel sum
// is formed once (O(n^2 d)) and each leave-one-out kernel by subtracting one
// feature's term. The leave-one-out problems run in parallel, one BLAS
// thread each. Before they start, the memory is checked (internal/memory)
// and their time bounded from the flop count (at 100 Gflop/s a worker, 5
// times this machine's rate) and then predicted from the time of the first
// eigenproblem; a run predicted to exceed max_seconds (default 30 minutes)
// is refused with the figure. On Isolet (1560 x 617) a fit takes 139
// CPU-seconds (BenchmarkIsolet, C = 50: 0.24 s an eigenproblem), about 70 s
// on 2 idle cores; USPS (7291 x 256) is refused after its first
// eigenproblem (3 h predicted), MNIST for memory (135 GiB).
package usfsm
