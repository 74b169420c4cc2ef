//go:build !cgo || purego

package fastblas

var loaded string

func init() { loadErr = "built without cgo (or with -tags purego)" }

func setThreads(int) bool { return false }

func threads() int { return 1 }
