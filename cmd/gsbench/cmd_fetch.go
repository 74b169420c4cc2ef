package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"strings"

	"github.com/gsbench/gsbench/datasets"
)

func init() {
	register("fetch", command{
		summary: "download registry datasets into the data directory",
		usage:   "NAME... | --all [--data-dir DIR] [--force] [--mirror URL] [--json]",
		run:     runFetch,
	})
}

func runFetch(args []string, stdout io.Writer) error {
	fs := newFlagSet("fetch")
	dataDir := fs.String("data-dir", "", "directory to fill (default: $GSBENCH_DATA, else the user cache directory)")
	all := fs.Bool("all", false, "fetch every registry dataset")
	force := fs.Bool("force", false, "download files that are already present and verify")
	mirror := fs.String("mirror", "", "base URL of a server with the files in the registry layout, tried first")
	asJSON := fs.Bool("json", false, "print the results as JSON")
	names, err := fs.parse(args, stdout)
	if err != nil {
		return err
	}
	if *all {
		if len(names) > 0 {
			return fmt.Errorf("give dataset names or --all, not both")
		}
		names = datasets.Names()
	}
	if len(names) == 0 {
		return fmt.Errorf("name the datasets to fetch (%s) or use --all", strings.Join(datasets.Names(), ", "))
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	bar := newProgressBar(os.Stderr)
	opt := datasets.FetchOptions{DataDir: *dataDir, Force: *force, Mirror: *mirror, Progress: bar.update}
	var results []*datasets.FetchResult
	var failed []string
	for _, name := range names {
		res, err := datasets.Fetch(ctx, name, opt)
		bar.done()
		if err != nil {
			failed = append(failed, err.Error())
			if ctx.Err() != nil {
				break
			}
			continue
		}
		results = append(results, res)
		if !*asJSON {
			for _, f := range res.Files {
				how := "downloaded from " + f.URL
				if f.Present {
					how = "already present"
				}
				fmt.Fprintf(stdout, "%s: %s (%d bytes, %s) %s\n", res.Dataset, f.Path, f.Bytes, verifiedText(f.Verified), how)
			}
			fmt.Fprintf(stdout, "%s: %d x %d in %s\n", res.Dataset, res.N, res.D, res.Dir)
		}
	}
	if *asJSON {
		enc := json.NewEncoder(stdout)
		enc.SetIndent("", "  ")
		if err := enc.Encode(results); err != nil {
			return err
		}
	}
	if len(failed) > 0 {
		return exitError{code: 1, err: errors.New(strings.Join(failed, "\n"))}
	}
	return nil
}

func verifiedText(v string) string {
	switch v {
	case "sha256":
		return "sha256 verified"
	case "content-sha256":
		return "sha256 of the content verified"
	case "data-sha256":
		return "sha256 of the parsed data verified"
	case "none":
		return "no checksum known; shape checked"
	}
	return "not verified"
}

// progressBar draws download progress on a terminal; elsewhere it prints
// nothing while bytes arrive (the per-file lines say what happened).
type progressBar struct {
	w      io.Writer
	tty    bool
	active bool
}

func newProgressBar(f *os.File) *progressBar {
	fi, err := f.Stat()
	return &progressBar{w: f, tty: err == nil && fi.Mode()&os.ModeCharDevice != 0}
}

func (p *progressBar) update(pr datasets.Progress) {
	if !p.tty {
		return
	}
	const width = 30
	line := fmt.Sprintf("%-34s %8.1f MB", pr.File, float64(pr.Done)/1e6)
	if pr.Total > 0 {
		k := int(width * pr.Done / pr.Total)
		k = max(0, min(width, k))
		line = fmt.Sprintf("%-34s [%s%s] %3d%% %.1f/%.1f MB", pr.File, strings.Repeat("#", k), strings.Repeat(" ", width-k),
			100*pr.Done/pr.Total, float64(pr.Done)/1e6, float64(pr.Total)/1e6)
	}
	fmt.Fprintf(p.w, "\r%s\x1b[K", line)
	p.active = true
}

func (p *progressBar) done() {
	if p.active {
		fmt.Fprint(p.w, "\r\x1b[K")
		p.active = false
	}
}
