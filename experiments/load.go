package experiments

import (
	"github.com/gsbench/gsbench/experiments/config"
	"github.com/gsbench/gsbench/experiments/run"
)

// Load reads a config (config.Load checks every key) and checks that it
// expands into cells (run.NewPlan: no two methods make the same cell, every
// matched method has cells to match), so that nothing runs before every
// problem of the file is known.
func Load(path string) (*config.Config, error) {
	c, err := config.Load(path)
	if err != nil {
		return nil, err
	}
	return c, checkPlan(c)
}

// Parse is Load of a config held in memory; path names it in errors and
// anchors relative data file paths.
func Parse(path string, data []byte) (*config.Config, error) {
	c, err := config.Parse(path, data)
	if err != nil {
		return nil, err
	}
	return c, checkPlan(c)
}

func checkPlan(c *config.Config) error {
	if _, err := run.NewPlan(c, false); err != nil {
		return config.Errors{{File: c.Path, Msg: err.Error()}}
	}
	return nil
}
