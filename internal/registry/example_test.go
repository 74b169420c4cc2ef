package registry_test

import (
	"fmt"

	"github.com/gsbench/gsbench/internal/registry"
)

func Example() {
	kernels := registry.New[string]("kernel")
	kernels.Add("rbf", "exp(-gamma ||x - y||^2)")
	kernels.Add("poly", "(gamma x.y + coef0)^degree")
	_, err := kernels.Get("rfb")
	fmt.Println(kernels.Names())
	fmt.Println(err)
	// Output:
	// [poly rbf]
	// unknown kernel "rfb" (did you mean "rbf"?); known: poly, rbf
}
