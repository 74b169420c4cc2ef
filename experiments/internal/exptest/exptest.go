package exptest

import (
	"fmt"
	"math/rand/v2"
	"sync/atomic"
	"time"

	"gonum.org/v1/gonum/mat"

	"github.com/gsbench/gsbench/methods"
)

// PickParams are the parameters of exptest-pick.
type PickParams struct {
	K        int    `param:"k" doc:"number of columns"`
	Seed     uint64 `param:"seed" doc:"seed"`
	FailRows int    `param:"fail_rows" doc:"fail on data with this many rows"`
	Panic    bool   `param:"panic" doc:"panic in Fit"`
	SleepMS  int    `param:"sleep_ms" doc:"sleep in Fit"`
	Mutate   bool   `param:"mutate" doc:"modify X in Fit"`
}

// pick selects k random columns (a seeded permutation).
type pick struct {
	P     PickParams `param:",inline"`
	sel   []int
	trace []float64
}

func (m *pick) Fit(X *mat.Dense, _ []int) error {
	n, d := X.Dims()
	if m.P.Panic {
		panic("pick: asked to panic")
	}
	if m.P.FailRows == n {
		return fmt.Errorf("pick: asked to fail on %d rows", n)
	}
	if m.P.SleepMS > 0 {
		time.Sleep(time.Duration(m.P.SleepMS) * time.Millisecond)
	}
	if m.P.Mutate {
		X.Set(0, 0, X.At(0, 0)+1)
	}
	perm := rand.New(rand.NewPCG(m.P.Seed, 1)).Perm(d)
	m.sel = perm[:min(m.P.K, d)]
	col := make([]float64, n)
	for _, j := range perm[:min(m.P.K+1, d)] {
		mat.Col(col, j, X)
		var s, ss float64
		for _, v := range col {
			s += v
		}
		for _, v := range col {
			ss += (v - s/float64(n)) * (v - s/float64(n))
		}
		m.trace = append(m.trace, ss/float64(n))
	}
	return nil
}

// Validate rejects k < 1.
func (m *pick) Validate() error {
	if m.P.K < 1 {
		return fmt.Errorf("exptest-pick: k must be >= 1")
	}
	return nil
}

func (m *pick) Selected() []int   { return m.sel }
func (m *pick) Trace() []float64  { return m.trace }
func (m *pick) Scores() []float64 { return nil }

// ProjParams are the parameters of exptest-proj.
type ProjParams struct {
	K int `param:"k" doc:"number of components"`
}

// proj extracts the first k columns (a linear extractor).
type proj struct {
	P ProjParams `param:",inline"`
	C *mat.Dense
}

func (m *proj) Fit(X *mat.Dense, _ []int) error {
	_, d := X.Dims()
	k := min(m.P.K, d)
	m.C = mat.NewDense(d, k, nil)
	for j := range k {
		m.C.Set(j, j, 1)
	}
	return nil
}
func (m *proj) Components() *mat.Dense { return m.C }
func (m *proj) Transform(X *mat.Dense) (*mat.Dense, error) {
	var Z mat.Dense
	Z.Mul(X, m.C)
	return &Z, nil
}

// RankParams are the parameters of exptest-rank.
type RankParams struct {
	K        int    `param:"k" doc:"number of columns (0: all)"`
	Seed     uint64 `param:"seed" doc:"seed"`
	FailRows int    `param:"fail_rows" doc:"fail on data with this many rows"`
}

// RankFits counts the fits of exptest-rank, from every goroutine.
var RankFits atomic.Int64

// rank ranks the columns in a seeded random order and keeps the first k: a
// methods.Ranker whose ranking does not depend on k.
type rank struct {
	P   RankParams `param:",inline"`
	sel []int
}

func (m *rank) Fit(X *mat.Dense, _ []int) error {
	RankFits.Add(1)
	n, d := X.Dims()
	if m.P.FailRows == n {
		return fmt.Errorf("rank: asked to fail on %d rows", n)
	}
	if m.P.K < 0 || m.P.K > d {
		return fmt.Errorf("rank: k = %d features to select, but the data has %d", m.P.K, d)
	}
	perm := rand.New(rand.NewPCG(m.P.Seed, 2)).Perm(d)
	if m.P.K > 0 {
		perm = perm[:m.P.K]
	}
	m.sel = perm
	return nil
}

func (m *rank) Selected() []int       { return m.sel }
func (m *rank) RankingIgnoresK() bool { return true }

func init() {
	methods.Register("exptest-rank", "test stand-in: a seeded random ranking of the columns, the first k kept", func() *rank { return &rank{} })
	methods.Register("exptest-pick", "test stand-in: k seeded random columns", func() *pick { return &pick{P: PickParams{K: 2}} })
	methods.Register("exptest-proj", "test stand-in: the first k columns", func() *proj { return &proj{P: ProjParams{K: 1}} })
}
