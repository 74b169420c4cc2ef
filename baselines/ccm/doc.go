// Package ccm implements CCM, kernel feature selection by conditional
// covariance minimization of Chen, Stern, Wainwright & Jordan, "Kernel
// feature selection via conditional covariance minimization" (NIPS 2017;
// ref. [20] of the UFFS paper, Sec. V-C), following the authors' code
// (Jianbo-Lab/CCM, core/ccm.py, commit 887d861; the UFFS authors ran the
// same file as lib/CCM/core/ccm_v1.py).
//
// The features chosen should leave as little conditional covariance of the
// response Y given X_S as possible: tr(Sigma_YY|X_S) (paper Eq. 6), whose
// empirical version up to constants is tr(G_Y (G_X_S + n eps I)^-1) with
// centered Gram matrices (Eq. 10). The selection is relaxed to weights
// w in [0, 1]^d with sum w = m (Eq. 12): the kernel is evaluated on the
// rows of X * w (column j scaled by w_j), and the authors minimize
//
//	L(w) = tr(Y' (G_X(w) + n eps I)^-1 Y),   G_X(w) = H K_w H,
//	(K_w)_ij = exp(-||(x_i - x_j) * w||^2 / (2 sigma^2)),  H = I - 11'/n,
//
// with Y the centered response: +-1 for two classes (the smaller label -1;
// the authors' "binary" type) and the one-hot class indicators for more
// ("categorical"; the UFFS authors choose the type by the number of
// classes). X is standardized first (mean 0, standard deviation 1, ddof 0).
// The gradient (the authors take it by automatic differentiation in
// TensorFlow) is, with A = H (G_X + n eps I)^-1 Y and C = (A A') .* K_w,
//
//	dL/dw_l = (2 w_l / sigma^2) (sum_i (C 1)_i x_il^2 - x_l' C x_l).
//
// Projected gradient descent, as the authors: w starts at the projection of
// the all-ones vector onto the simplex {w >= 0, sum w = m} (m/d everywhere),
// and each of the Iterations steps sets w <- w - LearningRate * grad, clips w
// to [0, 1] and, when sum w > m, projects it onto the simplex (Duchi,
// Shalev-Shwartz, Singer & Chandra, ICML 2008, Fig. 1). Features are ranked
// by the final w, largest first; equal weights (features clipped at 1 in the
// same step, or at 0) come in a random order drawn from Seed, as the authors
// break ties with a random permutation.
//
// Defaults: epsilon = 0.001 and 100 iterations, the settings of the authors'
// classification examples (examples/run_synthetic.py) and of the UFFS
// authors' runs (ICML_final.py, ccm_feature_selection; ccm()'s own default
// is 1000 iterations); learning rate 0.001 (ccm()'s default); sigma the
// median of the Euclidean distances between all n^2 ordered pairs of
// standardized rows, self-pairs included (the authors' np.median). The
// authors estimate that median from 2^20 random pairs when the n x n x d
// difference tensor would exceed 1 GiB; here it is always exact. The budget
// m is NumFeatures; 0 takes K when K > 0, else the UFFS authors' rule
// ceil(d/5) for d <= 100 and 100 beyond.
//
// Constant columns, which the authors' standardization would turn into NaN,
// are set to 0: they do not enter the kernel, and they are ranked last.
//
// Cost: CCM is cubic in the number of samples n. Each iteration forms the
// n x n kernel (O(n^2 d), one matrix product), factorizes the n x n system
// (O(n^3/3)) and forms the gradient (O(n^2 (d + c))): about
// 4 n^2 d + n^3/3 floating-point operations, 7.5e9 for Isolet's 1560 samples
// and 617 features. BenchmarkIsolet (100 iterations) took 118 s on the
// shared 2-core development machine under heavy load (about 15 runnable
// jobs); BenchmarkIsolet390 (its first 390 samples) 3.6 s. Memory is
// about 4.5 n^2 + 3 n d numbers (Bytes): 0.85 GiB at n = 5000, 7.5 GiB at
// n = 15000. Fit refuses, through
// internal/memory.Check, inputs whose matrices would not fit in the available
// memory; time is not checked, so FitContext honours cancellation between
// iterations. The UFFS paper notes (Fig. 1) that the authors' implementation
// could not run on USPS (9298 samples).
package ccm
