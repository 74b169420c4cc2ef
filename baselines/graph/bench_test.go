package graph

import (
	"math/rand/v2"
	"testing"

	"github.com/gsbench/gsbench/internal/testutil"
	"github.com/gsbench/gsbench/internal/testutil/realdata"
	"github.com/gsbench/gsbench/preprocess"
)

// BenchmarkKNN1440x1024 is the size of COIL-20.
func BenchmarkKNN1440x1024(b *testing.B) {
	X := testutil.RandNormal(rand.New(rand.NewPCG(1, 1)), 1440, 1024)
	for b.Loop() {
		if _, err := KNN(X, 5, KNNOptions{}); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkKNNCOIL20 searches the 5 nearest neighbours of the 1440 COIL-20
// images (1024 pixels), the graph of the Laplacian score, SPEC, MCFS, NDFS
// and LPP.
func BenchmarkKNNCOIL20(b *testing.B) {
	ds := realdata.Load(b, "coil20", preprocess.None)
	for b.Loop() {
		if _, err := KNN(ds.X, 5, KNNOptions{}); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkAffinity10000x50(b *testing.B) {
	X := testutil.RandNormal(rand.New(rand.NewPCG(2, 2)), 10000, 50)
	for b.Loop() {
		if _, err := Affinity(X, DefaultOptions()); err != nil {
			b.Fatal(err)
		}
	}
}
