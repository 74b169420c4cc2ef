package memory

import (
	"os"
	"runtime"
	"strconv"
	"strings"
	"testing"
)

// rss returns the resident set size of the process in bytes, from
// /proc/self/statm (Linux), and false elsewhere.
func rss() (int64, bool) {
	b, err := os.ReadFile("/proc/self/statm")
	if err != nil {
		return 0, false
	}
	f := strings.Fields(string(b))
	pages, err := strconv.ParseInt(f[1], 10, 64)
	return pages * int64(os.Getpagesize()), err == nil
}

func TestSlabGrow(t *testing.T) {
	for _, reserved := range []bool{true, false} {
		s := NewSlab[float64](1000)
		if !reserved {
			s.Free()
			s = &Slab[float64]{max: 1000} // the fallback: a Go slice grown by doubling
		}
		if (runtime.GOOS == "linux" || runtime.GOOS == "darwin") && reserved != s.Reserved() {
			t.Fatalf("Reserved() = %v", s.Reserved())
		}
		a := s.Grow(10)
		for i := range a {
			a[i] = float64(i)
		}
		b := s.Grow(700) // beyond a doubling of 10
		for i := range b {
			want := 0.0
			if i < 10 {
				want = float64(i)
			}
			if b[i] != want {
				t.Fatalf("reserved %v: element %d = %v after growing, want %v", reserved, i, b[i], want)
			}
		}
		if len(b) != 700 || cap(b) != 700 {
			t.Errorf("Grow(700): len %d cap %d", len(b), cap(b))
		}
		if got := s.Bytes(); reserved && got != 700*8 || !reserved && got < 700*8 {
			t.Errorf("reserved %v: Bytes() = %d after Grow(700)", reserved, got)
		}
		s.Grow(1000)
		func() {
			defer func() {
				if recover() == nil {
					t.Errorf("reserved %v: growing beyond the maximum did not panic", reserved)
				}
			}()
			s.Grow(1001)
		}()
		s.Free()
	}
}

// The reservation is address space: only the pages written are resident,
// and Free returns them at once.
func TestSlabCommitsWhatIsWritten(t *testing.T) {
	before, ok := rss()
	if !ok || runtime.GOOS != "linux" {
		t.Skip("needs /proc/self/statm")
	}
	const reserved = 64 << 30 // 64 GiB of address space, more than the machine has
	s := NewSlab[float32](reserved / 4)
	if !s.Reserved() {
		t.Skip("address space could not be reserved (vm.overcommit_memory = 2?)")
	}
	a := s.Grow(64 << 20) // 256 MiB written
	for i := range a {
		a[i] = 1
	}
	during, _ := rss()
	if grew := during - before; grew < 200<<20 || grew > 320<<20 {
		t.Errorf("writing 256 MiB of a 64 GiB slab made the process grow by %s", Format(grew))
	}
	s.Free()
	after, _ := rss()
	if freed := during - after; freed < 200<<20 {
		t.Errorf("Free returned %s of 256 MiB", Format(freed))
	}
}
