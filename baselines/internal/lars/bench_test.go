package lars

import (
	"math/rand/v2"
	"testing"
)

// BenchmarkFit regresses a response on 20 steps of LAR, textbook and
// scikit-learn's, on a tall problem (Gram path) and a wide one (columns of
// X, as ALLAML's 72 x 325 slice).
func BenchmarkFit(b *testing.B) {
	rng := rand.New(rand.NewPCG(9, 9))
	for _, dims := range [][2]int{{1000, 300}, {72, 325}} {
		X, y := randProblem(rng, dims[0], dims[1])
		p := NewProblem(X)
		name := "tall"
		if dims[0] < dims[1] {
			name = "wide"
		}
		b.Run(name+"/textbook", func(b *testing.B) {
			for b.Loop() {
				if _, err := p.Fit(y, 20); err != nil {
					b.Fatal(err)
				}
			}
		})
		b.Run(name+"/sklearn", func(b *testing.B) {
			for b.Loop() {
				if _, err := p.FitSKLearn(y, 20, false); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
