package external

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"testing"

	"gonum.org/v1/gonum/mat"

	"github.com/gsbench/gsbench/params"
)

// BenchmarkExchange measures what gsbench adds to a command's own work:
// writing X.txt and the parameters, starting /bin/sh, and reading and
// checking result.json. The command only copies a prepared result: an
// extraction of 10 features of every row.
func BenchmarkExchange(b *testing.B) {
	for _, sz := range []struct{ n, d int }{{100, 10}, {1000, 100}, {10000, 100}} {
		b.Run(fmt.Sprintf("%dx%d", sz.n, sz.d), func(b *testing.B) {
			rng := rand.New(rand.NewPCG(1, 2))
			X := mat.NewDense(sz.n, sz.d, nil)
			for i := range sz.n {
				for j := range sz.d {
					X.Set(i, j, rng.NormFloat64())
				}
			}
			feats := make([][]float64, sz.n)
			for i := range feats {
				feats[i] = mat.Row(nil, 0, X.Slice(i, i+1, 0, 10))
			}
			js, err := json.Marshal(map[string]any{"features": feats})
			if err != nil {
				b.Fatal(err)
			}
			prepared := filepath.Join(b.TempDir(), "result.json")
			if err := os.WriteFile(prepared, js, 0o644); err != nil {
				b.Fatal(err)
			}
			e := NewExtractor()
			if err := (params.Params{"command": shell(`cp ` + prepared + ` "$1/result.json"`)}).Decode("bench", e); err != nil {
				b.Fatal(err)
			}
			b.ReportAllocs()
			for b.Loop() {
				if err := e.Fit(X, nil); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
