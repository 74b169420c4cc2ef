//go:build !unix

package run

// dirLock is a no-op where flock is not available: journals are then
// never compacted (which is harmless: they are only more files).
type dirLock struct{}

func lockDir(string) *dirLock      { return &dirLock{} }
func (l *dirLock) exclusive() bool { return false }
func (l *dirLock) unlock()         {}

// claim does nothing where flock is not available.
func claim(string, Shard) (func(), error) { return func() {}, nil }
