// Package preprocess holds the column-wise scalings gsbench applies to a data
// matrix before a method sees it: none, center, standardize and minmax.
//
// A Scaler is fitted on one matrix (a whole dataset, or only the training
// fold of a cross-validation split) and then applied to any matrix with the
// same columns, so that test folds never leak into the fitted statistics.
//
// Standardize divides by the population standard deviation (ddof 0), as
// scikit-learn's StandardScaler does. A constant column cannot be scaled: it
// is centered to zero, left unscaled, and listed in Scaler.Constant so that
// callers can report it; no division by zero ever happens. Minmax maps each
// column to [0, 1] (a constant column maps to 0).
package preprocess
