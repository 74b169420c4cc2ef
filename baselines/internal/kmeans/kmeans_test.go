package kmeans

import (
	"math/rand/v2"
	"slices"
	"testing"

	"gonum.org/v1/gonum/mat"
)

func blobs(rng *rand.Rand, perCluster int, centers [][]float64, spread float64) (*mat.Dense, []int) {
	d := len(centers[0])
	X := mat.NewDense(perCluster*len(centers), d, nil)
	y := make([]int, 0, perCluster*len(centers))
	for c, mu := range centers {
		for p := 0; p < perCluster; p++ {
			i := c*perCluster + p
			for j := 0; j < d; j++ {
				X.Set(i, j, mu[j]+spread*rng.NormFloat64())
			}
			y = append(y, c)
		}
	}
	return X, y
}

func TestRecoversBlobs(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 1))
	X, y := blobs(rng, 30, [][]float64{{0, 0}, {10, 0}, {0, 10}, {10, 10}}, 0.5)
	res, err := Fit(X, 4, Options{}, rand.New(rand.NewPCG(7, 0)))
	if err != nil {
		t.Fatal(err)
	}
	// Same partition up to relabeling.
	perm := map[int]int{}
	for i, l := range res.Labels {
		if p, ok := perm[y[i]]; ok && p != l {
			t.Fatalf("row %d: cluster %d, class %d maps to %d", i, l, y[i], p)
		}
		perm[y[i]] = l
	}
	// Same seed, same result.
	again, _ := Fit(X, 4, Options{}, rand.New(rand.NewPCG(7, 0)))
	if !slices.Equal(again.Labels, res.Labels) || again.Inertia != res.Inertia {
		t.Error("not reproducible")
	}
}

func TestNoEmptyCluster(t *testing.T) {
	// Duplicate rows: 3 distinct points, 5 clusters asked.
	X := mat.NewDense(9, 1, []float64{0, 0, 0, 1, 1, 1, 5, 5, 5})
	res, err := Fit(X, 5, Options{NInit: 2}, rand.New(rand.NewPCG(2, 2)))
	if err != nil {
		t.Fatal(err)
	}
	count := make([]int, 5)
	for _, l := range res.Labels {
		count[l]++
	}
	if slices.Contains(count, 0) {
		t.Errorf("empty cluster: counts %v", count)
	}
	if _, err := Fit(X, 10, Options{}, rand.New(rand.NewPCG(1, 1))); err == nil {
		t.Error("10 clusters of 9 rows accepted")
	}
}
