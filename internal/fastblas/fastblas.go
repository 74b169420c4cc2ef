package fastblas

// loadErr says why no library is in use, "" when one is.
var loadErr string

// Name returns the CBLAS library in use, or "gonum (pure Go): REASON" when
// gonum's own implementation is used.
func Name() string {
	if loaded != "" {
		return loaded
	}
	return "gonum (pure Go): " + loadErr
}

// Enabled reports whether an optimised library is in use.
func Enabled() bool { return loaded != "" }

// SetThreads sets the size of the library's thread pool and reports whether
// it could. With pure-Go gonum it does nothing and returns false.
func SetThreads(n int) bool { return setThreads(max(1, n)) }

// Threads returns the size of the library's thread pool (1 for pure Go).
func Threads() int { return threads() }
