package datasets

import (
	"fmt"
	"iter"
	"math/rand/v2"
	"slices"
	"strconv"

	"gonum.org/v1/gonum/mat"

	"github.com/gsbench/gsbench/datasets/format"
	"github.com/gsbench/gsbench/internal/par"
	"github.com/gsbench/gsbench/params"
)

// QMR-FS Table 1 stand-ins. The paper times QMR-FS (theta = 0.1) on four
// large datasets, none of which is available offline; qmrfs-table01 draws a
// matrix of the same shape (Table 1's n and d) whose linear dependencies
// are planted so that QMR-FS keeps exactly Table 1's d_fs features:
//
//	shape          n          d     d_fs   (Table 1)
//	uscensus1990   2,460,000  68    66
//	github-musae   37,700     4006  3799
//	snap-patents   2,920,000  269   259
//	kddcup99       7,880,000  127   111    (about 1e9 values)
//
// The m = d - d_fs dependent columns are of the two kinds real tables have:
// ceil(m/2) one-hot groups of four 0/1 columns (a category drawn uniformly;
// the four sum to the constant 1, so the last is 1 minus the others, as the
// dummy columns of KDD Cup's protocol, service and flag are), and m -
// ceil(m/2) exact integer combinations c + sum_l s_l x_l of two or three
// earlier numeric columns of the same range (s_l in {-1, 1, 2}). The other
// columns are independent integers uniform on [0, L], L drawn from {1, 9,
// 99, 999, 9999} per column. Every value is an integer below 2^24, exact
// in float32 as in float64, so that a .npy copy of either type keeps the
// dependencies exact.
//
// The columns are in random order, each dependent column after the columns
// it depends on (a one-hot group contiguous, its dependent column last):
// Truth.NonRedundant is what QMR-FS keeps considering the columns left to
// right, Truth.Redundant what it drops, Truth.Parents, Weights and Offset
// the dependencies. The number kept, d_fs, is the rank of [1, X] minus one,
// whatever the order, for every theta from 0 up to the smallest relative
// residual of a kept column: about 0.5 for a numeric column (the residual
// of a uniform [0, L] column after the constant, sqrt(var / E[x^2])) and
// 0.7 within a one-hot group at large n, less by the chance correlation
// with the other columns at small n (test with n >= 10 d).
//
// Rows are drawn independently, row i from its own PCG stream seeded by
// the dataset's seed and i, so any block of rows can be drawn alone: the
// generator streams (OpenRows) at any n, with the same values as Generate
// (which holds the matrix in memory, up to MaxCells values).

// table1Shape is one dataset of QMR-FS Table 1.
type table1Shape struct {
	n, d, kept int
}

// table1Shapes are the rows of QMR-FS Table 1 (n as printed, rounded to
// three digits; the registry holds the exact sizes of the real data).
var table1Shapes = map[Table1Shape]table1Shape{
	"uscensus1990": {2_460_000, 68, 66},
	"github-musae": {37_700, 4006, 3799},
	"snap-patents": {2_920_000, 269, 259},
	"kddcup99":     {7_880_000, 127, 111},
}

// Table1Shape names a dataset of QMR-FS Table 1.
type Table1Shape string

// Choices lists the shapes.
func (Table1Shape) Choices() []string {
	return []string{"kddcup99", "uscensus1990", "github-musae", "snap-patents"}
}

type table1Params struct {
	Shape    Table1Shape `param:"shape" doc:"the Table 1 dataset whose n, d and d_fs to reproduce: kddcup99 (7.88M x 127, keeps 111), uscensus1990 (2.46M x 68, 66), github-musae (37.7K x 4006, 3799), snap-patents (2.92M x 269, 259)"`
	NSamples int         `param:"n_samples" auto:"Table 1's n for the shape" doc:"number of rows (the planted dependencies hold at any n; the count kept needs n well above d)"`
}

func init() {
	registerRows("qmrfs-table01",
		"QMR-FS Table 1 stand-ins: a dataset's n x d with linear dependencies planted (one-hot groups, integer combinations) so that QMR-FS keeps Table 1's d_fs columns; integer values, streamed row block by row block at any n",
		"QMR-FS Sec. 3, Table 1", table1Params{Shape: "kddcup99"}, planTable1)
}

// table1Column is how one column is drawn.
type table1Column struct {
	kind     byte    // 'u' uniform integer, 'g' one-hot member, 'c' combination
	lim      int     // 'u': upper end L of [0, L]; 'g': the category (0..3)
	group    int     // 'g': the column of the group's category draw
	parents  []int   // 'c': parent columns; 'g' (last member): the other members
	weights  []int   // 'c': s_l
	offset   int     // 'c': c
	name     string  // column name
	variance float64 // population variance
}

// table1Plan is a drawn design: the columns, and the seed of the rows.
type table1Plan struct {
	n, d    int
	cols    []table1Column
	rowSeed uint64
	truth   *Truth
	names   []string
}

// groupSize is the number of 0/1 columns of a planted one-hot group.
const groupSize = 4

// table1Limits are the ranges [0, L] of the independent integer columns.
var table1Limits = []int{1, 9, 99, 999, 9999}

func planTable1(c table1Params, r *rng) (*table1Plan, error) {
	sh, ok := table1Shapes[c.Shape]
	if !ok {
		return nil, fmt.Errorf("shape %q: use one of %v", c.Shape, Table1Shape("").Choices())
	}
	n := c.NSamples
	if n == 0 {
		n = sh.n
	}
	if err := checkPositive("n_samples", n); err != nil {
		return nil, err
	}
	d, m := sh.d, sh.d-sh.kept
	groups := (m + 1) / 2
	combos := m - groups
	numeric := d - groupSize*groups - combos
	// Units in random order: single numeric columns and whole groups.
	type unit struct {
		group int // -1: numeric column
		lim   int
	}
	var units []unit
	for range numeric {
		units = append(units, unit{group: -1, lim: table1Limits[r.IntN(len(table1Limits))]})
	}
	for g := range groups {
		units = append(units, unit{group: g})
	}
	r.Shuffle(len(units), func(i, j int) { units[i], units[j] = units[j], units[i] })
	var cols []table1Column
	for _, u := range units {
		if u.group < 0 {
			v := float64((u.lim+1)*(u.lim+1)-1) / 12 // discrete uniform on [0, L]
			cols = append(cols, table1Column{kind: 'u', lim: u.lim, variance: v})
			continue
		}
		first := len(cols)
		for k := range groupSize {
			col := table1Column{kind: 'g', lim: k, group: first, variance: float64(groupSize-1) / float64(groupSize*groupSize)}
			if k == groupSize-1 {
				for o := range groupSize - 1 {
					col.parents = append(col.parents, first+o)
				}
			}
			cols = append(cols, col)
		}
	}
	// Combinations, each inserted at a random place after its last parent;
	// parents share a range, so that no column nearly repeats another.
	byLim := map[int][]int{}
	for j, col := range cols {
		if col.kind == 'u' {
			byLim[col.lim] = append(byLim[col.lim], j)
		}
	}
	var lims []int
	for _, l := range table1Limits {
		if len(byLim[l]) >= 3 {
			lims = append(lims, l)
		}
	}
	if combos > 0 && len(lims) == 0 {
		return nil, fmt.Errorf("no three numeric columns share a range (a design error)")
	}
	for range combos {
		l := lims[r.IntN(len(lims))]
		k := 2 + r.IntN(2)
		pick := r.subset(len(byLim[l]), k)
		col := table1Column{kind: 'c', lim: l, offset: r.IntN(l + 1)}
		for _, p := range pick {
			col.parents = append(col.parents, byLim[l][p])
			s := []int{-1, 1, 2}[r.IntN(3)]
			col.weights = append(col.weights, s)
			col.variance += float64(s*s) * cols[byLim[l][p]].variance
		}
		// Not inside a one-hot group (whose members stay contiguous).
		var places []int
		for at := slices.Max(col.parents) + 1; at <= len(cols); at++ {
			if at == len(cols) || cols[at].kind != 'g' || cols[at].lim == 0 {
				places = append(places, at)
			}
		}
		at := places[r.IntN(len(places))]
		cols = slices.Insert(cols, at, col)
		// Renumber the columns at or after the insertion point.
		shift := func(j int) int {
			if j >= at {
				return j + 1
			}
			return j
		}
		for i := range cols {
			if i == at {
				continue
			}
			for q, p := range cols[i].parents {
				cols[i].parents[q] = shift(p)
			}
			if cols[i].kind == 'g' {
				cols[i].group = shift(cols[i].group)
			}
		}
		for ll, js := range byLim {
			for q, j := range js {
				byLim[ll][q] = shift(j)
			}
		}
	}
	t := &Truth{Parents: map[int][]int{}, Weights: map[int][]float64{}, Offset: map[int]float64{}}
	names := make([]string, d)
	for j := range cols {
		col := &cols[j]
		t.Variance = append(t.Variance, col.variance)
		switch {
		case col.kind == 'c':
			t.Redundant = append(t.Redundant, j)
			t.Parents[j] = slices.Clone(col.parents)
			w := make([]float64, len(col.weights))
			for q, s := range col.weights {
				w[q] = float64(s)
			}
			t.Weights[j], t.Offset[j] = w, float64(col.offset)
			names[j] = "comb" + strconv.Itoa(j)
		case col.kind == 'g' && col.parents != nil:
			t.Redundant = append(t.Redundant, j)
			t.Parents[j] = slices.Clone(col.parents)
			t.Weights[j] = []float64{-1, -1, -1}
			t.Offset[j] = 1
			names[j] = fmt.Sprintf("cat%d=%d", col.group, col.lim)
		case col.kind == 'g':
			t.NonRedundant = append(t.NonRedundant, j)
			names[j] = fmt.Sprintf("cat%d=%d", col.group, col.lim)
		default:
			t.NonRedundant = append(t.NonRedundant, j)
			names[j] = fmt.Sprintf("int%d_0..%d", j, col.lim)
		}
	}
	if len(t.NonRedundant) != sh.kept || len(cols) != d {
		return nil, fmt.Errorf("planted %d of %d columns independent, want %d of %d (a design error)", len(t.NonRedundant), len(cols), sh.kept, d)
	}
	return &table1Plan{n: n, d: d, cols: cols, rowSeed: r.Uint64(), truth: t, names: names}, nil
}

// rowBlock is the number of rows drawn per task when filling in parallel.
const rowBlock = 1024

// fill draws rows [i0, i0+k) into X (k x d), in parallel over blocks of
// rows (each row from its own stream, so the bytes do not depend on the
// number of goroutines).
func (p *table1Plan) fill(i0 int, X *mat.Dense) {
	k, _ := X.Dims()
	par.Chunks(k, rowBlock, 0, func(_, lo, hi int) {
		for i := lo; i < hi; i++ {
			p.row(i0+i, X.RawRowView(i))
		}
	})
}

// row draws row i: a PCG generator seeded by the dataset's row seed and i
// (splitmix64-mixed, so neighbouring rows get unrelated states).
func (p *table1Plan) row(i int, out []float64) {
	r := rand.New(rand.NewPCG(splitmix64(p.rowSeed^splitmix64(uint64(i))), rngStream))
	for j := range p.cols {
		col := &p.cols[j]
		switch col.kind {
		case 'u':
			out[j] = float64(r.IntN(col.lim + 1))
		case 'g':
			if col.group == j { // the group's first column draws the category
				cat := r.IntN(groupSize)
				for k := range groupSize {
					out[j+k] = 0
				}
				out[j+cat] = 1
			}
		case 'c':
			v := col.offset
			for q, pj := range col.parents {
				v += col.weights[q] * int(out[pj])
			}
			out[j] = float64(v)
		}
	}
}

// splitmix64 is the output function of SplitMix64 (Steele, Lea and Flood
// 2014), a bijective mix of 64 bits.
func splitmix64(x uint64) uint64 {
	x += 0x9e3779b97f4a7c15
	x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9
	x = (x ^ (x >> 27)) * 0x94d049bb133111eb
	return x ^ (x >> 31)
}

// rowGenerators are the generators that also draw their rows on demand
// (OpenRows), by name.
var rowGenerators = map[string]func(p params.Params, seed uint64) (*RowSource, error){}

// registerRows registers a generator whose rows are drawn on demand from a
// plan: Generate holds them in memory (up to MaxCells values), OpenRows
// streams them.
func registerRows[T any](name, summary, source string, defaults T, plan func(cfg T, r *rng) (*table1Plan, error)) {
	decode := func(p params.Params, seed uint64) (*table1Plan, error) {
		cfg := defaults
		if err := p.Decode(name, &cfg); err != nil {
			return nil, err
		}
		pl, err := plan(cfg, newRNG(seed))
		if err != nil {
			return nil, fmt.Errorf("%s: %v", name, err)
		}
		return pl, nil
	}
	register(name, summary, source, defaults, func(cfg T, r *rng) (*Dataset, error) {
		pl, err := plan(cfg, r)
		if err != nil {
			return nil, err
		}
		if _, err := format.CheckCells("the matrix", int64(pl.n), int64(pl.d)); err != nil {
			return nil, fmt.Errorf("%v: stream it instead (gsbench select --method qmrfs streams it; datasets.OpenRows)", err)
		}
		X := mat.NewDense(pl.n, pl.d, nil)
		pl.fill(0, X)
		return &Dataset{X: X, Features: slices.Clone(pl.names), Truth: pl.truth}, nil
	})
	rowGenerators[name] = func(p params.Params, seed uint64) (*RowSource, error) {
		pl, err := decode(p, seed)
		if err != nil {
			return nil, err
		}
		return &RowSource{Name: name, N: pl.n, D: pl.d, Features: slices.Clone(pl.names), Truth: pl.truth,
			blocks: pl.blocks}, nil
	}
}

// blocks yields the plan's rows, at most rows at a time.
func (p *table1Plan) blocks(rows int) iter.Seq2[*mat.Dense, error] {
	if rows < 1 {
		rows = 4096
	}
	rows = min(rows, p.n)
	return func(yield func(*mat.Dense, error) bool) {
		X := mat.NewDense(rows, p.d, nil)
		for i0 := 0; i0 < p.n; i0 += rows {
			k := min(rows, p.n-i0)
			Xk := X.Slice(0, k, 0, p.d).(*mat.Dense)
			p.fill(i0, Xk)
			if !yield(Xk, nil) {
				return
			}
		}
	}
}
