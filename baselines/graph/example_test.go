package graph_test

import (
	"fmt"

	"gonum.org/v1/gonum/mat"

	"github.com/gsbench/gsbench/baselines/graph"
)

func ExampleKNN() {
	// Five points on a line.
	X := mat.NewDense(5, 1, []float64{0, 1, 3, 6, 10})
	nb, err := graph.KNN(X, 2, graph.KNNOptions{})
	if err != nil {
		panic(err)
	}
	for i := 0; i < nb.N; i++ {
		idx, dist := nb.Row(i)
		fmt.Println(i, idx, dist)
	}
	// Output:
	// 0 [1 2] [1 3]
	// 1 [0 2] [1 2]
	// 2 [1 0] [2 3]
	// 3 [2 4] [3 4]
	// 4 [3 2] [4 7]
}

func ExampleAffinity() {
	X := mat.NewDense(4, 1, []float64{0, 1, 3, 6})
	// One neighbour, binary weights, self-loops kept (scikit-feature's
	// construct_W): 0-1 and 1-0 are mutual, 2's neighbour is 1, 3's is 2.
	W, err := graph.Affinity(X, graph.Options{NNeighbors: 1, Weight: graph.Binary, SelfLoops: true})
	if err != nil {
		panic(err)
	}
	fmt.Println(mat.Formatted(W))
	fmt.Println("degrees", W.Degrees())
	// Output:
	// ⎡1  1  0  0⎤
	// ⎢1  1  1  0⎥
	// ⎢0  1  1  1⎥
	// ⎣0  0  1  1⎦
	// degrees [2 3 3 2]
}
