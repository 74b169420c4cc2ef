//go:build unix

package autoencoder

import "syscall"

// cpuTime returns the CPU time (user and system) the process has used, in
// seconds: on a shared machine it varies less with the load than the
// elapsed time.
func cpuTime() float64 {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return float64(ru.Utime.Nano()+ru.Stime.Nano()) / 1e9
}
