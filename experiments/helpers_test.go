package experiments

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gsbench/gsbench/experiments/config"
	_ "github.com/gsbench/gsbench/experiments/internal/exptest" // the stand-in methods exptest-pick and exptest-proj
	"github.com/gsbench/gsbench/experiments/run"
)

// writeConfig writes a config into dir and loads it.
func writeConfig(t testing.TB, dir, name, text string) *config.Config {
	t.Helper()
	path := filepath.Join(dir, name+".yaml")
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	c, err := Load(path)
	if err != nil {
		t.Fatalf("config %s:\n%v", name, err)
	}
	return c
}

// run runs c into dir and fails the test on an error.
func mustRun(t testing.TB, c *config.Config, opt run.Options) *run.Summary {
	t.Helper()
	s, err := Run(context.Background(), c, opt)
	if err != nil {
		t.Fatalf("run %s: %v", c.Name, err)
	}
	return s
}

// outputs reads the deterministic outputs of a results directory.
func outputs(t testing.TB, dir string) map[string][]byte {
	t.Helper()
	out := map[string][]byte{}
	err := filepath.Walk(dir, func(path string, info os.FileInfo, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(dir, path)
		if info.IsDir() || rel == "run.json" || strings.HasPrefix(rel, "cells"+string(filepath.Separator)) || strings.HasPrefix(rel, "runs") {
			return nil
		}
		b, err := os.ReadFile(path)
		out[rel] = b
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

func sameOutputs(t *testing.T, what string, a, b map[string][]byte) {
	t.Helper()
	for name, x := range a {
		y, ok := b[name]
		switch {
		case !ok:
			t.Errorf("%s: %s is missing from the second run", what, name)
		case !bytes.Equal(x, y):
			t.Errorf("%s: %s differs:\n%s\n---\n%s", what, name, clip(x), clip(y))
		}
	}
	for name := range b {
		if _, ok := a[name]; !ok {
			t.Errorf("%s: %s is only in the second run", what, name)
		}
	}
}

func clip(b []byte) string {
	if len(b) > 1500 {
		return string(b[:1500]) + "..."
	}
	return string(b)
}
