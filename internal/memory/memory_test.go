package memory

import (
	"strings"
	"testing"
)

func TestCheck(t *testing.T) {
	if avail, ok := Available(); ok && avail <= 0 {
		t.Errorf("available memory %d", avail)
	}
	defer func(old int64) { Limit = old }(Limit)
	Limit = 1 << 30 // a 1 GiB machine
	if err := Check("test", Dense(10000, 10000)); err != nil {
		t.Errorf("800 MB refused on 1 GiB: %v", err)
	}
	err := Check("spec: the dense 70000 x 70000 Laplacian", Dense(70000, 70000))
	if err == nil || !strings.Contains(err.Error(), "36.5 GiB") || !strings.Contains(err.Error(), "1.0 GiB is available") {
		t.Errorf("error %v", err)
	}
	if Dense(1<<40, 1<<40) != -1 || Check("x", -1) == nil {
		t.Error("overflowing size accepted")
	}
	// A Limit is the memory available before a growing computation: what it
	// holds counts against it.
	if err := CheckMore("test", 600<<20, 400<<20); err != nil {
		t.Errorf("600 MiB held and 400 MiB more refused on 1 GiB: %v", err)
	}
	if err := CheckMore("test", 700<<20, 400<<20); err == nil || !strings.Contains(err.Error(), "1.1 GiB") {
		t.Errorf("700 MiB held and 400 MiB more on 1 GiB: %v", err)
	}
	for b, want := range map[int64]string{512: "512 B", 1536: "1.5 KiB", 3 << 30: "3.0 GiB", -1: "more than 8 EiB"} {
		if got := Format(b); got != want {
			t.Errorf("Format(%d) = %q, want %q", b, got, want)
		}
	}
}
