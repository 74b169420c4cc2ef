// Package sffs is Supervised Fourier Feature Selection (SFFS; Heidari,
// Sreedharan, Shamir and Szpankowski, "Sufficiently informative and relevant
// features: an information-theoretic and Fourier-based characterization",
// Sec. III-IV, Algorithm 2 and Appendix E), as the authors implement it in
// SupervisedFourierFS (github.com/jithin-k-sreedharan/Fourier_feature_selection,
// src/fourier_learning.py and src/compute_fourier_coeff_supervised.pyx,
// commit 8947eb0498efd5f9757db60ad5bdfc2327b91cb1). Its unsupervised half,
// UFFS (Algorithm 1), is package baselines/uffs, which SFFS uses as its
// optional pre-filter.
//
// # Measure
//
// Every feature is standardized with its mean and sample standard deviation
// (divisor n - 1, the np.std(X, ddof=1) the authors pass), z_u = (x_u -
// mu_u) / sigma_u, and the characters of the subsets S are the products
// phi_S = prod_{u in S} z_u. The Fourier coefficient of a label y on S is
// the empirical mean f_S = (1/n) sum_i y_i phi_S(x_i) (Step 2 before Eq.
// (10)), and a feature subset J is measured by the energy of the label on
// the characters of its non-empty subsets,
//
//	M(J) = sum_{S in J, S != {}} f_S^2,
//
// the authors' f_bar_est_norm2. This is where the published code and the
// paper differ, and this package follows the code (the reference the
// results are checked against): the paper's M_n (Eq. (10)) is the
// bias-corrected empirical 1-norm of the projection on characters
// orthogonalized by FourierOrth, whereas the code squares the coefficients
// on the standardized, non-orthogonalized characters (by Parseval, M is the
// squared 2-norm of the projection when the characters are orthonormal),
// and it scores the subsets of every size 1..t, not only those of size t.
//
// # Labels
//
// The paper states SFFS for a binary label y in {-1, +1}. The authors'
// Cython routine takes the labels as integers and multiplies by their value,
// so with labels 0..c-1 (c > 2) it measures the regression of the class
// number on the characters, which depends on how the classes happen to be
// numbered. Here the label enters through c class codes, one per non-empty
// class q,
//
//	y_q(i) = c [y_i = q] - 1   (c - 1 in class q, -1 elsewhere),
//
// and the measure averages the energies of the codes,
//
//	M(J) = (1/c) sum_q sum_{S in J, S != {}} f_{S,q}^2,   f_{S,q} = (1/n) sum_i y_q(i) phi_S(x_i).
//
// The codes are the vertices of the regular simplex (they sum to zero over
// the classes), so no class is favoured and renumbering the classes changes
// nothing. For c = 2 the two codes are the paper's +-1 label and its
// negation, and M is exactly the paper's and the authors' measure with
// labels +-1 (their experiments pass +-1 labels for their binary sets).
// Centred class indicators [y_i = q] - p_q would not reduce to it: on the
// non-orthogonalized characters of size >= 2, whose means are not zero,
// centring the label changes f_S. With the codes, f_{S,q} = (c h_{S,q} -
// H_S) / n from the class sums h_{S,q} = sum_{i in q} phi_S(x_i) and
// H_S = sum_q h_{S,q}, so all classes cost one pass over the samples.
//
// # Search
//
// Depth (Algorithm 2, the authors' approx="depth_based"): every subset J of
// 1..t features (itertools' combinations of sizes 1..t) is scored, the
// subsets are ranked by decreasing M (ties: the lexicographically larger
// subset first, as Python's reverse sort of the (M, J) tuples; measures
// equal to 40 significant bits, about 12 digits, tie, so that measures equal
// in exact arithmetic, common on +-1 features, are not ordered by the last
// bits of their sums, which the evaluation order decides), and their
// union is taken from the top, each subset's features in increasing order,
// until it holds k features. The order in which features enter the union is
// Selected; Scores gives each feature the measure of the best subset
// containing it, so Selected is the features by decreasing score. The
// coefficients are computed as class Gram products: for each prefix P of
// t-2 features and each block of features b, one Dgemm per class gives
// sum_{i in q} (prod_{u in P} z_iu) z_ib z_ie for every e > b, so depth 2
// costs about n d^2 flops (BLAS-3, parallel over blocks with internal/par)
// and depth t about 2 n C(d, t). Memory is about 20 bytes per subset
// (sum_{s<=t} C(d, s) of them), checked before anything is allocated.
//
// Greedy (the authors' approx="greedy", mentioned in Appendix E): J starts
// empty and gains, k times, the feature j that maximizes M(J u {j}) (ties:
// the smallest j; ties again to 40 bits). M(J u {j}) sums 2^|J| new
// coefficients; their sum has
// the closed form z_j^T (K_J o L) z_j / (c n^2) with the product kernel
// K_J(i, i') = prod_{u in J} (1 + z_iu z_i'u) and L = sum_q y_q y_q^T, so a
// step costs one n x n by n x d product rather than time exponential in k.
//
// # Pre-filter
//
// Algorithm 2 line 1 runs FourierOrth first, and the authors' README and
// experiments ("UFFS + SFFS") run UnsupervisedFourierFS on the training set
// and SFFS on the features it keeps, with a cumulative-share rule and a
// sequential schedule (their README: depths 1, 2, 3, cluster sizes all, 50,
// 31, thresholds 0.95, 0.995, 0.999, eps 0.001, 0.001, 0.0001; New's
// defaults). Prefilter does the same with package uffs and searches the
// kept features in the order UFFS passes them on (Ranking uffs.PerGroup),
// which decides ties and the order inside a subset as in their pipeline.
// The README calls the step optional, and it makes the number of
// selectable features depend on the data, so it is off by default. UFFS
// takes the features in the column order, as the authors' configs do
// (shuffle: False); PrefilterOrder random takes them in a random order
// drawn from PrefilterSeed, as the paper's UFFS experiments (Sec. V-B).
// With fewer samples than features the order decides alone which
// features survive the depth-1 round: on ALL-AML (72 x 7129) the column
// order keeps the first 60 probes, most of them the array's control
// probes.
//
// # Defaults and choices
//
// k = 0 ranks every feature (the authors' experiments call SFFS with k = d
// and evaluate the first k); depth 2 is their helper's default
// (fourier_feature_selection in src/ICML_final.py) and the paper's depth
// for real data (t = 3 on E1 and E2). A constant column (standard
// deviation <= 1e-12 max(1, |mean|)) has no standardized value: the
// authors' code would divide by zero (their experiment script drops columns
// with standard deviation <= 1e-5 first); here such columns are not
// searched and come last in Selected, in column order, with score 0.
package sffs
