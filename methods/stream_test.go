package methods

import (
	"context"
	"errors"
	"iter"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"gonum.org/v1/gonum/mat"

	"github.com/gsbench/gsbench/internal/testutil"
)

// rowBlocks yields X in blocks of the given sizes (cycled), each a fresh
// copy reused by nobody.
func rowBlocks(X *mat.Dense, sizes ...int) iter.Seq2[*mat.Dense, error] {
	return func(yield func(*mat.Dense, error) bool) {
		n, d := X.Dims()
		for i0, k := 0, 0; i0 < n; k++ {
			i1 := min(n, i0+sizes[k%len(sizes)])
			if !yield(mat.DenseCopyOf(X.Slice(i0, i1, 0, d)), nil) {
				return
			}
			i0 = i1
		}
	}
}

// TestStreamFitters: every registered method that fits from row blocks
// selects what Fit selects on the whole matrix, whatever the block sizes;
// an error of the sequence is returned; a canceled context stops it.
func TestStreamFitters(t *testing.T) {
	X := testutil.RandNormal(rand.New(rand.NewPCG(7, 1)), 300, 8)
	for i := range 300 { // a dependent column
		X.Set(i, 7, X.At(i, 0)-2*X.At(i, 3)+1)
	}
	found := 0
	for _, spec := range All() {
		m, err := New(spec.Name, conformanceParams[spec.Name])
		if err != nil {
			continue // needs parameters (k): not a streaming method anyway
		}
		sf, ok := m.(StreamFitter)
		if !ok || !sf.CanStream() {
			continue
		}
		found++
		if err := m.Fit(X, nil); err != nil {
			t.Fatalf("%s: %v", spec.Name, err)
		}
		want := slices.Clone(m.(Selector).Selected())
		for _, sizes := range [][]int{{1}, {7, 300}, {300}} {
			m2, _ := New(spec.Name, nil)
			if err := FitStream(context.Background(), m2.(StreamFitter), 8, rowBlocks(X, sizes...)); err != nil {
				t.Fatalf("%s: %v", spec.Name, err)
			}
			if got := m2.(Selector).Selected(); !slices.Equal(got, want) {
				t.Errorf("%s, blocks %v: selected %v, Fit %v", spec.Name, sizes, got, want)
			}
		}
		bad := errors.New("disk on fire")
		err = sf.FitStream(8, func(yield func(*mat.Dense, error) bool) {
			if yield(mat.DenseCopyOf(X.Slice(0, 10, 0, 8)), nil) {
				yield(nil, bad)
			}
		})
		if !errors.Is(err, bad) {
			t.Errorf("%s: the sequence's error gave %v", spec.Name, err)
		}
		ctx, cancel := context.WithCancel(context.Background())
		blocks := 0
		err = FitStream(ctx, sf, 8, func(yield func(*mat.Dense, error) bool) {
			for X := range rowBlocks(X, 10) {
				if blocks++; blocks == 3 {
					cancel()
				}
				if !yield(X, nil) {
					return
				}
			}
		})
		if !errors.Is(err, context.Canceled) || blocks > 4 {
			t.Errorf("%s: canceled after 3 blocks: %v after %d blocks", spec.Name, err, blocks)
		}
		if err != nil && !strings.Contains(err.Error(), "canceled") {
			t.Errorf("%s: %v", spec.Name, err)
		}
	}
	if found == 0 {
		t.Fatal("no registered method fits from row blocks (QMR-FS should)")
	}
}
