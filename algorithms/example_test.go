package algorithms_test

import (
	"fmt"
	"math/rand/v2"

	"gonum.org/v1/gonum/mat"

	"github.com/gsbench/gsbench/algorithms"
)

// Four independent features and two redundant ones, products of two of them
// scaled to be less variant than their parents (the journal's footnote 8):
// GFS with multilinear:2 selects the independent ones, by decreasing variance.
func ExampleGFS() {
	rng := rand.New(rand.NewPCG(1, 2))
	n := 2000
	X := mat.NewDense(n, 6, nil)
	for i := 0; i < n; i++ {
		a, b, c, d := rng.NormFloat64(), 0.9*rng.NormFloat64(), 0.8*rng.NormFloat64(), 0.7*rng.NormFloat64()
		X.SetRow(i, []float64{a, b, 0.5 * a * b, c, d, 0.5 * c * d})
	}
	g := algorithms.NewGFS() // the defaults: multilinear:2, tolerance DefaultTol
	g.Eps2 = 1e-6
	if err := g.Fit(X, nil); err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println("selected:", g.Selected())
	fmt.Println("stopped by:", g.Report()["stop"])
	// Output:
	// selected: [0 1 3 4]
	// stopped by: threshold
}

// GFR with multilinear:2 needs fewer directions than PCA (multilinear:1) to
// bring the residual variance below the threshold when the data hold
// nonlinear redundancy.
func ExampleGFR() {
	rng := rand.New(rand.NewPCG(3, 4))
	n := 1000
	X := mat.NewDense(n, 5, nil)
	for i := 0; i < n; i++ {
		u, v, w := rng.NormFloat64(), 0.8*rng.NormFloat64(), 0.6*rng.NormFloat64()
		X.SetRow(i, []float64{u, v, w, 0.5 * u * v, 0.5 * v * w})
	}
	for _, fam := range []algorithms.Family{algorithms.Multilinear(1), algorithms.Multilinear(2)} {
		g := algorithms.NewGFR()
		g.Family, g.Eps2 = fam, 0.01
		if err := g.Fit(X, nil); err != nil {
			fmt.Println(err)
			return
		}
		_, m := g.Components().Dims()
		fmt.Printf("%s: %d directions\n", fam, m)
	}
	// Output:
	// multilinear:1: 5 directions
	// multilinear:2: 3 directions
}

func ExampleParseFamily() {
	f, _ := algorithms.ParseFamily("multilinear:2")
	for _, t := range f.New(2) {
		fmt.Print(t, " ")
	}
	fmt.Println()
	// Output: z3 z1*z3 z2*z3
}
