//go:build unix

package external

import (
	"os/exec"
	"syscall"
)

// ownGroup starts the command in a process group of its own, so that it
// and every process it starts can be killed together (and a terminal's
// Ctrl-C reaches gsbench, which then kills them).
func ownGroup(cmd *exec.Cmd) { cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true} }

// killGroup kills the command's process group.
func killGroup(cmd *exec.Cmd) error {
	if cmd.Process == nil {
		return nil
	}
	return syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
}
