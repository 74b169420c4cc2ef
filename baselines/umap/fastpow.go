package umap

import "math"

// powTab holds the tables of powPos: for the mantissas m in
// [1 + k/128, 1 + (k+1)/128), the centre c_k = 1 + (k + 1/2)/128, 1/c_k and
// log2(c_k); and 2^(j/64) for j = 0..63.
var powTab = func() (t struct {
	inv, log2c [128]float64
	exp2       [64]float64
}) {
	for k := range t.inv {
		c := 1 + (float64(k)+0.5)/128
		t.inv[k] = 1 / c
		t.log2c[k] = math.Log2(c)
	}
	for j := range t.exp2 {
		t.exp2[j] = math.Exp2(float64(j) / 64)
	}
	return t
}()

// powPos returns x^y for x > 0 as 2^(y log2 x), with relative error below
// 1e-12 (TestPowPos). The SGD spends most of its time in the powers d^(2b)
// of its kernel, each step waiting for the previous one, so what counts is
// the latency (BenchmarkPowPos: 31 CPU-ns a call against math.Pow's 73, and
// 48 for the Horner-evaluated Taylor series used before): log2 x = e + log2 c_k +
// log2(1 + u), with x = m 2^e, c_k the nearest table centre to m and
// u = (m - c_k)/c_k of magnitude below 1/256 (a degree-5 series, no
// division); 2^t = 2^n 2^(j/64) e^(z), t = n + j/64 + z/ln 2 with |z| below
// ln 2/128 (degree 5). umap-learn computes these powers in float32
// (relative error about 1e-7). Arguments outside [1e-300, 1e300] or results
// beyond 2^+-1000 go to the math package.
func powPos(x, y float64) float64 {
	if x < 1e-300 || x > 1e300 {
		return math.Pow(x, y)
	}
	bits := math.Float64bits(x)
	e := float64(int((bits>>52)&0x7ff) - 1023)
	k := (bits >> 45) & 127                                 // the mantissa's first 7 bits
	m := math.Float64frombits(bits&^(0x7ff<<52) | 1023<<52) // [1, 2)
	c := 1 + (float64(k)+0.5)/128
	u := (m - c) * powTab.inv[k] // m - c is exact
	u2 := u * u
	// ln(1 + u) = u - u^2/2 + u^3/3 - u^4/4 + u^5/5 - ...
	ln := u - u2*(0.5-u*(1.0/3)) + u2*u2*(-0.25+u*0.2)
	t := y * (e + (powTab.log2c[k] + ln*math.Log2E))
	if t > 1000 || t < -1000 {
		return math.Exp2(t)
	}
	nj := math.Floor(t*64 + 0.5) // 64 n + j
	z := (t - nj*(1.0/64)) * math.Ln2
	z2 := z * z
	p := (1 + z) + z2*(0.5+z*(1.0/6)) + z2*z2*(1.0/24+z*(1.0/120))
	i := int64(nj)
	return p * powTab.exp2[i&63] * math.Float64frombits(uint64(i>>6+1023)<<52)
}
