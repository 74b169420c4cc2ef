package autoencoder

import (
	"math"
	"math/rand/v2"

	"gonum.org/v1/gonum/blas"
	"gonum.org/v1/gonum/blas/blas32"
	"gonum.org/v1/gonum/blas/blas64"

	"github.com/gsbench/gsbench/internal/par"
)

// float is the arithmetic of a network: float64, or float32 (Precision).
type float interface{ float32 | float64 }

// gemm is C = alpha op(A) op(B) + beta C (row-major) in F's precision:
// BLAS's dgemm or sgemm (OpenBLAS when fastblas.Enable found it, gonum
// otherwise).
func gemm[F float](tA, tB blas.Transpose, m, n, k int, alpha F, a []F, lda int, b []F, ldb int, beta F, c []F, ldc int) {
	switch a := any(a).(type) {
	case []float64:
		blas64.Implementation().Dgemm(tA, tB, m, n, k, float64(alpha), a, lda, any(b).([]float64), ldb, float64(beta), any(c).([]float64), ldc)
	case []float32:
		blas32.Implementation().Sgemm(tA, tB, m, n, k, float32(alpha), a, lda, any(b).([]float32), ldb, float32(beta), any(c).([]float32), ldc)
	}
}

// unitKind is the activation function of a layer's units.
type unitKind uint8

const (
	unitLinear unitKind = iota
	unitReLU
	unitTanh
)

// network is a fully connected feed-forward network with all its weights
// and biases in one flat slice (so that Adam updates them in one loop),
// computing in F.
// Layer l = 1..L maps sizes[l-1] inputs to sizes[l] outputs:
// A_l = act_l(A_{l-1} W_l + b_l), with W_l stored row-major
// sizes[l-1] x sizes[l] at params[wOff[l]:] and b_l at params[bOff[l]:].
type network[F float] struct {
	sizes      []int
	acts       []unitKind // acts[l] for l = 1..L; acts[0] unused
	params     []F
	wOff, bOff []int
	bottleneck int // index of the bottleneck layer (its outputs are the features)
}

// newNetwork builds the symmetric autoencoder d -> hidden... -> k ->
// reversed(hidden)... -> d: hidden layers use act, the bottleneck and the
// output are linear.
func newNetwork[F float](d int, hidden []int, k int, act unitKind) *network[F] {
	sizes := []int{d}
	sizes = append(sizes, hidden...)
	sizes = append(sizes, k)
	for i := len(hidden) - 1; i >= 0; i-- {
		sizes = append(sizes, hidden[i])
	}
	sizes = append(sizes, d)
	L := len(sizes) - 1
	net := &network[F]{sizes: sizes, acts: make([]unitKind, L+1), wOff: make([]int, L+1), bOff: make([]int, L+1), bottleneck: len(hidden) + 1}
	off := 0
	for l := 1; l <= L; l++ {
		if l != net.bottleneck && l != L {
			net.acts[l] = act
		}
		net.wOff[l] = off
		off += sizes[l-1] * sizes[l]
		net.bOff[l] = off
		off += sizes[l]
	}
	net.params = make([]F, off)
	return net
}

func (net *network[F]) layers() int { return len(net.sizes) - 1 }

func (net *network[F]) weights(l int) []F {
	return net.params[net.wOff[l] : net.wOff[l]+net.sizes[l-1]*net.sizes[l]]
}

func (net *network[F]) bias(l int) []F {
	return net.params[net.bOff[l] : net.bOff[l]+net.sizes[l]]
}

// initialize draws the weights: He normal, N(0, 2 / fan_in), for layers
// followed by ReLU (He et al., "Delving deep into rectifiers", ICCV 2015,
// Sec. 2.2); Glorot uniform, U(+-sqrt(6 / (fan_in + fan_out))), for tanh and
// linear layers (Glorot & Bengio, AISTATS 2010, eq. 16; the Keras default).
// Biases start at zero. The draws are float64, rounded to F: a float32
// network starts from the float64 one's weights, rounded.
func (net *network[F]) initialize(rng *rand.Rand) {
	clear(net.params)
	for l := 1; l <= net.layers(); l++ {
		in, out := net.sizes[l-1], net.sizes[l]
		w := net.weights(l)
		if net.acts[l] == unitReLU {
			s := math.Sqrt(2 / float64(in))
			for i := range w {
				w[i] = F(s * rng.NormFloat64())
			}
			continue
		}
		lim := math.Sqrt(6 / float64(in+out))
		for i := range w {
			w[i] = F(lim * (2*rng.Float64() - 1))
		}
	}
}

// workspace holds the activations and gradients of one mini-batch of up to
// rows samples.
type workspace[F float] struct {
	rows int
	a    [][]F // a[l]: rows x sizes[l] activations (a[0] is the input batch)
	da   [][]F // gradient of the loss w.r.t. a[l] (then w.r.t. the pre-activation)
}

func newWorkspace[F float](net *network[F], rows int) *workspace[F] {
	L := net.layers()
	ws := &workspace[F]{rows: rows, a: make([][]F, L+1), da: make([][]F, L+1)}
	for l := 0; l <= L; l++ {
		ws.a[l] = make([]F, rows*net.sizes[l])
		ws.da[l] = make([]F, rows*net.sizes[l])
	}
	return ws
}

// forward computes the activations of the first m rows of ws.a[0] up to
// layer upto (net.layers() for the reconstruction, net.bottleneck for the
// features).
func (net *network[F]) forward(ws *workspace[F], m, upto int) {
	for l := 1; l <= upto; l++ {
		in, out := net.sizes[l-1], net.sizes[l]
		z := ws.a[l][:m*out]
		b := net.bias(l)
		for i := 0; i < m; i++ {
			copy(z[i*out:(i+1)*out], b)
		}
		gemm(blas.NoTrans, blas.NoTrans, m, out, in, 1, ws.a[l-1], in, net.weights(l), out, 1, z, out)
		switch net.acts[l] {
		case unitReLU:
			for i, v := range z {
				if v < 0 {
					z[i] = 0
				}
			}
		case unitTanh:
			for i, v := range z {
				z[i] = F(math.Tanh(float64(v)))
			}
		}
	}
}

// lossGrad runs the forward pass on the first m rows of ws.a[0] and, when
// grad is not nil, back-propagates into grad (same layout as params, its
// previous content overwritten). It returns the mean squared reconstruction
// error, sum (x_hat - x)^2 / (m d), the loss Keras' "mse" reports, summed in
// float64 whatever F.
func (net *network[F]) lossGrad(ws *workspace[F], m int, grad []F) float64 {
	L := net.layers()
	d := net.sizes[0]
	net.forward(ws, m, L)
	x, out, dOut := ws.a[0][:m*d], ws.a[L][:m*d], ws.da[L][:m*d]
	loss := 0.0
	scale := F(2 / float64(m*d))
	for i, v := range out {
		r := v - x[i]
		loss += float64(r) * float64(r)
		dOut[i] = scale * r
	}
	loss /= float64(m * d)
	if grad == nil {
		return loss
	}
	for l := L; l >= 1; l-- {
		in, nOut := net.sizes[l-1], net.sizes[l]
		dz, a := ws.da[l][:m*nOut], ws.a[l][:m*nOut]
		// Through the activation: dL/dz = dL/da * act'(z), with the
		// derivative written in terms of the activation a.
		switch net.acts[l] {
		case unitReLU:
			for i, v := range a {
				if v <= 0 {
					dz[i] = 0
				}
			}
		case unitTanh:
			for i, v := range a {
				dz[i] *= 1 - v*v
			}
		}
		// dW = A_{l-1}^T dZ, db = column sums of dZ.
		gw := grad[net.wOff[l] : net.wOff[l]+in*nOut]
		gemm(blas.Trans, blas.NoTrans, in, nOut, m, 1, ws.a[l-1], in, dz, nOut, 0, gw, nOut)
		gb := grad[net.bOff[l] : net.bOff[l]+nOut]
		clear(gb)
		for i := 0; i < m; i++ {
			for j, v := range dz[i*nOut : (i+1)*nOut] {
				gb[j] += v
			}
		}
		if l > 1 { // dA_{l-1} = dZ W^T
			gemm(blas.NoTrans, blas.Trans, m, in, nOut, 1, dz, nOut, net.weights(l), nOut, 0, ws.da[l-1][:m*in], in)
		}
	}
	return loss
}

// tinyMoment and tinySquare are the magnitudes below which Adam's first and
// second moments are set to zero, in float64 and in float32 (whose subnormal
// range starts at 1.2e-38).
const (
	tinyMoment, tinyMoment32 = 1e-150, 1e-30
	tinySquare, tinySquare32 = tinyMoment * tinyMoment, 1e-36
)

// adam is the Adam optimiser (Kingma & Ba, "Adam: A method for stochastic
// optimization", ICLR 2015, Algorithm 1, with its default beta1 = 0.9,
// beta2 = 0.999, epsilon = 1e-8), in the equivalent form of the end of the
// paper's Section 2: step size lr sqrt(1 - beta2^t) / (1 - beta1^t) and
// epsilon scaled by sqrt(1 - beta2^t), so that the bias corrections cost
// nothing per parameter. The moments and the update are computed in F (as
// PyTorch's Adam does in the parameters' type), the step size and the bias
// corrections in float64.
type adam[F float] struct {
	lr, beta1, beta2, eps float64
	m, v                  []F
	b1t, b2t              float64 // beta1^t, beta2^t
}

func newAdam[F float](n int, lr float64) *adam[F] {
	return &adam[F]{lr: lr, beta1: 0.9, beta2: 0.999, eps: 1e-8, m: make([]F, n), v: make([]F, n), b1t: 1, b2t: 1}
}

// step updates params with the gradient sum_i w[i] grads[i] (the mean-loss
// gradients of the parts of a mini-batch, weighted by their share of its rows).
func (o *adam[F]) step(params []F, grads [][]F, w []float64) {
	o.b1t *= o.beta1
	o.b2t *= o.beta2
	c2 := math.Sqrt(1 - o.b2t)
	lr := F(o.lr * c2 / (1 - o.b1t))
	eps := F(o.eps * c2)
	b1, b2 := F(o.beta1), F(o.beta2)
	c1, c2b := 1-b1, 1-b2
	tinyM, tinyV := F(tinyMoment), F(tinySquare)
	if _, single := any(eps).(float32); single {
		tinyM, tinyV = F(tinyMoment32), F(tinySquare32)
	}
	w0, w1 := F(w[0]), F(0)
	if len(w) > 1 {
		w1 = F(w[1])
	}
	// Elementwise, so splitting among goroutines changes nothing.
	par.Chunks(len(params), 1<<14, 0, func(_, lo, hi int) {
		m, v, p := o.m[lo:hi], o.v[lo:hi], params[lo:hi]
		v = v[:len(m)]
		p = p[:len(m)]
		g0 := grads[0][lo:hi]
		g0 = g0[:len(m)]
		var g1 []F
		if len(grads) > 1 {
			g1 = grads[1][lo:hi]
			g1 = g1[:len(m)]
		}
		for i := range m {
			gi := g0[i]
			switch len(grads) {
			case 1:
			case 2:
				gi = w0*gi + w1*g1[i]
			default:
				gi = 0
				for k, g := range grads {
					gi += F(w[k]) * g[lo+i]
				}
			}
			mi := b1*m[i] + c1*gi
			vi := b2*v[i] + c2b*gi*gi
			// Flush to zero: the first moment of a parameter whose gradient
			// stays zero (a pixel that is 0 in a whole run of batches, a dead
			// ReLU unit) decays as 0.9^t into the subnormal range, where 0.9 m
			// rounds back to the smallest subnormal and stays there, and
			// subnormal arithmetic is many times slower: on MNIST a fifth of
			// the parameters got there after 6 epochs. The update of such a
			// parameter, lr m / (sqrt(v) + eps), is negligible long before.
			if mi < tinyM && -mi < tinyM {
				mi = 0
			}
			if vi < tinyV {
				vi = 0
			}
			m[i], v[i] = mi, vi
			p[i] -= lr * mi / (F(math.Sqrt(float64(vi))) + eps)
		}
	})
}
