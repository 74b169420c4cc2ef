package testutil

import (
	"math/rand/v2"

	"gonum.org/v1/gonum/mat"

	"github.com/gsbench/gsbench/preprocess"
)

// RandNormal returns an n x d matrix of independent standard normal draws
// from rng, filled row by row.
func RandNormal(rng *rand.Rand, n, d int) *mat.Dense {
	X := mat.NewDense(n, d, nil)
	for i := 0; i < n; i++ {
		row := X.RawRowView(i)
		for j := range row {
			row[j] = rng.NormFloat64()
		}
	}
	return X
}

// Clusters returns 150 standardized rows in three clusters of 50 (row i is
// in cluster i mod 3). The first 5 features carry the clusters: in each,
// the three cluster means are -3, 0 and 3 (in an order drawn per feature)
// plus unit Gaussian noise; the other 15 features are unit Gaussian noise.
// The unsupervised selectors should rank the first 5 first.
func Clusters(seed uint64) *mat.Dense {
	rng := rand.New(rand.NewPCG(seed, 99))
	const n, informative, noise, clusters = 150, 5, 15, 3
	means := make([][]float64, informative)
	for j := range means {
		means[j] = make([]float64, clusters)
		for c, p := range rng.Perm(clusters) {
			means[j][c] = 3 * float64(p-1)
		}
	}
	X := mat.NewDense(n, informative+noise, nil)
	for i := 0; i < n; i++ {
		c := i % clusters
		for j := 0; j < informative+noise; j++ {
			v := rng.NormFloat64()
			if j < informative {
				v += means[j][c]
			}
			X.Set(i, j, v)
		}
	}
	Z, _, err := preprocess.Apply(preprocess.Standardize, X)
	if err != nil {
		panic(err)
	}
	return Z
}
