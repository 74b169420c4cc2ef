package fsutil

import (
	"os"
	"path/filepath"
	"testing"
	"time"
)

func TestWrite(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "a.txt")
	if err := WriteAtomic(p, []byte("one")); err != nil {
		t.Fatal(err)
	}
	old := time.Now().Add(-time.Hour)
	os.Chtimes(p, old, old)
	if err := WriteIfChanged(p, []byte("one")); err != nil {
		t.Fatal(err)
	}
	if fi, _ := os.Stat(p); !fi.ModTime().Equal(old) {
		t.Error("an unchanged file was rewritten")
	}
	if err := WriteIfChanged(p, []byte("two")); err != nil {
		t.Fatal(err)
	}
	if b, _ := os.ReadFile(p); string(b) != "two" {
		t.Errorf("content %q", b)
	}
	os.WriteFile(filepath.Join(dir, ".a.txt.tmp123"), nil, 0o644)
	CleanTemps(dir)
	entries, _ := os.ReadDir(dir)
	if len(entries) != 1 {
		t.Errorf("left %v", entries)
	}
	if err := WriteAtomic(filepath.Join(dir, "no", "such"), nil); err == nil {
		t.Error("no error for a missing directory")
	}
}
