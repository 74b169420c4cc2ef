package memory

import (
	"fmt"
	"runtime"
	"unsafe"
)

// Slab is a growable array of float32 or float64 values whose largest size
// is known in advance but whose final size is not (the orthonormal functions
// of the Gram-Schmidt engine: at most N-1 of them, usually far fewer). Its
// whole capacity is reserved once as address space, and the operating system
// commits a page when it is first written, so growing never copies and the
// memory in use is the part written so far: peak memory is the final size,
// not the final size plus the copy a doubling append makes (which also
// leaves the old array to the garbage collector).
//
// Where address space cannot be reserved this way (a system other than
// Linux or macOS, or an mmap that fails, e.g. with vm.overcommit_memory = 2),
// Slab falls back to an ordinary Go slice grown by doubling.
//
// The memory of a reserved Slab is outside the Go heap: Free returns it to
// the system at once. A Slab that is not freed is released when it becomes
// unreachable, but a slice obtained from Grow must not outlive the Slab.
type Slab[T float32 | float64] struct {
	data []T // mapped: the whole reservation; fallback: the current array
	r    *reservation
	max  int
	used int // high-water mark of Grow, in elements
}

// NewSlab returns a Slab that can grow to max elements.
func NewSlab[T float32 | float64](max int) *Slab[T] {
	s := &Slab[T]{max: max}
	var zero T
	size := int(unsafe.Sizeof(zero))
	if max > 0 && max <= (1<<62)/size {
		if r := reserve(max * size); r != nil {
			s.r = r
			s.data = unsafe.Slice((*T)(unsafe.Pointer(&r.mem[0])), max)
			runtime.AddCleanup(s, func(r *reservation) { r.release() }, r)
		}
	}
	return s
}

// Reserved reports whether the slab's capacity is reserved address space
// (growth without copies) rather than a Go slice grown by doubling.
func (s *Slab[T]) Reserved() bool { return s.r != nil }

// Grow returns the first n elements, keeping the values written so far and
// zero beyond them. n must not exceed the slab's maximum.
func (s *Slab[T]) Grow(n int) []T {
	if n > s.max || n < 0 {
		panic(fmt.Sprintf("memory: slab of at most %d elements grown to %d", s.max, n))
	}
	s.used = max(s.used, n)
	if s.r != nil || n <= cap(s.data) {
		return s.data[:n:n]
	}
	grown := make([]T, n, min(max(2*cap(s.data), n), s.max))
	copy(grown, s.data[:cap(s.data)])
	s.data = grown[:cap(grown)]
	return s.data[:n:n]
}

// Bytes returns the memory the slab holds: the part of a reservation grown
// into, or the capacity of its Go slice.
func (s *Slab[T]) Bytes() int64 {
	var zero T
	if s.r != nil {
		return int64(s.used) * int64(unsafe.Sizeof(zero))
	}
	return int64(cap(s.data)) * int64(unsafe.Sizeof(zero))
}

// Free returns the slab's memory to the system; the slab and every slice
// obtained from it must not be used afterwards.
func (s *Slab[T]) Free() {
	if s.r != nil {
		s.r.release()
	}
	s.data, s.used = nil, 0
}

// reservation is a mapping of address space.
type reservation struct {
	mem []byte
}

func (r *reservation) release() {
	if r.mem != nil {
		unmap(r.mem)
		r.mem = nil
	}
}
