package ccm

import (
	"context"
	"math"
	"slices"
	"strings"
	"testing"

	"gonum.org/v1/gonum/mat"

	"github.com/gsbench/gsbench/internal/memory"
	"github.com/gsbench/gsbench/internal/testutil"
	"github.com/gsbench/gsbench/internal/testutil/realdata"
)

// reference is testdata/reference.json, written by testdata/make_reference.py
// (a NumPy transcription of the authors' ccm.py with PyTorch's automatic
// gradient in place of TensorFlow's):
//
//	GSBENCH_DATA=/work/shared/datasets /usr/bin/python3 \
//	    testdata/make_reference.py > testdata/reference.json
type reference struct {
	Cases []struct {
		Name        string
		Data        string
		NumFeatures int `json:"num_features"`
		Weights     []float64
		Bandwidth   float64
		Loss        []float64
		Rows        int
		X           [][]float64
		Y           []int
	}
}

// TestAuthors compares the bandwidth, the loss of every iteration, the final
// weights and the ranking with the transcription of the authors' algorithm
// on Wine (3 classes, one-hot; m = 3 by the UFFS authors' rule), Sonar (2
// classes, +-1; m = 12), the first 150 rows of Isolet (5 classes, 617
// features; m = 100) and the XOR problem of the CCM paper (m = 2), with
// the default epsilon 0.001, learning rate 0.001 and 100 iterations.
// Weights tied in the reference (clipped at 1 in the same step, or at 0)
// may come in any order.
func TestAuthors(t *testing.T) {
	var ref reference
	testutil.ReadJSON(t, "testdata/reference.json", &ref)
	var worstW, worstLoss float64
	for _, tc := range ref.Cases {
		t.Run(tc.Name, func(t *testing.T) {
			X, y := realdata.Case(t, strings.TrimSuffix(tc.Data, "150"), tc.X, tc.Y)
			if tc.X == nil && tc.Rows > 0 {
				_, d := X.Dims()
				X, y = X.Slice(0, tc.Rows, 0, d).(*mat.Dense), y[:tc.Rows]
			}
			before := mat.DenseCopyOf(X)
			m := New()
			if tc.X != nil {
				m.NumFeatures = tc.NumFeatures
			}
			if err := m.Fit(X, y); err != nil {
				t.Fatal(err)
			}
			if !mat.Equal(X, before) {
				t.Error("Fit modified X")
			}
			rep := m.Report()
			if rep["num_features"] != tc.NumFeatures {
				t.Errorf("num_features %v, want %d", rep["num_features"], tc.NumFeatures)
			}
			if s := rep["bandwidth"].(float64); math.Abs(s-tc.Bandwidth) > 1e-13*tc.Bandwidth {
				t.Errorf("bandwidth %.17g, want %.17g", s, tc.Bandwidth)
			}
			for i, got := range rep["loss"].([]float64) {
				rel := math.Abs(got-tc.Loss[i]) / tc.Loss[i]
				worstLoss = math.Max(worstLoss, rel)
				if rel > 1e-9 {
					t.Errorf("loss of iteration %d: %.15g, want %.15g", i, got, tc.Loss[i])
				}
			}
			for j, want := range tc.Weights {
				diff := math.Abs(m.Scores()[j] - want)
				worstW = math.Max(worstW, diff)
				if diff > 1e-9 {
					t.Errorf("w_%d = %.15g, want %.15g", j, m.Scores()[j], want)
				}
			}
			if !rankedUpToTies(m.Selected(), tc.Weights) {
				t.Errorf("ranking %v does not order the reference weights %v", m.Selected(), tc.Weights)
			}
		})
	}
	t.Logf("largest differences: weights %.3g, loss %.3g (relative)", worstW, worstLoss)
}

// rankedUpToTies reports whether order lists every feature by decreasing
// reference weight, features within 1e-9 of each other in any order.
func rankedUpToTies(order []int, w []float64) bool {
	if len(order) != len(w) {
		return false
	}
	for p := 1; p < len(order); p++ {
		if w[order[p]] > w[order[p-1]]+1e-9 {
			return false
		}
	}
	return true
}

func TestBudgetAndTies(t *testing.T) {
	for _, tc := range []struct {
		m    CCM
		d    int
		want int
	}{
		{CCM{}, 13, 3}, {CCM{}, 100, 20}, {CCM{}, 101, 100}, {CCM{}, 617, 100},
		{CCM{K: 7}, 617, 7}, {CCM{K: 7, NumFeatures: 9}, 617, 9},
	} {
		if got := tc.m.Budget(tc.d); got != tc.want {
			t.Errorf("%+v.Budget(%d) = %d, want %d", tc.m, tc.d, got, tc.want)
		}
	}
	if got := project([]float64{1, 1, 1, 1}, 3); !slices.Equal(got, []float64{0.75, 0.75, 0.75, 0.75}) {
		t.Errorf("project(ones(4), 3) = %v", got)
	}
	if got := project([]float64{0.9, 0.2, 0.8, 0}, 1); math.Abs(got[0]-0.55) > 1e-15 || got[1] != 0 || math.Abs(got[2]-0.45) > 1e-15 || got[3] != 0 {
		t.Errorf("project([.9 .2 .8 0], 1) = %v, want [.55 0 .45 0]", got)
	}
}

func TestDegenerate(t *testing.T) {
	// Column 2 is constant and column 3 duplicates column 0; the class is
	// the sign of column 0.
	const n = 24
	X := mat.NewDense(n, 4, nil)
	y := make([]int, n)
	for i := 0; i < n; i++ {
		a := math.Sin(float64(3*i)) + 0.1*float64(i%3)
		X.SetRow(i, []float64{a, math.Cos(float64(5 * i)), 7, a})
		if a > 0 {
			y[i] = 1
		}
	}
	var first *CCM
	for _, workers := range []int{1, 3} {
		m := New()
		m.Workers, m.Seed, m.NumFeatures = workers, 4, 2
		if err := m.Fit(X, y); err != nil {
			t.Fatal(err)
		}
		w := m.Scores()
		if w[0] != w[3] || !(w[0] > w[1]) {
			t.Errorf("weights %v: want w_0 = w_3 > w_1", w)
		}
		if s := m.Selected(); s[3] != 2 || !slices.Contains(s[:2], 0) || !slices.Contains(s[:2], 3) {
			t.Errorf("ranking %v: want the duplicates 0 and 3 first and the constant 2 last", s)
		}
		if first == nil {
			first = m
		} else if !slices.Equal(first.Scores(), m.Scores()) || !slices.Equal(first.Selected(), m.Selected()) {
			t.Errorf("workers %d: %v %v, with 1 worker %v %v", workers, m.Scores(), m.Selected(), first.Scores(), first.Selected())
		}
	}
	// Two samples of two classes.
	tiny := New()
	if err := tiny.Fit(mat.NewDense(2, 2, []float64{0, 1, 1, 3}), []int{0, 1}); err != nil {
		t.Fatal(err)
	}
	for _, v := range tiny.Scores() {
		if math.IsNaN(v) || v < 0 || v > 1 {
			t.Errorf("tiny: weights %v", tiny.Scores())
		}
	}
	defer func(old int64) { memory.Limit = old }(memory.Limit)
	memory.Limit = 1 << 10
	if err := New().Fit(X, y); err == nil || !strings.Contains(err.Error(), "cubic in n") {
		t.Errorf("1 KiB of memory: error %v", err)
	}
	memory.Limit = 0
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if err := New().FitContext(ctx, X, y); err != context.Canceled {
		t.Errorf("cancelled: error %v", err)
	}
	same := mat.NewDense(3, 2, []float64{1, 2, 1, 2, 1, 2})
	for _, tc := range []struct {
		m    *CCM
		X    *mat.Dense
		y    []int
		want string
	}{
		{New(), X, nil, "supervised"},
		{New(), X, make([]int, n), "1 class"},
		{&CCM{NumFeatures: 5, Epsilon: 1e-3, LearningRate: 1e-3}, X, y, "num_features = 5 exceeds"},
		{&CCM{Epsilon: 0, LearningRate: 1e-3}, X, y, "epsilon = 0"},
		{&CCM{Epsilon: 1e-3, LearningRate: -1}, X, y, "learning_rate = -1"},
		{&CCM{Epsilon: 1e-3, LearningRate: 1e-3, Iterations: -1}, X, y, "iterations = -1"},
		{&CCM{Epsilon: 1e-3, LearningRate: 1e-3, Bandwidth: math.NaN()}, X, y, "bandwidth = NaN"},
		{New(), same, []int{0, 1, 1}, "median distance 0"},
	} {
		err := tc.m.Fit(tc.X, tc.y)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("error %v, want %q", err, tc.want)
		}
	}
}
