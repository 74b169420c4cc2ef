//go:build unix

package run

import (
	"fmt"
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

// claim takes the run's place in the results directory dir: an unsharded
// run excludes every other run there; a shard excludes another run of the
// same shard and an unsharded run, but not the other shards of the same
// N (which share the directory by design). It fails at once, naming the
// directory, when the place is taken; release gives it back (the locks also
// go when the process ends, however it ends).
func claim(dir string, s Shard) (release func(), err error) {
	cells := filepath.Join(dir, "cells")
	var held []*os.File
	release = func() {
		for _, f := range held {
			syscall.Flock(int(f.Fd()), syscall.LOCK_UN)
			f.Close()
		}
	}
	take := func(name string, how int, who string) error {
		f, err := os.OpenFile(filepath.Join(cells, name), os.O_CREATE|os.O_RDWR, 0o644)
		if err != nil {
			return err
		}
		if syscall.Flock(int(f.Fd()), how|syscall.LOCK_NB) != nil {
			f.Close()
			return fmt.Errorf("results directory %s is in use by another gsbench run (%s): wait for it to finish, or give this run another --out", dir, who)
		}
		held = append(held, f)
		return nil
	}
	if s.N <= 1 {
		err = take(".run", syscall.LOCK_EX, "a run of some of its cells")
	} else if err = take(".run", syscall.LOCK_SH, "an unsharded run"); err == nil {
		err = take(fmt.Sprintf(".shard-%d-of-%d", s.I, s.N), syscall.LOCK_EX, "shard "+s.String())
	}
	if err != nil {
		release()
		return nil, err
	}
	return release, nil
}
