//go:build unix

package run

import (
	"os"
	"path/filepath"
	"syscall"
)

// dirLock is an advisory lock on a results directory: every run holds it
// shared; journals are compacted only under an exclusive lock, so never
// while another process (a shard in the same directory) is appending.
type dirLock struct{ f *os.File }

func lockDir(dir string) *dirLock {
	f, err := os.OpenFile(filepath.Join(dir, "cells", ".lock"), os.O_CREATE|os.O_RDWR, 0o644)
	if err != nil {
		return &dirLock{}
	}
	if syscall.Flock(int(f.Fd()), syscall.LOCK_SH) != nil {
		f.Close()
		return &dirLock{}
	}
	return &dirLock{f}
}

// exclusive tries to upgrade to an exclusive lock without waiting.
func (l *dirLock) exclusive() bool {
	return l.f != nil && syscall.Flock(int(l.f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB) == nil
}

func (l *dirLock) unlock() {
	if l.f != nil {
		syscall.Flock(int(l.f.Fd()), syscall.LOCK_UN)
		l.f.Close()
	}
}
