package qmrfs_test

import (
	"fmt"
	"log"
	"os"
	"path/filepath"

	"gonum.org/v1/gonum/mat"

	"github.com/gsbench/gsbench/baselines/qmrfs"
	"github.com/gsbench/gsbench/datasets"
	"github.com/gsbench/gsbench/params"
)

func Example() {
	// Column 2 is column 0 plus twice column 1, column 3 is constant and
	// column 4 is column 1 up to a small perturbation.
	X := mat.NewDense(6, 5, []float64{
		1, 0, 1, 5, 0.01,
		2, 1, 4, 5, 1.00,
		0, 3, 6, 5, 2.99,
		4, 1, 6, 5, 1.01,
		3, 2, 7, 5, 2.00,
		1, 5, 11, 5, 5.00,
	})
	for _, theta := range []float64{0, 0.05} {
		q := qmrfs.New()
		q.Theta = theta
		if err := q.Fit(X, nil); err != nil {
			fmt.Println(err)
			return
		}
		fmt.Printf("theta %g: retained %v, relative residuals %.3f\n", theta, q.Selected(), q.Scores())
	}
	// Output:
	// theta 0: retained [0 1 4], relative residuals [0.591 0.585 0.000 0.000 0.002]
	// theta 0.05: retained [0 1], relative residuals [0.591 0.585 0.000 0.000 0.002]
}

// QMR-FS on a .npy file read in blocks of rows (any size: memory does not
// grow with the rows), here a 20000-row US Census stand-in written first.
func ExampleQMRFS_FitStream() {
	dir, err := os.MkdirTemp("", "qmrfs")
	if err != nil {
		log.Fatal(err)
	}
	defer os.RemoveAll(dir)
	path := filepath.Join(dir, "census.npy")
	gen, err := datasets.OpenRows("qmrfs-table01", datasets.Options{Params: params.Params{"shape": "uscensus1990", "n_samples": 20000}, Seed: 1})
	if err != nil {
		log.Fatal(err)
	}
	if err := datasets.WriteNPY(path, gen, "float32"); err != nil {
		log.Fatal(err)
	}
	src, err := datasets.OpenRows(path, datasets.Options{})
	if err != nil {
		log.Fatal(err)
	}
	q := qmrfs.New() // theta = 0.1
	if err := q.FitStream(src.D, src.Blocks(0)); err != nil {
		log.Fatal(err) // a truncated file: the error names it and the row
	}
	fmt.Printf("kept %d of %d columns (Table 1: 66 of 68)\n", len(q.Selected()), src.D)
	// Output:
	// kept 66 of 68 columns (Table 1: 66 of 68)
}
