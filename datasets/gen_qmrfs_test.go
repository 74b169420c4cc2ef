package datasets

import (
	"math"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"

	"gonum.org/v1/gonum/mat"

	"github.com/gsbench/gsbench/params"
)

// TestTable1Design: every shape has Table 1's d and the number of
// independent columns d_fs, and each dependent column equals its planted
// combination exactly, on every row; the values are integers below 2^24
// (exact in float32); the rows' order of consideration puts every
// dependent column after the columns it depends on.
func TestTable1Design(t *testing.T) {
	for shape, sh := range map[string][3]int{
		"kddcup99": {7_880_000, 127, 111}, "uscensus1990": {2_460_000, 68, 66},
		"snap-patents": {2_920_000, 269, 259}, "github-musae": {37_700, 4006, 3799},
	} {
		p := params.Params{"shape": shape, "n_samples": 300}
		ds, err := Generate("qmrfs-table01", p, 5)
		if err != nil {
			t.Fatal(err)
		}
		n, d := ds.Dims()
		tr := ds.Truth
		if n != 300 || d != sh[1] || len(tr.NonRedundant) != sh[2] || len(tr.Redundant) != sh[1]-sh[2] || len(ds.Features) != d {
			t.Errorf("%s: %d x %d, %d + %d columns, want %v", shape, n, d, len(tr.NonRedundant), len(tr.Redundant), sh)
		}
		all := slices.Sorted(slices.Values(append(slices.Clone(tr.NonRedundant), tr.Redundant...)))
		for j, c := range all {
			if j != c {
				t.Fatalf("%s: columns %v are not a partition of 0..%d", shape, all, d-1)
			}
		}
		for _, j := range tr.Redundant {
			ps, ws := tr.Parents[j], tr.Weights[j]
			if len(ps) < 2 || len(ps) != len(ws) || slices.Max(ps) >= j {
				t.Fatalf("%s: column %d: parents %v weights %v", shape, j, ps, ws)
			}
			for i := range n {
				v := tr.Offset[j]
				for q, pj := range ps {
					v += ws[q] * ds.X.At(i, pj)
				}
				if ds.X.At(i, j) != v {
					t.Fatalf("%s: row %d, column %d = %v, its combination %v", shape, i, j, ds.X.At(i, j), v)
				}
			}
		}
		for k, v := range ds.X.RawMatrix().Data {
			if v != math.Trunc(v) || math.Abs(v) >= 1<<24 {
				t.Fatalf("%s: value %d = %v is not an integer below 2^24", shape, k, v)
			}
		}
		if len(tr.Variance) != d {
			t.Errorf("%s: %d variances", shape, len(tr.Variance))
		}
		// The default size is Table 1's n (the spec says so; not drawn here).
		src, err := OpenRows("qmrfs-table01", Options{Params: params.Params{"shape": shape}, Seed: 5})
		if err != nil || src.N != sh[0] || src.D != sh[1] {
			t.Errorf("%s: default size %v, %v", shape, src, err)
		}
	}
}

// TestTable1Streams: the rows drawn block by block (any block size, any
// number of goroutines) are Generate's bytes; the seed changes them; a size
// beyond MaxCells is streamed, not generated in memory.
func TestTable1Streams(t *testing.T) {
	p := params.Params{"shape": "kddcup99", "n_samples": 2500}
	ds, err := Generate("qmrfs-table01", p, 9)
	if err != nil {
		t.Fatal(err)
	}
	if !Streams("qmrfs-table01") || Streams("journal-gfa") || Streams("wine") || !Streams("format/testdata/npy/f8.npy") || Streams("format/testdata/npy/stored.npz") {
		t.Error("Streams: wrong answer")
	}
	for _, procs := range []int{1, 2} {
		defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(procs))
		src, err := OpenRows("qmrfs-table01", Options{Params: p, Seed: 9})
		if err != nil {
			t.Fatal(err)
		}
		for _, rows := range []int{1, 777, 4096} {
			var got []float64
			for X, err := range src.Blocks(rows) {
				if err != nil {
					t.Fatal(err)
				}
				k, _ := X.Dims()
				for i := range k {
					got = append(got, X.RawRowView(i)...)
				}
			}
			if !slices.Equal(got, ds.X.RawMatrix().Data) {
				t.Errorf("GOMAXPROCS %d, blocks of %d rows: not Generate's rows", procs, rows)
			}
		}
	}
	other, _ := Generate("qmrfs-table01", p, 10)
	if mat.Equal(other.X, ds.X) || slices.Equal(other.Truth.Redundant, ds.Truth.Redundant) && slices.Equal(other.Features, ds.Features) {
		t.Error("seeds 9 and 10 give the same data")
	}
	if _, err := Generate("qmrfs-table01", params.Params{"shape": "kddcup99"}, 1); err == nil || !strings.Contains(err.Error(), "MaxCells") || !strings.Contains(err.Error(), "stream") {
		t.Errorf("7.88M x 127 in memory: %v", err)
	}
	for _, bad := range []params.Params{{"shape": "kdd"}, {"n_samples": -1}} {
		if _, err := OpenRows("qmrfs-table01", Options{Params: bad}); err == nil {
			t.Errorf("%v: no error", bad)
		}
	}
	if _, err := OpenRows("wine", Options{}); err == nil || !strings.Contains(err.Error(), "not read in row blocks") {
		t.Errorf("wine: %v", err)
	}
}

// TestWriteNPY: a streamed generator written to .npy (float64 and float32:
// its integers are exact in both) reads back as Generate's matrix.
func TestWriteNPY(t *testing.T) {
	p := params.Params{"shape": "uscensus1990", "n_samples": 5000}
	ds, err := Generate("qmrfs-table01", p, 2)
	if err != nil {
		t.Fatal(err)
	}
	src, err := OpenRows("qmrfs-table01", Options{Params: p, Seed: 2})
	if err != nil {
		t.Fatal(err)
	}
	for _, dtype := range []string{"float64", "float32"} {
		path := filepath.Join(t.TempDir(), "census.npy")
		if err := WriteNPY(path, src, dtype); err != nil {
			t.Fatal(err)
		}
		back, err := Load(path, Options{})
		if err != nil {
			t.Fatal(err)
		}
		if !mat.Equal(back.X, ds.X) {
			t.Errorf("%s: the file does not hold Generate's matrix", dtype)
		}
	}
}
