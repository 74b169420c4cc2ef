package qmrfs

import (
	"gonum.org/v1/gonum/blas"
	"gonum.org/v1/gonum/lapack"
	lapackgonum "gonum.org/v1/gonum/lapack/gonum"
)

// panelWidth is the number of reflectors of a Householder panel.
const panelWidth = 32

// gelqfWork is the length of the workspace gelqf needs for m rows.
func gelqfWork(m int) int { return panelWidth * (panelWidth + m) }

// gelqf computes the LQ factorization A = L Q of the m x n row-major matrix
// a (n >= m for QMR-FS: A is a chunk of the data, transposed), leaving L in
// the lower triangle, as LAPACK's blocked dgelqf does: a panel of
// panelWidth rows is factored with unblocked reflectors (dgelq2) and
// applied to the rows below at once as a block reflector I - V^T T V
// (dlarft, dlarfb: BLAS-3).
//
// Two choices make it several times faster than calling gonum's Dgeqrf on
// the untransposed chunk: the reflectors are rows, contiguous in memory,
// where the columns of a row-major tall matrix are strided; and gonum
// blocks only from 128 rows (columns for QR) on, LAPACK's crossover nx,
// below which every reflector sweeps the whole chunk with Level-2 calls.
func gelqf(m, n int, a []float64, lda int, tau, work []float64) {
	var impl lapackgonum.Implementation
	k := min(m, n)
	i := 0
	for ; i+panelWidth < k; i += panelWidth {
		ib := panelWidth
		impl.Dgelq2(ib, n-i, a[i*lda+i:], lda, tau[i:i+ib], work)
		impl.Dlarft(lapack.Forward, lapack.RowWise, n-i, ib, a[i*lda+i:], lda, tau[i:i+ib], work, panelWidth)
		impl.Dlarfb(blas.Right, blas.NoTrans, lapack.Forward, lapack.RowWise, m-i-ib, n-i, ib,
			a[i*lda+i:], lda, work, panelWidth, a[(i+ib)*lda+i:], lda, work[ib*panelWidth:], panelWidth)
	}
	if i < k {
		impl.Dgelq2(m-i, n-i, a[i*lda+i:], lda, tau[i:k], work)
	}
}
