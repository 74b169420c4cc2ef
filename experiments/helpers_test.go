package experiments

import (
	"bytes"
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"gonum.org/v1/gonum/mat"

	"github.com/gsbench/gsbench/methods"
)

// Stand-in methods, registered for these tests only. Their results depend
// on the seed the harness gives them, so that any dependence of seeds on
// order, parallelism or sharding shows in the results.

type pickParams struct {
	K        int    `param:"k" doc:"number of columns"`
	Seed     uint64 `param:"seed" doc:"seed"`
	FailRows int    `param:"fail_rows" doc:"fail on data with this many rows"`
	Panic    bool   `param:"panic" doc:"panic in Fit"`
	SleepMS  int    `param:"sleep_ms" doc:"sleep in Fit"`
	Mutate   bool   `param:"mutate" doc:"modify X in Fit"`
}

// pick selects k random columns (a seeded permutation).
type pick struct {
	P     pickParams `param:",inline"`
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

type projParams struct {
	K int `param:"k" doc:"number of components"`
}

// proj extracts the first k columns (a linear extractor).
type proj struct {
	P projParams `param:",inline"`
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

func init() {
	methods.Register("exptest-pick", "test stand-in: k seeded random columns", func() *pick { return &pick{P: pickParams{K: 2}} })
	methods.Register("exptest-proj", "test stand-in: the first k columns", func() *proj { return &proj{P: projParams{K: 1}} })
}

// writeConfig writes a config into dir and loads it.
func writeConfig(t testing.TB, dir, name, text string) *Config {
	t.Helper()
	path := filepath.Join(dir, name+".yaml")
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	c, err := Load(path)
	if err != nil {
		t.Fatalf("config %s:\n%v", name, err)
	}
	return c
}

// run runs c into dir and fails the test on an error.
func run(t testing.TB, c *Config, opt Options) *Summary {
	t.Helper()
	s, err := Run(context.Background(), c, opt)
	if err != nil {
		t.Fatalf("run %s: %v", c.Name, err)
	}
	return s
}

// outputs reads the deterministic outputs of a results directory.
func outputs(t testing.TB, dir string) map[string][]byte {
	t.Helper()
	out := map[string][]byte{}
	err := filepath.Walk(dir, func(path string, info os.FileInfo, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(dir, path)
		if info.IsDir() || rel == "run.json" || strings.HasPrefix(rel, "cells"+string(filepath.Separator)) || strings.HasPrefix(rel, "runs") {
			return nil
		}
		b, err := os.ReadFile(path)
		out[rel] = b
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

func sameOutputs(t *testing.T, what string, a, b map[string][]byte) {
	t.Helper()
	for name, x := range a {
		y, ok := b[name]
		switch {
		case !ok:
			t.Errorf("%s: %s is missing from the second run", what, name)
		case !bytes.Equal(x, y):
			t.Errorf("%s: %s differs:\n%s\n---\n%s", what, name, clip(x), clip(y))
		}
	}
	for name := range b {
		if _, ok := a[name]; !ok {
			t.Errorf("%s: %s is only in the second run", what, name)
		}
	}
}

func clip(b []byte) string {
	if len(b) > 1500 {
		return string(b[:1500]) + "..."
	}
	return string(b)
}
