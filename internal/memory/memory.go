// Package memory checks, before a method allocates its large dense
// matrices, that they fit in the memory the process can still use, so that
// a request that cannot succeed is refused with an estimate instead of
// exhausting the machine.
package memory

import (
	"bufio"
	"fmt"
	"math"
	"os"
	"runtime/debug"
	"strconv"
	"strings"
)

// Limit, when positive, replaces the detected available memory (tests use
// it to simulate a small machine; programs may use it to leave room for
// other work).
var Limit int64

// Available returns the number of bytes the process can still allocate, and
// false when it cannot tell: MemAvailable of /proc/meminfo (Linux), lowered
// to the Go memory limit when one is set (GOMEMLIMIT, debug.SetMemoryLimit),
// or Limit when it is positive.
func Available() (int64, bool) {
	if Limit > 0 {
		return Limit, true
	}
	avail, ok := procMemAvailable()
	if limit := debug.SetMemoryLimit(-1); limit > 0 && limit < math.MaxInt64 {
		if !ok || limit < avail {
			avail, ok = limit, true
		}
	}
	return avail, ok
}

func procMemAvailable() (int64, bool) {
	f, err := os.Open("/proc/meminfo")
	if err != nil {
		return 0, false
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		rest, ok := strings.CutPrefix(sc.Text(), "MemAvailable:")
		if !ok {
			continue
		}
		kb, err := strconv.ParseInt(strings.TrimSuffix(strings.TrimSpace(rest), " kB"), 10, 64)
		return kb * 1024, err == nil && kb >= 0 && kb < math.MaxInt64/1024
	}
	return 0, false
}

// Check returns an error when a computation (what: e.g. "spec: the dense
// 70000 x 70000 Laplacian") needing about bytes does not fit in the
// available memory. bytes < 0 stands for a size that overflows int64. When
// the available memory is unknown only overflowing sizes are refused.
func Check(what string, bytes int64) error {
	avail, ok := Available()
	if bytes >= 0 && (!ok || bytes <= avail) {
		return nil
	}
	if !ok {
		return fmt.Errorf("%s would need more than %s of memory", what, Format(bytes))
	}
	return fmt.Errorf("%s would need about %s of memory, but only %s is available: use fewer samples or features",
		what, Format(bytes), Format(avail))
}

// CheckMore is Check for a computation that already holds held bytes and
// needs more (a basis that grows): the detected available memory already
// excludes what the process holds, so more is compared with it; a Limit
// stands for the memory available before the computation started, so
// held + more is compared with it.
func CheckMore(what string, held, more int64) error {
	if Limit > 0 {
		if more < 0 || held > math.MaxInt64-more {
			return Check(what, -1)
		}
		return Check(what, held+more)
	}
	return Check(what, more)
}

// Dense returns the size in bytes of a rows x cols float64 matrix, or -1
// when it overflows int64.
func Dense(rows, cols int) int64 {
	r, c := int64(rows), int64(cols)
	if r < 0 || c < 0 || (c != 0 && r > math.MaxInt64/8/c) {
		return -1
	}
	return 8 * r * c
}

// Format writes a byte count with a binary unit ("1.5 GiB"); a negative
// count means an overflow.
func Format(b int64) string {
	if b < 0 {
		return "more than 8 EiB"
	}
	const unit = 1024
	if b < unit {
		return fmt.Sprintf("%d B", b)
	}
	v, u := float64(b), 0
	for v >= unit && u < 6 {
		v /= unit
		u++
	}
	return fmt.Sprintf("%.1f %ciB", v, "KMGTPE"[u-1])
}
