package svdentropy

import (
	"math"
)

const eps = 0x1p-52

// downdate returns the eigenvalues of diag(lambda) - z z', where lambda is
// sorted in decreasing order, lambda_j >= 0, and the matrix is known to be
// positive semidefinite (it is the Gram matrix of the data without one
// column). The result is in no particular order; negative rounding noise is
// clamped to 0.
//
// It follows the divide-and-conquer eigensolver's rank-one update (LAPACK
// dlaed2/dlaed4; Golub & Van Loan, Sec. 8.5.3): written as
// diag(delta) + z z' with delta = -lambda (increasing), components of z that
// vanish and pairs of (nearly) equal poles are deflated, and each remaining
// eigenvalue is the root of the secular equation
//
//	f(nu) = 1 + sum_k z_k^2 / (delta_k - nu) = 0
//
// in its interval (delta_j, delta_j+1), or (delta_m, delta_m + ||z||^2] for
// the last one, found in coordinates relative to the nearer pole by the
// fixed-weight rational iteration of Bunch, Nielsen & Sorensen (1978),
// safeguarded by bisection.
func downdate(lambda, z []float64, ws *workspace) []float64 {
	r := len(lambda)
	ws.grow(r)
	out := ws.out[:0]
	// Poles in increasing order: delta_k = -lambda_k.
	poles, zs := ws.poles[:0], ws.z[:0]
	zmax, zn2 := 0.0, 0.0
	for _, v := range z {
		zmax = math.Max(zmax, math.Abs(v))
		zn2 += v * v
	}
	zn := math.Sqrt(zn2)
	tol := 8 * eps * math.Max(lambda[0], zn*zmax) // dlaed2's deflation tolerance (rho|z_j| with ||z|| = 1 there)
	for k := 0; k < r; k++ {
		if zn*math.Abs(z[k]) <= tol {
			out = append(out, lambda[k]) // decoupled: lambda_k is an eigenvalue
			continue
		}
		d, zk := -lambda[k], z[k]
		if m := len(poles); m > 0 {
			// Nearly equal poles: a Givens rotation zeroes one component of z
			// (dlaed2); the neglected coupling is |c s (d - d_prev)|.
			t := math.Hypot(zs[m-1], zk)
			c, s := zk/t, zs[m-1]/t
			if math.Abs(c*s*(d-poles[m-1])) <= tol {
				out = append(out, -(c*c*poles[m-1] + s*s*d))
				poles[m-1] = s*s*poles[m-1] + c*c*d
				zs[m-1] = t
				continue
			}
		}
		poles = append(poles, d)
		zs = append(zs, zk)
	}
	m := len(poles)
	z2 := ws.z2[:m]
	for k, v := range zs {
		z2[k] = v * v
	}
	for j := 0; j < m; j++ {
		nu := secularRoot(poles, z2, j, zn2, ws.delta[:m])
		out = append(out, -nu)
	}
	for i, v := range out {
		if v < 0 {
			out[i] = 0
		}
	}
	ws.out = out
	return out
}

// secularRoot returns the root of 1 + sum_k z2_k / (poles_k - nu) in
// (poles_j, poles_j+1), or in (poles_m-1, poles_m-1 + zn2] when j is the
// last index. delta is scratch of length m.
func secularRoot(poles, z2 []float64, j int, zn2 float64, delta []float64) float64 {
	m := len(poles)
	last := j == m-1
	// eval returns psi, psi', phi, phi' at x in the coordinates of d:
	// psi sums the poles at or left of j (terms < 0), phi the others (> 0).
	eval := func(d []float64, x float64) (psi, dpsi, phi, dphi float64) {
		for k := 0; k <= j; k++ {
			t := 1 / (d[k] - x)
			psi += z2[k] * t
			dpsi += z2[k] * t * t
		}
		for k := j + 1; k < m; k++ {
			t := 1 / (d[k] - x)
			phi += z2[k] * t
			dphi += z2[k] * t * t
		}
		return
	}
	// Choose the origin, the pole nearer the root, by the sign of f at the
	// middle of the interval (f increases on it); the evaluation there is
	// also the first iterate. eta = nu - origin lies in (lo, hi).
	origin := poles[j]
	var lo, hi, eta, psi, dpsi, phi, dphi float64
	if last {
		lo, hi, eta = 0, zn2, zn2/2
	} else {
		mid := poles[j] + (poles[j+1]-poles[j])/2
		psi, dpsi, phi, dphi = eval(poles, mid)
		if 1+psi+phi < 0 {
			origin = poles[j+1] // the root lies in the upper half
		}
		eta = mid - origin
		lo, hi = min(0, eta), max(0, eta)
	}
	for k, p := range poles {
		delta[k] = p - origin // exact shifts of the poles
	}
	for it := 0; it < 100; it++ {
		if it > 0 || last {
			psi, dpsi, phi, dphi = eval(delta, eta)
		}
		f := 1 + psi + phi
		if f < 0 {
			lo = eta
		} else {
			hi = eta
		}
		// Converged when f is zero to within its rounding error (dlaed4's
		// test), or the bracket cannot shrink.
		if math.Abs(f) <= 8*eps*(1+math.Abs(psi)+phi) || hi-lo <= 4*eps*math.Max(math.Abs(lo), math.Abs(hi)) {
			break
		}
		// Fixed-weight model: psi ~ p + q/(a - x), phi ~ r + s/(b - x),
		// a = delta_j, b = delta_j+1, matching value and slope at eta.
		a := delta[j]
		q := dpsi * (a - eta) * (a - eta)
		c := 1 + psi - q/(a-eta)
		var next float64
		if last {
			// c + q/(a - x) = 0.
			next = math.NaN()
			if c > 0 {
				next = a + q/c
			}
		} else {
			b := delta[j+1]
			s := dphi * (b - eta) * (b - eta)
			c += phi - s/(b-eta)
			// c u^2 - B u + q w = 0 with u = x - a, w = b - a: the root in
			// (0, w), in the form that avoids cancellation.
			w := b - a
			B := c*w + q + s
			disc := math.Max(0, B*B-4*c*q*w)
			next = a + 2*q*w/(B+math.Sqrt(disc))
		}
		if !(next > lo && next < hi) {
			next = lo + (hi-lo)/2 // bisection
		}
		eta = next
	}
	return origin + eta
}

// workspace holds the scratch of downdate, reused across features.
type workspace struct {
	out, poles, z, z2, delta []float64
}

func (ws *workspace) grow(r int) {
	if cap(ws.out) < r {
		ws.out = make([]float64, 0, r)
		ws.poles = make([]float64, 0, r)
		ws.z = make([]float64, 0, r)
		ws.z2 = make([]float64, r)
		ws.delta = make([]float64, r)
	}
}
