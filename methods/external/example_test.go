package external_test

import (
	"fmt"

	"gonum.org/v1/gonum/mat"

	"github.com/gsbench/gsbench/methods"
)

// The Fisher score written in awk (examples/awk/fisher.awk) as a gsbench
// selection method: the command gets the rows and the labels as text files
// and answers with JSON column indices.
func Example() {
	m, err := methods.New("external-select", methods.Params{
		"command":    "awk -f ../../examples/awk/fisher.awk",
		"supervised": true,
		"k":          2,
	})
	if err != nil {
		fmt.Println(err)
		return
	}
	X := mat.NewDense(6, 3, []float64{
		1, 5, 0.5,
		2, 4, 0.25,
		1, 6, 0.75,
		5, 5, 0.75,
		6, 4, 0.25,
		5, 6, 0.5,
	})
	y := []int{0, 0, 0, 1, 1, 1} // only the first column separates the classes
	if err := m.Fit(X, y); err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println("selected:", m.(methods.Selector).Selected())
	fmt.Printf("scores: %.4g\n", m.(methods.Scorer).Scores())
	fmt.Println("runs:", m.(methods.Reporter).Report()["runs"])
	// Output:
	// selected: [0 1]
	// scores: [18 0 0]
	// runs: 1
}
