package qmrfs

import (
	"fmt"
	"math"
	"sync"

	"gonum.org/v1/gonum/mat"

	"github.com/gsbench/gsbench/fastblas"
)

// Factor accumulates the upper-triangular factor R of the QR factorization
// [1, X] = Q R of a matrix given as row chunks. Since Q has orthonormal
// columns, every column x_j = Q r_j has the norm of r_j and the residual of
// its projection on other columns is that of r_j on theirs: R alone decides
// QMR-FS, in any feature order, in O(d^3) once R is known.
//
// R is kept as its transpose L = R^T (lower triangular): each update is the
// LQ factorization of [L, [1, block]^T] = [R; 1, block]^T, whose L factor is
// the transpose of the R factor of the stacked matrix (a TSQR reduction).
//
// The rows are gathered into blocks of exactly chunkRows rows (the last
// may be shorter), whatever the sizes of the chunks given to Add, and block
// b updates lane b mod L. Each lane holds its own factor and runs on its own
// goroutine; at the end the lanes' factors are stacked and factored once
// more (a two-level TSQR tree). The number of lanes depends only on d and
// chunkRows (lanes), so the result depends only on the data and chunkRows:
// not on the chunks the data came in, nor on the number of cores.
type Factor struct {
	p, d, chunk int
	rows        int       // rows added so far
	stage       []float64 // the block being gathered, row-major, d columns
	staged      int       // rows in stage
	blocks      int       // blocks handed to the lanes
	lanes       []*lane
	free        chan []float64 // staging buffers not in use
	wg          sync.WaitGroup
	release     func() // the fastblas.Serial section while lanes run side by side
	closed      bool
	l           []float64 // the merged factor (p x p, lower triangular) once closed

	mu  sync.Mutex
	err *rowError // the failure of lowest row found by a lane
}

// lane is one sequence of TSQR updates.
type lane struct {
	l    []float64 // p x p, row-major, lower triangular: L = R^T of this lane's rows
	rows int
	buf  []float64 // p x (p + chunk), row-major
	tau  []float64
	work []float64
	in   chan block
}

// block is a staged block of rows: k rows of d values, row-major; row0 is
// the index of its first row in the whole matrix.
type block struct {
	data    []float64
	k, row0 int
}

// rowError is a bad value, with the row it is in.
type rowError struct {
	row, col int
	v        float64
}

func (e *rowError) Error() string {
	return fmt.Sprintf("row %d, column %d: %v; remove or impute non-finite values first", e.row, e.col, e.v)
}

// The lanes: at most maxLanes, and no more than fit laneBudget bytes of
// lane buffers (so a wide matrix, whose p x (p + chunk) buffer is large,
// gets one lane).
const (
	maxLanes   = 4
	laneBudget = 64 << 20
)

// lanes returns the number of lanes for p columns and blocks of chunk rows.
func lanes(p, chunk int) int {
	per := 8 * p * (p + chunk)
	return max(1, min(maxLanes, laneBudget/per))
}

// NewFactor starts a factorization for d features, updated chunkRows rows
// at a time (see Factor).
func NewFactor(d, chunkRows int) *Factor {
	p := d + 1
	if chunkRows < 1 {
		chunkRows = DefaultChunkRows
	}
	f := &Factor{p: p, d: d, chunk: chunkRows}
	nl := lanes(p, chunkRows)
	f.lanes = make([]*lane, nl)
	f.free = make(chan []float64, nl+1)
	for range nl + 1 {
		f.free <- nil // allocated when first used
	}
	return f
}

// Rows returns the number of rows added so far.
func (f *Factor) Rows() int { return f.rows }

// Add appends the rows of chunk (k x d) to the factorization. The values
// are copied before Add returns. A non-finite value is reported (with its
// row) by a later Add or by Close, since the rows are factored in the
// background.
func (f *Factor) Add(chunk mat.Matrix) error {
	if f.closed {
		return fmt.Errorf("Add after Close")
	}
	k, d := chunk.Dims()
	if d != f.d {
		return fmt.Errorf("chunk has %d columns, want %d", d, f.d)
	}
	if err := f.failure(); err != nil {
		return err
	}
	dense, _ := chunk.(mat.RawRowViewer)
	for i := 0; i < k; i++ {
		if f.stage == nil {
			f.stage = <-f.free
			if f.stage == nil {
				f.stage = make([]float64, f.chunk*d)
			}
		}
		dst := f.stage[f.staged*d : (f.staged+1)*d]
		if dense != nil {
			copy(dst, dense.RawRowView(i))
		} else {
			for j := range dst {
				dst[j] = chunk.At(i, j)
			}
		}
		f.staged++
		f.rows++
		if f.staged == f.chunk {
			f.dispatch()
			if err := f.failure(); err != nil {
				return err
			}
		}
	}
	return nil
}

// dispatch hands the staged block to its lane.
func (f *Factor) dispatch() {
	if f.staged == 0 {
		return
	}
	b := block{data: f.stage, k: f.staged, row0: f.rows - f.staged}
	i := f.blocks % len(f.lanes)
	ln := f.lanes[i]
	if ln == nil {
		p := f.p
		ln = &lane{l: make([]float64, p*p), buf: make([]float64, p*(p+f.chunk)), tau: make([]float64, p),
			work: make([]float64, gelqfWork(p)), in: make(chan block)}
		f.lanes[i] = ln
		if i == 0 && len(f.lanes) > 1 {
			// Lanes factor side by side: one BLAS thread each, from
			// before the first lane starts to the end of the merge, so
			// that no call runs while the library's thread count changes.
			f.release = fastblas.Serial()
		}
		f.wg.Add(1)
		go func() {
			defer f.wg.Done()
			for b := range ln.in {
				if err := ln.update(b, f.p, f.chunk); err != nil {
					f.fail(err)
				}
				f.free <- b.data
			}
		}()
	}
	ln.in <- b
	f.stage, f.staged = nil, 0
	f.blocks++
}

func (f *Factor) fail(err *rowError) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.err == nil || err.row < f.err.row {
		f.err = err
	}
}

func (f *Factor) failure() error {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.err == nil {
		return nil
	}
	return f.err
}

// Close factors the rows still staged, waits for the lanes and merges
// their factors. It returns the first (lowest-row) non-finite value found,
// if any. Select calls it; calling it again does nothing.
func (f *Factor) Close() error {
	if f.closed {
		return f.failure()
	}
	if f.failure() == nil {
		f.dispatch()
	}
	f.closed = true
	for _, ln := range f.lanes {
		if ln != nil {
			close(ln.in)
		}
	}
	f.wg.Wait()
	if f.release != nil {
		defer f.release()
	}
	if err := f.failure(); err != nil {
		return err
	}
	f.l = f.merge()
	return nil
}

// merge returns the factor of all rows: that of the only lane used, or the
// L factor of the lanes' factors side by side, [L_0, L_1, ...] (the R
// factor of the stacked R_i, the last level of the TSQR tree).
func (f *Factor) merge() []float64 {
	p := f.p
	var used []*lane
	for _, ln := range f.lanes {
		if ln != nil && ln.rows > 0 {
			used = append(used, ln)
		}
	}
	switch len(used) {
	case 0:
		return make([]float64, p*p)
	case 1:
		return used[0].l
	}
	lda := len(used) * p
	a := make([]float64, p*lda)
	for t, ln := range used {
		for j := 0; j < p; j++ {
			copy(a[j*lda+t*p:j*lda+t*p+j+1], ln.l[j*p:j*p+j+1])
		}
	}
	gelqf(p, lda, a, lda, make([]float64, p), make([]float64, gelqfWork(p)))
	l := make([]float64, p*p)
	for j := 0; j < p; j++ {
		copy(l[j*p:j*p+j+1], a[j*lda:j*lda+j+1])
	}
	return l
}

// update replaces the lane's L by the L factor of [L, [1, block]^T],
// computed with blocked Householder reflections (LAPACK's dgelqf algorithm,
// see gelqf).
func (ln *lane) update(b block, p, chunk int) *rowError {
	d := p - 1
	lda := p + chunk
	top := 0 // columns holding L (none for the lane's first rows)
	if ln.rows > 0 {
		top = p
		for j := 0; j < p; j++ {
			copy(ln.buf[j*lda:j*lda+j+1], ln.l[j*p:j*p+j+1])
			clear(ln.buf[j*lda+j+1 : j*lda+p])
		}
	}
	for i := 0; i < b.k; i++ {
		c := top + i
		ln.buf[c] = 1 // row 0: the constant
		row := b.data[i*d : (i+1)*d]
		for j, v := range row {
			if math.IsNaN(v) || math.IsInf(v, 0) {
				return &rowError{row: b.row0 + i, col: j, v: v}
			}
			ln.buf[(j+1)*lda+c] = v
		}
	}
	n := top + b.k
	gelqf(p, n, ln.buf, lda, ln.tau, ln.work)
	// The new L: the lower triangle of the first min(n, p) columns.
	clear(ln.l)
	for j := 0; j < p; j++ {
		w := min(j+1, n)
		copy(ln.l[j*p:j*p+w], ln.buf[j*lda:j*lda+w])
	}
	ln.rows += b.k
	return nil
}
