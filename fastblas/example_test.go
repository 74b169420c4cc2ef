package fastblas_test

import (
	"fmt"

	"github.com/gsbench/gsbench/fastblas"
)

// A program calls Enable once at start-up, as the gsbench command does;
// without a library everything still runs, in pure Go. (No Output line:
// what it prints depends on the machine.)
func ExampleEnable() {
	if err := fastblas.Enable(); err != nil {
		fmt.Println("pure-Go BLAS:", err)
	}
	fmt.Println(fastblas.Name(), "with", fastblas.Threads(), "threads")
}

// A section that calls BLAS from several goroutines at once holds Serial,
// so that each call runs on one library thread instead of every goroutine
// starting a pool of its own.
func ExampleSerial() {
	release := fastblas.Serial()
	defer release()
	fmt.Println(fastblas.Threads())
	// Output: 1
}
