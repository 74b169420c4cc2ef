package datasets

import (
	"archive/zip"
	"bytes"
	"compress/gzip"
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/gsbench/gsbench/internal/testutil"
)

// fetchServer serves, on a loopback address:
//
//	/mirror/PATH      the file PATH of the reference data directory
//	/missing/...      404
//	any canonical source path of the registry: the registry file it becomes,
//	                  corrupted (one byte changed) or cut short when the
//	                  test says so
//
// and a client whose transport sends every request to it, whatever the host.
type fetchServer struct {
	*httptest.Server
	dataDir  string
	byPath   map[string]string // canonical URL path -> registry file path
	extra    map[string][]byte // URL path -> body
	fail     map[string]bool   // URL path -> answer 500
	corrupt  atomic.Bool
	cut      atomic.Bool
	requests atomic.Int64
}

func newFetchServer(t *testing.T) *fetchServer {
	s := &fetchServer{dataDir: testutil.DataDir(t), byPath: map[string]string{}, extra: map[string][]byte{}, fail: map[string]bool{}}
	for _, e := range datasetRegistry.All() {
		for _, f := range e.Files {
			for _, src := range f.Sources {
				if len(src.Steps) == 0 {
					u, _ := url.Parse(src.URL)
					s.byPath[u.Path] = f.Path
				}
			}
		}
	}
	s.Server = httptest.NewServer(http.HandlerFunc(s.serve))
	t.Cleanup(s.Close)
	return s
}

func (s *fetchServer) serve(w http.ResponseWriter, r *http.Request) {
	s.requests.Add(1)
	var body []byte
	switch p := r.URL.Path; {
	case s.fail[p] || s.fail["*"]:
		http.Error(w, "injected failure", http.StatusInternalServerError)
		return
	case s.extra[p] != nil:
		body = s.extra[p]
	case strings.HasPrefix(p, "/mirror/"):
		b, err := os.ReadFile(filepath.Join(s.dataDir, filepath.FromSlash(strings.TrimPrefix(p, "/mirror/"))))
		if err != nil {
			http.NotFound(w, r)
			return
		}
		body = b
	case s.byPath[p] != "":
		b, err := os.ReadFile(filepath.Join(s.dataDir, filepath.FromSlash(s.byPath[p])))
		if err != nil {
			http.NotFound(w, r)
			return
		}
		body = b
	default:
		http.NotFound(w, r)
		return
	}
	if s.corrupt.Load() {
		body = append([]byte{}, body...)
		body[len(body)/2] ^= 0x20
	}
	w.Header().Set("Content-Length", strconv.Itoa(len(body)))
	if s.cut.Load() {
		w.Write(body[:len(body)/2])
		w.(http.Flusher).Flush()
		panic(http.ErrAbortHandler) // drops the connection mid-body
	}
	w.Write(body)
}

// client sends every request to the test server.
func (s *fetchServer) client() *http.Client {
	target, _ := url.Parse(s.URL)
	return &http.Client{Transport: roundTripFunc(func(r *http.Request) (*http.Response, error) {
		r2 := r.Clone(r.Context())
		r2.URL.Scheme, r2.URL.Host = target.Scheme, target.Host
		return http.DefaultTransport.RoundTrip(r2)
	})}
}

type roundTripFunc func(*http.Request) (*http.Response, error)

func (f roundTripFunc) RoundTrip(r *http.Request) (*http.Response, error) { return f(r) }

// leftovers lists every file under dir.
func leftovers(t *testing.T, dir string) []string {
	var out []string
	filepath.Walk(dir, func(p string, fi os.FileInfo, err error) error {
		if err == nil && !fi.IsDir() {
			out = append(out, p)
		}
		return nil
	})
	return out
}

func TestFetchFromMirror(t *testing.T) {
	s := newFetchServer(t)
	dir := t.TempDir()
	var progress []Progress
	opt := FetchOptions{DataDir: dir, Mirror: s.URL + "/mirror/", Client: s.client(), Progress: func(p Progress) { progress = append(progress, p) }}
	for _, name := range []string{"wine", "mnist-test", "coil20"} {
		res, err := Fetch(context.Background(), name, opt)
		if err != nil {
			t.Fatal(err)
		}
		e, _ := Lookup(name)
		if res.N != e.N || res.D != e.D || len(res.Files) != len(e.Files) {
			t.Errorf("%s: %d x %d, %d files", name, res.N, res.D, len(res.Files))
		}
		for i, f := range res.Files {
			if f.Verified != "sha256" || f.SHA256 != e.Files[i].SHA256 || f.Present || !strings.HasPrefix(f.URL, s.URL+"/mirror/") {
				t.Errorf("%s: %+v", name, f)
			}
		}
	}
	if last := progress[len(progress)-1]; last.Done != last.Total || last.File != "COIL20/COIL20.mat" {
		t.Errorf("last progress report %+v", last)
	}
	// Fetching again downloads nothing.
	before := s.requests.Load()
	res, err := Fetch(context.Background(), "mnist-test", opt)
	if err != nil || !res.Files[0].Present || s.requests.Load() != before {
		t.Errorf("second fetch: %+v, %v, %d requests", res, err, s.requests.Load()-before)
	}
	// --force downloads again.
	opt.Force = true
	if res, err = Fetch(context.Background(), "wine", opt); err != nil || res.Files[0].Present {
		t.Errorf("forced fetch: %+v %v", res, err)
	}
	// Only the registry files are left, nothing temporary.
	if got := len(leftovers(t, dir)); got != 4 {
		t.Errorf("%d files in the data directory, want 4: %v", got, leftovers(t, dir))
	}
}

// TestFetchCanonicalSources: without a mirror, the registry's canonical URLs
// are used; a failing source falls through to the next.
func TestFetchCanonicalSources(t *testing.T) {
	s := newFetchServer(t)
	dir := t.TempDir()
	res, err := Fetch(context.Background(), "credit-approval", FetchOptions{DataDir: dir, Client: s.client()})
	if err != nil {
		t.Fatal(err)
	}
	if res.Files[0].URL != "https://archive.ics.uci.edu/ml/machine-learning-databases/credit-screening/crx.data" || res.N != 690 {
		t.Errorf("%+v", res)
	}
	// The mirror has no such file (404): the canonical sources follow, and
	// for MNIST the first of those (yann.lecun.com) is the one served.
	res, err = Fetch(context.Background(), "mnist-test", FetchOptions{DataDir: dir, Client: s.client(), Mirror: s.URL + "/missing"})
	if err != nil || !strings.Contains(res.Files[0].URL, "yann.lecun.com") {
		t.Errorf("fallback: %+v %v", res, err)
	}
}

func TestFetchCorruptedFile(t *testing.T) {
	s := newFetchServer(t)
	s.corrupt.Store(true)
	dir := t.TempDir()
	_, err := Fetch(context.Background(), "sonar", FetchOptions{DataDir: dir, Client: s.client()})
	if err == nil || !strings.Contains(err.Error(), "checksum mismatch") {
		t.Fatalf("corrupted download: %v", err)
	}
	if left := leftovers(t, dir); len(left) != 0 {
		t.Errorf("left behind: %v", left)
	}
}

func TestFetchInterruptedTransfer(t *testing.T) {
	s := newFetchServer(t)
	s.cut.Store(true)
	dir := t.TempDir()
	_, err := Fetch(context.Background(), "heart-c", FetchOptions{DataDir: dir, Client: s.client()})
	if err == nil || !strings.Contains(err.Error(), "interrupted") {
		t.Fatalf("interrupted download: %v", err)
	}
	if left := leftovers(t, dir); len(left) != 0 {
		t.Errorf("left behind: %v", left)
	}
	// A good copy already in place survives a failed forced fetch.
	s.cut.Store(false)
	if _, err := Fetch(context.Background(), "heart-c", FetchOptions{DataDir: dir, Client: s.client()}); err != nil {
		t.Fatal(err)
	}
	s.cut.Store(true)
	if _, err := Fetch(context.Background(), "heart-c", FetchOptions{DataDir: dir, Client: s.client(), Force: true}); err == nil {
		t.Fatal("interrupted forced fetch: no error")
	}
	if _, err := Load("heart-c", Options{DataDir: dir, Verify: true}); err != nil {
		t.Errorf("the earlier copy should be intact: %v", err)
	}
}

// TestFetchConvertsArchives: Musk's clean2.data comes Unix-compressed inside
// UCI's zip, USPS as LIBSVM's bzip2 text (stored gzip-compressed). The test
// files are small samples in the same formats (made with ncompress and
// bzip2), fetched through entries shaped like the registry's.
func TestFetchConvertsArchives(t *testing.T) {
	s := newFetchServer(t)
	z, err := os.ReadFile("testdata/musk_sample.data.Z")
	if err != nil {
		t.Fatal(err)
	}
	var zipBuf bytes.Buffer
	zw := zip.NewWriter(&zipBuf)
	for _, m := range []struct {
		name string
		body []byte
	}{{"clean1.data.Z", []byte("not this one")}, {"clean2.data.Z", z}, {"clean2.names", []byte("names")}} {
		w, _ := zw.Create(m.name)
		w.Write(m.body)
	}
	zw.Close()
	s.extra["/static/public/75/musk+version+2.zip"] = zipBuf.Bytes()
	bz, err := os.ReadFile("testdata/usps_sample.bz2")
	if err != nil {
		t.Fatal(err)
	}
	s.extra["/usps.bz2"] = bz

	musk := *mustEntry(t, "musk")
	musk.N, musk.D = 12, 166
	usps := *mustEntry(t, "usps")
	usps.N, usps.Classes = 3, 3
	usps.classNames = nil
	usps.Files = []FileSpec{{Path: "USPS/usps.libsvm.gz", Sources: []Source{{URL: "https://www.csie.ntu.edu.tw/usps.bz2", Steps: []string{"bunzip2", "gzip"}}}}}
	dir := t.TempDir()
	for _, e := range []*Entry{&musk, &usps} {
		res, err := fetchEntry(context.Background(), e, FetchOptions{DataDir: dir, Client: s.client()})
		if err != nil {
			t.Fatalf("%s: %v", e.Name, err)
		}
		if res.N != e.N || res.D != e.D || res.Files[0].Verified != "none" {
			t.Errorf("%s: %+v", e.Name, res)
		}
	}
	ds, err := loadEntry(&musk, Options{DataDir: dir})
	if err != nil {
		t.Fatal(err)
	}
	if ds.Classes[0] != "non-musk" || ds.ClassCounts()[1] != 5 {
		t.Errorf("musk classes %v counts %v", ds.Classes, ds.ClassCounts())
	}
	if got := leftovers(t, dir); len(got) != 2 {
		t.Errorf("files left: %v", got)
	}
}

// TestFetchVerifiesData: a source whose text is formatted differently from
// the reference copy (here "-1" written "-1.0", extra spaces), gzip-compressed
// by the fetch, verifies by the digest of the parsed data; a changed value
// does not.
func TestFetchVerifiesData(t *testing.T) {
	s := newFetchServer(t)
	ref, err := os.ReadFile(testutil.File(t, "USPS/usps.t.libsvm.gz"))
	if err != nil {
		t.Fatal(err)
	}
	zr, err := gzip.NewReader(bytes.NewReader(ref))
	if err != nil {
		t.Fatal(err)
	}
	plain, err := io.ReadAll(zr)
	if err != nil {
		t.Fatal(err)
	}
	reformatted := strings.ReplaceAll(strings.ReplaceAll(string(plain), ":-1 ", ":-1.0  "), "\n", " \n")
	s.extra["/usps.t"] = []byte(reformatted)
	s.extra["/usps.t.changed"] = []byte(strings.Replace(reformatted, ":-1.0 ", ":-0.9 ", 1))
	e := *mustEntry(t, "usps-test")
	spec := e.Files[0]
	dir := t.TempDir()
	for _, tc := range []struct {
		path string
		ok   bool
	}{{"/usps.t.changed", false}, {"/usps.t", true}} {
		spec.Sources = []Source{{URL: "https://example.org" + tc.path, Steps: []string{"gzip"}}}
		e.Files = []FileSpec{spec}
		res, err := fetchEntry(context.Background(), &e, FetchOptions{DataDir: dir, Client: s.client()})
		if !tc.ok {
			if err == nil || !strings.Contains(err.Error(), "differ") {
				t.Errorf("changed value: %v", err)
			}
			if left := leftovers(t, dir); len(left) != 0 {
				t.Errorf("left behind: %v", left)
			}
			continue
		}
		if err != nil {
			t.Fatal(err)
		}
		if res.Files[0].Verified != "data-sha256" || res.N != 2007 {
			t.Errorf("%+v", res)
		}
	}
}

func mustEntry(t *testing.T, name string) *Entry {
	t.Helper()
	e, ok := lookupEntry(name)
	if !ok {
		t.Fatalf("no registry entry %s", name)
	}
	return e
}

// dirsUnder lists every directory under dir (dir included, when it exists).
func dirsUnder(dir string) []string {
	var out []string
	filepath.Walk(dir, func(p string, fi os.FileInfo, err error) error {
		if err == nil && fi.IsDir() {
			out = append(out, p)
		}
		return nil
	})
	return out
}

// TestFetchFailureLeavesNothing: a fetch that fails leaves no file and no
// directory it created: every source failing, the second file of MNIST
// failing after the first arrived, and a fetch-only download of the wrong
// shape. A directory that existed before, and what it holds, stays.
func TestFetchFailureLeavesNothing(t *testing.T) {
	s := newFetchServer(t)
	root := t.TempDir()
	dir := filepath.Join(root, "data") // does not exist yet
	s.fail["*"] = true
	_, err := Fetch(context.Background(), "sonar", FetchOptions{DataDir: dir, Client: s.client(), Mirror: s.URL + "/mirror/"})
	if err == nil || !strings.Contains(err.Error(), "500") {
		t.Fatalf("failing server: %v", err)
	}
	if d := dirsUnder(dir); len(d) != 0 {
		t.Errorf("failing server: directories left: %v", d)
	}
	delete(s.fail, "*")

	// MNIST's images arrive, its labels fail: the images do not stay.
	s.fail["/mirror/MNIST/t10k-labels-idx1-ubyte.gz"] = true
	s.fail["/exdb/mnist/t10k-labels-idx1-ubyte.gz"] = true
	s.fail["/mnist/t10k-labels-idx1-ubyte.gz"] = true
	s.fail["/cvdf-datasets/mnist/t10k-labels-idx1-ubyte.gz"] = true
	_, err = Fetch(context.Background(), "mnist-test", FetchOptions{DataDir: dir, Client: s.client(), Mirror: s.URL + "/mirror/"})
	if err == nil || !strings.Contains(err.Error(), "t10k-labels") {
		t.Fatalf("labels failing: %v", err)
	}
	if d, f := dirsUnder(dir), leftovers(t, root); len(d) != 0 || len(f) != 0 {
		t.Errorf("labels failing: left %v %v", d, f)
	}

	// A fetch-only dataset whose download has the wrong shape (3 rows of
	// Covertype's 581012) never lands; the data directory existed, and stays.
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	os.WriteFile(filepath.Join(dir, "keep.txt"), []byte("mine"), 0o644)
	row := strings.Repeat("1,", 54) + "5\n"
	s.extra["/ml/machine-learning-databases/covtype/covtype.data.gz"] = gzipBytes([]byte(row + row + row))
	_, err = Fetch(context.Background(), "covertype", FetchOptions{DataDir: dir, Client: s.client()})
	if err == nil || !strings.Contains(err.Error(), "expects 581012 x 54") {
		t.Fatalf("wrong shape: %v", err)
	}
	if d, f := dirsUnder(dir), leftovers(t, dir); len(d) != 1 || len(f) != 1 {
		t.Errorf("wrong shape: left %v %v", d, f)
	}
}

func gzipBytes(b []byte) []byte {
	var buf bytes.Buffer
	zw := gzip.NewWriter(&buf)
	zw.Write(b)
	zw.Close()
	return buf.Bytes()
}
