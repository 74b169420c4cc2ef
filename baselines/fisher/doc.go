// Package fisher implements the Fisher score, a supervised filter (Duda,
// Hart & Stork, Pattern Classification, 2001; He, Cai & Niyogi, NIPS 2005,
// Sec. 4): the ratio of the between-class to the within-class scatter of
// each feature,
//
//	F(f) = sum_l n_l (mu_l - mu)^2 / sum_l n_l sigma_l^2,
//
// with n_l, mu_l and sigma_l^2 the size, mean and (population) variance of
// class l and mu the overall mean. Higher is better. scikit-feature's
// fisher_score computes the same value as 1/L - 1 from the Laplacian score L
// on its supervised graph (W_ij = 1/n_l when i and j are both in class l);
// here it is computed directly, in O(n d), by two passes over the data.
package fisher
