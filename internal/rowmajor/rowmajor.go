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

// SqDist returns ||a - b||^2 (b at least as long as a), with four partial
// sums so that the additions do not wait on each other.
func SqDist(a, b []float64) float64 {
	b = b[:len(a)]
	var s0, s1, s2, s3 float64
	j := 0
	for ; j+4 <= len(a); j += 4 {
		t0, t1, t2, t3 := a[j]-b[j], a[j+1]-b[j+1], a[j+2]-b[j+2], a[j+3]-b[j+3]
		s0 += t0 * t0
		s1 += t1 * t1
		s2 += t2 * t2
		s3 += t3 * t3
	}
	for ; j < len(a); j++ {
		t := a[j] - b[j]
		s0 += t * t
	}
	return (s0 + s1) + (s2 + s3)
}
