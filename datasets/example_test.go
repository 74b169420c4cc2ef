package datasets_test

import (
	"fmt"
	"log"
	"strings"

	"github.com/gsbench/gsbench/datasets"
	"github.com/gsbench/gsbench/params"
)

// Load a registry dataset (from GSBENCH_DATA or the user cache directory;
// `gsbench fetch coil20` puts it there), checking its files' sha256.
func ExampleLoad() {
	ds, err := datasets.Load("coil20", datasets.Options{Verify: true})
	if err != nil {
		log.Fatal(err) // names the directories searched and the fetch command
	}
	n, d := ds.Dims()
	fmt.Println(n, d, len(ds.Classes))
}

// Draw the data of Journal Table VII, (d, n, deg) = (30, 15, 3), at 500
// samples, and look at its ground truth.
func ExampleGenerate() {
	ds, err := datasets.Generate("journal-gca", params.Params{"n_samples": 500, "degree": 3}, 7)
	if err != nil {
		log.Fatal(err)
	}
	t := ds.Truth
	n, d := ds.Dims()
	j := t.Redundant[0]
	fmt.Printf("%d x %d, %d independent components, %d redundant\n", n, d, len(t.NonRedundant), len(t.Redundant))
	fmt.Printf("component %d = k * (product of %d components), its variance %.0f%% of their least\n",
		j, len(t.Parents[j]), 100*t.Variance[j]/min(t.Variance[t.Parents[j][0]], t.Variance[t.Parents[j][1]], t.Variance[t.Parents[j][2]]))
	// Output:
	// 500 x 30, 15 independent components, 15 redundant
	// component 10 = k * (product of 3 components), its variance 85% of their least
}

// Resolve says what a --data value names; an unknown name gets the closest
// one (the error goes on to list every dataset and generator).
func ExampleResolve() {
	for _, ref := range []string{"COIL20", "cdc-gfs", "format/testdata/npy/stored.npz"} {
		r, err := datasets.Resolve(ref)
		if err != nil {
			log.Fatal(err)
		}
		fmt.Printf("%s: %s %s\n", ref, r.Kind, r.Name)
	}
	_, err := datasets.Resolve("journal-gfs-uff")
	msg, _, _ := strings.Cut(err.Error(), ";")
	fmt.Println(msg)
	// Output:
	// COIL20: registry dataset coil20
	// cdc-gfs: generator cdc-gfs
	// format/testdata/npy/stored.npz: data file format/testdata/npy/stored.npz
	// unknown dataset "journal-gfs-uff" (no such file) (did you mean "journal-gfs-uffs"?)
}

// Load a NumPy archive: X and its y member (the label rule's default).
func ExampleLoad_npz() {
	ds, err := datasets.Load("format/testdata/npy/stored.npz", datasets.Options{})
	if err != nil {
		log.Fatal(err)
	}
	n, d := ds.Dims()
	fmt.Println(n, d, ds.Classes, ds.Y)
	// Output:
	// 3 4 [0 2] [1 0 1]
}

// Read the QMR-FS Table 1 stand-in of KDD Cup 1999 (7.88M x 127) a block
// of rows at a time, without holding it; a .npy file streams the same way
// (WriteNPY writes one).
func ExampleOpenRows() {
	src, err := datasets.OpenRows("qmrfs-table01", datasets.Options{Params: params.Params{"shape": "kddcup99"}, Seed: 1})
	if err != nil {
		log.Fatal(err)
	}
	fmt.Printf("%d x %d, %d columns independent\n", src.N, src.D, len(src.Truth.NonRedundant))
	rows := 0
	for X, err := range src.Blocks(1000) {
		if err != nil {
			log.Fatal(err) // a file's error names it and the row
		}
		k, _ := X.Dims()
		if rows += k; rows >= 3000 {
			break // the first three blocks
		}
	}
	fmt.Println(rows, "rows read")
	// Output:
	// 7880000 x 127, 111 columns independent
	// 3000 rows read
}
