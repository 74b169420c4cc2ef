package datasets

import (
	"archive/zip"
	"compress/bzip2"
	"compress/gzip"
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"os"
	"path"
	"path/filepath"
	"strings"
	"time"

	"github.com/gsbench/gsbench/datasets/format"
)

// MaxDownload bounds the bytes fetch writes for one file: a download, or the
// output of one conversion step (a bzip2 or LZW stream can expand without
// practical limit).
var MaxDownload int64 = 4 << 30

// FetchOptions controls Fetch.
type FetchOptions struct {
	// DataDir is the directory to fill; "" means DataDir("").
	DataDir string
	// Force downloads files that are already present and verify.
	Force bool
	// Mirror is the base URL of a server holding files in the registry's
	// layout (e.g. https://host/gsbench-data/ serving USPS/usps.libsvm.gz);
	// it is tried before the canonical sources, and what it serves is used
	// as it is.
	Mirror string
	// Client makes the requests; nil means a client with a 30 s header
	// timeout and no overall timeout.
	Client *http.Client
	// Progress, when set, is called as bytes arrive (Done grows; Total is -1
	// when the server does not say) and once per file with Done == Total
	// when it is in place.
	Progress func(Progress)
}

// Progress reports a download.
type Progress struct {
	Dataset string
	File    string // registry path of the file
	URL     string
	Done    int64
	Total   int64
}

// FetchResult describes what Fetch did for one dataset.
type FetchResult struct {
	Dataset string        `json:"dataset"`
	Dir     string        `json:"dir"`
	Files   []FetchedFile `json:"files"`
	N       int           `json:"n"`
	D       int           `json:"d"`
}

// FetchedFile describes one file of a fetched dataset.
type FetchedFile struct {
	Path   string `json:"path"`
	URL    string `json:"url,omitempty"` // where it came from; "" when it was already present
	Bytes  int64  `json:"bytes"`
	SHA256 string `json:"sha256"`
	// Verified: "sha256", "content-sha256", or "none" when no digest is known.
	Verified string `json:"verified"`
	Present  bool   `json:"already_present,omitempty"`
}

// Fetch downloads the files of the registry dataset name into the data
// directory, trying Mirror and then each canonical source in turn. Each file
// is written to a temporary file in its destination directory, converted
// (decompressed, extracted) when its source needs it, and checked against
// the registry's sha256 (of the file, or of its decompressed content); the
// dataset is then loaded from the temporary files to check its shape, and
// only then are the files renamed into place, all together. On any failure
// nothing is left behind: no temporary file, no file of the dataset, and no
// directory that the fetch created (a directory that existed before stays).
// Files already present that verify are kept unless Force is set.
func Fetch(ctx context.Context, name string, opt FetchOptions) (*FetchResult, error) {
	e, err := getEntry(name)
	if err != nil {
		return nil, err
	}
	return fetchEntry(ctx, e, opt)
}

func fetchEntry(ctx context.Context, e *Entry, opt FetchOptions) (res *FetchResult, err error) {
	dir := DataDir(opt.DataDir)
	client := opt.Client
	if client == nil {
		client = &http.Client{Transport: &http.Transport{
			Proxy:                 http.ProxyFromEnvironment,
			ResponseHeaderTimeout: 30 * time.Second,
		}}
	}
	res = &FetchResult{Dataset: e.Name, Dir: dir}
	var (
		created []string // directories this fetch made, parents first
		staged  []string // temporary files, by file index ("" when present)
	)
	defer func() {
		if err == nil {
			return
		}
		for _, tmp := range staged {
			if tmp != "" {
				os.Remove(tmp)
			}
		}
		for i := len(created) - 1; i >= 0; i-- {
			os.Remove(created[i]) // only empty directories go
		}
	}()
	paths := make([]string, len(e.Files))
	staged = make([]string, len(e.Files))
	for i, spec := range e.Files {
		dst := filepath.Join(dir, filepath.FromSlash(spec.Path))
		ff, tmp, err := fetchFile(ctx, client, e, dst, spec, opt, &created)
		if err != nil {
			return res, fmt.Errorf("fetch %s: %v", e.Name, err)
		}
		staged[i], paths[i] = tmp, dst
		if tmp != "" {
			paths[i] = tmp
		}
		res.Files = append(res.Files, *ff)
	}
	// The shape check, on the staged files: a download of the wrong shape
	// (the only check of a file whose digest is unknown) never lands.
	c, err := e.load(paths, e.Missing, e.Encoding, true)
	if err != nil {
		return res, fmt.Errorf("fetch %s: the downloaded files do not load: %v", e.Name, err)
	}
	res.N, res.D = c.dims()
	for i, tmp := range staged {
		if tmp == "" {
			continue
		}
		dst := filepath.Join(dir, filepath.FromSlash(e.Files[i].Path))
		if err := os.Rename(tmp, dst); err != nil {
			return res, fmt.Errorf("fetch %s: %v", e.Name, err)
		}
		staged[i] = ""
		if opt.Progress != nil {
			opt.Progress(Progress{Dataset: e.Name, File: e.Files[i].Path, URL: res.Files[i].URL, Done: res.Files[i].Bytes, Total: res.Files[i].Bytes})
		}
	}
	return res, nil
}

// mkdirAll is os.MkdirAll that appends the directories it creates to
// created, parents first.
func mkdirAll(dir string, created *[]string) error {
	var missing []string
	for d := dir; ; d = filepath.Dir(d) {
		if _, err := os.Stat(d); err == nil {
			break
		}
		missing = append(missing, d)
		if filepath.Dir(d) == d {
			break
		}
	}
	for i := len(missing) - 1; i >= 0; i-- {
		if err := os.Mkdir(missing[i], 0o755); err != nil && !os.IsExist(err) {
			return err
		}
		*created = append(*created, missing[i])
	}
	return nil
}

// fetchFile returns the file status of spec and the temporary file holding
// its download ("" when the file in place verifies and is kept).
func fetchFile(ctx context.Context, client *http.Client, e *Entry, dst string, spec FileSpec, opt FetchOptions, created *[]string) (*FetchedFile, string, error) {
	if !opt.Force {
		if st, err := verifyFile(dst, e, spec); err == nil {
			return &FetchedFile{Path: spec.Path, Bytes: st.Bytes, SHA256: st.SHA256, Verified: st.Verified, Present: true}, "", nil
		}
	}
	if err := mkdirAll(filepath.Dir(dst), created); err != nil {
		return nil, "", err
	}
	var sources []Source
	if opt.Mirror != "" {
		sources = append(sources, Source{URL: strings.TrimSuffix(opt.Mirror, "/") + "/" + spec.Path})
	}
	sources = append(sources, spec.Sources...)
	if len(sources) == 0 {
		return nil, "", fmt.Errorf("%s: no download source is known", spec.Path)
	}
	var errs []string
	for _, src := range sources {
		ff, tmp, err := fetchFrom(ctx, client, e, dst, spec, src, opt.Progress)
		if err == nil {
			return ff, tmp, nil
		}
		if ctx.Err() != nil {
			return nil, "", ctx.Err()
		}
		errs = append(errs, fmt.Sprintf("%s: %v", src.URL, err))
	}
	return nil, "", fmt.Errorf("%s: every source failed:\n  %s", spec.Path, strings.Join(errs, "\n  "))
}

// verifyFile checks a file in place against spec, or, when its digest
// differs and it is the only file of e, the data it holds against
// e.DataSHA256.
func verifyFile(p string, e *Entry, spec FileSpec) (FileStatus, error) {
	f, err := openDataFile(p, spec, true)
	if err != nil {
		return FileStatus{}, err
	}
	st, err := f.finish()
	f.close()
	var ce *checksumError
	if errors.As(err, &ce) && e.DataSHA256 != "" && len(e.Files) == 1 {
		c, lerr := e.load([]string{p}, e.Missing, e.Encoding, true)
		if lerr != nil {
			return st, lerr
		}
		return c.ds.Files[0], nil
	}
	return st, err
}

// fetchFrom downloads src, converts it and verifies it, and returns the
// temporary file (beside dst) that holds the result.
func fetchFrom(ctx context.Context, client *http.Client, e *Entry, dst string, spec FileSpec, src Source, progress func(Progress)) (*FetchedFile, string, error) {
	dir, dataset := filepath.Dir(dst), e.Name
	tmp, err := download(ctx, client, src.URL, dir, func(done, total int64) {
		if progress != nil {
			progress(Progress{Dataset: dataset, File: spec.Path, URL: src.URL, Done: done, Total: total})
		}
	})
	if err != nil {
		return nil, "", err
	}
	keep := false
	defer func() {
		if !keep && tmp != "" {
			os.Remove(tmp)
		}
	}()
	for _, step := range src.Steps {
		next, err := convert(step, tmp, dir)
		os.Remove(tmp)
		tmp = next
		if err != nil {
			return nil, "", fmt.Errorf("%s: %v", step, err)
		}
	}
	st, err := verifyFile(tmp, e, spec)
	if err != nil {
		return nil, "", err
	}
	keep = true
	return &FetchedFile{Path: spec.Path, URL: src.URL, Bytes: st.Bytes, SHA256: st.SHA256, Verified: st.Verified}, tmp, nil
}

// tempFile creates a hidden temporary file in dir (so that the final rename
// stays on one file system).
func tempFile(dir string) (*os.File, error) {
	return os.CreateTemp(dir, ".gsbench-fetch-*.part")
}

// download GETs url into a temporary file in dir and returns its name.
func download(ctx context.Context, client *http.Client, url, dir string, progress func(done, total int64)) (string, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	if err != nil {
		return "", err
	}
	req.Header.Set("User-Agent", "gsbench-fetch")
	resp, err := client.Do(req)
	if err != nil {
		return "", err
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return "", fmt.Errorf("HTTP %s", resp.Status)
	}
	if resp.ContentLength > MaxDownload {
		return "", fmt.Errorf("%d bytes announced, more than datasets.MaxDownload (%d)", resp.ContentLength, MaxDownload)
	}
	f, err := tempFile(dir)
	if err != nil {
		return "", err
	}
	pw := &progressWriter{w: f, total: resp.ContentLength, report: progress}
	n, err := io.Copy(pw, io.LimitReader(resp.Body, MaxDownload+1))
	if err == nil && n > MaxDownload {
		err = fmt.Errorf("more than datasets.MaxDownload (%d) bytes", MaxDownload)
	}
	if err == nil && resp.ContentLength >= 0 && n != resp.ContentLength {
		err = fmt.Errorf("transfer interrupted: %d of %d bytes", n, resp.ContentLength)
	}
	if err != nil && (errors.Is(err, io.ErrUnexpectedEOF) || strings.Contains(err.Error(), "unexpected EOF")) {
		err = fmt.Errorf("transfer interrupted after %d of %d bytes: %v", n, resp.ContentLength, err)
	}
	if err == nil {
		err = f.Sync()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		os.Remove(f.Name())
		return "", err
	}
	return f.Name(), nil
}

type progressWriter struct {
	w      io.Writer
	done   int64
	total  int64
	report func(done, total int64)
	last   time.Time
}

func (p *progressWriter) Write(b []byte) (int, error) {
	n, err := p.w.Write(b)
	p.done += int64(n)
	if p.report != nil && (time.Since(p.last) > 100*time.Millisecond || p.done == p.total) {
		p.last = time.Now()
		p.report(p.done, p.total)
	}
	return n, err
}

// convert applies one conversion step to the file src and returns the name
// of a new temporary file in dir holding the result.
func convert(step, src, dir string) (string, error) {
	out, err := tempFile(dir)
	if err != nil {
		return "", err
	}
	name := out.Name()
	err = convertTo(step, src, out)
	if serr := out.Sync(); err == nil {
		err = serr
	}
	if cerr := out.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		os.Remove(name)
		return "", err
	}
	return name, nil
}

// limitWriter fails once more than n bytes are written.
type limitWriter struct {
	w io.Writer
	n int64
}

func (l *limitWriter) Write(b []byte) (int, error) {
	if int64(len(b)) > l.n {
		return 0, fmt.Errorf("output exceeds datasets.MaxDownload (%d bytes)", MaxDownload)
	}
	l.n -= int64(len(b))
	return l.w.Write(b)
}

func convertTo(step, src string, out io.Writer) error {
	lw := &limitWriter{w: out, n: MaxDownload}
	op, arg, _ := strings.Cut(step, ":")
	switch op {
	case "bunzip2":
		f, err := os.Open(src)
		if err != nil {
			return err
		}
		defer f.Close()
		_, err = io.Copy(lw, bzip2.NewReader(f))
		return err
	case "gzip":
		f, err := os.Open(src)
		if err != nil {
			return err
		}
		defer f.Close()
		zw, err := gzip.NewWriterLevel(lw, gzip.DefaultCompression)
		if err != nil {
			return err
		}
		if _, err := io.Copy(zw, f); err != nil {
			return err
		}
		return zw.Close()
	case "unlzw":
		fi, err := os.Stat(src)
		if err != nil {
			return err
		}
		if fi.Size() > MaxDownload {
			return fmt.Errorf("input exceeds datasets.MaxDownload")
		}
		in, err := os.ReadFile(src)
		if err != nil {
			return err
		}
		return format.Unlzw(in, out, MaxDownload)
	case "unzip":
		zr, err := zip.OpenReader(src)
		if err != nil {
			return err
		}
		defer zr.Close()
		var names []string
		for _, zf := range zr.File {
			if path.Base(zf.Name) != arg {
				names = append(names, zf.Name)
				continue
			}
			rc, err := zf.Open()
			if err != nil {
				return err
			}
			defer rc.Close()
			_, err = io.Copy(lw, rc)
			return err
		}
		return fmt.Errorf("the archive has no %s (it has %s)", arg, strings.Join(names, ", "))
	}
	return fmt.Errorf("unknown conversion step %q", step)
}
