package autoencoder_test

import (
	"fmt"
	"math/rand/v2"

	"gonum.org/v1/gonum/mat"

	"github.com/gsbench/gsbench/baselines/autoencoder"
)

// Points on a circle in 5 dimensions, compressed to 2 features by a
// 5-16-2-16-5 tanh autoencoder.
func Example() {
	r := rand.New(rand.NewPCG(1, 1))
	X := mat.NewDense(500, 5, nil)
	for i := 0; i < 500; i++ {
		u, v := r.NormFloat64(), r.NormFloat64()
		X.SetRow(i, []float64{u, v, u + v, u - v, 0.5 * u})
	}
	ae := autoencoder.New()
	ae.K, ae.Layers, ae.Activation, ae.Epochs, ae.Seed = 2, []int{16}, autoencoder.Tanh, 100, 1
	if err := ae.Fit(X, nil); err != nil {
		fmt.Println(err)
		return
	}
	Z := ae.Embedding() // 500 x 2 bottleneck features, rows in input order
	rows, cols := Z.Dims()
	loss := ae.Report()["train_loss"].([]float64)
	fmt.Println(rows, cols)
	fmt.Println("loss fell below 1% of the first epoch's:", loss[len(loss)-1] < 0.01*loss[0])
	// Output:
	// 500 2
	// loss fell below 1% of the first epoch's: true
}
