package cv

import (
	"crypto/sha256"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/gsbench/gsbench/datasets"
	"github.com/gsbench/gsbench/internal/testutil"
)

// Test-fold labels computed with scikit-learn 1.2.1:
// StratifiedKFold(k).split(X, y), fold index per sample.
func TestMatchesScikitLearn(t *testing.T) {
	for _, tc := range []struct {
		k    int
		y    []int
		want []int
	}{
		{3, []int{2, 2, 0, 1, 1, 0, 2, 0, 1, 1, 2, 2, 0}, []int{0, 0, 0, 0, 0, 1, 1, 2, 1, 2, 1, 2, 2}},
		{2, []int{5, 5, 5, 1, 1}, []int{0, 0, 1, 0, 1}},
		{4, []int{2, 0, 1, 3, 0, 0, 0, 3, 2, 3, 1, 1, 2, 0, 4, 4, 0, 2, 1, 2, 2, 2, 4}, []int{0, 0, 0, 1, 0, 1, 2, 2, 0, 3, 1, 2, 1, 3, 0, 1, 3, 1, 3, 2, 2, 3, 2}},
		{5, []int{1, 2, 1, 0, 2, 1, 1, 2, 0, 2, 0, 1, 0, 1, 0, 2, 1}, []int{0, 0, 0, 0, 1, 1, 1, 2, 1, 3, 2, 2, 3, 3, 4, 4, 4}},
		{3, []int{1, 0, 0, 0, 0, 0, 2, 2, 2}, []int{0, 0, 1, 1, 2, 2, 0, 1, 2}},
	} {
		got, err := TestFolds(tc.y, tc.k, false, 0)
		if err != nil {
			t.Fatal(err)
		}
		if !slices.Equal(got, tc.want) {
			t.Errorf("k=%d y=%v:\n got %v\nwant %v", tc.k, tc.y, got, tc.want)
		}
	}
}

func TestRealDataFolds(t *testing.T) {
	for _, tc := range []struct {
		file, want string
	}{
		{"Wine/wine_data.csv", "0000000000001111111111112222222222223333333333334444444444400000000000000111111111111112222222222222233333333333333444444444444444000000000011111111112222222222333333333444444444"},
		{"BreastCancer/breast_cancer.csv", "00000000000000000000000000000000000000000000000000000110110000101100001011010110001101110001001100011000010010000000011101100011010110110010010000100000001111111111211221122111121122212121112112212222122212121121222211221112111112211211221211112111112122233333333333111111313113113133111222222222232232322222222222222322232322223332222323232223222222233322222222222332333233222223222333333433443333334333333343333343343333333333334344343333343343433434333333334433333343333334444444444444444444444444444444444444444444444444444444444444444444444444444444444444444444444"},
	} {
		ds, err := datasets.Load(testutil.File(t, tc.file), datasets.Options{LabelCol: "last"})
		if err != nil {
			t.Fatal(err)
		}
		fold, err := TestFolds(ds.Y, 5, false, 0)
		if err != nil {
			t.Fatal(err)
		}
		if got := digits(fold); got != tc.want {
			t.Errorf("%s: folds differ from scikit-learn's:\n got %s\nwant %s", tc.file, got, tc.want)
		}
	}
	// USPS: the SHA-256 of the fold digits of scikit-learn's split.
	y := uspsLabels(t)
	sum := fmt.Sprintf("%x", sha256.Sum256([]byte(digits(mustFolds(t, y, 5)))))
	if want := "06dd1b7eb952dda83a3695af5ebcd1a8e1a7f2527f3aa4d49d9a4b56e3a353af"; sum != want {
		t.Errorf("USPS folds differ from scikit-learn's (sha256 %s)", sum)
	}
}

func mustFolds(t *testing.T, y []int, k int) []int {
	f, err := TestFolds(y, k, false, 0)
	if err != nil {
		t.Fatal(err)
	}
	return f
}

func digits(f []int) string {
	var b strings.Builder
	for _, v := range f {
		b.WriteString(strconv.Itoa(v))
	}
	return b.String()
}

// uspsLabels returns the USPS training labels.
func uspsLabels(t *testing.T) []int {
	ds, err := datasets.Load("usps", datasets.Options{DataDir: testutil.DataDir(t)})
	if err != nil {
		t.Fatal(err)
	}
	return ds.Y
}

func TestSplitsPartitionAndStratify(t *testing.T) {
	y := []int{0, 0, 0, 0, 0, 0, 1, 1, 1, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2}
	for _, shuffle := range []bool{false, true} {
		splits, err := StratifiedKFold(y, 3, shuffle, 42)
		if err != nil {
			t.Fatal(err)
		}
		seen := make([]int, len(y))
		for _, s := range splits {
			if len(s.Train)+len(s.Test) != len(y) || !slices.IsSorted(s.Train) || !slices.IsSorted(s.Test) {
				t.Fatalf("bad split %v", s)
			}
			for _, i := range s.Test {
				seen[i]++
			}
			count := map[int]int{}
			for _, i := range s.Test {
				count[y[i]]++
			}
			if count[0] != 2 || count[1] != 1 || (count[2] != 3 && count[2] != 4) {
				t.Errorf("shuffle=%v: fold class counts %v", shuffle, count)
			}
		}
		for i, c := range seen {
			if c != 1 {
				t.Fatalf("sample %d is in %d test folds", i, c)
			}
		}
	}
	a, _ := TestFolds(y, 3, true, 1)
	b, _ := TestFolds(y, 3, true, 1)
	c, _ := TestFolds(y, 3, true, 2)
	if !slices.Equal(a, b) {
		t.Error("same seed, different folds")
	}
	if slices.Equal(a, c) {
		t.Error("different seeds, same folds")
	}
}

func TestErrors(t *testing.T) {
	for _, tc := range []struct {
		y []int
		k int
	}{
		{[]int{0, 1, 0, 1}, 1},
		{[]int{0, 1, 0}, 4},
		{[]int{0, 0, 1, 1, 2, 2}, 3}, // every class smaller than k
	} {
		if _, err := StratifiedKFold(tc.y, tc.k, false, 0); err == nil {
			t.Errorf("y=%v k=%d accepted", tc.y, tc.k)
		}
	}
	// A single class is a valid (if pointless) split; a small class is allowed.
	if _, err := StratifiedKFold([]int{3, 3, 3, 3, 3}, 5, false, 0); err != nil {
		t.Error(err)
	}
	if msgs := Check([]int{0, 0, 0, 0, 0, 1, 1}, 5); len(msgs) != 1 {
		t.Errorf("Check: %v", msgs)
	}
}
