package realdata

import (
	"math"
	"testing"

	"github.com/gsbench/gsbench/preprocess"
)

func TestLoad(t *testing.T) {
	raw := Load(t, "wine", preprocess.None)
	std := Load(t, "wine", preprocess.Standardize)
	n, d := std.X.Dims()
	if rn, rd := raw.X.Dims(); n != 178 || d != 13 || rn != n || rd != d || len(std.Y) != n {
		t.Fatalf("wine: %d x %d (raw %d x %d), %d labels", n, d, rn, rd, len(std.Y))
	}
	for j := 0; j < d; j++ {
		var s, s2 float64
		for i := 0; i < n; i++ {
			v := std.X.At(i, j)
			s += v
			s2 += v * v
		}
		if mean, v := s/float64(n), s2/float64(n); math.Abs(mean) > 1e-12 || math.Abs(v-1) > 1e-12 {
			t.Errorf("column %d: mean %g, variance %g after standardizing", j, mean, v)
		}
	}
}
