package autoencoder

import (
	"context"
	"errors"
	"math"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"gonum.org/v1/gonum/mat"

	"github.com/gsbench/gsbench/internal/linalg"
	"github.com/gsbench/gsbench/internal/testutil/realdata"
	"github.com/gsbench/gsbench/preprocess"
)

func randomMatrix(n, d int, seed uint64) *mat.Dense {
	r := rand.New(rand.NewPCG(seed, 9))
	X := mat.NewDense(n, d, nil)
	for i := 0; i < n; i++ {
		for j := 0; j < d; j++ {
			X.Set(i, j, r.NormFloat64())
		}
	}
	return X
}

// TestGradient checks back-propagation against central finite differences
// of the loss for every weight and bias, with each activation and with and
// without hidden layers.
func TestGradient(t *testing.T) {
	for _, tc := range []struct {
		name   string
		hidden []int
		act    unitKind
	}{
		{"relu 5-4-3-2-3-4-5", []int{4, 3}, unitReLU},
		{"tanh 5-4-3-2-3-4-5", []int{4, 3}, unitTanh},
		{"tanh 5-6-2-6-5", []int{6}, unitTanh},
		{"linear 5-2-5", nil, unitReLU},
	} {
		const d, k, m = 5, 2, 7
		net := newNetwork[float64](d, tc.hidden, k, tc.act)
		r := rand.New(rand.NewPCG(1, 2))
		net.initialize(r)
		for l := 1; l <= net.layers(); l++ { // non-zero biases exercise their gradient
			for i := range net.bias(l) {
				net.bias(l)[i] = 0.1 * r.NormFloat64()
			}
		}
		ws := newWorkspace(net, m)
		copy(ws.a[0], randomMatrix(m, d, 3).RawMatrix().Data)
		grad := make([]float64, len(net.params))
		net.lossGrad(ws, m, grad)
		worst := 0.0
		for p := range net.params {
			const h = 1e-6
			keep := net.params[p]
			net.params[p] = keep + h
			lp := net.lossGrad(ws, m, nil)
			net.params[p] = keep - h
			lm := net.lossGrad(ws, m, nil)
			net.params[p] = keep
			fd := (lp - lm) / (2 * h)
			rel := math.Abs(grad[p]-fd) / math.Max(1e-6, math.Abs(grad[p])+math.Abs(fd))
			worst = math.Max(worst, rel)
			if rel > 1e-5 {
				t.Errorf("%s: parameter %d: backprop %.10g, finite difference %.10g", tc.name, p, grad[p], fd)
			}
		}
		t.Logf("%s: %d parameters, largest relative difference %.2g", tc.name, len(net.params), worst)
	}
}

// TestLinearMatchesPCA: data near a 2-D linear subspace of R^10 (signal
// standard deviations 2 and 1 along two random directions, isotropic noise
// 0.3); a linear autoencoder with 2 bottleneck units reaches the
// reconstruction error of PCA with 2 components (the optimum, Baldi & Hornik
// 1989) within 1 %; with no noise both errors are essentially zero. (The
// loss is flat, with curvature of the order of the noise variance, in the
// directions that make the learned projection oblique, which is why the
// noise is not much smaller and why training takes 400 epochs.)
func TestLinearMatchesPCA(t *testing.T) {
	for _, noise := range []float64{0.3, 0} {
		const n, d = 1000, 10
		r := rand.New(rand.NewPCG(4, 4))
		basis := randomMatrix(2, d, 5)
		X := mat.NewDense(n, d, nil)
		for i := 0; i < n; i++ {
			z0, z1 := 2*r.NormFloat64(), r.NormFloat64()
			for j := 0; j < d; j++ {
				X.Set(i, j, z0*basis.At(0, j)+z1*basis.At(1, j)+noise*r.NormFloat64())
			}
		}
		pcaErr, total := pcaError(X, 2)
		ae := New()
		ae.K, ae.Layers, ae.Epochs, ae.LearningRate, ae.BatchSize, ae.Seed = 2, nil, 400, 0.001, 32, 1
		if err := ae.Fit(X, nil); err != nil {
			t.Fatal(err)
		}
		R, err := ae.Reconstruct(X)
		if err != nil {
			t.Fatal(err)
		}
		var diff mat.Dense
		diff.Sub(R, X)
		aeErr := mat.Norm(&diff, 2) * mat.Norm(&diff, 2) / (n * d)
		t.Logf("noise %.2f: autoencoder MSE %.6g, PCA %.6g, total variance %.4g", noise, aeErr, pcaErr, total)
		if noise > 0 && aeErr > 1.01*pcaErr {
			t.Errorf("noise %.2f: linear autoencoder MSE %.6g more than 1%% above PCA's %.6g", noise, aeErr, pcaErr)
		}
		if noise == 0 && aeErr > 1e-4*total {
			t.Errorf("exact subspace: autoencoder MSE %.3g, want below 1e-4 of the variance %.3g", aeErr, total)
		}
	}
}

// pcaError returns the mean squared error of the best rank-k reconstruction
// of the centred X (the sum of its trailing squared singular values over
// n d) and the mean squared deviation from the column means.
func pcaError(X *mat.Dense, k int) (float64, float64) {
	n, d := X.Dims()
	C := mat.DenseCopyOf(X)
	for j := 0; j < d; j++ {
		col := mat.Col(nil, j, C)
		mean := 0.0
		for _, v := range col {
			mean += v / float64(n)
		}
		for i := range col {
			col[i] -= mean
		}
		C.SetCol(j, col)
	}
	s, _, _, err := linalg.SVD(C)
	if err != nil {
		panic(err)
	}
	tail, total := 0.0, 0.0
	for i, v := range s {
		total += v * v
		if i >= k {
			tail += v * v
		}
	}
	return tail / float64(n*d), total / float64(n*d)
}

// TestTrainingOnDigits: the training loss decreases (the last epoch's is
// well below the first's and no epoch is far above its predecessor);
// early stopping keeps the weights of the epoch with the lowest validation
// loss.
func TestTrainingOnDigits(t *testing.T) {
	X := realdata.Load(t, "digits", preprocess.None).X
	ae := New()
	ae.K, ae.Layers, ae.Epochs, ae.Seed = 8, []int{32}, 30, 3
	if err := ae.Fit(X, nil); err != nil {
		t.Fatal(err)
	}
	loss := ae.Report()["train_loss"].([]float64)
	t.Logf("training loss: first %.4f, last %.4f", loss[0], loss[len(loss)-1])
	if loss[len(loss)-1] > 0.5*loss[0] {
		t.Errorf("training loss went from %.4f to %.4f only", loss[0], loss[len(loss)-1])
	}
	for e := 1; e < len(loss); e++ {
		if loss[e] > 1.05*loss[e-1] {
			t.Errorf("training loss rose from %.4f to %.4f at epoch %d", loss[e-1], loss[e], e+1)
		}
	}
	// Early stopping: tiny patience, many epochs.
	es := New()
	es.K, es.Layers, es.Epochs, es.Seed = 8, []int{32}, 200, 3
	es.ValidationFraction, es.Patience, es.LearningRate = 0.2, 2, 0.01
	if err := es.Fit(X, nil); err != nil {
		t.Fatal(err)
	}
	rep := es.Report()
	val := rep["validation_loss"].([]float64)
	best := rep["best_epoch"].(int)
	t.Logf("early stopping: %d epochs run, best %d, stopped early %v", rep["epochs_run"], best, rep["stopped_early"])
	if slices.Min(val) != val[best-1] {
		t.Errorf("best epoch %d has validation loss %.5g, the lowest is %.5g", best, val[best-1], slices.Min(val))
	}
	if rep["stopped_early"].(bool) && len(val)-best != es.Patience {
		t.Errorf("stopped %d epochs after the best, patience %d", len(val)-best, es.Patience)
	}
	// The kept weights are the best epoch's: recompute the validation loss.
	n, _ := X.Dims()
	order := make([]int, n)
	for i := range order {
		order[i] = i
	}
	rand.New(rand.NewPCG(es.Seed, streamValidation)).Shuffle(n, func(i, j int) { order[i], order[j] = order[j], order[i] })
	valRows := order[:int(math.Round(0.2*float64(n)))]
	R, _ := es.Reconstruct(X)
	sum := 0.0
	for _, i := range valRows {
		for j := 0; j < 64; j++ {
			r := R.At(i, j) - X.At(i, j)
			sum += r * r
		}
	}
	if got := sum / float64(len(valRows)*64); math.Abs(got-val[best-1]) > 1e-9*got {
		t.Errorf("validation loss of the kept weights %.10g, best epoch's %.10g", got, val[best-1])
	}
}

// TestFloat32 trains the same network on the min-max scaled digits in both
// precisions and with three seeds: the float32 loss curve stays within the
// noise of training, i.e. at every epoch it is nearer the float64 curve of
// its seed than the float64 curves of two seeds are to each other (by a
// factor 5), and it is reproducible to the bit. The float32 network's loss
// and gradient match the float64 network's (TestGradient checks those
// against finite differences) from the same weights, to float32 accuracy.
func TestFloat32(t *testing.T) {
	X := realdata.Load(t, "digits", preprocess.MinMax).X
	curve := func(seed uint64, prec Precision) []float64 {
		ae := New()
		ae.K, ae.Layers, ae.Epochs, ae.BatchSize, ae.Seed, ae.Precision = 8, []int{64}, 15, 64, seed, prec
		if err := ae.Fit(X, nil); err != nil {
			t.Fatal(err)
		}
		return ae.Report()["train_loss"].([]float64)
	}
	f64 := [][]float64{curve(1, Float64), curve(2, Float64), curve(3, Float64)}
	f32 := [][]float64{curve(1, Float32), curve(2, Float32), curve(3, Float32)}
	if again := curve(1, Float32); !slices.Equal(again, f32[0]) {
		t.Errorf("float32 training not reproducible: %v, then %v", f32[0], again)
	}
	for e := range f64[0] {
		noise := math.Min(math.Abs(f64[0][e]-f64[1][e]), math.Min(math.Abs(f64[0][e]-f64[2][e]), math.Abs(f64[1][e]-f64[2][e])))
		for s := range f64 {
			if d := math.Abs(f32[s][e] - f64[s][e]); d > noise/5 {
				t.Errorf("seed %d, epoch %d: float32 loss %.6g, float64 %.6g: difference %.2g above a fifth of the seed-to-seed spread %.2g",
					s+1, e+1, f32[s][e], f64[s][e], d, noise)
			}
		}
	}
	t.Logf("seed 1, float64: %.5f", f64[0])
	t.Logf("seed 1, float32: %.5f", f32[0])

	for _, act := range []unitKind{unitReLU, unitTanh} {
		net := newNetwork[float32](5, []int{4, 3}, 2, act)
		r := rand.New(rand.NewPCG(1, 2))
		net.initialize(r)
		for l := 1; l <= net.layers(); l++ {
			for i := range net.bias(l) {
				net.bias(l)[i] = float32(0.1 * r.NormFloat64())
			}
		}
		ws := newWorkspace(net, 7)
		for i, v := range randomMatrix(7, 5, 3).RawMatrix().Data {
			ws.a[0][i] = float32(v)
		}
		grad := make([]float32, len(net.params))
		loss := net.lossGrad(ws, 7, grad)
		ref := newNetwork[float64](5, []int{4, 3}, 2, act)
		for i, v := range net.params {
			ref.params[i] = float64(v)
		}
		ws64 := newWorkspace(ref, 7)
		for i, v := range ws.a[0] {
			ws64.a[0][i] = float64(v)
		}
		grad64 := make([]float64, len(ref.params))
		loss64 := ref.lossGrad(ws64, 7, grad64)
		if math.Abs(loss-loss64) > 1e-6*loss64 {
			t.Errorf("activation %d: float32 loss %.8g, float64 %.8g", act, loss, loss64)
		}
		for p, g := range grad64 {
			if math.Abs(float64(grad[p])-g) > 1e-5*math.Max(1, math.Abs(g)) {
				t.Errorf("activation %d, parameter %d: float32 gradient %.8g, float64 %.8g", act, p, grad[p], g)
			}
		}
	}
}

// TestReproducible: same seed, same bytes; another seed, other features.
// Transform of the training rows gives the embedding.
func TestReproducible(t *testing.T) {
	X := randomMatrix(300, 12, 7)
	fit := func(seed uint64) *Autoencoder {
		ae := New()
		ae.K, ae.Layers, ae.Epochs, ae.Seed, ae.ValidationFraction = 3, []int{16, 8}, 5, seed, 0.1
		if err := ae.Fit(X, nil); err != nil {
			t.Fatal(err)
		}
		return ae
	}
	a, b, c := fit(1), fit(1), fit(2)
	if !slices.Equal(a.Embedding().RawMatrix().Data, b.Embedding().RawMatrix().Data) {
		t.Error("same seed, different features")
	}
	if mat.Equal(a.Embedding(), c.Embedding()) {
		t.Error("different seeds, same features")
	}
	Z, err := a.Transform(X)
	if err != nil || !mat.Equal(Z, a.Embedding()) {
		t.Errorf("Transform(training rows) differs from Embedding (err %v)", err)
	}
	if r, cols := Z.Dims(); r != 300 || cols != 3 {
		t.Errorf("features %d x %d", r, cols)
	}
}

// TestDegenerate: constant and tiny inputs train to finite features;
// invalid data and parameters give errors that say what is wrong.
func TestDegenerate(t *testing.T) {
	for name, X := range map[string]*mat.Dense{
		"constant":  mat.NewDense(40, 3, nil),
		"one row":   mat.NewDense(1, 3, []float64{1, 2, 3}),
		"two rows":  mat.NewDense(2, 2, []float64{0, 1, 1, 0}),
		"wide":      randomMatrix(3, 50, 1),
		"one input": randomMatrix(20, 1, 2),
	} {
		for _, act := range []Activation{ReLU, Tanh} {
			ae := New()
			ae.Layers, ae.Epochs, ae.Activation, ae.ValidationFraction = []int{4}, 3, act, 0.3
			if err := ae.Fit(X, nil); err != nil {
				t.Errorf("%s, %s: %v", name, act, err)
				continue
			}
			for _, v := range ae.Embedding().RawMatrix().Data {
				if math.IsNaN(v) || math.IsInf(v, 0) {
					t.Fatalf("%s, %s: non-finite feature", name, act)
				}
			}
		}
	}
	X := randomMatrix(10, 3, 3)
	for _, tc := range []struct {
		set  func(*Autoencoder)
		want string
	}{
		{func(a *Autoencoder) { a.K = 0 }, "bottleneck"},
		{func(a *Autoencoder) { a.Layers = []int{8, 0} }, "layer 2"},
		{func(a *Autoencoder) { a.Activation = "sigmoid" }, "activation"},
		{func(a *Autoencoder) { a.Epochs = 0 }, "epochs"},
		{func(a *Autoencoder) { a.BatchSize = 0 }, "batch_size"},
		{func(a *Autoencoder) { a.LearningRate = -1 }, "learning_rate"},
		{func(a *Autoencoder) { a.ValidationFraction = 1 }, "validation_fraction"},
		{func(a *Autoencoder) { a.Patience = 0 }, "patience"},
		{func(a *Autoencoder) { *a = Autoencoder{K: 2, Epochs: 1, BatchSize: 8, LearningRate: 1e-3, Patience: 1} }, `activation = ""`}, // a literal must set every parameter
	} {
		ae := New()
		tc.set(ae)
		if err := ae.Fit(X, nil); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("error %v, want it to mention %q", err, tc.want)
		}
	}
	bad := mat.NewDense(2, 2, []float64{1, math.Inf(1), 0, 0})
	if err := New().Fit(bad, nil); err == nil || !strings.Contains(err.Error(), "finite") {
		t.Errorf("Inf input: error %v", err)
	}
	if _, err := New().Transform(X); err == nil {
		t.Error("Transform before Fit should fail")
	}
	ae := New()
	ae.Epochs = 1
	if err := ae.Fit(X, nil); err != nil {
		t.Fatal(err)
	}
	if _, err := ae.Transform(randomMatrix(2, 4, 1)); err == nil {
		t.Error("Transform with the wrong column count should fail")
	}
	// Values whose squares overflow make the loss infinite: an error that
	// says so, not NaN features.
	big := randomMatrix(50, 4, 5)
	big.Scale(1e170, big)
	if err := New().Fit(big, nil); err == nil || !strings.Contains(err.Error(), "diverged") {
		t.Errorf("overflowing loss: error %v", err)
	}
}

// countdown is a context whose Err reports context.Canceled from its
// (n+1)-th call on, and counts the calls: a deterministic cancellation at
// any check of FitContext.
type countdown struct {
	context.Context
	n, calls int
}

func (c *countdown) Err() error {
	c.calls++
	if c.calls > c.n {
		return context.Canceled
	}
	return nil
}

// A canceled context stops FitContext before its next mini-batch step with
// ctx's error, and the estimator keeps its previous fit (or stays
// unfitted): cancellation at every check of a whole fit.
func TestFitContextCanceled(t *testing.T) {
	X := randomMatrix(40, 4, 5)
	model := func() *Autoencoder {
		ae := New()
		ae.Layers, ae.Epochs, ae.BatchSize, ae.ValidationFraction = []int{6}, 3, 16, 0.25
		return ae
	}
	full := &countdown{Context: context.Background(), n: math.MaxInt}
	if err := model().FitContext(full, X, nil); err != nil {
		t.Fatal(err)
	}
	if full.calls < 1+3*2 { // before the fit, and at least every step of 30 rows in batches of 16
		t.Fatalf("%d context checks in 3 epochs of 2 steps", full.calls)
	}
	prev := model()
	prev.Seed = 8
	if err := prev.Fit(X, nil); err != nil {
		t.Fatal(err)
	}
	want, wantReport := prev.Embedding(), prev.Report()
	for n := range full.calls {
		fresh := model()
		ctx := &countdown{Context: context.Background(), n: n}
		if err := fresh.FitContext(ctx, X, nil); !errors.Is(err, context.Canceled) {
			t.Fatalf("canceled at check %d of %d: error %v", n+1, full.calls, err)
		}
		if ctx.calls != n+1 {
			t.Errorf("canceled at check %d: %d checks", n+1, ctx.calls)
		}
		if fresh.Embedding() != nil || fresh.Report() != nil {
			t.Errorf("canceled at check %d: a half-fitted model", n+1)
		}
		if _, err := fresh.Transform(X); err == nil {
			t.Errorf("canceled at check %d: Transform accepted", n+1)
		}
		if err := prev.FitContext(&countdown{Context: context.Background(), n: n}, X, nil); !errors.Is(err, context.Canceled) {
			t.Fatalf("refit canceled at check %d: error %v", n+1, err)
		}
		if !mat.Equal(prev.Embedding(), want) || prev.Report()["final_loss"] != wantReport["final_loss"] {
			t.Errorf("refit canceled at check %d: the previous fit was changed", n+1)
		}
	}
}
