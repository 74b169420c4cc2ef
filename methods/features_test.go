package methods_test

import (
	"context"
	"encoding/json"
	"math"
	"os"
	"testing"

	"gonum.org/v1/gonum/mat"

	"github.com/gsbench/gsbench/datasets"
	"github.com/gsbench/gsbench/datasets/format"
	"github.com/gsbench/gsbench/evaluate"
	"github.com/gsbench/gsbench/internal/testutil/realdata"
	"github.com/gsbench/gsbench/methods"
	"github.com/gsbench/gsbench/preprocess"
)

// TestPipelineMatchesScikitLearn: Fisher score fitted inside each training
// fold (methods.FoldFeatures under evaluate.CVAccuracy) gives the per-fold
// accuracies of scikit-learn's make_pipeline(SelectKBest(f_classif, k),
// OneVsRestClassifier(SVC())) under cross_val_score, and Fisher score fitted
// once on all rows those of SelectKBest fitted on all rows
// (testdata/pipeline_reference.py). On noise.csv, 200 features unrelated to
// the labels, the selection fitted on all rows has seen the test labels and
// scores far above chance; inside the folds it scores at chance.
func TestPipelineMatchesScikitLearn(t *testing.T) {
	var ref struct {
		Cases []struct {
			Data     string    `json:"data"`
			K        int       `json:"k"`
			Pipeline []float64 `json:"pipeline"`
			AllRows  []float64 `json:"all_rows"`
		} `json:"cases"`
	}
	b, err := os.ReadFile("testdata/pipeline_reference.json")
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(b, &ref); err != nil {
		t.Fatal(err)
	}
	noise, err := datasets.Load("testdata/noise.csv", datasets.Options{LabelCol: "last", CSV: format.CSVOptions{Header: "no"}})
	if err != nil {
		t.Fatal(err)
	}
	data := map[string]*datasets.Dataset{"noise": noise}
	ctx := context.Background()
	for _, c := range ref.Cases {
		if data[c.Data] == nil {
			data[c.Data] = realdata.Load(t, c.Data, preprocess.Standardize)
		}
		X, y := data[c.Data].X, data[c.Data].Y
		fisher, _ := methods.Lookup("fisher")
		newFisher := func() (methods.Method, error) { return fisher.New(methods.Params{"k": c.K}) }

		pipe, err := evaluate.CVAccuracy(ctx, X, y, evaluate.CVOptions{Features: methods.FoldFeatures(fisher, newFisher)})
		if err != nil {
			t.Fatal(err)
		}
		m, _ := newFisher()
		if err := m.Fit(X, y); err != nil {
			t.Fatal(err)
		}
		Z, err := methods.Features(m, X)
		if err != nil {
			t.Fatal(err)
		}
		all, err := evaluate.CVAccuracy(ctx, Z, y, evaluate.CVOptions{})
		if err != nil {
			t.Fatal(err)
		}
		for i := range c.Pipeline {
			if math.Abs(pipe.Values[i]-c.Pipeline[i]) > 1e-9 || math.Abs(all.Values[i]-c.AllRows[i]) > 1e-9 {
				t.Errorf("%s k=%d fold %d: pipeline %.4f (scikit-learn %.4f), all rows %.4f (scikit-learn %.4f)",
					c.Data, c.K, i, pipe.Values[i], c.Pipeline[i], all.Values[i], c.AllRows[i])
			}
		}
		if pipe.FeatureSeconds <= 0 {
			t.Errorf("%s k=%d: the pipeline's feature step took %v s", c.Data, c.K, pipe.FeatureSeconds)
		}
		if c.Data == "noise" && !(all.Mean > pipe.Mean+0.1 && pipe.Mean < 0.6) {
			t.Errorf("noise k=%d: accuracy %.3f fitted on all rows, %.3f in the folds: want the leak to show (all rows above chance, folds at chance)", c.K, all.Mean, pipe.Mean)
		}
	}
}

// TestFoldFeatures: the feature step fits a new method on the training rows
// only, gives unsupervised methods no labels, and maps the test rows with
// the fitted method (selected columns; Transform for an extractor).
func TestFoldFeatures(t *testing.T) {
	train := mat.NewDense(6, 3, []float64{1, 0, 5, 2, 1, 4, 3, 0, 3, 4, 1, 2, 5, 0, 1, 6, 1, 0})
	test := mat.NewDense(2, 3, []float64{7, 0, 9, 8, 1, 9})
	y := []int{0, 1, 0, 1, 0, 1}
	var seen *probe
	step := methods.FoldFeatures(methods.Spec{}, func() (methods.Method, error) { seen = &probe{}; return seen, nil })
	ztr, zte, err := step(context.Background(), train, y, test)
	if err != nil {
		t.Fatal(err)
	}
	if seen.y != nil || seen.rows != 6 {
		t.Errorf("unsupervised method fitted on %d rows with labels %v; want the 6 training rows, no labels", seen.rows, seen.y)
	}
	if !mat.Equal(ztr, mat.NewDense(6, 2, []float64{5, 1, 4, 2, 3, 3, 2, 4, 1, 5, 0, 6})) || !mat.Equal(zte, mat.NewDense(2, 2, []float64{9, 7, 9, 8})) {
		t.Errorf("features %v, %v: want columns 2 and 0 of the training and test rows", mat.Formatted(ztr), mat.Formatted(zte))
	}
	supervised := methods.FoldFeatures(methods.Spec{Supervised: true}, func() (methods.Method, error) { seen = &probe{}; return seen, nil })
	if _, _, err := supervised(context.Background(), train, y, test); err != nil || len(seen.y) != 6 {
		t.Errorf("supervised method got labels %v (%v)", seen.y, err)
	}

	// An extractor maps the test rows with Transform.
	pca := func() (methods.Method, error) { return methods.New("pca", methods.Params{"k": 1}) }
	ztr, zte, err = methods.FoldFeatures(methods.Spec{}, pca)(context.Background(), train, nil, test)
	if err != nil {
		t.Fatal(err)
	}
	m, _ := pca()
	m.Fit(train, nil)
	want, _ := m.(methods.Extractor).Transform(test)
	if r, c := ztr.Dims(); r != 6 || c != 1 || !mat.EqualApprox(zte, want, 1e-12) {
		t.Errorf("pca features %v / %v, want the test rows transformed %v", mat.Formatted(ztr), mat.Formatted(zte), mat.Formatted(want))
	}

	// Errors: a selection of nothing, a column out of range or twice.
	empty := func() (methods.Method, error) { return &probe{none: true}, nil }
	if _, _, err := methods.FoldFeatures(methods.Spec{}, empty)(context.Background(), train, nil, test); err == nil {
		t.Error("an empty selection was accepted")
	}
	for _, cols := range [][]int{{3}, {-1}, {0, 0}} {
		if _, err := methods.SelectColumns(train, cols); err == nil {
			t.Errorf("columns %v accepted", cols)
		}
	}
}

// probe selects columns 2 and 0 (or nothing) and records what it was
// fitted on.
type probe struct {
	rows int
	y    []int
	none bool
}

func (p *probe) Fit(X *mat.Dense, y []int) error { p.rows, _ = X.Dims(); p.y = y; return nil }
func (p *probe) Selected() []int {
	if p.none {
		return nil
	}
	return []int{2, 0}
}
