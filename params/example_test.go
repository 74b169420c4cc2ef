package params_test

import (
	"fmt"

	"github.com/gsbench/gsbench/params"
)

// Kernel is an estimator's parameter struct: the tags declare each
// parameter once, and the constructor's values are the defaults.
type Kernel struct {
	K     int     `param:"k" doc:"number of components"`
	Gamma float64 `param:"gamma" auto:"1/n_features" doc:"RBF kernel width"`
	Seed  uint64  `param:"seed" doc:"random seed"`
}

// Decode sets only the parameters it is given: the others keep the
// constructor's defaults, and an explicit zero is kept as given.
func ExampleParams_Decode() {
	m := &Kernel{K: 10, Seed: 1}
	if err := (params.Params{"k": 0, "gamma": 0.5}).Decode("kpca", m); err != nil {
		fmt.Println(err)
	}
	fmt.Printf("%+v\n", *m)
	// Output: {K:0 Gamma:0.5 Seed:1}
}

// An unknown name is an error that lists the parameters the estimator has.
func ExampleParams_Decode_unknown() {
	err := params.Params{"n_components": 5}.Decode("kpca", &Kernel{})
	fmt.Println(err)
	// Output: kpca has no parameter "n_components"; its parameters are: gamma, k, seed
}

// Describe lists the parameters with their current values as defaults: what
// `gsbench list` prints and the command-line flags are made from.
func ExampleDescribe() {
	ps, err := params.Describe(&Kernel{K: 10, Seed: 1})
	if err != nil {
		fmt.Println(err)
	}
	for _, p := range ps {
		def := fmt.Sprint(p.Default)
		if p.Auto != "" {
			def = "auto: " + p.Auto
		}
		fmt.Printf("%s (%s, %s): %s\n", p.Name, p.Type, def, p.Doc)
	}
	// Output:
	// k (int, 10): number of components
	// gamma (float, auto: 1/n_features): RBF kernel width
	// seed (int, 1): random seed
}
