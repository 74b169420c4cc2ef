//go:build linux && (amd64 || arm64)

package format

import (
	"os"
	"syscall"
)

// sequential tells the kernel that f will be read sequentially
// (posix_fadvise POSIX_FADV_SEQUENTIAL: a larger read-ahead window). A
// failure only costs speed.
func sequential(f *os.File) {
	const adviceSequential = 2
	syscall.Syscall6(syscall.SYS_FADVISE64, f.Fd(), 0, 0, adviceSequential, 0, 0)
}
