package run

import (
	"fmt"
	"math"
	"math/rand/v2"
	"slices"

	"gonum.org/v1/gonum/mat"

	"github.com/gsbench/gsbench/datasets"
	"github.com/gsbench/gsbench/experiments/config"
	"github.com/gsbench/gsbench/preprocess"
)

// prepare applies the preparation options of a registry dataset to d, in
// place: a stratified random subsample of the rows (seeded by the data
// instance, so every method of a repetition sees the same rows, and each
// repetition new ones), then the scale factor and the offset.
func prepare(o config.RegistryOptions, d *datasets.Dataset, seed uint64) error {
	if err := o.Validate(); err != nil {
		return err
	}
	if o.Subsample > 0 {
		n, _ := d.X.Dims()
		if o.Subsample > n {
			return fmt.Errorf("subsample %d: the dataset has only %d rows", o.Subsample, n)
		}
		if o.Subsample < n {
			rows := stratifiedSample(d.Y, n, o.Subsample, seed)
			d.X = selectRows(d.X, rows)
			if d.Y != nil {
				y := make([]int, len(rows))
				for i, r := range rows {
					y[i] = d.Y[r]
				}
				d.Y = y
			}
			d.Notes = append(d.Notes, fmt.Sprintf("subsample: %d of %d rows", o.Subsample, n))
		}
	}
	if o.Scale != 1 {
		d.X.Scale(o.Scale, d.X)
	}
	if o.Offset != 0 {
		d.X.Apply(func(_, _ int, v float64) float64 { return v + o.Offset }, d.X)
	}
	return nil
}

// stratifiedSample draws m of n rows without replacement so that every
// class keeps its share (largest remainders decide the rounding), and
// returns them in increasing order. y nil: a simple random sample.
func stratifiedSample(y []int, n, m int, seed uint64) []int {
	r := rand.New(rand.NewPCG(seed, 0x73756273616d706c)) // "subsampl"
	if y == nil {
		rows := r.Perm(n)[:m]
		slices.Sort(rows)
		return rows
	}
	byClass := map[int][]int{}
	var classes []int
	for i, c := range y {
		if _, ok := byClass[c]; !ok {
			classes = append(classes, c)
		}
		byClass[c] = append(byClass[c], i)
	}
	slices.Sort(classes)
	// Quotas: floor of the proportional share, then one more for the
	// largest remainders (ties to the smaller class label).
	quota := make([]int, len(classes))
	rem := make([]float64, len(classes))
	left := m
	for i, c := range classes {
		exact := float64(m) * float64(len(byClass[c])) / float64(n)
		quota[i] = int(exact)
		rem[i] = exact - float64(quota[i])
		left -= quota[i]
	}
	order := make([]int, len(classes))
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(a, b int) int {
		switch {
		case rem[a] > rem[b]:
			return -1
		case rem[a] < rem[b]:
			return 1
		}
		return 0
	})
	for _, i := range order[:left] {
		quota[i]++
	}
	var rows []int
	for i, c := range classes {
		idx := byClass[c]
		for _, j := range r.Perm(len(idx))[:quota[i]] {
			rows = append(rows, idx[j])
		}
	}
	slices.Sort(rows)
	return rows
}

// selectRows returns the given rows of X as a new matrix.
func selectRows(X *mat.Dense, rows []int) *mat.Dense {
	_, d := X.Dims()
	out := mat.NewDense(len(rows), d, nil)
	for i, r := range rows {
		copy(out.RawRowView(i), X.RawRowView(r))
	}
	return out
}

// loaded is a data instance ready for the methods.
type loaded struct {
	X     *mat.Dense
	Y     []int
	Truth *datasets.Truth
	notes []string
	sum   uint64
}

// loadInstance generates or loads a dataset and preprocesses it.
func loadInstance(in *Instance, dataDir string) (*loaded, error) {
	ds := in.Dataset
	var (
		d   *datasets.Dataset
		err error
	)
	switch ds.Kind {
	case config.Generated:
		d, err = datasets.Generate(ds.Name, in.Params, in.Seed)
	case config.Registry:
		o := config.DefaultRegistryOptions()
		if err = in.Params.Decode("dataset "+ds.Name, &o); err == nil {
			d, err = datasets.Load(ds.Name, datasets.Options{DataDir: dataDir, Missing: o.Missing, Categorical: o.Categorical})
		}
		if err == nil {
			err = prepare(o, d, in.Seed)
		}
	case config.File:
		o := config.DefaultFileOptions()
		if err = in.Params.Decode("data file "+ds.Name, &o); err == nil {
			var opt datasets.Options
			if opt, err = o.Options(); err == nil {
				d, err = datasets.Load(ds.Path, opt)
			}
		}
	default:
		err = fmt.Errorf("dataset %s: unknown kind %q", ds.Name, ds.Kind)
	}
	if err != nil {
		return nil, err
	}
	X, scaler, err := preprocess.Apply(in.Preprocess, d.X)
	if err != nil {
		return nil, fmt.Errorf("dataset %s: %v", ds.Label, err)
	}
	l := &loaded{X: X, Y: d.Y, Truth: d.Truth, sum: checksum(X)}
	if len(scaler.Constant) > 0 {
		l.notes = append(l.notes, fmt.Sprintf("constant columns left at zero by %s: %v", in.Preprocess, scaler.Constant))
	}
	return l, nil
}

// checksum hashes the bits of a matrix (to catch a method modifying it):
// a multiply-xorshift mix of every word, about a nanosecond per entry.
func checksum(X *mat.Dense) uint64 {
	raw := X.RawMatrix()
	h := uint64(0x9e3779b97f4a7c15)
	for i := range raw.Rows {
		for _, v := range raw.Data[i*raw.Stride : i*raw.Stride+raw.Cols] {
			h = (h ^ math.Float64bits(v)) * 0xff51afd7ed558ccd
			h ^= h >> 33
		}
	}
	return h
}
