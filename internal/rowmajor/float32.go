package rowmajor

// The float32 kernels accumulate in 32 lanes, as four 8-wide vector
// registers hold them: element j of the rows is added to lane j mod 32, in
// order of j, each subtraction, product and addition rounded to float32
// (no fused multiply-add), and the lanes s are then summed in a fixed tree:
//
//	u[l] = (s[l] + s[l+8]) + (s[l+16] + s[l+24])   l = 0..7
//	v[l] = u[l] + u[l+4]                           l = 0..3
//	w[l] = v[l] + v[l+2]                           l = 0..1
//	result = w[0] + w[1]
//
// The vector code (AVX2, amd64) and the portable code follow this order to
// the bit, so a result does not depend on the machine.

// SqDist32 returns ||a - b||^2 in float32 (b at least as long as a), summed
// as the package comment above says: with AVX2 on amd64, in portable Go
// elsewhere, with the same bits.
func SqDist32(a, b []float32) float32 {
	b = b[:len(a)]
	if len(a) == 0 {
		return 0
	}
	if useAVX2 {
		return sqDist32AVX2(&a[0], &b[0], len(a))
	}
	return sqDist32Go(a, b)
}

// Dot32 returns a . b in float32 (b at least as long as a), summed in the
// lanes and tree of SqDist32.
func Dot32(a, b []float32) float32 {
	b = b[:len(a)]
	if len(a) == 0 {
		return 0
	}
	if useAVX2 {
		return dot32AVX2(&a[0], &b[0], len(a))
	}
	return dot32Go(a, b)
}

// HasVectorKernels reports whether SqDist32 and Dot32 run in vector
// instructions (AVX2) on this machine.
func HasVectorKernels() bool { return useAVX2 }

func sqDist32Go(a, b []float32) float32 {
	var s [32]float32
	j := 0
	for ; j+32 <= len(a); j += 32 {
		x, y := a[j:j+32:j+32], b[j:j+32:j+32]
		for l := range s {
			t := x[l] - y[l]
			s[l] += float32(t * t) // the conversion forbids a fused multiply-add
		}
	}
	for l := 0; j < len(a); j, l = j+1, l+1 {
		t := a[j] - b[j]
		s[l] += float32(t * t)
	}
	return reduce32(&s)
}

func dot32Go(a, b []float32) float32 {
	var s [32]float32
	j := 0
	for ; j+32 <= len(a); j += 32 {
		x, y := a[j:j+32:j+32], b[j:j+32:j+32]
		for l := range s {
			s[l] += float32(x[l] * y[l])
		}
	}
	for l := 0; j < len(a); j, l = j+1, l+1 {
		s[l] += float32(a[j] * b[j])
	}
	return reduce32(&s)
}

// reduce32 sums the 32 lanes in the tree of the package comment.
func reduce32(s *[32]float32) float32 {
	var u [8]float32
	for l := range u {
		u[l] = (s[l] + s[l+8]) + (s[l+16] + s[l+24])
	}
	v0, v1, v2, v3 := u[0]+u[4], u[1]+u[5], u[2]+u[6], u[3]+u[7]
	return (v0 + v2) + (v1 + v3)
}
