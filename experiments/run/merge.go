package run

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/gsbench/gsbench/experiments/config"
	"github.com/gsbench/gsbench/experiments/internal/fsutil"
)

// StoredConfig reads the config a run stored in its results directory
// (config.yaml). Data files named by the config are not looked for:
// re-rendering needs no data.
func StoredConfig(dir string) (*config.Config, error) {
	path := filepath.Join(dir, "config.yaml")
	data, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, fmt.Errorf("%s has no config.yaml: is it a results directory written by gsbench run?", dir)
	}
	if err != nil {
		return nil, err
	}
	return config.ParseStored(path, data)
}

// StoredQuick reports whether a results directory holds a quick run (from
// its run.json or shard records, else its name: NAME-quick).
func StoredQuick(dir string) bool {
	paths := []string{filepath.Join(dir, "run.json")}
	more, _ := filepath.Glob(filepath.Join(dir, "runs", "*.json"))
	for _, p := range append(paths, more...) {
		b, err := os.ReadFile(p)
		if err != nil {
			continue
		}
		var info RunInfo
		if json.Unmarshal(b, &info) == nil {
			return info.Quick
		}
	}
	return strings.HasSuffix(filepath.Base(filepath.Clean(dir)), "-quick")
}

// Merge copies the cells (journals) and the shard records of the results
// directories of the shards of one config into out, which may be one of
// them, and returns the config and whether the shards ran its quick
// variant. The shards must hold the same config, all quick or all full.
// It renders nothing: experiments.Merge renders the merged directory.
func Merge(out string, dirs []string) (*config.Config, bool, error) {
	if len(dirs) == 0 {
		return nil, false, fmt.Errorf("merge: no results directories given")
	}
	var cfg *config.Config
	var quick bool
	for i, d := range dirs {
		c, err := StoredConfig(d)
		if err != nil {
			return nil, false, err
		}
		q := StoredQuick(d)
		if i == 0 {
			cfg, quick = c, q
			continue
		}
		if c.Hash != cfg.Hash {
			return nil, false, fmt.Errorf("merge: %s and %s hold results of different configs (config.yaml differs); merge only the shards of one config", dirs[0], d)
		}
		if q != quick {
			return nil, false, fmt.Errorf("merge: %s and %s mix a quick and a full run", dirs[0], d)
		}
	}
	if err := os.MkdirAll(filepath.Join(out, "cells"), 0o755); err != nil {
		return nil, false, err
	}
	if err := fsutil.WriteIfChanged(filepath.Join(out, "config.yaml"), cfg.Source); err != nil {
		return nil, false, err
	}
	for _, d := range dirs {
		if same, _ := sameDir(d, out); same {
			continue
		}
		if err := copyJournals(out, d); err != nil {
			return nil, false, err
		}
		runs, _ := filepath.Glob(filepath.Join(d, "runs", "*.json"))
		for _, r := range runs {
			b, err := os.ReadFile(r)
			if err != nil {
				return nil, false, err
			}
			if err := os.MkdirAll(filepath.Join(out, "runs"), 0o755); err != nil {
				return nil, false, err
			}
			if err := fsutil.WriteAtomic(filepath.Join(out, "runs", filepath.Base(r)), b); err != nil {
				return nil, false, err
			}
		}
	}
	return cfg, quick, nil
}

func sameDir(a, b string) (bool, error) {
	fa, err := os.Stat(a)
	if err != nil {
		return false, err
	}
	fb, err := os.Stat(b)
	if err != nil {
		return false, err
	}
	return os.SameFile(fa, fb), nil
}
