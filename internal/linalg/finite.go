package linalg

import (
	"fmt"
	"math"

	"gonum.org/v1/gonum/mat"
)

// CheckFinite returns an error naming the first entry of X that is NaN or
// infinite, prefixed by method (e.g. "kpca: X[3][2] = NaN; ..."), and nil
// when every entry is finite.
func CheckFinite(method string, X *mat.Dense) error {
	r, _ := X.Dims()
	for i := 0; i < r; i++ {
		for j, v := range X.RawRowView(i) {
			if math.IsNaN(v) || math.IsInf(v, 0) {
				return fmt.Errorf("%s: X[%d][%d] = %v; remove or impute non-finite values first", method, i, j, v)
			}
		}
	}
	return nil
}
