package kmeans_test

import (
	"context"
	"fmt"

	"gonum.org/v1/gonum/mat"

	"github.com/gsbench/gsbench/learn/kmeans"
)

func ExampleKMeans() {
	X := mat.NewDense(6, 2, []float64{
		0, 0, 0, 1, 1, 0, // near the origin
		9, 9, 9, 10, 10, 9, // near (9.3, 9.3)
	})
	res, err := kmeans.KMeans(context.Background(), X, kmeans.Options{K: 2, Seed: 1})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println("same cluster:", res.Labels[0] == res.Labels[2], res.Labels[3] == res.Labels[5], res.Labels[0] != res.Labels[3])
	fmt.Printf("inertia %.3f\n", res.Inertia)
	// Output:
	// same cluster: true true true
	// inertia 2.667
}
