package svm

import "math"

// exp2Table[j] = 2^(j/32).
var exp2Table = func() (t [32]float64) {
	for j := range t {
		t[j] = math.Exp2(float64(j) / 32)
	}
	return t
}()

// expFast returns e^x with a relative error below 1e-14 wherever the
// result is a normal float64. It serves kernel values that are then rounded
// to float32, at about a third of the cost of math.Exp. Method (Tang's
// table-driven exponential): x = (32m + j) ln2/32 + r with |r| <= ln2/64
// (Cody-Waite split of ln2/32), e^x = 2^m 2^(j/32) e^r, e^r by its Taylor
// polynomial of degree 5 (truncation error r^6/720 < 3e-15).
func expFast(x float64) float64 {
	if !(x > -708 && x < 709) {
		return math.Exp(x) // NaN, overflow, subnormal or zero results
	}
	const (
		invL = 32 / math.Ln2
		l1   = 0.021660849335603416  // ln2/32 with 24 trailing zero bits: k l1 is exact
		l2   = 5.689487495325457e-11 // ln2/32 - l1
	)
	t := x * invL
	var k int64
	if t < 0 {
		k = int64(t - 0.5)
	} else {
		k = int64(t + 0.5)
	}
	kf := float64(k)
	r := (x - kf*l1) - kf*l2
	r2 := r * r
	p := 1 + r + r2*(0.5+r*(1.0/6)) + r2*r2*(1.0/24+r*(1.0/120))
	return exp2Table[k&31] * p * math.Float64frombits(uint64((k>>5)+1023)<<52)
}

// rbfRow sets out[j] = float32(exp(-gamma (sqi + sqj[j] - 2 dots[j]))), the
// squared distance clamped at zero: the RBF kernel values of one row from
// its dot products. It is expFast unrolled into the loop.
func rbfRow(out []float32, dots []float64, sqi float64, sqj []float64, gamma float64) {
	const (
		invL = 32 / math.Ln2
		l1   = 0.021660849335603416
		l2   = 5.689487495325457e-11
	)
	dots = dots[:len(out)]
	sqj = sqj[:len(out)]
	for j := range out {
		d := sqi + sqj[j] - 2*dots[j]
		if d < 0 {
			d = 0
		}
		x := -gamma * d
		if x < -708 {
			out[j] = 0 // below float32's smallest subnormal (e^-104)
			continue
		}
		k := int64(x*invL - 0.5) // x <= 0: round half away from zero
		kf := float64(k)
		r := (x - kf*l1) - kf*l2
		r2 := r * r
		p := 1 + r + r2*(0.5+r*(1.0/6)) + r2*r2*(1.0/24+r*(1.0/120))
		out[j] = float32(exp2Table[k&31] * p * math.Float64frombits(uint64((k>>5)+1023)<<52))
	}
}
