// Package preprocess holds the column-wise scalings gsbench applies to a data
// matrix before a method sees it: none, center, standardize and minmax.
//
// A Scaler is fitted on one matrix (a whole dataset, or only the training
// fold of a cross-validation split) and then applied to any matrix with the
// same columns, so that test folds never leak into the fitted statistics.
//
// Standardize divides by the population standard deviation (ddof 0), as
// scikit-learn's StandardScaler does. Minmax maps each column to [0, 1].
//
// # Constant columns
//
// One rule, IsConstant (and ConstantColumns for a matrix), says when a column
// is constant: its values are equal up to rounding relative to their own
// magnitude, max(x) - min(x) <= ConstantTol * max|x| with ConstantTol =
// 1e-12. The test is scale-invariant: a column of size 1e-200 that varies
// is not constant, and a column of size 1e200 is judged like the same column
// of size 1. Standardize and minmax map a constant column to 0 (no division
// by zero ever happens) and list it in Scaler.Constant so that callers can
// report it.
//
// # Cost
//
// None makes no pass over the data: Apply returns X itself. The other kinds
// read X in row-major passes (gonum's Dense is row-major; each goroutine
// takes a block of columns, so every column's sums run over the rows in
// order and the result does not depend on the number of goroutines): one
// pass for the finiteness check, the column ranges and sums, one more for
// standardize's squared deviations, and one to write the result. Columns of
// extreme magnitude (outside [2^-400, 2^400]) are scaled by a power of two
// before squaring, so neither overflow nor underflow occurs; for every
// other column the result has the bits of the textbook two-pass formula.
package preprocess
