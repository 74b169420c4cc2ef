package format_test

import (
	"fmt"
	"log"
	"os"
	"path/filepath"
	"strings"

	"gonum.org/v1/gonum/mat"

	"github.com/gsbench/gsbench/datasets/format"
)

// Read a UCI-style table: '?' marks a missing value, column 1 holds
// categories, the label is last.
func ExampleReadCSV() {
	in := "1.5,red,yes\n?,blue,no\n3.5,red,yes\n"
	tb, err := format.ReadCSV(strings.NewReader(in), format.CSVOptions{
		LabelCol: format.LastLabel, Categorical: []int{1}, MissingMarkers: []string{"?"}, Missing: format.MissingMean,
	})
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(tb.Features, tb.Labels, tb.MissingValues)
	fmt.Println(mat.Formatted(tb.X))
	// Output:
	// [x1 x2=blue x2=red] [yes no yes] 1
	// ⎡1.5    0    1⎤
	// ⎢2.5    1    0⎥
	// ⎣3.5    0    1⎦
}

// Read a Weka ARFF file: the class is the last nominal attribute, nominal
// features are one-hot encoded in their declared order, '?' is imputed.
func ExampleReadARFF() {
	in := `% a tiny relation
@relation example
@attribute x numeric
@attribute colour {red, green}
@attribute class {no, yes}
@data
1.5, green, yes
?, red, no
3.5, red, yes
`
	tb, err := format.ReadARFF(strings.NewReader(in), format.ARFFOptions{Missing: format.MissingMean})
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(tb.Features, tb.Classes, tb.Labels)
	fmt.Println(mat.Formatted(tb.X))
	// Output:
	// [x colour=red colour=green] [no yes] [yes no yes]
	// ⎡1.5    0    1⎤
	// ⎢2.5    1    0⎥
	// ⎣3.5    1    0⎦
}

// Read LIBSVM's sparse text: omitted features are zero, labels are kept as
// the file writes them (in their shortest form).
func ExampleReadLIBSVM() {
	in := "+1 1:0.5 3:-1\n-1 2:2 # a comment\n1.0 3:4\n"
	tb, err := format.ReadLIBSVM(strings.NewReader(in), format.LIBSVMOptions{})
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(tb.Labels)
	fmt.Println(mat.Formatted(tb.X))
	// Output:
	// [1 -1 1]
	// ⎡0.5    0   -1⎤
	// ⎢  0    2    0⎥
	// ⎣  0    0    4⎦
}

// Read a NumPy archive written by np.savez(f, X=..., y=...): the features
// X and, by the label rule's default, the labels y.
func ExampleNPZTable() {
	f, err := os.Open("testdata/npy/stored.npz")
	if err != nil {
		log.Fatal(err)
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil {
		log.Fatal(err)
	}
	tb, err := format.NPZTable(f, fi.Size(), format.LabelCol{})
	if err != nil {
		log.Fatal(err)
	}
	n, d := tb.X.Dims()
	fmt.Println(n, d, tb.Labels)
	// Output:
	// 3 4 [2 0 2]
}

// Write a matrix to a .npy file a block of rows at a time, and read it
// back in blocks of two rows, leaving out the last column as the label.
func ExampleCreateNPY() {
	path := filepath.Join(os.TempDir(), "gsbench-example.npy")
	defer os.Remove(path)
	w, err := format.CreateNPY(path, 3, 3, "float32")
	if err != nil {
		log.Fatal(err)
	}
	for _, block := range []*mat.Dense{mat.NewDense(2, 3, []float64{1, 2, 0, 3, 4, 1}), mat.NewDense(1, 3, []float64{5, 6, 0})} {
		if err := w.Write(block); err != nil {
			w.Abort()
			log.Fatal(err)
		}
	}
	if err := w.Close(); err != nil {
		log.Fatal(err)
	}
	s, err := format.OpenNPYRows(path, "last")
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(s.N, s.D, s.Dtype)
	for X, err := range s.Blocks(2) {
		if err != nil {
			log.Fatal(err) // names the file and the row
		}
		fmt.Println(X.RawMatrix().Data)
	}
	// Output:
	// 3 2 <f4
	// [1 2 3 4]
	// [5 6]
}
