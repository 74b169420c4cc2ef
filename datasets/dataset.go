package datasets

import (
	"gonum.org/v1/gonum/mat"
)

// Dataset is a loaded or generated data set.
type Dataset struct {
	Name     string
	X        *mat.Dense // n x d feature matrix
	Y        []int      // class labels 0..len(Classes)-1; nil when unlabelled
	Classes  []string   // class names by label
	Features []string   // column names; nil when the source has none
	Truth    *Truth     // ground truth of a synthetic set; nil for real data
	Notes    []string   // what loading did: rows dropped, values imputed, columns encoded, ...
}

// Truth is the ground truth a synthetic experiment scores against.
type Truth struct {
	// NonRedundant lists the independent (latent) columns, or, when Basis is
	// set, the indices of the independent components Z_i (GCA experiments).
	NonRedundant []int
	// Redundant lists the columns (or components) that are functions of others.
	Redundant []int
	// Parents maps a redundant column (component) to those it is a function of.
	Parents map[int][]int
	// Basis is the d x d orthonormal matrix whose column i is the direction
	// rho_i of component Z_i, when X = sum_i rho_i Z_i (GCA experiments).
	Basis *mat.Dense
}

// Dims returns the number of rows and columns of X.
func (d *Dataset) Dims() (n, p int) { return d.X.Dims() }
