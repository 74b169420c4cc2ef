package umap

import "math"

// powPos returns x^y for x > 0 as 2^(y log2 x) with both factors from short
// polynomials: relative error below 1e-9 (TestPowPos), about six times
// faster than math.Pow. The SGD spends most of its time in the powers
// d^(2b) of its kernel; umap-learn computes them in float32 (relative error
// about 1e-7). Arguments outside [1e-300, 1e300] or results beyond 2^+-1000
// go to the math package.
func powPos(x, y float64) float64 {
	if x < 1e-300 || x > 1e300 {
		return math.Pow(x, y)
	}
	// x = m 2^e with m in [sqrt(1/2), sqrt(2)).
	bits := math.Float64bits(x)
	e := int((bits>>52)&0x7ff) - 1023
	m := math.Float64frombits(bits&^(0x7ff<<52) | 1023<<52) // [1, 2)
	if m > math.Sqrt2 {
		m /= 2
		e++
	}
	// ln m = 2 atanh(s), s = (m-1)/(m+1), |s| <= 0.1716: series to s^11.
	s := (m - 1) / (m + 1)
	s2 := s * s
	lnm := 2 * s * (1 + s2*(1.0/3+s2*(1.0/5+s2*(1.0/7+s2*(1.0/9+s2*(1.0/11))))))
	t := y * (float64(e) + lnm*math.Log2E)
	if t > 1000 || t < -1000 {
		return math.Exp2(t)
	}
	// 2^t = 2^n e^(f ln 2), n = round(t), |f ln 2| <= 0.347: Taylor to degree 11.
	n := math.Floor(t + 0.5)
	z := (t - n) * math.Ln2
	p := 1 + z*(1+z*(1.0/2+z*(1.0/6+z*(1.0/24+z*(1.0/120+z*(1.0/720+z*(1.0/5040+z*(1.0/40320+z*(1.0/362880+z*(1.0/3628800+z*(1.0/39916800)))))))))))
	return p * math.Float64frombits(uint64(int64(n)+1023)<<52)
}
