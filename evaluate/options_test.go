package evaluate

import (
	"context"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"gonum.org/v1/gonum/mat"

	"github.com/gsbench/gsbench/learn/svm"
	"github.com/gsbench/gsbench/preprocess"
)

// The defaults are the papers' protocols, and they are exactly what the
// zero values of CVOptions and ClusterOptions select.
func TestDefaultProtocols(t *testing.T) {
	sd, kd := DefaultSVM(), DefaultKMeans()
	if err := sd.Validate(); err != nil {
		t.Errorf("DefaultSVM: %v", err)
	}
	if err := kd.Validate(); err != nil {
		t.Errorf("DefaultKMeans: %v", err)
	}
	want := SVMOptions{Folds: 5, Repeats: 1, Kernel: "rbf", C: 1, Gamma: "scale", Multiclass: "ovr", Preprocess: "none"}
	if sd != want {
		t.Errorf("DefaultSVM = %+v, want %+v", sd, want)
	}
	if kd != (KMeansOptions{Seeds: 25, NInit: 10, MaxIter: 300, Preprocess: "none"}) {
		t.Errorf("DefaultKMeans = %+v", kd)
	}
	cv, err := sd.CV(7, 3)
	if err != nil {
		t.Fatal(err)
	}
	if cv.SVM.Defaults() != (svm.Params{}).Defaults() || cv.Seed != 7 || cv.Workers != 3 || cv.Preprocess != preprocess.None {
		t.Errorf("DefaultSVM().CV = %+v", cv)
	}
	if zero := (CVOptions{}).defaults(); zero.Folds != cv.Folds || zero.Repeats != cv.Repeats {
		t.Errorf("zero CVOptions: %d folds x %d repeats, DefaultSVM %d x %d", zero.Folds, zero.Repeats, cv.Folds, cv.Repeats)
	}

	rng := rand.New(rand.NewPCG(3, 4))
	X := mat.NewDense(60, 3, nil)
	y := make([]int, 60)
	for i := range 60 {
		y[i] = i % 3
		for j := range 3 {
			X.Set(i, j, float64(y[i]*(j+1))+rng.NormFloat64())
		}
	}
	cl, err := kd.Cluster(1)
	if err != nil {
		t.Fatal(err)
	}
	a, err := ClusterNMI(context.Background(), X, y, cl)
	if err != nil {
		t.Fatal(err)
	}
	b, err := ClusterNMI(context.Background(), X, y, ClusterOptions{Workers: 1})
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(a.NMI.Values, b.NMI.Values) || len(a.NMI.Values) != 25 {
		t.Errorf("DefaultKMeans: NMI %v, zero ClusterOptions: %v", a.NMI.Values, b.NMI.Values)
	}
}

// Invalid options are refused with a message naming the option.
func TestProtocolErrors(t *testing.T) {
	for _, tc := range []struct {
		edit func(*SVMOptions)
		want string
	}{
		{func(o *SVMOptions) { o.Folds = 1 }, "folds 1: use at least 2"},
		{func(o *SVMOptions) { o.Repeats = 3 }, "repeats 3: use 1, or more with shuffle: true"},
		{func(o *SVMOptions) { o.Kernel = "sigmoid" }, `unknown kernel "sigmoid"`},
		{func(o *SVMOptions) { o.Multiclass = "ecoc" }, `unknown multiclass scheme "ecoc"`},
		{func(o *SVMOptions) { o.Gamma = "-1" }, `gamma "-1"`},
		{func(o *SVMOptions) { o.C = -1 }, "C = -1"},
		{func(o *SVMOptions) { o.Preprocess = "zscore" }, `"zscore"`},
	} {
		o := DefaultSVM()
		tc.edit(&o)
		if err := o.Validate(); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%+v: error %v, want %q", o, err, tc.want)
		}
	}
	for _, tc := range []struct {
		edit func(*KMeansOptions)
		want string
	}{
		{func(o *KMeansOptions) { o.Seeds = 0 }, "seeds 0: use at least 1"},
		{func(o *KMeansOptions) { o.NInit = 0 }, "n_init and max_iter >= 1"},
		{func(o *KMeansOptions) { o.Clusters = -2 }, "clusters must be >= 0"},
		{func(o *KMeansOptions) { o.Preprocess = "zscore" }, `"zscore"`},
	} {
		o := DefaultKMeans()
		tc.edit(&o)
		if err := o.Validate(); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%+v: error %v, want %q", o, err, tc.want)
		}
	}
}
