// Command float32basis measures what storing the Gram-Schmidt engine's
// orthonormal functions in float32 (basis: float32) does to GFS, GFA and
// GFR against the float64 default: selections, kept functions, traces and
// directions, fit by fit, on the benchmark data of GSBENCH_DATA. The table it
// prints is the one in the algorithms package documentation and the README.
//
//	GSBENCH_DATA=/path/to/datasets go run ./scripts/float32basis            # COIL-20, USPS, Credit Approval, the generators
//	GSBENCH_DATA=/path/to/datasets go run ./scripts/float32basis -mnist     # and MNIST (60000 rows; about 15 min of CPU)
package main

import (
	"flag"
	"fmt"
	"math"
	"os"
	"slices"
	"time"

	"gonum.org/v1/gonum/mat"

	"github.com/gsbench/gsbench/datasets"
	"github.com/gsbench/gsbench/datasets/format"
	"github.com/gsbench/gsbench/fastblas"
	"github.com/gsbench/gsbench/methods"
	"github.com/gsbench/gsbench/preprocess"
)

type fit struct {
	data    string // registry name or generator
	label   string
	prep    preprocess.Kind
	onehot  bool
	method  string
	params  methods.Params
	summary string
}

func main() {
	mnist := flag.Bool("mnist", false, "also the MNIST fits (60000 x 784)")
	only := flag.String("only", "", "run only the fits of this data label")
	flag.Parse()
	fastblas.Enable()
	fits := []fit{
		{data: "coil20", label: "COIL-20", prep: preprocess.Standardize, method: "gfs", params: methods.Params{"family": "multilinear:2", "eps2": 0.01}},
		{data: "coil20", label: "COIL-20 raw", prep: preprocess.Center, method: "gfs", params: methods.Params{"family": "multilinear:3", "eps2": 0.01}},
		{data: "coil20", label: "COIL-20", prep: preprocess.Standardize, method: "gfa", params: methods.Params{"family": "multilinear:2", "eps": 1e-4}},
		{data: "coil20", label: "COIL-20", prep: preprocess.Standardize, method: "gfr", params: methods.Params{"family": "multilinear:2", "eps2": 0.01}},
		{data: "coil20", label: "COIL-20 raw", prep: preprocess.Center, method: "gfr", params: methods.Params{"family": "multilinear:3", "eps2": 0.01}},
		{data: "coil20", label: "COIL-20", prep: preprocess.Standardize, method: "gfr", params: methods.Params{"family": "multilinear:4", "k": 14}},
		{data: "coil20", label: "COIL-20", prep: preprocess.Standardize, method: "gfr", params: methods.Params{"family": "poly:4", "k": 14}},
		{data: "usps", label: "USPS", prep: preprocess.Standardize, method: "gfs", params: methods.Params{"family": "multilinear:2", "eps2": 0.1}},
		{data: "usps", label: "USPS", prep: preprocess.Standardize, method: "gfa", params: methods.Params{"family": "multilinear:2", "eps": 1e-4, "k": 60}},
		{data: "usps", label: "USPS", prep: preprocess.Standardize, method: "gfr", params: methods.Params{"family": "multilinear:2", "eps2": 0.2}},
		{data: "usps", label: "USPS", prep: preprocess.Standardize, method: "gfr", params: methods.Params{"family": "multilinear:4", "k": 20}},
		{data: "credit-approval", label: "Credit Approval one-hot", prep: preprocess.Standardize, onehot: true, method: "gfs", params: methods.Params{"family": "multilinear:3"}},
		{data: "credit-approval", label: "Credit Approval one-hot", prep: preprocess.Standardize, onehot: true, method: "gfa", params: methods.Params{"family": "multilinear:2"}},
		{data: "credit-approval", label: "Credit Approval one-hot", prep: preprocess.Standardize, onehot: true, method: "gfr", params: methods.Params{"family": "multilinear:4", "k": 9}},
		{data: "journal-gfa", label: "journal-gfa (Table XIV)", method: "gfa", params: methods.Params{"family": "multilinear:3"}},
	}
	if *mnist {
		fits = append(fits,
			fit{data: "mnist", label: "MNIST", prep: preprocess.Standardize, method: "gfs", params: methods.Params{"family": "multilinear:2", "k": 60}},
			fit{data: "mnist", label: "MNIST", prep: preprocess.Standardize, method: "gfr", params: methods.Params{"family": "multilinear:2", "k": 60}},
			fit{data: "mnist", label: "MNIST", prep: preprocess.Standardize, method: "gfr", params: methods.Params{"family": "multilinear:4", "k": 14}},
		)
	}
	fmt.Println("| data | method | parameters | selected / directions: float64, float32, equal | functions kept: float64, float32 | trace: max difference / first value, max relative difference | min abs cos of the directions | time float64, float32 |")
	fmt.Println("| :--- | :--- | :--- | :--- | :--- | ---: | ---: | :--- |")
	cache := map[string]*mat.Dense{}
	for _, f := range fits {
		if *only != "" && f.label != *only {
			continue
		}
		key := f.label
		X := cache[key]
		if X == nil {
			X = load(f)
			cache = map[string]*mat.Dense{key: X}
		}
		var res [2]result
		for i, basis := range []string{"float64", "float32"} {
			p := methods.Params{"basis": basis}
			for k, v := range f.params {
				p[k] = v
			}
			res[i] = run(f.method, p, X)
		}
		fmt.Println(row(f, res))
	}
}

func load(f fit) *mat.Dense {
	opt := datasets.Options{Seed: 1}
	if f.onehot {
		opt.Categorical = format.OneHot
	}
	ds, err := datasets.Load(f.data, opt)
	if err != nil {
		fail(err)
	}
	X := ds.X
	if f.prep != "" {
		if X, _, err = preprocess.Apply(f.prep, X); err != nil {
			fail(err)
		}
	}
	return X
}

type result struct {
	selected []int
	dirs     *mat.Dense
	trace    []float64
	kept     int
	seconds  float64
}

func run(method string, p methods.Params, X *mat.Dense) result {
	m, err := methods.New(method, p)
	if err != nil {
		fail(err)
	}
	start := time.Now()
	if err := m.Fit(X, nil); err != nil {
		fail(err)
	}
	r := result{seconds: time.Since(start).Seconds(), trace: m.(methods.Tracer).Trace()}
	r.kept = m.(methods.Reporter).Report()["functions_kept"].(int)
	if s, ok := m.(methods.Selector); ok {
		r.selected = s.Selected()
	}
	if l, ok := m.(methods.Linear); ok {
		r.dirs = l.Components()
	}
	return r
}

func row(f fit, r [2]result) string {
	var out string
	if r[0].dirs == nil {
		eq := "same features, same order"
		switch {
		case slices.Equal(r[0].selected, r[1].selected):
		case sameSet(r[0].selected, r[1].selected):
			eq = "same set, other order"
		default:
			eq = fmt.Sprintf("differ (first at position %d)", firstDiff(r[0].selected, r[1].selected)+1)
		}
		out = fmt.Sprintf("%d, %d, %s", len(r[0].selected), len(r[1].selected), eq)
	} else {
		_, m0 := dims(r[0].dirs)
		_, m1 := dims(r[1].dirs)
		out = fmt.Sprintf("%d, %d", m0, m1)
	}
	// Trace: the common prefix, each difference relative to the float64
	// trace's first (largest) value, and relative to the value itself where
	// that is above the rounding level (1e-8 of the first).
	n := min(len(r[0].trace), len(r[1].trace))
	maxAbs, maxRel := 0.0, 0.0
	for i := 0; i < n; i++ {
		a, b := r[0].trace[i], r[1].trace[i]
		maxAbs = math.Max(maxAbs, math.Abs(b-a)/math.Abs(r[0].trace[0]))
		if math.Abs(a) > 1e-8*math.Abs(r[0].trace[0]) {
			maxRel = math.Max(maxRel, math.Abs(b-a)/math.Abs(a))
		}
	}
	cos := "—"
	if r[0].dirs != nil {
		_, m0 := dims(r[0].dirs)
		_, m1 := dims(r[1].dirs)
		minCos := 1.0
		for j := 0; j < min(m0, m1); j++ {
			c := math.Abs(mat.Dot(r[0].dirs.ColView(j), r[1].dirs.ColView(j)))
			minCos = math.Min(minCos, c)
		}
		cos = fmt.Sprintf("%.9f", minCos)
	}
	return fmt.Sprintf("| %s | %s | %s | %s | %d, %d | %.1e, %.1e (%d values) | %s | %.1f s, %.1f s |",
		f.label, f.method, fmtParams(f.params), out, r[0].kept, r[1].kept, maxAbs, maxRel, n, cos, r[0].seconds, r[1].seconds)
}

func dims(m *mat.Dense) (int, int) {
	if m == nil || m.IsEmpty() {
		return 0, 0
	}
	return m.Dims()
}

func sameSet(a, b []int) bool {
	x, y := slices.Clone(a), slices.Clone(b)
	slices.Sort(x)
	slices.Sort(y)
	return slices.Equal(x, y)
}

func firstDiff(a, b []int) int {
	for i := range min(len(a), len(b)) {
		if a[i] != b[i] {
			return i
		}
	}
	return min(len(a), len(b))
}

func fmtParams(p methods.Params) string {
	keys := make([]string, 0, len(p))
	for k := range p {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	s := ""
	for i, k := range keys {
		if i > 0 {
			s += ", "
		}
		s += fmt.Sprintf("%s %v", k, p[k])
	}
	return s
}

func fail(err error) {
	fmt.Fprintln(os.Stderr, "float32basis:", err)
	os.Exit(1)
}
