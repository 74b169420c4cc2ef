// Package autoencoder implements the autoencoder baseline of the journal's
// Section VIII-B1 and Figure 4: a symmetric multilayer perceptron ("an
// hourglass shaped neural network", journal Sec. II) trained to reproduce
// its input, whose narrowest layer gives the extracted features.
//
// Architecture: input d -> hidden layers Layers (ReLU or tanh) -> a linear
// bottleneck of K units -> the hidden layers in reverse order -> a linear
// output of d units. Training minimises the mean squared reconstruction
// error with Adam (Kingma & Ba 2015) on shuffled mini-batches, from seeded
// He (ReLU layers) or Glorot (tanh and linear layers) initial weights, with
// optional early stopping on a held-out fraction of the rows. Matrix
// products go through gonum's BLAS (OpenBLAS when fastblas finds
// it).
//
// Parameters and defaults (New): K 2, Layers [256, 64], Activation relu,
// Epochs 50, ValidationFraction 0 (no early stopping), Patience 10 and
// Precision float64 are this package's choices; BatchSize 32 and LearningRate 0.001 are the
// defaults of Keras (Model.fit and Adam), the library such experiments are
// usually run with. FitContext stops with the context's error before every
// mini-batch step; a canceled fit leaves the estimator as it was.
//
// With no hidden layers the network is linear, and its optimum spans the
// principal subspace (Baldi & Hornik, "Neural networks and principal
// component analysis", Neural Networks 2, 1989): the tests check that
// training reaches PCA's reconstruction error.
//
// Reproducibility: for a given Seed, training is deterministic (one random
// stream each for the initial weights, the validation split and the batch
// order) whatever GOMAXPROCS is; the products run in BLAS, whose rounding can
// change with the library (OpenBLAS or pure-Go gonum) and with OpenBLAS's
// thread count (fastblas.SetThreads).
//
// Precision float32 trains in single precision, as PyTorch and Keras do by
// default: the products in sgemm, the activations, gradients and Adam's
// moments in float32 (the losses are summed in float64). The loss per epoch
// stays within the noise of training of the float64 curve (TestFloat32);
// the features differ in their last bits, so float64 stays the default and
// keeps the golden results.
//
// Speed: a step costs a few small matrix products and one pass of Adam over
// all the weights, so small batches are expensive: on MNIST, 20 epochs of a
// 784-256-29 network take about ten times longer with batches of 32 than
// with 256 on a loaded 2-core machine (BenchmarkMNIST); in float32, OpenBLAS's
// sgemm makes an epoch about twice as fast (BenchmarkEpochMNIST).
package autoencoder
