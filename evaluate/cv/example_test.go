package cv_test

import (
	"fmt"

	"github.com/gsbench/gsbench/evaluate/cv"
)

// The folds of scikit-learn's StratifiedKFold(n_splits=3).
func ExampleStratifiedKFold() {
	y := []int{2, 2, 0, 1, 1, 0, 2, 0, 1, 1, 2, 2, 0}
	splits, err := cv.StratifiedKFold(y, 3, false, 0)
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, s := range splits {
		fmt.Println("test", s.Test)
	}
	// Output:
	// test [0 1 2 3 4]
	// test [5 6 8 10]
	// test [7 9 11 12]
}
