package svm_test

import (
	"context"
	"fmt"

	"gonum.org/v1/gonum/mat"

	"github.com/gsbench/gsbench/learn/svm"
)

// Two points per class on a line; the linear SVM puts its boundary midway.
func ExampleFit() {
	X := mat.NewDense(4, 1, []float64{-2, -1, 1, 2})
	y := []int{0, 0, 1, 1}
	m, err := svm.Fit(context.Background(), X, y, svm.Params{Kernel: svm.Linear, C: 10})
	if err != nil {
		fmt.Println(err)
		return
	}
	b := m.Binary()[0]
	fmt.Printf("support vectors %v, dual coefficients %.3f, objective %.3f\n", b.SupportVectors, b.DualCoef, b.Objective)
	pred, _ := m.Predict(mat.NewDense(3, 1, []float64{-0.5, 0.2, 7}))
	dec, _ := m.DecisionFunction(mat.NewDense(1, 1, []float64{0.5}))
	fmt.Println("predictions", pred, "decision at 0.5:", dec.At(0, 0))
	// Output:
	// support vectors [1 2], dual coefficients [-0.500 0.500], objective -0.500
	// predictions [0 1 1] decision at 0.5: 0.5
}
