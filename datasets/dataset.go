package datasets

import (
	"maps"
	"slices"

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

	// MissingValues counts the cells the source marked missing (before rows
	// were dropped or values imputed).
	MissingValues int
	// Files lists the files the data was read from, with their checksums
	// when loading verified them.
	Files []FileStatus
}

// FileStatus describes one file a Dataset was read from.
type FileStatus struct {
	Path  string `json:"path"`
	Bytes int64  `json:"bytes"`
	// SHA256 is the digest computed while reading; empty unless verified.
	SHA256 string `json:"sha256,omitempty"`
	// Verified says what the file was checked against: "sha256" (the
	// registry's digest of the file), "content-sha256" (the digest of the
	// decompressed content, which survives re-compression), "data-sha256"
	// (the digest of the parsed values, which survives re-formatting),
	// "none" (the registry knows no digest for this file) or "" (not
	// verified).
	Verified string `json:"verified,omitempty"`
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

	// Coef maps a redundant column (component) j that is a monomial of its
	// parents to the factor k_j: X_j = k_j * prod(Parents[j]) (+ noise).
	Coef map[int]float64
	// Weights maps a linearly redundant column j to the weights a_{j,l} of
	// its parents, in the order of Parents[j]: X_j = sum_l a_{j,l} X_{Parents[j][l]}.
	Weights map[int][]float64
	// Offset maps a linearly redundant column j whose combination has a
	// constant term to it: X_j = Offset[j] + sum_l a_{j,l} X_{Parents[j][l]}
	// (a one-hot column is 1 minus the others of its group).
	Offset map[int]float64
	// Variance holds the population variance of every column (or component
	// when Basis is set) by index, as the generator designed it (not the
	// sample variance).
	Variance []float64
	// NoiseVar is the variance of the Gaussian noise added to every
	// redundant column (component); 0 for exact redundancies.
	NoiseVar float64
	// EpsScale is the eps* the data was divided by (its square root) when a
	// generator's scale_to_eps was set, so that eps = 1 means eps*; 0 otherwise.
	EpsScale float64
	// Label describes the function that produced Y; nil when Y is nil.
	Label *LabelFunc
	// Relevant lists the columns the label is a function of, when a
	// supervised experiment scores a selection against them (the SFFS sets
	// E1 and E2: the label depends on X_1..X_6 only); nil otherwise.
	Relevant []int
}

// LabelFunc is a threshold function of some columns (components):
// y = 1 when prod_j (Coef[j][0] + sum_i Coef[j][i+1] * x[Inputs[i]]) > 0,
// else y = 0. A linear threshold function (LTF) has one factor, a polynomial
// threshold function (PTF) several. Kind "polynomial" is the sign of a sum
// of monomials instead: y = 1 when sum_k Alpha[k] prod_{j in Monomials[k]}
// x[j] > 0 (the SFFS sets E1 and E2).
type LabelFunc struct {
	Kind   string // "ltf", "ptf" or "polynomial"
	Inputs []int
	Coef   [][]float64 // one row per factor: b_0, b_1 .. b_len(Inputs)

	Monomials [][]int   // "polynomial": the columns of each monomial
	Alpha     []float64 // "polynomial": the coefficient of each monomial
}

// Dims returns the number of rows and columns of X.
func (d *Dataset) Dims() (n, p int) { return d.X.Dims() }

// Clone returns a deep copy of d: changing the copy never changes d.
func (d *Dataset) Clone() *Dataset {
	if d == nil {
		return nil
	}
	c := *d
	if d.X != nil {
		c.X = mat.DenseCopyOf(d.X)
	}
	c.Y = slices.Clone(d.Y)
	c.Classes = slices.Clone(d.Classes)
	c.Features = slices.Clone(d.Features)
	c.Notes = slices.Clone(d.Notes)
	c.Files = slices.Clone(d.Files)
	c.Truth = d.Truth.clone()
	return &c
}

func (t *Truth) clone() *Truth {
	if t == nil {
		return nil
	}
	c := *t
	c.NonRedundant = slices.Clone(t.NonRedundant)
	c.Redundant = slices.Clone(t.Redundant)
	if t.Parents != nil {
		c.Parents = make(map[int][]int, len(t.Parents))
		for k, v := range t.Parents {
			c.Parents[k] = slices.Clone(v)
		}
	}
	if t.Basis != nil {
		c.Basis = mat.DenseCopyOf(t.Basis)
	}
	c.Coef = maps.Clone(t.Coef)
	c.Offset = maps.Clone(t.Offset)
	if t.Weights != nil {
		c.Weights = make(map[int][]float64, len(t.Weights))
		for k, v := range t.Weights {
			c.Weights[k] = slices.Clone(v)
		}
	}
	c.Variance = slices.Clone(t.Variance)
	if t.Label != nil {
		l := *t.Label
		l.Inputs = slices.Clone(t.Label.Inputs)
		l.Coef = make([][]float64, len(t.Label.Coef))
		for i, r := range t.Label.Coef {
			l.Coef[i] = slices.Clone(r)
		}
		if t.Label.Monomials != nil {
			l.Monomials = make([][]int, len(t.Label.Monomials))
			for i, m := range t.Label.Monomials {
				l.Monomials[i] = slices.Clone(m)
			}
		}
		l.Alpha = slices.Clone(t.Label.Alpha)
		c.Label = &l
	}
	c.Relevant = slices.Clone(t.Relevant)
	return &c
}

// ClassCounts returns the number of rows of each class, by label.
func (d *Dataset) ClassCounts() []int {
	counts := make([]int, len(d.Classes))
	for _, y := range d.Y {
		if y >= 0 && y < len(counts) {
			counts[y]++
		}
	}
	return counts
}
