package umap_test

import (
	"fmt"
	"math"
	"math/rand/v2"

	"gonum.org/v1/gonum/mat"

	"github.com/gsbench/gsbench/baselines/umap"
)

// Two well-separated clouds in 10 dimensions embed as two separated groups
// in the plane.
func Example() {
	r := rand.New(rand.NewPCG(1, 1))
	X := mat.NewDense(200, 10, nil)
	for i := 0; i < 200; i++ {
		for j := 0; j < 10; j++ {
			X.Set(i, j, r.NormFloat64()+float64(10*(i/100)))
		}
	}
	u := umap.New() // umap-learn's defaults: n_neighbors 15, min_dist 0.1, ...
	u.K = 2
	u.Seed = 7
	if err := u.Fit(X, nil); err != nil {
		fmt.Println(err)
		return
	}
	E := u.Embedding() // 200 x 2, rows in input order
	mean := func(from int) (x, y float64) {
		for i := from; i < from+100; i++ {
			x += E.At(i, 0) / 100
			y += E.At(i, 1) / 100
		}
		return x, y
	}
	ax, ay := mean(0)
	bx, by := mean(100)
	a, b := u.AB()
	fmt.Printf("a = %.3f, b = %.3f\n", a, b)
	fmt.Println("groups apart:", math.Hypot(ax-bx, ay-by) > 5)
	// Output:
	// a = 1.577, b = 0.895
	// groups apart: true
}
