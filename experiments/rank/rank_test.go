package rank

import (
	"encoding/json"
	"math"
	"os"
	"slices"
	"testing"

	"github.com/gsbench/gsbench/experiments/cells"
)

// TestAuthorsRanks: the average ranks and their standard deviations equal
// those of the QMR-FS authors' _get_avg_rank on the same synthetic results
// (testdata/authors_ranks.py wrote testdata/ranks.json): three datasets,
// two measured by the share of features kept and Isolet by their number, a
// method with scattered counts (QMR-FS) whose cells make the windows grow,
// and tied scores.
func TestAuthorsRanks(t *testing.T) {
	b, err := os.ReadFile("testdata/ranks.json")
	if err != nil {
		t.Fatal(err)
	}
	var ref struct {
		Cells []struct {
			Dataset  string  `json:"dataset"`
			Method   string  `json:"method"`
			RedDim   float64 `json:"red_dim"`
			DimRatio float64 `json:"dim_ratio"`
			Accuracy float64 `json:"accuracy"`
		} `json:"cells"`
		Ranks map[string]map[string]struct{ Mean, Std float64 } `json:"ranks"`
	}
	if err := json.Unmarshal(b, &ref); err != nil {
		t.Fatal(err)
	}
	var cs []*cells.Cell
	for _, c := range ref.Cells {
		cs = append(cs, &cells.Cell{Dataset: c.Dataset, Method: c.Method, Status: cells.StatusOK, Values: map[string]cells.Num{
			"accuracy": cells.Num(c.Accuracy), "n_selected": cells.Num(c.RedDim), "selected_percent": cells.Num(100 * c.DimRatio)}})
	}
	spec := Spec{Score: "accuracy", By: "selected_percent", At: []float64{40, 60}, Counts: map[string][]float64{"isolet": {50, 100}}}
	es, notes, err := Compute(cs, spec)
	if err != nil {
		t.Fatal(err)
	}
	if len(notes) > 0 {
		t.Errorf("notes %v", notes)
	}
	got := Average(es)
	if len(got) != 2*5 {
		t.Fatalf("%d summaries, want 10: %+v", len(got), got)
	}
	for _, s := range got {
		want, ok := ref.Ranks[spec.Label(s.Budget)][s.Method]
		if !ok {
			t.Fatalf("no reference for %s at %s", s.Method, spec.Label(s.Budget))
		}
		if s.N != 6 || math.Abs(s.Mean-want.Mean) > 1e-12 || math.Abs(s.SD-want.Std) > 1e-12 {
			t.Errorf("%s at %s: %.4f ± %.4f over %d datasets; the authors' code %.4f ± %.4f over 6",
				s.Method, spec.Label(s.Budget), s.Mean, s.SD, s.N, want.Mean, want.Std)
		}
	}
	// Some window had to grow (QMR-FS's scattered counts): the test covers it.
	grown := slices.ContainsFunc(es, func(e Entry) bool { return e.Window > relStart && e.Window < 1 || e.Window > absStart })
	if !grown {
		t.Error("no window grew: the test does not exercise the widening")
	}
}

// Dense ranks: ties share a rank, the next follows; a method without a
// cell is left out with a note; bad specs are errors.
func TestDenseRankAndMissing(t *testing.T) {
	cell := func(ds, m string, pct, score float64) *cells.Cell {
		return &cells.Cell{Dataset: ds, Method: m, Status: cells.StatusOK, Values: map[string]cells.Num{"s": cells.Num(score), "p": cells.Num(pct)}}
	}
	cs := []*cells.Cell{
		cell("A", "x", 40, 0.9), cell("A", "y", 40, 0.7), cell("A", "z", 40, 0.9), cell("A", "w", 40, 0.5),
		// B: w has no budget value; x's two cells at 39 and 41 are averaged
		// once the window reaches 3 % (39.6..40.4 at 1 % holds neither).
		cell("B", "x", 39, 0.25), cell("B", "x", 41, 0.35), cell("B", "y", 40, 0.3), cell("B", "z", 40, 0.1),
		{Dataset: "B", Method: "w", Status: cells.StatusOK, Values: map[string]cells.Num{"s": 1}},
		{Dataset: "B", Method: "y", Status: cells.StatusFailed},
	}
	es, notes, err := Compute(cs, Spec{Score: "s", By: "p", At: []float64{40}})
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]float64{"A/x": 1, "A/z": 1, "A/y": 2, "A/w": 3, "B/x": 1, "B/y": 1, "B/z": 2}
	if len(es) != len(want) {
		t.Fatalf("%d entries: %+v", len(es), es)
	}
	for _, e := range es {
		if r := want[e.Dataset+"/"+e.Method]; e.Rank != r {
			t.Errorf("%s/%s: rank %v, want %v (score %v, window %v)", e.Dataset, e.Method, e.Rank, r, e.Score, e.Window)
		}
		if e.Dataset == "B" && e.Method == "x" && (e.Cells != 2 || math.Abs(e.Score-0.3) > 1e-15 || e.Window != 0.03) {
			t.Errorf("B/x: %+v, want the mean 0.3 of 2 cells at window 0.03", e)
		}
	}
	if len(notes) != 1 {
		t.Errorf("notes %v, want one for w on B", notes)
	}
	for _, s := range Average(es) {
		if s.Method == "w" && (s.N != 1 || !math.IsNaN(s.SD)) {
			t.Errorf("w: %+v, want one dataset and no standard deviation", s)
		}
		if s.Method == "x" && (s.N != 2 || s.Mean != 1 || s.SD != 0) {
			t.Errorf("x: %+v", s)
		}
	}
	for _, bad := range []Spec{{By: "p", At: []float64{1}}, {Score: "s", By: "p"}, {Score: "s", By: "p", At: []float64{-1}},
		{Score: "s", By: "p", At: []float64{40, 60}, Counts: map[string][]float64{"I": {50}}}} {
		if _, _, err := Compute(cs, bad); err == nil {
			t.Errorf("%+v accepted", bad)
		}
	}
}

// The windows grow as the authors' do: 1 %, 3 %, 5 %, ... of the budget,
// and 1, 2, 3, ... features on a dataset measured by counts; a cell just
// outside the final window does not count.
func TestWindowSteps(t *testing.T) {
	cell := func(ds, m string, pct, count, score float64) *cells.Cell {
		return &cells.Cell{Dataset: ds, Method: m, Status: cells.StatusOK,
			Values: map[string]cells.Num{"s": cells.Num(score), "p": cells.Num(pct), "n_selected": cells.Num(count)}}
	}
	cs := []*cells.Cell{
		// P: y enters at 5 % (41.4 is 3.5 % off 40); x's 42.2 (5.5 % off) stays out.
		cell("P", "x", 40, 0, 0.5), cell("P", "x", 42.2, 0, 0.9), cell("P", "y", 41.4, 0, 0.6),
		// C: budget 50 features; y enters at w = 2 (51.5); x's 52.5 stays out.
		cell("C", "x", 0, 50, 0.5), cell("C", "x", 0, 52.5, 0.9), cell("C", "y", 0, 51.5, 0.6),
	}
	es, _, err := Compute(cs, Spec{Score: "s", By: "p", At: []float64{40}, Counts: map[string][]float64{"C": {50}}})
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range es {
		wantW := map[string]float64{"P": 0.05, "C": 2}[e.Dataset]
		if math.Abs(e.Window-wantW) > 1e-12 || e.Method == "x" && (e.Cells != 1 || e.Score != 0.5 || e.Rank != 2) {
			t.Errorf("%+v: want window %v, x with its one cell at the budget ranked 2", e, wantW)
		}
	}
}
