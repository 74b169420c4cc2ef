package algorithms

import (
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"os/exec"
	"runtime"
	"slices"
	"strings"
	"testing"

	"gonum.org/v1/gonum/mat"

	"github.com/gsbench/gsbench/internal/memory"
	"github.com/gsbench/gsbench/internal/testutil"
	"github.com/gsbench/gsbench/params"
)

// A float32 basis is orthonormal to float32 accuracy, and its functions are
// the float64 basis's rounded: every kept function of the float32 process
// is within float32 rounding of the float64 process's.
func TestFloat32BasisOrthonormal(t *testing.T) {
	X := testutil.RandNormal(rand.New(rand.NewPCG(1, 1)), 300, 12)
	var Q [2]*mat.Dense
	for i, p := range []Precision{Float64, Float32} {
		o, err := NewEngine(X, Multilinear(3), EngineOptions{Tol: DefaultTol, Basis: p})
		if err != nil {
			t.Fatal(err)
		}
		for j := 0; j < 12; j++ {
			if err := o.AddFeature(j); err != nil {
				t.Fatal(err)
			}
		}
		Q[i] = o.Basis()
		o.Free()
	}
	n, r := Q[1].Dims()
	if _, r64 := Q[0].Dims(); r != r64 || r != 12+66+220 {
		t.Fatalf("kept %d functions in float32, %d in float64, want %d", r, r64, 12+66+220)
	}
	var g mat.Dense
	g.Mul(Q[1].T(), Q[1])
	g.Scale(1/float64(n), &g)
	for i := 0; i < r; i++ {
		g.Set(i, i, g.At(i, i)-1)
	}
	if e := mat.Norm(&g, 2); e > 1e-6 || e < 1e-12 {
		t.Errorf("float32 basis: ||Q^T Q / N - I|| = %g, want float32 rounding (1e-12, 1e-6]", e)
	}
	var diff mat.Dense
	diff.Sub(Q[0], Q[1])
	if e := mat.Norm(&diff, math.Inf(1)) / mat.Norm(Q[0], math.Inf(1)); e > 1e-5 {
		t.Errorf("float32 and float64 bases differ by %g (relative, max row sum)", e)
	}
}

// With a float32 basis the methods select the same features as with float64
// on data without near-ties, their traces agree to float32 accuracy, and
// GFA still recovers exactly the latent features of Corollary 1 (the exact
// redundancies are dropped as dependent at the float32 tolerance).
func TestFloat32BasisMethods(t *testing.T) {
	X, latent := latentSet(rand.New(rand.NewPCG(5, 1)), 5000, 10, 10)
	Y := testutil.RandNormal(rand.New(rand.NewPCG(7, 7)), 2000, 15)
	type fitter interface {
		Fit(*mat.Dense, []int) error
		Trace() []float64
	}
	for _, tc := range []struct {
		name string
		X    *mat.Dense
		new  func(Precision) fitter
	}{
		{"GFS latent multilinear:2", X, func(p Precision) fitter { return &GFS{Family: Multilinear(2), Eps2: 1e-3, Tol: DefaultTol, Basis: p} }},
		{"GFA latent multilinear:3", X, func(p Precision) fitter {
			return &GFA{Family: Multilinear(3), Eps: 1e-4, Argmax: ArgmaxInitial, Tol: DefaultTol, Basis: p}
		}},
		{"GFS normal multilinear:3", Y, func(p Precision) fitter { return &GFS{Family: Multilinear(3), K: 12, Tol: DefaultTol, Basis: p} }},
		{"GFR normal multilinear:2", Y, func(p Precision) fitter { return &GFR{Family: Multilinear(2), K: 10, Tol: DefaultTol, Basis: p} }},
		{"GFR latent hermite:2", X, func(p Precision) fitter { return &GFR{Family: HermiteFamily(2), K: 8, Tol: DefaultTol, Basis: p} }},
		{"GCA latent multilinear:2", X, func(p Precision) fitter {
			return &GCA{Family: Multilinear(2), K: 8, Argmax: ArgmaxInitial, Tol: DefaultTol, Basis: p}
		}},
	} {
		var fits [2]fitter
		for i, p := range []Precision{Float64, Float32} {
			fits[i] = tc.new(p)
			if err := fits[i].Fit(tc.X, nil); err != nil {
				t.Fatalf("%s, %s: %v", tc.name, p, err)
			}
		}
		a, b := fits[0].Trace(), fits[1].Trace()
		if len(a) != len(b) {
			t.Errorf("%s: trace of %d values in float64, %d in float32", tc.name, len(a), len(b))
			continue
		}
		for i := range a {
			if d := math.Abs(a[i]-b[i]) / a[0]; d > 1e-6 {
				t.Errorf("%s: trace[%d] = %g in float64, %g in float32 (difference %.1e of trace[0])", tc.name, i, a[i], b[i], d)
			}
		}
		if s, ok := fits[0].(interface{ Selected() []int }); ok {
			s32 := fits[1].(interface{ Selected() []int }).Selected()
			if !slices.Equal(s.Selected(), s32) {
				t.Errorf("%s: selected %v in float64, %v in float32", tc.name, s.Selected(), s32)
			}
		}
		if g, ok := fits[1].(*GFA); ok {
			if got := slices.Sorted(slices.Values(g.Selected())); !slices.Equal(got, latent) {
				t.Errorf("%s: float32 GFA selected %v, latent features are %v", tc.name, got, latent)
			}
			if g.Report()["basis"] != "float32" {
				t.Errorf("%s: report %v does not name the float32 basis", tc.name, g.Report())
			}
		}
	}
}

func TestBasisParameter(t *testing.T) {
	g := NewGFR()
	if err := (params.Params{"basis": "float32"}).Decode("gfr", g); err != nil || g.Basis != Float32 {
		t.Fatalf("basis float32: %v, %q", err, g.Basis)
	}
	if err := (params.Params{"basis": "float16"}).Decode("gfr", g); err == nil || !strings.Contains(err.Error(), "float32") {
		t.Errorf("basis float16 accepted or error without the choices: %v", err)
	}
	for _, m := range []interface{ Validate() error }{
		&GFS{Family: Multilinear(2), Tol: DefaultTol, Basis: "half"},
		&GFR{Family: Multilinear(2), Tol: DefaultTol, Basis: "half"},
		&GFA{Family: Multilinear(2), Eps: 1e-4, Argmax: ArgmaxInitial, Tol: DefaultTol, Basis: "half"},
		&GCA{Family: Multilinear(2), Eps: 1e-4, Argmax: ArgmaxInitial, Tol: DefaultTol, Basis: "half"},
	} {
		if err := m.Validate(); err == nil || !strings.Contains(err.Error(), `basis "half"`) {
			t.Errorf("%T with basis half: %v", m, err)
		}
	}
	// The zero value is the float64 default (struct literals of earlier code).
	if err := (&GFS{Family: Multilinear(2), Tol: DefaultTol}).Validate(); err != nil {
		t.Error(err)
	}
}

// The memory check refuses a fit that cannot fit before doing any work when
// k is given, and before the variable whose functions would not fit with a
// threshold, naming the figures for both storages.
func TestMemoryRefusal(t *testing.T) {
	defer func(old int64) { memory.Limit = old }(memory.Limit)
	X := testutil.RandNormal(rand.New(rand.NewPCG(3, 3)), 20000, 30)
	// multilinear:3 of 14 variables: 14 + 91 + 364 = 469 functions of 20000
	// samples, 75 MB in float64 and 38 MB in float32 (with the float64 copy
	// of a panel of rows 52 MiB in all), and 4.8 MB for the centered data.
	memory.Limit = 64 << 20
	g := &GFR{Family: Multilinear(3), K: 14, Tol: DefaultTol}
	err := g.Fit(X, nil)
	if err == nil || !strings.Contains(err.Error(), "469 functions in a float64 basis") || !strings.Contains(err.Error(), "with basis float32") {
		t.Fatalf("k = 14 on a 64 MiB machine: %v", err)
	}
	g.Basis = Float32
	if err := g.Fit(X, nil); err != nil {
		t.Errorf("float32 basis: %v", err)
	}
	// A threshold: the check comes as the basis grows.
	s := &GFS{Family: Multilinear(3), Eps2: 1e-3, Tol: DefaultTol}
	err = s.Fit(X, nil)
	if err == nil || !strings.Contains(err.Error(), "gfs: the functions of variable") || !strings.Contains(err.Error(), "is available") {
		t.Errorf("threshold on a 64 MiB machine: %v", err)
	}
}

// The peak memory EngineBytes predicts agrees with the resident set size a
// fit adds to a process, measured in a child process (Linux: VmHWM of
// /proc/self/status at the end; getrusage's ru_maxrss would count the
// parent's size at the fork), for both storages.
func TestPeakMemoryPrediction(t *testing.T) {
	if mode := os.Getenv("GSBENCH_PEAK_CHILD"); mode != "" {
		peakChild(mode)
		return
	}
	if runtime.GOOS != "linux" {
		t.Skip("ru_maxrss in kilobytes is Linux's")
	}
	n, d, k := 10000, 30, 14
	rss := map[string]int64{}
	for _, mode := range []string{"none", "float64", "float32"} {
		cmd := exec.Command(os.Args[0], "-test.run=^TestPeakMemoryPrediction$")
		cmd.Env = append(os.Environ(), "GSBENCH_PEAK_CHILD="+mode, "GOGC=off")
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("child %s: %v\n%s", mode, err, out)
		}
		var kb int64
		if i := strings.Index(string(out), "VmHWM:"); i < 0 {
			t.Fatalf("child %s printed no VmHWM:\n%s", mode, out)
		} else if _, err := fmt.Sscan(string(out[i+len("VmHWM:"):]), &kb); err != nil {
			t.Fatalf("child %s: %v", mode, err)
		}
		rss[mode] = kb * 1024
	}
	for _, p := range []Precision{Float64, Float32} {
		predicted := EngineBytes(n, d, k, functionCount(Multilinear(3), k, n-1), EngineOptions{Covariance: true, Basis: p}, false)
		measured := rss[string(p)] - rss["none"]
		t.Logf("%s: predicted %s, measured %s (peak %s, of which %s without the fit)", p,
			memory.Format(predicted), memory.Format(measured), memory.Format(rss[string(p)]), memory.Format(rss["none"]))
		if r := float64(measured) / float64(predicted); r < 0.85 || r > 1.15 {
			t.Errorf("%s: the fit added %s to the peak, EngineBytes predicted %s (ratio %.2f)", p, memory.Format(measured), memory.Format(predicted), r)
		}
	}
}

// peakChild builds the data of TestPeakMemoryPrediction and, unless mode is
// "none", fits GFR multilinear:3 with k = 14 in the given storage (469
// functions of 10000 samples: 37.5 MB in float64). The
// garbage collector is off (GOGC=off), so that what the Go heap holds does
// not depend on when it runs.
func peakChild(mode string) {
	X := testutil.RandNormal(rand.New(rand.NewPCG(3, 3)), 10000, 30)
	small := testutil.RandNormal(rand.New(rand.NewPCG(4, 4)), 200, 30)
	// Start the BLAS library's buffers in every mode.
	if err := (&GFR{Family: Multilinear(2), K: 3, Tol: DefaultTol}).Fit(small, nil); err != nil {
		panic(err)
	}
	if mode != "none" {
		if err := (&GFR{Family: Multilinear(3), K: 14, Tol: DefaultTol, Basis: Precision(mode)}).Fit(X, nil); err != nil {
			panic(err)
		}
	}
	status, err := os.ReadFile("/proc/self/status")
	if err != nil {
		panic(err)
	}
	for _, line := range strings.Split(string(status), "\n") {
		if strings.HasPrefix(line, "VmHWM:") {
			fmt.Println(line)
		}
	}
}
