package fsutil

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
)

// WriteAtomic writes data to a temporary file in path's directory and
// renames it over path, so that a reader (or a resumed run after a kill)
// sees either the old file or the complete new one, never a part.
func WriteAtomic(path string, data []byte) error {
	dir := filepath.Dir(path)
	f, err := os.CreateTemp(dir, "."+filepath.Base(path)+".tmp*")
	if err != nil {
		return err
	}
	tmp := f.Name()
	_, err = f.Write(data)
	if err == nil {
		err = f.Chmod(0o644)
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(tmp, path)
	}
	if err != nil {
		os.Remove(tmp)
	}
	return err
}

// WriteIfChanged writes path atomically unless it already holds data
// (keeps modification times of unchanged outputs).
func WriteIfChanged(path string, data []byte) error {
	if old, err := os.ReadFile(path); err == nil && bytes.Equal(old, data) {
		return nil
	}
	return WriteAtomic(path, data)
}

// CleanTemps removes the temporary files of WriteAtomic that a killed
// process left in dir.
func CleanTemps(dir string) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return
	}
	for _, e := range entries {
		if strings.HasPrefix(e.Name(), ".") && strings.Contains(e.Name(), ".tmp") {
			os.Remove(filepath.Join(dir, e.Name()))
		}
	}
}
