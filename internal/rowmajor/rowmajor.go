package rowmajor

import (
	"fmt"
	"math"

	"gonum.org/v1/gonum/mat"
)

// Copy returns the n x d entries of X row after row. It fails on a NaN or
// infinite entry, naming it; prefix starts the message ("svm", "kmeans").
func Copy(X mat.Matrix, prefix string) ([]float64, error) {
	n, d := X.Dims()
	x := make([]float64, n*d)
	if rm, ok := X.(mat.RawMatrixer); ok {
		raw := rm.RawMatrix()
		for i := range n {
			copy(x[i*d:i*d+d], raw.Data[i*raw.Stride:i*raw.Stride+d])
		}
	} else {
		for i := range n {
			for j := range d {
				x[i*d+j] = X.At(i, j)
			}
		}
	}
	for k, v := range x {
		if math.IsNaN(v) || math.IsInf(v, 0) {
			return nil, fmt.Errorf("%s: X[%d][%d] = %v; remove or impute non-finite values first", prefix, k/d, k%d, v)
		}
	}
	return x, nil
}
