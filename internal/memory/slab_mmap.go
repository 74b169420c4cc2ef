//go:build linux || darwin

package memory

import "syscall"

// reserve maps size bytes of anonymous, private, zero-filled memory without
// reserving swap for it (MAP_NORESERVE): the kernel commits a page when it
// is first written. It returns nil when the mapping fails.
func reserve(size int) *reservation {
	mem, err := syscall.Mmap(-1, 0, size, syscall.PROT_READ|syscall.PROT_WRITE,
		syscall.MAP_PRIVATE|syscall.MAP_ANON|syscall.MAP_NORESERVE)
	if err != nil {
		return nil
	}
	return &reservation{mem: mem}
}

func unmap(mem []byte) { _ = syscall.Munmap(mem) }
