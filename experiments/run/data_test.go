package run

import (
	"math"
	"slices"
	"testing"

	"gonum.org/v1/gonum/mat"

	"github.com/gsbench/gsbench/datasets"
	"github.com/gsbench/gsbench/experiments/config"
)

// stratifiedSample keeps every class's share, draws without replacement,
// is seeded, and returns sorted rows.
func TestStratifiedSample(t *testing.T) {
	y := make([]int, 100)
	for i := range y {
		y[i] = map[bool]int{true: 0, false: 1}[i < 70] // 70 of class 0, 30 of class 1
	}
	a := stratifiedSample(y, 100, 10, 7)
	if len(a) != 10 || !slices.IsSorted(a) || len(slices.Compact(slices.Clone(a))) != 10 {
		t.Fatalf("rows %v", a)
	}
	count := 0
	for _, r := range a {
		if y[r] == 0 {
			count++
		}
	}
	if count != 7 {
		t.Errorf("%d rows of class 0 of 10, want 7", count)
	}
	if !slices.Equal(a, stratifiedSample(y, 100, 10, 7)) || slices.Equal(a, stratifiedSample(y, 100, 10, 8)) {
		t.Error("the sample should depend on the seed, and only on it")
	}
	if b := stratifiedSample(nil, 100, 10, 7); len(b) != 10 || !slices.IsSorted(b) {
		t.Errorf("unlabelled sample %v", b)
	}
}

func TestPrepare(t *testing.T) {
	X := mat.NewDense(4, 2, []float64{1, 2, 3, 4, 5, 6, 7, 8})
	d := &datasets.Dataset{X: X, Y: []int{0, 0, 1, 1}}
	if err := prepare(config.RegistryOptions{Scale: 2, Subsample: 2}, d, 1); err != nil {
		t.Fatal(err)
	}
	if r, _ := d.X.Dims(); r != 2 || d.Y[0] != 0 || d.Y[1] != 1 {
		t.Fatalf("subsample: %v, y %v", mat.Formatted(d.X), d.Y)
	}
	if v := d.X.At(0, 0); v != 2 && v != 6 {
		t.Errorf("scale 2: first entry %v, want 2 or 6", v)
	}
	// Scale, then offset: Isolet's [-1, 1] to Auto-UFSTool's [0, 1].
	d = &datasets.Dataset{X: mat.NewDense(1, 3, []float64{-1, 0.25, 1})}
	if err := prepare(config.RegistryOptions{Scale: 0.5, Offset: 0.5}, d, 1); err != nil {
		t.Fatal(err)
	}
	if got := d.X.RawRowView(0); !slices.Equal(got, []float64{0, 0.625, 1}) {
		t.Errorf("scale 0.5, offset 0.5: %v, want [0 0.625 1]", got)
	}
	for _, o := range []config.RegistryOptions{{Scale: 0}, {Scale: -1}, {Scale: 1, Subsample: -3}, {Scale: 1, Offset: math.Inf(1)}, {Scale: 1, Offset: math.NaN()}} {
		if err := o.Validate(); err == nil {
			t.Errorf("%+v accepted", o)
		}
	}
	d = &datasets.Dataset{X: mat.NewDense(2, 1, []float64{1, 2})}
	if err := prepare(config.RegistryOptions{Scale: 1, Subsample: 5}, d, 1); err == nil {
		t.Error("subsample larger than the dataset accepted")
	}
}
