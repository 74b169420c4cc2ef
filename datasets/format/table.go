package format

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"gonum.org/v1/gonum/mat"
)

// Table is what a reader returns: the feature matrix of a file and the raw
// class labels, before any numbering of classes (package datasets numbers
// them and builds its Dataset).
type Table struct {
	X *mat.Dense // n x d features
	// Labels holds the class label of each row as the file writes it (a
	// number in its shortest form, "1" for 1.0); nil when the file has no
	// labels.
	Labels []string
	// Classes, when set, lists the classes the file declares, in their
	// declared order, and every label is one of them: scikit-learn's header
	// line (every class it names), an ARFF nominal class attribute (the
	// values present in the rows). nil: the file declares no classes.
	Classes []string
	// Features names the columns of X; nil when the file has no names.
	Features []string
	// Notes says what reading did: rows dropped, values imputed, columns
	// encoded or dropped.
	Notes []string
	// MissingValues counts the cells the file marks missing, in the rows
	// kept for their label (before rows were dropped or values imputed).
	MissingValues int
}

// newDense wraps data (row-major, n x d) in a matrix. Every caller has
// checked that n and d are positive (mat.NewDense panics otherwise).
func newDense(n, d int, data []float64) *mat.Dense { return mat.NewDense(n, d, data) }

// ArrayTable reads an array of n rows as a table (a 1-D array is a
// column; more dimensions are flattened per row in C order, as IDX images
// are), taking the label column lc (LabelLast, LabelIndex; LabelName is an
// error, LabelDefault and LabelNone read no labels) out of X. what names
// the array in errors.
func ArrayTable(what string, a *NpyArray, lc LabelCol) (*Table, error) {
	if a.Strings != nil {
		return nil, fmt.Errorf("%s: a %s array of strings cannot be features", what, a.Dtype)
	}
	if len(a.Shape) == 0 {
		return nil, fmt.Errorf("%s: a 0-d array (a scalar) is not a data matrix", what)
	}
	n, d := a.Shape[0], 1
	for _, k := range a.Shape[1:] {
		d *= k
	}
	if n == 0 || d == 0 {
		return nil, fmt.Errorf("%s: empty array of shape %v", what, a.Shape)
	}
	col, err := lc.index(d, nil, what)
	if err != nil {
		return nil, err
	}
	for k, v := range a.Data {
		if math.IsNaN(v) || math.IsInf(v, 0) {
			return nil, fmt.Errorf("%s: element [%d, %d] is %v; remove or impute non-finite values first", what, k/d, k%d, v)
		}
	}
	if col < 0 {
		return &Table{X: newDense(n, d, a.Data)}, nil
	}
	if d < 2 {
		return nil, fmt.Errorf("%s: label column %s would leave no feature column", what, lc)
	}
	data, labels := splitLabelColumn(a.Data, n, d, col)
	return &Table{X: newDense(n, d-1, data), Labels: labels}, nil
}

// splitLabelColumn removes column col of the n x d row-major data and
// returns the rest and the column's values as labels (shortest form of
// each number, so that 1 and 1.0 are one class).
func splitLabelColumn(data []float64, n, d, col int) ([]float64, []string) {
	out := make([]float64, 0, n*(d-1))
	labels := make([]string, n)
	for i := range n {
		row := data[i*d : (i+1)*d]
		out = append(out, row[:col]...)
		out = append(out, row[col+1:]...)
		labels[i] = strconv.FormatFloat(row[col], 'g', -1, 64)
	}
	return out, labels
}

// arrayLabels reads n labels from an array of shape (n,), (n, 1) or (1, n).
func arrayLabels(y *NpyArray, n int) ([]string, error) {
	ok := y.Len() == n && (len(y.Shape) == 1 || len(y.Shape) == 2 && (y.Shape[0] == 1 || y.Shape[1] == 1))
	if !ok {
		return nil, fmt.Errorf("labels %s: shape %v; want (%d,) for the %d rows", y.Name, y.Shape, n, n)
	}
	labels := make([]string, n)
	if y.Strings != nil {
		for i, s := range y.Strings {
			labels[i] = strings.TrimSpace(s)
			if labels[i] == "" {
				return nil, fmt.Errorf("labels %s: element %d is empty", y.Name, i)
			}
		}
	} else {
		for i, v := range y.Data {
			if math.IsNaN(v) || math.IsInf(v, 0) {
				return nil, fmt.Errorf("labels %s: element %d is %v", y.Name, i, v)
			}
			labels[i] = strconv.FormatFloat(v, 'g', -1, 64)
		}
	}
	return labels, nil
}
