package selection

import (
	"math"
	"slices"
	"strings"
	"testing"

	"gonum.org/v1/gonum/mat"
)

func TestOrder(t *testing.T) {
	for _, tc := range []struct {
		scores []float64
		higher bool
		last   []bool
		want   []int
	}{
		{[]float64{0.3, 0.1, 0.2}, false, nil, []int{1, 2, 0}},
		{[]float64{0.3, 0.1, 0.2}, true, nil, []int{0, 2, 1}},
		{[]float64{1, 2, 1, 2}, true, nil, []int{1, 3, 0, 2}},
		{[]float64{1, 2, 1, 2}, false, nil, []int{0, 2, 1, 3}},
		{[]float64{0.3, 0.1, 0.2}, false, []bool{false, true, false}, []int{2, 0, 1}},
	} {
		if got := Order(tc.scores, tc.higher, tc.last); !slices.Equal(got, tc.want) {
			t.Errorf("Order(%v, %v) = %v, want %v", tc.scores, tc.higher, got, tc.want)
		}
	}
	if got := Top([]int{4, 2, 0}, 2); !slices.Equal(got, []int{4, 2}) {
		t.Errorf("Top = %v", got)
	}
	if got := Top([]int{4, 2, 0}, 0); len(got) != 3 {
		t.Errorf("Top(0) = %v", got)
	}
}

func TestChecks(t *testing.T) {
	X := mat.NewDense(3, 2, []float64{1, 5, 1, 6, 1 + 1e-14, 7})
	bad := mat.NewDense(2, 2, []float64{1, math.Inf(1), 0, 0})
	for _, tc := range []struct {
		err  error
		want string
	}{
		{Check("m", bad, 0), "X[0][1] = +Inf"},
		{Check("m", X, 3), "k = 3"},
		{Check("m", nil, 0), "empty"},
		{second(Labels("m", nil, 3)), "supervised"},
		{second(Labels("m", []int{0, 1}, 3)), "2 labels for 3 rows"},
		{second(Labels("m", []int{0, -1, 1}, 3)), "y[1] = -1"},
	} {
		if tc.err == nil || !strings.Contains(tc.err.Error(), tc.want) {
			t.Errorf("error %v, want %q", tc.err, tc.want)
		}
	}
	if c, err := Labels("m", []int{0, 2, 1}, 3); c != 3 || err != nil {
		t.Errorf("Labels = %d, %v", c, err)
	}
}

func second[T any](_ T, err error) error { return err }

func TestPresent(t *testing.T) {
	for _, tc := range []struct {
		y       []int
		index   []int
		present int
		err     string
	}{
		{y: []int{1, 0, 1}, index: []int{0, 1}, present: 2},
		{y: []int{3, 1, 3, 1}, index: []int{-1, 0, -1, 1}, present: 2}, // classes 0 and 2 have no row
		{y: []int{0, 0, 0}, index: []int{0}, present: 1},
		{y: []int{0, -1, 1}, err: "label y[1] = -1"},
		{y: nil, err: "needs the class labels"},
	} {
		index, present, err := Present("m", tc.y, len(tc.y))
		if tc.err != "" {
			if err == nil || !strings.Contains(err.Error(), tc.err) {
				t.Errorf("%v: error %v, want one containing %q", tc.y, err, tc.err)
			}
			continue
		}
		if err != nil || present != tc.present || !slices.Equal(index, tc.index) {
			t.Errorf("%v: index %v, %d present, error %v; want %v, %d", tc.y, index, present, err, tc.index, tc.present)
		}
	}
}
