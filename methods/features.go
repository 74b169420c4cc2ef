package methods

import (
	"context"
	"fmt"
	"math"

	"gonum.org/v1/gonum/mat"
)

// Features returns the features a fitted method gives the rows of X, which
// have the columns the method was fitted on: the selected columns of a
// Selector, in the order Selected gives them, or Transform(X) of an
// Extractor. It is how a fitted selection or extraction method maps new
// rows (the test fold of a pipeline), as scikit-learn's transform. An
// empty selection gives an empty matrix. The features are checked: one row
// per row of X, all finite.
func Features(m Method, X *mat.Dense) (*mat.Dense, error) {
	var Z *mat.Dense
	switch m := m.(type) {
	case Selector:
		var err error
		if Z, err = SelectColumns(X, m.Selected()); err != nil {
			return nil, err
		}
	case Extractor:
		var err error
		if Z, err = m.Transform(X); err != nil {
			return nil, err
		}
	default:
		return nil, fmt.Errorf("%T is neither a Selector nor an Extractor", m)
	}
	return Z, checkFeatures(Z, X)
}

// TrainingFeatures is Features for the rows the method was fitted on: an
// Embedder gives the embedding it computed during the fit (for UMAP, kernel
// PCA or an autoencoder it may differ from Transform of the same rows, as
// scikit-learn's fit_transform does), any other method Features(m, X).
func TrainingFeatures(m Method, X *mat.Dense) (*mat.Dense, error) {
	if e, ok := m.(Embedder); ok {
		if _, isSel := m.(Selector); !isSel {
			Z := e.Embedding()
			return Z, checkFeatures(Z, X)
		}
	}
	return Features(m, X)
}

// SelectColumns returns a new matrix with the columns cols of X, in that
// order (a feature subset); no column gives an empty matrix. A column out
// of range or listed twice is an error.
func SelectColumns(X *mat.Dense, cols []int) (*mat.Dense, error) {
	n, d := X.Dims()
	seen := make(map[int]bool, len(cols))
	for _, j := range cols {
		if j < 0 || j >= d {
			return nil, fmt.Errorf("column %d selected, but the data has columns 0..%d", j, d-1)
		}
		if seen[j] {
			return nil, fmt.Errorf("column %d selected twice", j)
		}
		seen[j] = true
	}
	if len(cols) == 0 {
		return &mat.Dense{}, nil
	}
	Z := mat.NewDense(n, len(cols), nil)
	for i := range n {
		row, src := Z.RawRowView(i), X.RawRowView(i)
		for k, j := range cols {
			row[k] = src[j]
		}
	}
	return Z, nil
}

// checkFeatures checks that Z has one row per row of X and is finite (an
// empty Z is an empty selection).
func checkFeatures(Z, X *mat.Dense) error {
	if Z == nil || Z.IsEmpty() {
		return nil
	}
	if r, _ := Z.Dims(); r != X.RawMatrix().Rows {
		return fmt.Errorf("the method returned %d rows of features for %d samples", r, X.RawMatrix().Rows)
	}
	raw := Z.RawMatrix()
	for i := range raw.Rows {
		for j, v := range raw.Data[i*raw.Stride : i*raw.Stride+raw.Cols] {
			if math.IsNaN(v) || math.IsInf(v, 0) {
				return fmt.Errorf("the method returned a non-finite feature (%v in row %d, feature %d)", v, i, j)
			}
		}
	}
	return nil
}

// FoldFeatures returns the feature step of a pipeline: for each training
// fold it builds a new method of spec s with newMethod, fits it on the
// training rows (with their labels when it uses them, UsesLabels) and
// returns the features of the training rows and of the test rows. It has
// the type of evaluate.Featurizer, so that cross-validation fits the method
// inside each fold and never shows it the test rows or their labels.
func FoldFeatures(s Spec, newMethod func() (Method, error)) func(ctx context.Context, train *mat.Dense, y []int, test *mat.Dense) (*mat.Dense, *mat.Dense, error) {
	return func(ctx context.Context, train *mat.Dense, y []int, test *mat.Dense) (*mat.Dense, *mat.Dense, error) {
		m, err := newMethod()
		if err != nil {
			return nil, nil, err
		}
		if !UsesLabels(s, m) {
			y = nil
		}
		if err := Fit(ctx, m, train, y); err != nil {
			return nil, nil, err
		}
		ztr, err := TrainingFeatures(m, train)
		if err != nil {
			return nil, nil, err
		}
		if ztr.IsEmpty() {
			return nil, nil, fmt.Errorf("the method produced no features on the training rows")
		}
		zte, err := Features(m, test)
		if err != nil {
			return nil, nil, err
		}
		return ztr, zte, nil
	}
}
