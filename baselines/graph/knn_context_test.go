package graph

import (
	"context"
	"errors"
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"gonum.org/v1/gonum/mat"
)

// countdown is a context whose Err reports context.Canceled from its
// (n+1)-th call on, and counts the calls.
type countdown struct {
	context.Context
	n, calls int
}

func (c *countdown) Err() error {
	c.calls++
	if c.calls > c.n {
		return context.Canceled
	}
	return nil
}

// KNNContext finds what KNN finds when it is not canceled, and stops at
// the first tile after a cancellation with ctx's error and no result.
func TestKNNContext(t *testing.T) {
	defer func(r, c int) { tileRows, tileCols = r, c }(tileRows, tileCols)
	tileRows, tileCols = 16, 37
	rng := rand.New(rand.NewPCG(3, 5))
	X := mat.NewDense(70, 4, nil)
	for i := range 70 {
		for j := range 4 {
			X.Set(i, j, rng.NormFloat64())
		}
	}
	want, err := KNN(X, 6, KNNOptions{})
	if err != nil {
		t.Fatal(err)
	}
	all := &countdown{Context: context.Background(), n: math.MaxInt}
	got, err := KNNContext(all, X, 6, KNNOptions{})
	if err != nil || !slices.Equal(got.Index, want.Index) || !slices.Equal(got.Dist, want.Dist) {
		t.Fatalf("KNNContext differs from KNN (error %v)", err)
	}
	if all.calls != 15 { // 5 row tiles of 16: 5+4+3+2+1 tiles on and above the diagonal
		t.Errorf("%d context checks, want one per tile (15)", all.calls)
	}
	for _, n := range []int{0, 1, 7, 14} {
		ctx := &countdown{Context: context.Background(), n: n}
		nb, err := KNNContext(ctx, X, 6, KNNOptions{})
		if !errors.Is(err, context.Canceled) || nb != nil || ctx.calls != n+1 {
			t.Errorf("canceled at check %d: error %v, result %v, %d checks", n+1, err, nb != nil, ctx.calls)
		}
	}
}
