// Package cv splits a labelled data set into cross-validation folds.
//
// StratifiedKFold reproduces scikit-learn's StratifiedKFold (version 0.22 and
// later, checked against 1.2.1) exactly when shuffling is off, so that scores
// can be compared fold for fold with scikit-learn's cross_val_score:
//
//   - classes are numbered in order of first appearance in y;
//   - the number of samples of each class in each test fold comes from dealing
//     the sorted encoded labels round-robin to the folds (fold i receives
//     positions i, i+k, i+2k, ... of the sorted labels);
//   - within each class, samples keep their order in y and fill the folds in
//     blocks: the first allocation[0] samples of the class go to fold 0, the
//     next allocation[1] to fold 1, and so on.
//
// Train and test indices of a fold are in increasing order. With shuffling
// on, each class's fold labels are permuted with a seeded PCG generator
// (math/rand/v2); that is the same rule as scikit-learn's shuffle=True but not
// its random stream (NumPy's Mersenne Twister), so shuffled folds are
// reproducible within gsbench only.
//
// Like scikit-learn, StratifiedKFold refuses more folds than the largest
// class has members, and accepts classes smaller than the number of folds
// (those classes are missing from some test folds); Check reports them.
package cv
