package methods

import (
	"context"
	"errors"
	"strings"
	"testing"

	"gonum.org/v1/gonum/mat"

	"github.com/gsbench/gsbench/internal/testutil/realdata"
	"github.com/gsbench/gsbench/preprocess"
)

// The extraction baselines build from CLI-style string parameters, fit, and
// expose what the generic extract command prints.
func TestExtractionBaselines(t *testing.T) {
	X := realdata.Load(t, "wine", preprocess.Standardize).X
	for _, tc := range []struct {
		name   string
		params Params
		m      int // components
	}{
		{"pca", Params{"k": "3"}, 3},
		{"pca", nil, 13},                  // no count, no threshold: every direction (scikit-learn's n_components=None)
		{"pca", Params{"eps2": "1"}, 3},   // Wine has 3 eigenvalues above 1 (ddof 1)
		{"pca", Params{"eps": "0.4"}, 12}, // eps2 = 0.16: Wine has 12 eigenvalues above it (ddof 1)
		{"kpca", Params{"k": "3", "kernel": "poly"}, 3},
		{"kpca", Params{"k": "2", "kernel": "rbf", "gamma": "0.1", "solver": "iterative"}, 2},
		{"kpca", Params{"k": "2", "kernel": "rbf", "gamma": "auto"}, 2},
		{"ica", Params{"k": "4", "seed": "3"}, 4},
		{"ica", Params{"algorithm": "deflation", "fun": "cube"}, 13},
		{"ica", Params{"k": "auto", "tol": 0, "max_iter": 3}, 13}, // tol 0: max_iter iterations
		{"lpp", nil, 2},
		{"lpp", Params{"ridge": 0}, 2}, // no ridge
		{"lpp", Params{"k": "5", "n-neighbors": "8", "weight": "heat", "weight_width": "4"}, 5},
	} {
		m, err := New(tc.name, tc.params)
		if err != nil {
			t.Fatalf("%s %v: %v", tc.name, tc.params, err)
		}
		if err := m.Fit(X, nil); err != nil {
			t.Fatalf("%s %v: %v", tc.name, tc.params, err)
		}
		Z, err := m.(Extractor).Transform(X)
		if err != nil {
			t.Fatal(err)
		}
		if r, c := Z.Dims(); r != 178 || c != tc.m {
			t.Errorf("%s %v: Transform gives %d x %d, want 178 x %d", tc.name, tc.params, r, c, tc.m)
		}
		if l, ok := m.(Linear); ok {
			if r, c := l.Components().Dims(); r != 13 || c != tc.m {
				t.Errorf("%s: components %d x %d", tc.name, r, c)
			}
		}
		if tr, ok := m.(Tracer); !ok || len(tr.Trace()) < tc.m {
			t.Errorf("%s: no trace of the %d variances", tc.name, tc.m)
		}
		if e, ok := m.(interface{ Eigenvalues() []float64 }); ok && len(e.Eigenvalues()) != tc.m {
			t.Errorf("%s: %d eigenvalues", tc.name, len(e.Eigenvalues()))
		}
	}
}

func TestExtractionBaselineParams(t *testing.T) {
	for _, tc := range []struct {
		name   string
		params Params
		want   string
	}{
		{"pca", Params{"eps": 0.3, "eps2": 0.1}, "not both"},
		{"pca", Params{"ddof": -1}, "non-negative"},
		{"pca", Params{"kernel": "rbf"}, "no parameter"},
		{"kpca", nil, "give k"},
		{"kpca", Params{"k": 2, "kernel": "sigmoid"}, "not one of linear, poly, rbf"},
		{"kpca", Params{"k": 2, "solver": "arpack"}, "not one of auto, dense, iterative"},
		{"kpca", Params{"k": 2, "gamma": -1}, "gamma"},
		{"kpca", Params{"k": 2, "tol": 0}, "tol"},
		{"kpca", Params{"k": 2, "kernel": "poly", "degree": 0}, "degree"},
		{"ica", Params{"fun": "tanh"}, "not one of logcosh, exp, cube"},
		{"ica", Params{"algorithm": "symmetric"}, "not one of parallel, deflation"},
		{"ica", Params{"tol": -1}, "non-negative"},
		{"ica", Params{"max_iter": 0}, "max_iter"},
		{"ica", Params{"alpha": 0}, "alpha"},
		{"lpp", Params{"weight": "cosine"}, "not one of adjacency, heat"},
		{"lpp", Params{"k": 0}, "at least 1"},
		{"lpp", Params{"n_neighbors": 1}, "at least 2"},
		{"lpp", Params{"ridge": -1}, "non-negative"},
		{"lpp", Params{"weight_width": 0}, "weight_width"},
	} {
		_, err := New(tc.name, tc.params)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s %v: error %v, want it to mention %q", tc.name, tc.params, err, tc.want)
		}
	}
}

// The nonlinear extraction baselines build from CLI-style parameters, fit
// under a context, and stop with its error when it is canceled.
func TestNonlinearBaselines(t *testing.T) {
	X := realdata.Load(t, "wine", preprocess.Standardize).X
	for _, tc := range []struct {
		name   string
		params Params
		m      int
	}{
		{"umap", Params{"n_epochs": "20", "n-neighbors": "10", "k": "3"}, 3},
		{"umap", Params{"n_epochs": "auto", "init": "random", "knn": "nndescent", "seed": "4"}, 2},
		{"autoencoder", Params{"epochs": "3", "layers": "8,4", "activation": "tanh", "k": "3"}, 3},
		{"autoencoder", Params{"epochs": 2, "layers": "", "validation_fraction": 0.2}, 2}, // linear autoencoder
	} {
		m, err := New(tc.name, tc.params)
		if err != nil {
			t.Fatalf("%s %v: %v", tc.name, tc.params, err)
		}
		if err := Fit(context.Background(), m, X, nil); err != nil {
			t.Fatalf("%s %v: %v", tc.name, tc.params, err)
		}
		Z, err := m.(Extractor).Transform(X)
		if err != nil {
			t.Fatal(err)
		}
		if r, c := Z.Dims(); r != 178 || c != tc.m {
			t.Errorf("%s %v: Transform gives %d x %d, want 178 x %d", tc.name, tc.params, r, c, tc.m)
		}
		if e := m.(Embedder).Embedding(); !mat.Equal(e, Z) {
			t.Errorf("%s %v: the training rows' features differ from the embedding", tc.name, tc.params)
		}
		ctx, cancel := context.WithCancel(context.Background())
		cancel()
		fresh, _ := New(tc.name, tc.params)
		if err := Fit(ctx, fresh, X, nil); !errors.Is(err, context.Canceled) {
			t.Errorf("%s %v: a canceled fit returned %v", tc.name, tc.params, err)
		}
	}
	for _, tc := range []struct {
		name   string
		params Params
		want   string
	}{
		{"umap", Params{"init": "pca"}, "not one of spectral, random"},
		{"umap", Params{"knn": "annoy"}, "not one of auto, exact, nndescent"},
		{"umap", Params{"n_epochs": -1}, "n_epochs"},
		{"umap", Params{"min_dist": 2}, "min_dist"},
		{"autoencoder", Params{"activation": "sigmoid"}, "not one of relu, tanh"},
		{"autoencoder", Params{"layers": "8,0"}, "layer 2"},
		{"autoencoder", Params{"validation_fraction": 1}, "validation_fraction"},
	} {
		if _, err := New(tc.name, tc.params); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s %v: error %v, want it to mention %q", tc.name, tc.params, err, tc.want)
		}
	}
}
